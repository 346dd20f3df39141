import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps";
import { type Query, softLang, str } from "../http/query";
import { badRequest } from "../lib/errors";
import { isObject } from "../lib/validate";
import { wireList as wire } from "./lists";
import type { OfflineScanInput, ScanInput } from "./redeem";
import { type Direction, SCAN_STATUSES } from "./redeem-rules";

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

const NONCE_RE = /^[A-Za-z0-9_-]{8,64}$/;

function instant(value: unknown, field: string): number {
  if (typeof value !== "string" || value.length > 40)
    throw badRequest(`${field} must be an ISO date-time`, "invalid_scan");
  const ms = Date.parse(value);
  if (!Number.isFinite(ms))
    throw badRequest(`${field} must be an ISO date-time, e.g. 2026-12-01T19:30:00+04:00`, "invalid_scan");
  return ms;
}

/** One scan of a request body: code, nonce, when, which way. */
function parseScan(body: unknown, field: string, now: number): ScanInput {
  if (!isObject(body)) throw badRequest(`${field} must be a JSON object with code and nonce`, "invalid_scan");
  const { code, nonce, scanned_at, direction } = body;
  if (typeof code !== "string" || code.trim() === "" || code.length > 300)
    throw badRequest(`${field}.code must be the scanned text (at most 300 characters)`, "invalid_scan");
  if (typeof nonce !== "string" || !NONCE_RE.test(nonce))
    throw badRequest(`${field}.nonce must be 8 to 64 letters, digits, - or _`, "invalid_scan");
  if (direction !== undefined && direction !== "entry" && direction !== "exit")
    throw badRequest(`${field}.direction must be entry or exit`, "invalid_scan");
  // a device's clock may run a little fast; a scan is never later than the server's now
  const scannedAt = scanned_at === undefined ? now : Math.min(now, instant(scanned_at, `${field}.scanned_at`));
  return { code: code.trim(), nonce, scannedAt, direction: (direction ?? "entry") as Direction };
}

/**
 * The door's API (contracts/checkin.openapi.yaml): pairing, redeeming, undo, uploads of
 * offline scans, offline data, look-up and reports. Every call but pairing carries the
 * device's token; nothing here is cached.
 */
export async function checkinRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { checkin } = deps;
  app.addHook("onSend", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  const device = (req: FastifyRequest) => checkin.authenticate(req.headers.authorization);
  const lang = (req: FastifyRequest<{ Querystring: Query }>) => softLang(req.query);

  app.post<{ Body: unknown }>("/api/checkin/pair", async (req, reply: FastifyReply) => {
    if (!isObject(req.body)) throw badRequest("the body must be a JSON object with token", "invalid_pairing");
    const { token, name } = req.body;
    if (typeof token !== "string" || token.length < 16 || token.length > 100)
      throw badRequest("token must be the pairing token from the link", "invalid_pairing");
    if (name !== undefined && (typeof name !== "string" || name.length > 60))
      throw badRequest("name must be text of at most 60 characters", "invalid_pairing");
    const paired = await checkin.pair(token, typeof name === "string" ? name.trim() : "", deps.now());
    return reply.code(201).send({
      device_token: paired.token,
      device: { id: paired.device.id, name: paired.device.name },
      list: wire(paired.list),
      counts: await checkin.counts(paired.list.id),
    });
  });

  app.get<{ Querystring: Query }>("/api/checkin/device", async (req) => {
    const { device: d, list } = await device(req);
    return { device: { id: d.id, name: d.name }, list: wire(list), counts: await checkin.counts(list.id) };
  });

  app.post<{ Querystring: Query; Body: unknown }>("/api/checkin/redeem", async (req) => {
    const { device: d } = await device(req);
    const now = deps.now();
    return checkin.redeem(d, parseScan(req.body, "body", now), lang(req), now);
  });

  app.post<{ Querystring: Query; Params: { id: string } }>("/api/checkin/scans/:id/undo", async (req) => {
    const { device: d } = await device(req);
    if (!/^[0-9]{1,15}$/.test(req.params.id)) throw badRequest("the scan id must be an integer", "invalid_scan");
    return checkin.undo(d, Number(req.params.id), deps.now());
  });

  app.post<{ Querystring: Query; Body: unknown }>("/api/checkin/sync", { bodyLimit: SYNC_BODY_LIMIT }, async (req) => {
    const { device: d } = await device(req);
    const now = deps.now();
    if (!isObject(req.body) || !Array.isArray(req.body.scans))
      throw badRequest("the body must be a JSON object with scans: [...]", "invalid_scan");
    if (req.body.scans.length > SYNC_MAX) throw badRequest(`at most ${SYNC_MAX} scans per upload`, "invalid_scan");
    const scans: OfflineScanInput[] = req.body.scans.map((raw: unknown, i: number) => {
      const scan = parseScan(raw, `scans[${i}]`, now);
      const local = (raw as Record<string, unknown>).local_status;
      if (typeof local !== "string" || !LOCAL_STATUSES.has(local))
        throw badRequest(
          `scans[${i}].local_status must be what the device answered: one of ${SCAN_STATUSES.join(", ")}`,
          "invalid_scan",
        );
      return { ...scan, localStatus: local };
    });
    return checkin.sync(d, scans, lang(req), now);
  });

  app.get<{ Querystring: Query }>("/api/checkin/offline", async (req) => {
    const { list } = await device(req);
    return checkin.offlineData(list, lang(req), deps.now());
  });

  app.get<{ Querystring: Query }>("/api/checkin/search", async (req) => {
    const { list } = await device(req);
    const q = str(req.query, "q");
    if (q === undefined || q.length > 100) throw badRequest("q must be a name or order number", "query_too_short");
    return { results: await checkin.search(list, q, lang(req)) };
  });

  app.get<{ Querystring: Query }>("/api/checkin/report", async (req) => {
    const { list } = await device(req);
    return checkin.report([list.id], lang(req));
  });
}
