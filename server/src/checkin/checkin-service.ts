/**
 * Check-in at the door: issuing unique signed codes, gates (lists) with their paired
 * devices, redeeming scans (first scan wins), undo, uploads of offline scans (each nonce
 * applied once, conflicts recorded), the data a device needs to decide alone, look-up by
 * name or order number, and reports. SQL is here, the door's rules in redeem-rules.ts.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { href, LANGUAGES, localize } from "../../../src/core/routes";
import { foldDigits, normaliseCode } from "../../../src/core/ticket-code";
import { looksSigned } from "../../../src/core/ticket-payload";
import type { TicketsRepository } from "../basket/tickets-repository";
import type { Db } from "../db/database";
import { inList } from "../db/sql";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { type I18nText, type Lang, parseI18n, pick } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import { canUndo, type Direction, decide, type GateList, type PastScan, validityWindow } from "./redeem-rules";
import { signingKeys } from "./signing";

/** Codes for people avoid look-alikes: no 0/O, 1/I/L (as order numbers). */
const PEOPLE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const randomChars = (n: number): string =>
  Array.from({ length: n }, () => PEOPLE_ALPHABET[randomInt(PEOPLE_ALPHABET.length)]).join("");

/** A pairing link is good for a day, and for one device. */
/** A ticket just issued: its code, the signed text its QR holds, and the session it admits to (ms). */
export interface NewTicket {
  code: string;
  qr: string;
  event_id: number;
  ticket_id: number;
  started_at: number | null;
  ends_at: number | null;
}

export const PAIRING_TTL_MS = 24 * 3600_000;

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
const newToken = (): string => randomBytes(24).toString("base64url");

export interface IssuedTicket {
  id: number;
  code: string;
  orderId: string;
  orderNumber: string;
  holder: string;
  eventId: number;
  sessionId: number;
  ticketId: number;
  validFrom: number;
  validTo: number;
  revokedAt: number | null;
}
type IssuedDb = {
  id: number;
  code: string;
  order_id: string;
  order_number: string;
  holder: string;
  event_id: number;
  session_id: number;
  ticket_id: number;
  valid_from: number;
  valid_to: number;
  revoked_at: number | null;
};
const toIssued = (r: IssuedDb): IssuedTicket => ({
  id: r.id,
  code: r.code,
  orderId: r.order_id,
  orderNumber: r.order_number,
  holder: r.holder,
  eventId: r.event_id,
  sessionId: r.session_id,
  ticketId: r.ticket_id,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  revokedAt: r.revoked_at,
});

export interface CheckinList extends GateList {
  id: number;
  name: string;
  createdAt: number;
  closedAt: number | null;
}
type ListDb = {
  id: number;
  event_id: number;
  name: string;
  session_ids: string | null;
  ticket_ids: string | null;
  reentry: number;
  created_at: number;
  closed_at: number | null;
};
const toList = (r: ListDb): CheckinList => ({
  id: r.id,
  eventId: r.event_id,
  name: r.name,
  sessionIds: r.session_ids === null ? null : (JSON.parse(r.session_ids) as number[]),
  categoryIds: r.ticket_ids === null ? null : (JSON.parse(r.ticket_ids) as number[]),
  reentry: r.reentry === 1,
  createdAt: r.created_at,
  closedAt: r.closed_at,
});

