import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { readSession, writeSession } from "../basket/session";
import type { AppDeps } from "../deps";
import { type Query, softLang } from "../http/query";
import { HttpError } from "../lib/errors";
import type { OrderService } from "../orders/order-service";
import { type LookupBody, type OrderBody, type PaymentBody, parseOrder } from "../orders/order-service";

/** The captcha and the orders (contracts/basket.openapi.yaml, /api/captcha and /api/orders*); the rules live in the order service. */
export async function orderRoutes(app: FastifyInstance, deps: AppDeps, service: OrderService): Promise<void> {
  // an order carries the buyer's e-mail, phone and the signed texts of the tickets' QR codes: no cache,
  // shared or the browser's own, keeps a copy
  app.addHook("onSend", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  // the plugin counts per client address (req.ip: the proxy's header only when TRUSTED_PROXY says so)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      new HttpError(
        429,
        `too many orders from this address; try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
        "too_many_requests",
        {
          "Retry-After": String(Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      ),
  });

  // a challenge is bound to the visitor's session, and one client address gets a bounded number of them
  app.get("/api/captcha", async (req, reply) => {
    const now = deps.now();
    const { captchaFetchMax, captchaFetchWindowMs } = deps.config;
    const wait = await deps.throttle.waitMs("captcha-client", req.ip, captchaFetchMax, captchaFetchWindowMs, now);
    if (wait > 0) {
      const s = Math.ceil(wait / 1000);
      throw new HttpError(
        429,
        `too many security checks fetched from this address; try again in ${s} s`,
        "too_many_requests",
        {
          "Retry-After": String(s),
        },
      );
    }
    await deps.throttle.hit("captcha-client", req.ip, now);
    // the challenge is bound to the session, which starts here if the visitor has none
    return writeSession(deps, req, reply, (session) => deps.captcha.challenge(session));
  });

  // bodies, path parameters and queries have been checked against the contract (server/src/http/contract-validation.ts)
  app.post<{ Querystring: Query; Body: OrderBody }>(
    "/api/orders",
    { config: { rateLimit: { max: deps.config.orderRateMax, timeWindow: deps.config.orderRateWindowMs } } },
    async (req, reply) => {
      // an order is made from the session's basket: without a session it is empty (409), and nothing is written
      const session = await readSession(deps, req);
      const input = parseOrder(req.body);
      if (input.lang === null) input.lang = softLang(req.query);
      const order = await service.create(req, reply, session, input, req.ip);
      // in the order's language: the one asked for in the body, else the query's
      return reply.code(201).send(await service.render(order));
    },
  );

  app.get<{ Querystring: Query }>("/api/orders", async (req) => {
    const session = await readSession(deps, req);
    const lang = req.query.lang === undefined ? undefined : softLang(req.query);
    return { results: await Promise.all((await service.list(session)).map((o) => service.render(o, lang))) };
  });

  app.post<{ Querystring: Query; Body: LookupBody }>("/api/orders/lookup", async (req, reply) => {
    const lang = req.query.lang === undefined ? undefined : softLang(req.query);
    // the order found joins the visitor's session, created then if there is none, and the session is rotated
    const found = await writeSession(deps, req, reply, (session) =>
      service.lookup(req, reply, session, req.ip, req.body),
    );
    return service.render(found, lang);
  });

  app.get<{ Params: { id: string }; Querystring: Query }>("/api/orders/:id", async (req) => {
    const session = await readSession(deps, req);
    const lang = req.query.lang === undefined ? undefined : softLang(req.query);
    return service.render(await service.get(session, req.params.id), lang);
  });

  app.post<{ Params: { id: string }; Body: PaymentBody }>("/api/orders/:id/payments", async (req, reply) => {
    // only an order of the visitor's session can be paid: a stranger gets 404 and nothing is written
    const session = await readSession(deps, req);
    return reply.code(201).send(await service.startPayment(session, req.params.id, req.body, req.ip));
  });
}
