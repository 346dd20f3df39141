import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps";
import { type CodeOf, contractRequests } from "../http/contract-validation";
import { type Query, softLang } from "../http/query";
import { badRequest } from "../lib/errors";
import { isLang } from "../lib/i18n";
import type {
  DeviceAnswer,
  OfflineData,
  PairAnswer,
  PairRequest,
  Report,
  ScanRequest,
  ScanResult,
  SearchAnswer,
  SyncAnswer,
  SyncRequest,
  UndoAnswer,
} from "./contract";
import { wireList as wire } from "./lists";
import type { OfflineScanInput, ScanInput } from "./redeem";
import { type Direction, SCAN_STATUSES, type ScanStatus } from "./redeem-rules";

/** At most this many scans in one upload (the contract's maxItems): a phone that was offline for a long evening sends several. */
export const SYNC_MAX = 500;
/**
 * The most one scan of an upload can take as JSON: a 300-character code written entirely in
 * \uXXXX escapes (1,800 bytes), a 64-character nonce, a 40-character time, the direction, the
 * local status and the punctuation, rounded up. An upload of SYNC_MAX such scans must fit.
 */
const SCAN_MAX_BYTES = 2560;
export const SYNC_BODY_LIMIT = SYNC_MAX * SCAN_MAX_BYTES;

/** What a device may say it answered on its own: a ScanStatus of the contract; conflict is only ever the server's answer to an upload. */
const LOCAL_STATUSES: ReadonlySet<string> = new Set(SCAN_STATUSES);
const isLocalStatus = (status: string): status is ScanStatus => LOCAL_STATUSES.has(status);

/** The codes of requests the check-in contract refuses: a short query, otherwise the call's own. */
const checkinCodes: CodeOf = (field, route) => {
  if (field === "q") return "query_too_short";
  return route === "POST /api/checkin/pair" ? "invalid_pairing" : "invalid_scan";
};

function instant(value: string, field: string): number {
  const ms = value.length > 40 ? Number.NaN : Date.parse(value);
  if (!Number.isFinite(ms))
    throw badRequest(`${field} must be an ISO date-time, e.g. 2026-12-01T19:30:00+04:00`, "invalid_scan");
  return ms;
}

/** One scan of a request body (its shape checked by the contract): what the contract cannot say is checked here. */
function toScan(body: ScanRequest, field: string, now: number): ScanInput {
  const code = body.code.trim();
  if (code === "") throw badRequest(`${field}.code must be the scanned text (at most 300 characters)`, "invalid_scan");
  // a device's clock may run a little fast; a scan is never later than the server's now
  const scannedAt =
    body.scanned_at === undefined ? now : Math.min(now, instant(body.scanned_at, `${field}.scanned_at`));
  return { code, nonce: body.nonce, scannedAt, direction: (body.direction ?? "entry") as Direction };
}

/**
 * The door's API (contracts/checkin.openapi.yaml): pairing, redeeming, undo, uploads of
 * offline scans, offline data, look-up and reports. Requests are checked by the contract's
 * schemas first. Every call but pairing carries the device's token; nothing here is cached.
 */
export async function checkinRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { checkin } = deps;
  // the routes below take their request schemas from the check-in contract
  await app.register(contractRequests, { contracts: ["checkin"], codes: checkinCodes });
  // a language the shop does not have is answered in English, as the scanner always was (the
  // contract's reads document no 400 for it)
  app.addHook("preValidation", async (req) => {
    const q = req.query as Record<string, unknown> | undefined;
    if (q && q.lang !== undefined && !(typeof q.lang === "string" && isLang(q.lang))) delete q.lang;
  });
  app.addHook("onSend", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  const device = (req: FastifyRequest) => checkin.authenticate(req.headers.authorization);
  const lang = (req: FastifyRequest<{ Querystring: Query }>) => softLang(req.query);

  app.post<{ Body: PairRequest }>("/api/checkin/pair", async (req, reply: FastifyReply) => {
    const { token, name } = req.body;
    if (token.length < 16 || token.length > 100)
      throw badRequest("token must be the pairing token from the link", "invalid_pairing");
    const paired = await checkin.pair(token, name?.trim() ?? "", deps.now());
    const answer: PairAnswer = {
      device_token: paired.token,
      device: { id: paired.device.id, name: paired.device.name },
      list: wire(paired.list),
      counts: await checkin.counts(paired.list.id),
    };
    return reply.code(201).send(answer);
  });

  app.get<{ Querystring: Query }>("/api/checkin/device", async (req): Promise<DeviceAnswer> => {
    const { device: d, list } = await device(req);
    return { device: { id: d.id, name: d.name }, list: wire(list), counts: await checkin.counts(list.id) };
  });

  app.post<{ Querystring: Query; Body: ScanRequest }>("/api/checkin/redeem", async (req): Promise<ScanResult> => {
    const { device: d } = await device(req);
    const now = deps.now();
    return checkin.redeem(d, toScan(req.body, "body", now), lang(req), now);
  });

  app.post<{ Querystring: Query; Params: { id: number } }>(
    "/api/checkin/scans/:id/undo",
    async (req): Promise<UndoAnswer> => {
      const { device: d } = await device(req);
      if (!Number.isSafeInteger(req.params.id) || req.params.id < 1)
        throw badRequest("the scan id must be a positive integer", "invalid_scan");
      return checkin.undo(d, req.params.id, deps.now());
    },
  );

  app.post<{ Querystring: Query; Body: SyncRequest }>(
    "/api/checkin/sync",
    { bodyLimit: SYNC_BODY_LIMIT },
    async (req): Promise<SyncAnswer> => {
      const { device: d } = await device(req);
      const now = deps.now();
      const scans: OfflineScanInput[] = req.body.scans.map((raw, i) => {
        if (!isLocalStatus(raw.local_status))
          throw badRequest(
            `scans[${i}].local_status must be what the device answered: one of ${SCAN_STATUSES.join(", ")}`,
            "invalid_scan",
          );
        return { ...toScan(raw, `scans[${i}]`, now), localStatus: raw.local_status };
      });
      return checkin.sync(d, scans, lang(req), now);
    },
  );

  app.get<{ Querystring: Query }>("/api/checkin/offline", async (req): Promise<OfflineData> => {
    const { list } = await device(req);
    return checkin.offlineData(list, lang(req), deps.now());
  });

  app.get<{ Querystring: Query & { q: string } }>("/api/checkin/search", async (req): Promise<SearchAnswer> => {
    const { list } = await device(req);
    return { results: await checkin.search(list, req.query.q, lang(req)) };
  });

  app.get<{ Querystring: Query }>("/api/checkin/report", async (req): Promise<Report> => {
    const { list } = await device(req);
    return checkin.report([list.id], lang(req));
  });
}