export interface Device {
  id: number;
  listId: number;
  name: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface ScanInput {
  code: string;
  nonce: string;
  scannedAt: number;
  direction: Direction;
}

/** One scan uploaded after the fact: what the device decided on its own. */
export interface OfflineScanInput extends ScanInput {
  localStatus: string;
}

const SQL = {
  // a code taken already (by any instance) is not inserted: the caller draws another
  insertIssued: `INSERT INTO issued_tickets (code, order_id, order_number, holder, event_id, session_id, ticket_id, valid_from, valid_to, issued_at)
    VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (code) DO NOTHING RETURNING id`,
  issuedById: "SELECT * FROM issued_tickets WHERE id = ?",
  eventTitle: "SELECT title FROM events WHERE id = ?",
  issuedByCode: "SELECT * FROM issued_tickets WHERE code = ?",
  revoke: "UPDATE issued_tickets SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
  insertList:
    "INSERT INTO checkin_lists (event_id, name, session_ids, ticket_ids, reentry, created_at) VALUES (?,?,?,?,?,?) RETURNING id",
  list: "SELECT * FROM checkin_lists WHERE id = ?",
  lists: "SELECT * FROM checkin_lists ORDER BY id",
  closeList: "UPDATE checkin_lists SET closed_at = ? WHERE id = ? AND closed_at IS NULL",
  insertPairing: "INSERT INTO checkin_pairings (token_hash, list_id, expires_at) VALUES (?,?,?)",
  pairing: "SELECT list_id, expires_at, used_at FROM checkin_pairings WHERE token_hash = ?",
  usePairing: "UPDATE checkin_pairings SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
  insertDevice: "INSERT INTO checkin_devices (list_id, name, token_hash, created_at) VALUES (?,?,?,?) RETURNING id",
  deviceByToken: "SELECT * FROM checkin_devices WHERE token_hash = ?",
  device: "SELECT * FROM checkin_devices WHERE id = ?",
  devicesOf: "SELECT * FROM checkin_devices WHERE list_id = ? ORDER BY id",
  revokeDevice: "UPDATE checkin_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
  scanByNonce: "SELECT * FROM checkin_scans WHERE device_id = ? AND nonce = ?",
  scan: "SELECT * FROM checkin_scans WHERE id = ?",
  pastScans: `SELECT s.id, s.status, s.scanned_at, d.name AS device FROM checkin_scans s JOIN checkin_devices d ON d.id = s.device_id
    WHERE s.issued_ticket_id = ? AND s.undone_at IS NULL AND s.status IN ('admitted', 'exited') ORDER BY s.id`,
  insertScan: `INSERT INTO checkin_scans (list_id, device_id, nonce, issued_ticket_id, direction, status, scanned_at, received_at, offline, conflict_with)
    VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (device_id, nonce) DO NOTHING RETURNING id`,
  undo: "UPDATE checkin_scans SET undone_at = ? WHERE id = ? AND undone_at IS NULL",
  admittedCount: `SELECT COUNT(DISTINCT issued_ticket_id) AS n FROM checkin_scans
    WHERE list_id = ? AND status = 'admitted' AND undone_at IS NULL`,
  eventTickets: "SELECT * FROM issued_tickets WHERE event_id = ? ORDER BY id",
  admittedAt: `SELECT s.issued_ticket_id AS id, MAX(s.scanned_at) AS at FROM checkin_scans s JOIN checkin_lists l ON l.id = s.list_id
    WHERE l.event_id = ? AND s.status = 'admitted' AND s.undone_at IS NULL GROUP BY s.issued_ticket_id`,
} as const;

/** Tickets of an event not revoked, in some sessions and categories (null: all). */
function expectedQuery(list: GateList): { text: string; params: unknown[] } {
  let text = "SELECT COUNT(*) AS n FROM issued_tickets WHERE event_id = ? AND revoked_at IS NULL";
  const params: unknown[] = [list.eventId];
  for (const [column, ids] of [
    ["session_id", list.sessionIds],
    ["ticket_id", list.categoryIds],
  ] as const) {
    if (!ids) continue;
    const values = inList(ids);
    text += ` AND ${column} IN ${values.text}`;
    params.push(...values.params);
  }
  return { text, params };
}

/** Every scan of some lists, with its device's and list's names. */
function scansOfLists(listIds: readonly number[]): { text: string; params: unknown[] } {
  const ids = inList(listIds);
  return {
    text: `SELECT s.*, d.name AS device, l.name AS list_name FROM checkin_scans s
      JOIN checkin_devices d ON d.id = s.device_id JOIN checkin_lists l ON l.id = s.list_id
      WHERE s.list_id IN ${ids.text} ORDER BY s.id`,
    params: ids.params,
  };
}

/** The conflicts (offline admissions of a ticket admitted before) where either scan was at one of the lists. */
function conflictsOf(listIds: readonly number[]): { text: string; params: unknown[] } {
  const ids = inList(listIds);
  return {
    text: `SELECT c.id, c.scanned_at, c.issued_ticket_id, c.device_id, dc.name AS device, lc.name AS list_name,
             f.id AS first_id, f.scanned_at AS first_at, f.device_id AS first_device_id, df.name AS first_device, lf.name AS first_list
      FROM checkin_scans c
      JOIN checkin_scans f ON f.id = c.conflict_with
      JOIN checkin_devices dc ON dc.id = c.device_id JOIN checkin_lists lc ON lc.id = c.list_id
      JOIN checkin_devices df ON df.id = f.device_id JOIN checkin_lists lf ON lf.id = f.list_id
      WHERE c.status = 'conflict' AND (c.list_id IN ${ids.text} OR f.list_id IN ${ids.text})
      ORDER BY c.id`,
    params: [...ids.params, ...ids.params],
  };
}

type DeviceDb = { id: number; list_id: number; name: string; created_at: number; revoked_at: number | null };
const toDevice = (r: DeviceDb): Device => ({
  id: r.id,
  listId: r.list_id,
  name: r.name,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

export function checkinService(db: Db, tickets: TicketsRepository, opts: { siteUrl: string }) {
  const keys = signingKeys(db);

  async function issuedFor(id: number): Promise<IssuedTicket | undefined> {
    const r = await db.one<IssuedDb>(SQL.issuedById, [id]);
    return r && toIssued(r);
  }
  async function issuedByCode(code: string): Promise<IssuedTicket | undefined> {
    const r = await db.one<IssuedDb>(SQL.issuedByCode, [code]);
    return r && toIssued(r);
  }
  async function listOf(id: number): Promise<CheckinList> {
    const r = await db.one<ListDb>(SQL.list, [id]);
    if (!r) throw notFound(`no check-in list ${id}`, "not_found");
    return toList(r);
  }
  const categoryTitle = async (ticketId: number, lang: Lang): Promise<string> => {
    const info = await tickets.info(ticketId);
    return info ? pick(info.title as I18nText, lang) : "";
  };

  /** The list's event as the scanner's header names it: its title and the sessions the list admits to. */
  async function eventOf(list: CheckinList, lang: Lang) {
    const row = await db.one<{ title: string }>(SQL.eventTitle, [list.eventId]);
    const sessions = (await tickets.sessionsOf(list.eventId)).filter(
      (session) => !list.sessionIds || list.sessionIds.includes(session.id),
    );
    return {
      id: list.eventId,
      title: row ? pick(parseI18n(row.title) as I18nText, lang) : "",
      sessions: sessions.map((session) => ({
        id: session.id,
        started_at: toUaeIso(session.startedAt),
        finished_at: session.finishedAt === null ? null : toUaeIso(session.finishedAt),
      })),
    };
  }

  /** The ticket a scanned text names: a signed payload (checked here) or a printed code. */
  async function resolve(text: string): Promise<{ ticket?: IssuedTicket; forged: boolean }> {
    if (looksSigned(text)) {
      const facts = await keys.verify(text);
      if (!facts) return { forged: true };
      const ticket = await issuedFor(facts.ticketId);
      // a signature over facts that do not match the ticket is not one we made
      if (ticket && (ticket.eventId !== facts.eventId || ticket.ticketId !== facts.categoryId)) return { forged: true };
      return { ticket, forged: false };
    }
    return { ticket: await issuedByCode(normaliseCode(text)), forged: false };
  }

  async function counts(list: CheckinList): Promise<{ admitted: number; expected: number }> {
    const admitted = (await db.one<{ n: number }>(SQL.admittedCount, [list.id]))?.n ?? 0;
    const { text, params } = expectedQuery(list);
    const expected = (await db.one<{ n: number }>(text, params))?.n ?? 0;
    return { admitted: Number(admitted), expected: Number(expected) };
  }

  async function scopeTickets(list: GateList): Promise<IssuedTicket[]> {
    return (await db.all<IssuedDb>(SQL.eventTickets, [list.eventId]))
      .map(toIssued)
      .filter(
        (t) =>
          (!list.sessionIds || list.sessionIds.includes(t.sessionId)) &&
          (!list.categoryIds || list.categoryIds.includes(t.ticketId)),
      );
  }

  const admittedTimes = async (eventId: number): Promise<Map<number, number>> =>
    new Map((await db.all<{ id: number; at: number }>(SQL.admittedAt, [eventId])).map((r) => [r.id, r.at]));

  type ScanDb = {
    id: number;
    list_id: number;
    device_id: number;
    nonce: string;
    issued_ticket_id: number | null;
    direction: Direction;
    status: string;
    scanned_at: number;
    received_at: number;
    offline: number;
    undone_at: number | null;
    conflict_with: number | null;
  };

  /** The answer for a recorded scan, as the contract's ScanResult. */
  async function answer(scan: ScanDb, list: CheckinList, lang: Lang, now: number) {
    const ticket = scan.issued_ticket_id === null ? undefined : await issuedFor(scan.issued_ticket_id);
    let used: { at: string; device: string; list: string } | null = null;
    if (scan.status === "already_used" || scan.status === "conflict") {
      const earlier = scan.conflict_with === null ? undefined : await db.one<ScanDb>(SQL.scan, [scan.conflict_with]);
      if (earlier) {
        const device = (await db.one<{ name: string }>(SQL.device, [earlier.device_id])) as { name: string };
        used = { at: toUaeIso(earlier.scanned_at), device: device.name, list: (await listOf(earlier.list_id)).name };
      }
    }
    return {
      status: scan.status,
      scan_id: scan.id,
      nonce: scan.nonce,
      scanned_at: toUaeIso(scan.scanned_at),
      ticket: ticket
        ? {
            code: ticket.code,
            name: ticket.holder,
            order_number: ticket.orderNumber,
            category: await categoryTitle(ticket.ticketId, lang),
            category_id: ticket.ticketId,
            event_id: ticket.eventId,
            session_id: ticket.sessionId,
            // "not valid yet" says from when
            valid_from: toUaeIso(ticket.validFrom),
          }
        : null,
      used,
      undo_until:
        scan.status === "admitted" && scan.undone_at === null && canUndo(scan.received_at, now)
          ? toUaeIso(scan.received_at + 60_000)
          : null,
      counts: await counts(list),
    };
  }

  /**
   * Records one scan and returns it. `localStatus` (an upload) says what the device decided
   * alone: an admission the server would have refused as already used is kept as a conflict
   * pointing at the admission that came first; the device's own refusals are kept as they were.
   */
  function record(
    device: Device,
    input: ScanInput,
    now: number,
    localStatus?: string,
  ): Promise<{ scan: ScanDb; fresh: boolean }> {
    return db.withTransaction(async () => {
      const seen = await db.one<ScanDb>(SQL.scanByNonce, [device.id, input.nonce]);
      if (seen) return { scan: seen, fresh: false };
      const list = await listOf(device.listId);
      const { ticket, forged } = await resolve(input.code);
      // scans of one ticket through any instance take turns: the first admission is seen by the next
      if (ticket) await db.lock("issuedTicket", [ticket.id]);
      const past = ticket
        ? await db.all<{ id: number; status: "admitted" | "exited"; scanned_at: number; device: string }>(
            SQL.pastScans,
            [ticket.id],
          )
        : [];
      const history: PastScan[] = past.map((p) => ({ status: p.status, at: p.scanned_at, device: p.device }));
      let status: string = forged
        ? "forged"
        : decide(
            ticket && {
              eventId: ticket.eventId,
              sessionId: ticket.sessionId,
              categoryId: ticket.ticketId,
              validFrom: ticket.validFrom,
              validTo: ticket.validTo,
              revoked: ticket.revokedAt !== null,
            },
            list,
            history,
            input.direction,
            input.scannedAt,
          ).status;
      const lastAdmission = [...past].reverse().find((p) => p.status === "admitted");
      let conflictWith: number | null = status === "already_used" && lastAdmission ? lastAdmission.id : null;
      if (localStatus !== undefined) {
        if (localStatus === "admitted" && status === "already_used") status = "conflict";
        else if (localStatus !== "admitted" && localStatus !== "exited") {
          status = localStatus;
          conflictWith = null;
        }
      }
      const inserted = await db.one<{ id: number }>(SQL.insertScan, [
        list.id,
        device.id,
        input.nonce,
        ticket?.id ?? null,
        input.direction,
        status,
        input.scannedAt,
        now,
        localStatus === undefined ? 0 : 1,
        conflictWith,
      ]);
      // the same scan sent again at the same moment (through another instance): the one recorded first stands
      if (!inserted)
        return { scan: (await db.one<ScanDb>(SQL.scanByNonce, [device.id, input.nonce])) as ScanDb, fresh: false };
      return { scan: (await db.one<ScanDb>(SQL.scan, [inserted.id])) as ScanDb, fresh: true };
    });
  }

  async function conflictsFor(listIds: number[], lang: Lang) {
    const { text, params } = conflictsOf(listIds);
    const rows = await db.all<{
      id: number;
      scanned_at: number;
      issued_ticket_id: number;
      device_id: number;
      device: string;
      list_name: string;
      first_id: number;
      first_at: number;
      first_device_id: number;
      first_device: string;
      first_list: string;
    }>(text, params);
    const out = [];
    for (const c of rows) {
      const ticket = await issuedFor(c.issued_ticket_id);
      out.push({
        code: ticket?.code ?? "",
        name: ticket?.holder ?? "",
        category: ticket ? await categoryTitle(ticket.ticketId, lang) : "",
        first: { scan_id: c.first_id, at: toUaeIso(c.first_at), device: c.first_device, list: c.first_list },
        second: { scan_id: c.id, at: toUaeIso(c.scanned_at), device: c.device, list: c.list_name },
        device_ids: [c.first_device_id, c.device_id],
      });
    }
    return out;
  }

  return {
    keys,

    /**
     * Codes and signed QR texts for the tickets of an order, recorded with a unique code.
     * Runs inside the order's transaction.
     */
    async issue(
      order: { id: string; number: string; name: string },
      items: ReadonlyArray<{ ticketId: number; count: number }>,
      now: number,
    ): Promise<NewTicket[]> {
      const out: NewTicket[] = [];
      for (const item of items) {
        const info = await tickets.info(item.ticketId);
        const window = info ? validityWindow(info.startedAt, info.finishedAt) : { validFrom: now, validTo: now };
        const eventId = info?.eventId ?? 0;
        const sessionId = info?.sessionId ?? 0;
        for (let i = 0; i < item.count; i++) {
          let code = "";
          let id: number | undefined;
          do {
            code = `UAE-${randomChars(5)}-${randomChars(5)}`;
            id = (
              await db.one<{ id: number }>(SQL.insertIssued, [
                code,
                order.id,
                order.number,
                order.name,
                eventId,
                sessionId,
                item.ticketId,
                window.validFrom,
                window.validTo,
                now,
              ])
            )?.id;
          } while (id === undefined);
          const qr = await keys.sign({ ticketId: id, eventId, sessionId, categoryId: item.ticketId, ...window }, now);
          out.push({
            code,
            qr,
            event_id: eventId,
            ticket_id: item.ticketId,
            started_at: info?.startedAt ?? null,
            ends_at: info?.finishedAt ?? null,
          });
        }
      }
      return out;
    },

    issuedByCode: (code: string) => issuedByCode(normaliseCode(code)),

    /** A cancelled ticket: its code and QR are refused from now on. */
    async revokeTicket(code: string, now: number): Promise<IssuedTicket> {
      const t = await issuedByCode(normaliseCode(code));
      if (!t) throw notFound(`no ticket with code ${code}`, "not_found");
      await db.run(SQL.revoke, [now, t.id]);
      return (await issuedFor(t.id)) as IssuedTicket;
    },

    // --- lists and devices (the command line) ----------------------------------------

    async createList(
      input: { eventId: number; name: string; sessionIds?: number[]; categoryIds?: number[]; reentry?: boolean },
      now: number,
    ): Promise<CheckinList> {
      const row = await db.one<{ id: number }>(SQL.insertList, [
        input.eventId,
        input.name,
        input.sessionIds?.length ? JSON.stringify(input.sessionIds) : null,
        input.categoryIds?.length ? JSON.stringify(input.categoryIds) : null,
        input.reentry ? 1 : 0,
        now,
      ]);
      return listOf((row as { id: number }).id);
    },
    list: listOf,
    lists: async (): Promise<CheckinList[]> => (await db.all<ListDb>(SQL.lists)).map(toList),
    async closeList(id: number, now: number): Promise<CheckinList> {
      await listOf(id);
      await db.run(SQL.closeList, [now, id]);
      return listOf(id);
    },
    devices: async (listId: number): Promise<Device[]> =>
      (await db.all<DeviceDb>(SQL.devicesOf, [listId])).map(toDevice),
    async revokeDevice(id: number, now: number): Promise<boolean> {
      if (!(await db.one(SQL.device, [id]))) throw notFound(`no device ${id}`, "not_found");
      return (await db.run(SQL.revokeDevice, [now, id])).changes === 1;
    },
    counts: async (listId: number) => counts(await listOf(listId)),

    /**
     * A one-time link that makes a phone a device of the list: the scanner in English (`url`)
     * and in each language (`urls`), the same token in all of them, so the phone that opens
     * one first becomes the device, in its person's language.
     */
    async pairingLink(
      listId: number,
      now: number,
    ): Promise<{ token: string; url: string; urls: Record<Lang, string>; expiresAt: number }> {
      const list = await listOf(listId);
      if (list.closedAt !== null) throw conflict("this list is closed", "list_closed");
      const token = newToken();
      const expiresAt = now + PAIRING_TTL_MS;
      await db.run(SQL.insertPairing, [sha256(token), listId, expiresAt]);
      const site = opts.siteUrl.replace(/\/+$/, "");
      const urls = Object.fromEntries(
        LANGUAGES.map((lang) => [lang, `${site}${localize(href.scan(), lang)}#pair=${token}`]),
      ) as Record<Lang, string>;
      return { token, url: urls.en, urls, expiresAt };
    },

    // --- what devices do ---------------------------------------------------------------

    pair(token: string, name: string, now: number): Promise<{ token: string; device: Device; list: CheckinList }> {
      return db.withTransaction(async () => {
        const hash = sha256(token);
        const p = await db.one<{ list_id: number; expires_at: number; used_at: number | null }>(SQL.pairing, [hash]);
        const invalid = () =>
          new HttpError(
            401,
            "this pairing link is unknown, used already or expired; ask for a new one",
            "pairing_invalid",
          );
        if (!p || p.used_at !== null || p.expires_at < now) throw invalid();
        const list = await listOf(p.list_id);
        if (list.closedAt !== null) throw conflict("this list is closed", "list_closed");
        // two phones opening the link at once (through two instances): one of them pairs
        if ((await db.run(SQL.usePairing, [now, hash])).changes !== 1) throw invalid();
        const deviceToken = newToken();
        const deviceName = name || `Device ${(await db.all(SQL.devicesOf, [list.id])).length + 1}`;
        const row = await db.one<{ id: number }>(SQL.insertDevice, [list.id, deviceName, sha256(deviceToken), now]);
        return {
          token: deviceToken,
          device: {
            id: (row as { id: number }).id,
            listId: list.id,
            name: deviceName,
            createdAt: now,
            revokedAt: null,
          },
          list,
        };
      });
    },

    /** The device a Bearer token names; 401 when unknown, revoked or its list is closed. */
    async authenticate(header: string | undefined): Promise<{ device: Device; list: CheckinList }> {
      const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
      if (!m?.[1]) throw new HttpError(401, "a device token is required (Authorization: Bearer …)", "device_unknown");
      const r = await db.one<DeviceDb>(SQL.deviceByToken, [sha256(m[1])]);
      if (!r) throw new HttpError(401, "this device is not paired", "device_unknown");
      if (r.revoked_at !== null) throw new HttpError(401, "this device was revoked; pair it again", "device_revoked");
      const list = await listOf(r.list_id);
      if (list.closedAt !== null) throw new HttpError(401, "this check-in list is closed", "list_closed");
      return { device: toDevice(r), list };
    },

    async redeem(device: Device, input: ScanInput, lang: Lang, now: number) {
      const { scan } = await record(device, input, now);
      return answer(scan, await listOf(device.listId), lang, now);
    },

    /** Takes back the device's own admission within the undo window. */
    undo(device: Device, scanId: number, now: number) {
      return db.withTransaction(async () => {
        const scan = await db.one<ScanDb>(SQL.scan, [scanId]);
        if (!scan || scan.device_id !== device.id) throw notFound("no such scan of this device", "not_found");
        const notUndoable = () => conflict("only an admission that stands can be undone", "not_undoable");
        if (scan.status !== "admitted" || scan.undone_at !== null) throw notUndoable();
        if (!canUndo(scan.received_at, now))
          throw conflict("an admission can only be undone within a minute", "undo_too_late");
        if ((await db.run(SQL.undo, [now, scan.id])).changes !== 1) throw notUndoable();
        return { undone: true, counts: await counts(await listOf(device.listId)) };
      });
    },

    /** Applies scans made without a network; a nonce seen before is not applied again. */
    async sync(device: Device, scans: OfflineScanInput[], lang: Lang, now: number) {
      const list = await listOf(device.listId);
      const results = [];
      for (const input of scans) {
        const { scan, fresh } = await record(device, input, now, input.localStatus);
        results.push({ ...(await answer(scan, list, lang, now)), applied: fresh });
      }
      return {
        results,
        conflicts: (await conflictsFor([list.id], lang)).filter((c) => c.device_ids.includes(device.id)),
        counts: await counts(list),
      };
    },

    /** What a device needs to decide alone: keys, revoked codes and the tickets of its list. */
    async offlineData(list: CheckinList, lang: Lang, now: number) {
      const admitted = await admittedTimes(list.eventId);
      const inScope = await scopeTickets(list);
      const valid = [];
      for (const t of inScope) {
        if (t.revokedAt !== null) continue;
        const at = admitted.get(t.id);
        valid.push({
          id: t.id,
          code: t.code,
          name: t.holder,
          order_number: t.orderNumber,
          category: await categoryTitle(t.ticketId, lang),
          category_id: t.ticketId,
          session_id: t.sessionId,
          valid_from: toUaeIso(t.validFrom),
          valid_to: toUaeIso(t.validTo),
          admitted_at: at === undefined ? null : toUaeIso(at),
        });
      }
      return {
        generated_at: toUaeIso(now),
        list: wireList(list),
        event: await eventOf(list, lang),
        keys: (await keys.publicKeys()).map((k) => ({ key_id: k.keyId, public_key: k.publicKey })),
        revoked: inScope.filter((t) => t.revokedAt !== null).map((t) => ({ id: t.id, code: t.code })),
        tickets: valid,
        counts: await counts(list),
      };
    },

    /**
     * Tickets of the list whose holder's name or order number contains `q`, or whose code it
     * is (at most 20): each with its code and when it was last admitted, so two tickets of
     * one order are told apart and a used one shows as used.
     */
    async search(list: CheckinList, q: string, lang: Lang) {
      const needle = foldDigits(q).trim().toLocaleLowerCase();
      if (needle.length < 2) throw badRequest("type at least two characters", "query_too_short");
      const plain = needle.toUpperCase().replace(/[^0-9A-Z]/g, "");
      const code = normaliseCode(q);
      const found = (await scopeTickets(list))
        .filter(
          (t) =>
            t.holder.toLocaleLowerCase().includes(needle) ||
            (plain.length >= 3 && t.orderNumber.replace(/-/g, "").includes(plain)) ||
            t.code === code,
        )
        .slice(0, 20);
      const admitted = await admittedTimes(list.eventId);
      const out = [];
      for (const t of found) {
        const at = admitted.get(t.id);
        out.push({
          code: t.code,
          name: t.holder,
          order_number: t.orderNumber,
          category: await categoryTitle(t.ticketId, lang),
          revoked: t.revokedAt !== null,
          admitted_at: at === undefined ? null : toUaeIso(at),
        });
      }
      return out;
    },

    /** Admissions per category and hour, refusals, duplicates and conflicts over some lists. */
    async report(listIds: number[], lang: Lang) {
      const lists: CheckinList[] = [];
      for (const id of listIds) lists.push(await listOf(id));
      const { text, params } = scansOfLists(listIds);
      const rows = await db.all<ScanDb & { device: string; list_name: string }>(text, params);
      const perCategory = new Map<number, number>();
      const perHour = new Map<string, number>();
      const refused: Record<string, number> = {};
      for (const r of rows) {
        if (r.undone_at !== null) continue;
        if (r.status === "admitted") {
          const ticket = r.issued_ticket_id === null ? undefined : await issuedFor(r.issued_ticket_id);
          if (!ticket) continue;
          perCategory.set(ticket.ticketId, (perCategory.get(ticket.ticketId) ?? 0) + 1);
          const hour = `${toUaeIso(r.scanned_at).slice(0, 13)}:00:00+04:00|${ticket.ticketId}`;
          perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
        } else if (r.status !== "exited") {
          refused[r.status] = (refused[r.status] ?? 0) + 1;
        }
      }
      const expected = new Map<number, number>();
      const scopes = new Map<number, IssuedTicket>();
      for (const list of lists) for (const t of await scopeTickets(list)) if (t.revokedAt === null) scopes.set(t.id, t);
      for (const t of scopes.values()) expected.set(t.ticketId, (expected.get(t.ticketId) ?? 0) + 1);
      const categoryIds = [...new Set([...perCategory.keys(), ...expected.keys()])].sort((a, b) => a - b);
      const wiredLists = [];
      for (const l of lists) wiredLists.push({ ...wireList(l), counts: await counts(l) });
      const categories = [];
      for (const id of categoryIds)
        categories.push({
          category_id: id,
          category: await categoryTitle(id, lang),
          admitted: perCategory.get(id) ?? 0,
          expected: expected.get(id) ?? 0,
        });
      return {
        lists: wiredLists,
        categories,
        timeline: [...perHour.entries()]
          .map(([key, admitted]) => {
            const [hour, id] = key.split("|");
            return { hour: hour as string, category_id: Number(id), admitted };
          })
          .sort((a, b) => a.hour.localeCompare(b.hour) || a.category_id - b.category_id),
        duplicates_refused: refused.already_used ?? 0,
        refused,
        conflicts: (await conflictsFor(listIds, lang)).map(({ device_ids: _ids, ...c }) => c),
      };
    },
  };
}

export function wireList(list: CheckinList) {
  return {
    id: list.id,
    event_id: list.eventId,
    name: list.name,
    session_ids: list.sessionIds,
    category_ids: list.categoryIds,
    reentry: list.reentry,
    closed: list.closedAt !== null,
  };
}

export type CheckinService = ReturnType<typeof checkinService>;
/** A check-in report, as the CSV export reads it. */
export type CheckinReport = Awaited<ReturnType<CheckinService["report"]>>;
