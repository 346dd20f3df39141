/**
 * The wallet routes, one Fastify plugin: the links of an order (contracts/basket.openapi.yaml,
 * getWalletLinks), the files and save links behind them (each link carries its own token), the
 * logo Google shows, and Apple's PassKit web service under /api/wallet/passkit/v1 (Apple's
 * protocol: https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { readSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { badRequest, notFound } from "../lib/errors";
import { iconPng } from "./png";
import { WALLET_PATH, type WalletService, WEB_SERVICE_PATH } from "./wallet-service";

type TokenQuery = { Querystring: { token?: string } };

const noStore = (reply: FastifyReply) => reply.header("Cache-Control", "no-store");

export async function walletRoutes(app: FastifyInstance, opts: { deps: AppDeps; wallet: WalletService }) {
  const { deps, wallet } = opts;

  // passes on phones are looked at now and then; those that changed are pushed (WALLET_UPDATE_CHECK_S)
  const every = deps.config.wallet.updateCheckMs;
  let checker: NodeJS.Timeout | undefined;
  if (wallet.pushing && every > 0) {
    checker = setInterval(() => {
      wallet.pushChanges().catch((err) => app.log.error(err));
    }, every);
    checker.unref();
  }
  app.addHook("onClose", async () => {
    if (checker) clearInterval(checker);
    wallet.close();
  });

  // the links of one order of this visitor's session; a 2.2 server has no such route, and the site then shows no buttons
  app.get<{ Params: { id: string } }>("/api/orders/:id/wallet", async (req, reply) => {
    noStore(reply);
    const session = await readSession(deps, req);
    if (!(await deps.orders.ofSession(req.params.id, session)))
      throw notFound("no such order in this session", "not_found");
    return wallet.links(req.params.id);
  });

  // one ticket's pass (by its serial) or an order's passes (by its id): Safari opens a pass by its
  // type, other browsers save the file under the name given; the parameters keep the contract's names
  const appleFile = (
    path: "passes" | "orders",
    param: "serial" | "id",
    ext: "pkpass" | "pkpasses",
    fileName: string,
    file: (key: string, token: string | undefined) => Promise<Buffer>,
  ) =>
    app.get<{ Params: Record<string, string> } & TokenQuery>(
      `${WALLET_PATH}/apple/${path}/:${param}`,
      async (req, reply) => {
        const key = req.params[param] ?? "";
        const body = await file(key, req.query.token);
        const name = `${fileName}-${key}`.replace(/[^A-Za-z0-9-]/g, "");
        noStore(reply)
          .type(`application/vnd.apple.${ext}`)
          .header("Content-Disposition", `attachment; filename="${name}.${ext}"`);
        return body;
      },
    );
  appleFile("passes", "serial", "pkpass", "ticket", wallet.applePassFile);
  appleFile("orders", "id", "pkpasses", "tickets", wallet.appleOrderFile);

  // Google's save link is made when asked for, so it carries the session's time and venue as they are now
  app.get<{ Params: { serial: string } } & TokenQuery>(`${WALLET_PATH}/google/passes/:serial`, async (req, reply) =>
    noStore(reply).redirect(await wallet.googleTicketUrl(req.params.serial, req.query.token), 302),
  );
  app.get<{ Params: { id: string } } & TokenQuery>(`${WALLET_PATH}/google/orders/:id`, async (req, reply) =>
    noStore(reply).redirect(await wallet.googleOrderUrl(req.params.id, req.query.token), 302),
  );

  // Google fetches the class's logo from here (it asks for 660 px square)
  let logo: Buffer | undefined;
  app.get(`${WALLET_PATH}/logo.png`, async (_req, reply) => {
    logo ??= iconPng(660);
    reply.type("image/png").header("Cache-Control", "public, max-age=86400");
    return logo;
  });

  // --- Apple's PassKit web service ---
  type Registration = { Params: { device: string; passType: string; serial: string } };
  const v1 = `${WEB_SERVICE_PATH}/v1`;
  const checkDevice = (device: string) => {
    if (!/^[A-Za-z0-9._-]{1,128}$/.test(device)) throw badRequest("not a device library identifier");
  };

  app.post<Registration & { Body: { pushToken?: unknown } }>(
    `${v1}/devices/:device/registrations/:passType/:serial`,
    async (req, reply) => {
      checkDevice(req.params.device);
      const pushToken = req.body?.pushToken;
      if (typeof pushToken !== "string" || !/^[A-Za-z0-9]{1,200}$/.test(pushToken))
        throw badRequest('the body must be {"pushToken": "..."}', "invalid_push_token");
      const { device, passType, serial } = req.params;
      const status = await wallet.register(device, passType, serial, req.headers.authorization, pushToken);
      return reply.code(status).send();
    },
  );

  app.delete<Registration>(`${v1}/devices/:device/registrations/:passType/:serial`, async (req, reply) => {
    checkDevice(req.params.device);
    const { device, passType, serial } = req.params;
    await wallet.unregister(device, passType, serial, req.headers.authorization);
    return reply.code(200).send();
  });

  app.get<{ Params: { device: string; passType: string }; Querystring: { passesUpdatedSince?: string } }>(
    `${v1}/devices/:device/registrations/:passType`,
    async (req, reply) => {
      checkDevice(req.params.device);
      const changed = await wallet.changedSerials(req.params.device, req.params.passType, req.query.passesUpdatedSince);
      if (!changed) return reply.code(204).send();
      return changed;
    },
  );

  app.get<{ Params: { passType: string; serial: string } }>(`${v1}/passes/:passType/:serial`, async (req, reply) => {
    const { file, updatedAt } = await wallet.latestPass(
      req.params.passType,
      req.params.serial,
      req.headers.authorization,
    );
    const modified = new Date(Math.floor(updatedAt / 1000) * 1000);
    const since = Date.parse(String(req.headers["if-modified-since"] ?? ""));
    if (Number.isFinite(since) && modified.getTime() <= since) return reply.code(304).send();
    reply
      .type("application/vnd.apple.pkpass")
      .header("Last-Modified", modified.toUTCString())
      .header("Cache-Control", "no-cache");
    return file;
  });

  // what Wallet reports of its errors with this web service: kept in the server's log
  app.post<{ Body: { logs?: unknown } }>(`${v1}/log`, async (req, reply) => {
    const logs = Array.isArray(req.body?.logs) ? req.body.logs.slice(0, 20) : [];
    for (const line of logs) if (typeof line === "string") req.log.warn({ wallet: line.slice(0, 500) }, "PassKit log");
    return reply.code(200).send();
  });
}
