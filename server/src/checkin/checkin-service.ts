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

export function checkinService(db: Db, tickets: TicketsRepository, opts: { siteUrl: string }) {
  const keys = signingKeys(db);
  const s = {
    codeTaken: db.prepare("SELECT 1 FROM issued_tickets WHERE code = ?"),
    insertIssued: db.prepare(
      `INSERT INTO issued_tickets (code, order_id, order_number, holder, event_id, session_id, ticket_id, valid_from, valid_to, issued_at)
       VALUES (?,?,?,?,?,?,?,?,?,?)`,
    ),
    issuedById: db.prepare("SELECT * FROM issued_tickets WHERE id = ?"),
    eventTitle: db.prepare("SELECT title FROM events WHERE id = ?"),
    issuedByCode: db.prepare("SELECT * FROM issued_tickets WHERE code = ?"),
    revoke: db.prepare("UPDATE issued_tickets SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
    insertList: db.prepare(
      "INSERT INTO checkin_lists (event_id, name, session_ids, ticket_ids, reentry, created_at) VALUES (?,?,?,?,?,?)",
    ),
    list: db.prepare("SELECT * FROM checkin_lists WHERE id = ?"),
    lists: db.prepare("SELECT * FROM checkin_lists ORDER BY id"),
    closeList: db.prepare("UPDATE checkin_lists SET closed_at = ? WHERE id = ? AND closed_at IS NULL"),
    insertPairing: db.prepare("INSERT INTO checkin_pairings (token_hash, list_id, expires_at) VALUES (?,?,?)"),
    pairing: db.prepare("SELECT list_id, expires_at, used_at FROM checkin_pairings WHERE token_hash = ?"),
    usePairing: db.prepare("UPDATE checkin_pairings SET used_at = ? WHERE token_hash = ? AND used_at IS NULL"),
    insertDevice: db.prepare("INSERT INTO checkin_devices (list_id, name, token_hash, created_at) VALUES (?,?,?,?)"),
    deviceByToken: db.prepare("SELECT * FROM checkin_devices WHERE token_hash = ?"),
    device: db.prepare("SELECT * FROM checkin_devices WHERE id = ?"),
    devicesOf: db.prepare("SELECT * FROM checkin_devices WHERE list_id = ? ORDER BY id"),
    revokeDevice: db.prepare("UPDATE checkin_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
    scanByNonce: db.prepare("SELECT * FROM checkin_scans WHERE device_id = ? AND nonce = ?"),
    scan: db.prepare("SELECT * FROM checkin_scans WHERE id = ?"),
    pastScans: db.prepare(
      `SELECT s.id, s.status, s.scanned_at, d.name AS device FROM checkin_scans s JOIN checkin_devices d ON d.id = s.device_id
       WHERE s.issued_ticket_id = ? AND s.undone_at IS NULL AND s.status IN ('admitted', 'exited') ORDER BY s.id`,
    ),
    insertScan: db.prepare(
      `INSERT INTO checkin_scans (list_id, device_id, nonce, issued_ticket_id, direction, status, scanned_at, received_at, offline, conflict_with)
       VALUES (?,?,?,?,?,?,?,?,?,?)`,
    ),
    undo: db.prepare("UPDATE checkin_scans SET undone_at = ? WHERE id = ? AND undone_at IS NULL"),
    admittedCount: db.prepare(
      `SELECT COUNT(DISTINCT issued_ticket_id) AS n FROM checkin_scans
       WHERE list_id = ? AND status = 'admitted' AND undone_at IS NULL`,
    ),
    eventTickets: db.prepare("SELECT * FROM issued_tickets WHERE event_id = ? ORDER BY id"),
    expected: db.prepare(
      `SELECT COUNT(*) AS n FROM issued_tickets WHERE event_id = @event AND revoked_at IS NULL
       AND (@sessions IS NULL OR session_id IN (SELECT value FROM json_each(@sessions)))
       AND (@categories IS NULL OR ticket_id IN (SELECT value FROM json_each(@categories)))`,
    ),
    admittedAt: db.prepare(
      `SELECT s.issued_ticket_id AS id, MAX(s.scanned_at) AS at FROM checkin_scans s JOIN checkin_lists l ON l.id = s.list_id
       WHERE l.event_id = ? AND s.status = 'admitted' AND s.undone_at IS NULL GROUP BY s.issued_ticket_id`,
    ),
    scansOfLists: db.prepare(
      `SELECT s.*, d.name AS device, l.name AS list_name FROM checkin_scans s
       JOIN checkin_devices d ON d.id = s.device_id JOIN checkin_lists l ON l.id = s.list_id
       WHERE s.list_id IN (SELECT value FROM json_each(?)) ORDER BY s.id`,
    ),
    conflictsOf: db.prepare(
      `SELECT c.id, c.scanned_at, c.issued_ticket_id, c.device_id, dc.name AS device, lc.name AS list_name,
              f.id AS first_id, f.scanned_at AS first_at, f.device_id AS first_device_id, df.name AS first_device, lf.name AS first_list
       FROM checkin_scans c
       JOIN checkin_scans f ON f.id = c.conflict_with
       JOIN checkin_devices dc ON dc.id = c.device_id JOIN checkin_lists lc ON lc.id = c.list_id
       JOIN checkin_devices df ON df.id = f.device_id JOIN checkin_lists lf ON lf.id = f.list_id
       WHERE c.status = 'conflict' AND (c.list_id IN (SELECT value FROM json_each(?)) OR f.list_id IN (SELECT value FROM json_each(?)))
       ORDER BY c.id`,
    ),
  };

  const immediate = <T>(fn: () => T): T => db.transaction(fn).immediate();

  function issuedFor(id: number): IssuedTicket | undefined {
    const r = s.issuedById.get(id) as IssuedDb | undefined;
    return r && toIssued(r);
  }
  function issuedByCode(code: string): IssuedTicket | undefined {
    const r = s.issuedByCode.get(code) as IssuedDb | undefined;
    return r && toIssued(r);
  }
  function listOf(id: number): CheckinList {
    const r = s.list.get(id) as ListDb | undefined;
    if (!r) throw notFound(`no check-in list ${id}`, "not_found");
    return toList(r);
  }
  const categoryTitle = (ticketId: number, lang: Lang): string => {
    const info = tickets.info(ticketId);
    return info ? pick(info.title as I18nText, lang) : "";
  };

  /** The list's event as the scanner's header names it: its title and the sessions the list admits to. */
  function eventOf(list: CheckinList, lang: Lang) {
    const row = s.eventTitle.get(list.eventId) as { title: string } | undefined;
    const sessions = tickets
      .sessionsOf(list.eventId)
      .filter((session) => !list.sessionIds || list.sessionIds.includes(session.id));
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
  function resolve(text: string): { ticket?: IssuedTicket; forged: boolean } {
    if (looksSigned(text)) {
      const facts = keys.verify(text);
      if (!facts) return { forged: true };
      const ticket = issuedFor(facts.ticketId);
      // a signature over facts that do not match the ticket is not one we made
      if (ticket && (ticket.eventId !== facts.eventId || ticket.ticketId !== facts.categoryId)) return { forged: true };
      return { ticket, forged: false };
    }
    return { ticket: issuedByCode(normaliseCode(text)), forged: false };
  }

  function counts(list: CheckinList): { admitted: number; expected: number } {
    const admitted = (s.admittedCount.get(list.id) as { n: number }).n;
    const expected = (
      s.expected.get({
        event: list.eventId,
        sessions: list.sessionIds && JSON.stringify(list.sessionIds),
        categories: list.categoryIds && JSON.stringify(list.categoryIds),
      }) as { n: number }
    ).n;
    return { admitted, expected };
  }

  function scopeTickets(list: GateList): IssuedTicket[] {
    return (s.eventTickets.all(list.eventId) as IssuedDb[])
      .map(toIssued)
      .filter(
        (t) =>
          (!list.sessionIds || list.sessionIds.includes(t.sessionId)) &&
          (!list.categoryIds || list.categoryIds.includes(t.ticketId)),
      );
  }

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
  function answer(scan: ScanDb, list: CheckinList, lang: Lang, now: number) {
    const ticket = scan.issued_ticket_id === null ? undefined : issuedFor(scan.issued_ticket_id);
    let used: { at: string; device: string; list: string } | null = null;
    if (scan.status === "already_used" || scan.status === "conflict") {
      const earlier = scan.conflict_with === null ? undefined : (s.scan.get(scan.conflict_with) as ScanDb | undefined);
      if (earlier) {
        const device = s.device.get(earlier.device_id) as { name: string };
        used = { at: toUaeIso(earlier.scanned_at), device: device.name, list: listOf(earlier.list_id).name };
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
            category: categoryTitle(ticket.ticketId, lang),
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
      counts: counts(list),
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
  ): { scan: ScanDb; fresh: boolean } {
    return immediate(() => {
      const seen = s.scanByNonce.get(device.id, input.nonce) as ScanDb | undefined;
      if (seen) return { scan: seen, fresh: false };
      const list = listOf(device.listId);
      const { ticket, forged } = resolve(input.code);
      const past = ticket
        ? (s.pastScans.all(ticket.id) as Array<{
            id: number;
            status: "admitted" | "exited";
            scanned_at: number;
            device: string;
          }>)
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
      const id = Number(
        s.insertScan.run(
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
        ).lastInsertRowid,
      );
      return { scan: s.scan.get(id) as ScanDb, fresh: true };
    });
  }

  function conflictsFor(listIds: number[], lang: Lang) {
    const ids = JSON.stringify(listIds);
    return (
      s.conflictsOf.all(ids, ids) as Array<{
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
      }>
    ).map((c) => {
      const ticket = issuedFor(c.issued_ticket_id);
      return {
        code: ticket?.code ?? "",
        name: ticket?.holder ?? "",
        category: ticket ? categoryTitle(ticket.ticketId, lang) : "",
        first: { scan_id: c.first_id, at: toUaeIso(c.first_at), device: c.first_device, list: c.first_list },
        second: { scan_id: c.id, at: toUaeIso(c.scanned_at), device: c.device, list: c.list_name },
        device_ids: [c.first_device_id, c.device_id],
      };
    });
  }

  return {
    keys,

    /**
     * Codes and signed QR texts for the tickets of an order, recorded with a unique code.
     * Runs inside the order's transaction.
     */
    issue(
      order: { id: string; number: string; name: string },
      items: ReadonlyArray<{ ticketId: number; count: number }>,
      now: number,
    ): NewTicket[] {
      const out: NewTicket[] = [];
      for (const item of items) {
        const info = tickets.info(item.ticketId);
        const window = info ? validityWindow(info.startedAt, info.finishedAt) : { validFrom: now, validTo: now };
        for (let i = 0; i < item.count; i++) {
          let code = "";
          do code = `UAE-${randomChars(5)}-${randomChars(5)}`;
          while (s.codeTaken.get(code));
          const eventId = info?.eventId ?? 0;
          const sessionId = info?.sessionId ?? 0;
          const id = Number(
            s.insertIssued.run(
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
            ).lastInsertRowid,
          );
          const qr = keys.sign({ ticketId: id, eventId, sessionId, categoryId: item.ticketId, ...window }, now);
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
    revokeTicket(code: string, now: number): IssuedTicket {
      const t = issuedByCode(normaliseCode(code));
      if (!t) throw notFound(`no ticket with code ${code}`, "not_found");
      s.revoke.run(now, t.id);
      return issuedFor(t.id) as IssuedTicket;
    },

    // --- lists and devices (the command line) ----------------------------------------

    createList(
      input: { eventId: number; name: string; sessionIds?: number[]; categoryIds?: number[]; reentry?: boolean },
      now: number,
    ): CheckinList {
      const id = Number(
        s.insertList.run(
          input.eventId,
          input.name,
          input.sessionIds?.length ? JSON.stringify(input.sessionIds) : null,
          input.categoryIds?.length ? JSON.stringify(input.categoryIds) : null,
          input.reentry ? 1 : 0,
          now,
        ).lastInsertRowid,
      );
      return listOf(id);
    },
    list: listOf,
    lists: (): CheckinList[] => (s.lists.all() as ListDb[]).map(toList),
    closeList(id: number, now: number): CheckinList {
      listOf(id);
      s.closeList.run(now, id);
      return listOf(id);
    },
    devices: (listId: number): Device[] =>
      (
        s.devicesOf.all(listId) as Array<{
          id: number;
          list_id: number;
          name: string;
          created_at: number;
          revoked_at: number | null;
        }>
      ).map((r) => ({ id: r.id, listId: r.list_id, name: r.name, createdAt: r.created_at, revokedAt: r.revoked_at })),
    revokeDevice(id: number, now: number): boolean {
      if (!s.device.get(id)) throw notFound(`no device ${id}`, "not_found");
      return s.revokeDevice.run(now, id).changes === 1;
    },
    counts: (listId: number) => counts(listOf(listId)),

    /**
     * A one-time link that makes a phone a device of the list: the scanner in English (`url`)
     * and in each language (`urls`), the same token in all of them, so the phone that opens
     * one first becomes the device, in its person's language.
     */
    pairingLink(
      listId: number,
      now: number,
    ): { token: string; url: string; urls: Record<Lang, string>; expiresAt: number } {
      const list = listOf(listId);
      if (list.closedAt !== null) throw conflict("this list is closed", "list_closed");
      const token = newToken();
      const expiresAt = now + PAIRING_TTL_MS;
      s.insertPairing.run(sha256(token), listId, expiresAt);
      const site = opts.siteUrl.replace(/\/+$/, "");
      const urls = Object.fromEntries(
        LANGUAGES.map((lang) => [lang, `${site}${localize(href.scan(), lang)}#pair=${token}`]),
      ) as Record<Lang, string>;
      return { token, url: urls.en, urls, expiresAt };
    },

    // --- what devices do ---------------------------------------------------------------

    pair(token: string, name: string, now: number): { token: string; device: Device; list: CheckinList } {
      return immediate(() => {
        const hash = sha256(token);
        const p = s.pairing.get(hash) as { list_id: number; expires_at: number; used_at: number | null } | undefined;
        if (!p || p.used_at !== null || p.expires_at < now)
          throw new HttpError(
            401,
            "this pairing link is unknown, used already or expired; ask for a new one",
            "pairing_invalid",
          );
        const list = listOf(p.list_id);
        if (list.closedAt !== null) throw conflict("this list is closed", "list_closed");
        s.usePairing.run(now, hash);
        const deviceToken = newToken();
        const deviceName = name || `Device ${(s.devicesOf.all(list.id) as unknown[]).length + 1}`;
        const id = Number(s.insertDevice.run(list.id, deviceName, sha256(deviceToken), now).lastInsertRowid);
        return {
          token: deviceToken,
          device: { id, listId: list.id, name: deviceName, createdAt: now, revokedAt: null },
          list,
        };
      });
    },

    /** The device a Bearer token names; 401 when unknown, revoked or its list is closed. */
    authenticate(header: string | undefined): { device: Device; list: CheckinList } {
      const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
      if (!m?.[1]) throw new HttpError(401, "a device token is required (Authorization: Bearer …)", "device_unknown");
      const r = s.deviceByToken.get(sha256(m[1])) as
        | { id: number; list_id: number; name: string; created_at: number; revoked_at: number | null }
        | undefined;
      if (!r) throw new HttpError(401, "this device is not paired", "device_unknown");
      if (r.revoked_at !== null) throw new HttpError(401, "this device was revoked; pair it again", "device_revoked");
      const list = listOf(r.list_id);
      if (list.closedAt !== null) throw new HttpError(401, "this check-in list is closed", "list_closed");
      return {
        device: { id: r.id, listId: r.list_id, name: r.name, createdAt: r.created_at, revokedAt: r.revoked_at },
        list,
      };
    },

    redeem(device: Device, input: ScanInput, lang: Lang, now: number) {
      const { scan } = record(device, input, now);
      return answer(scan, listOf(device.listId), lang, now);
    },

    /** Takes back the device's own admission within the undo window. */
    undo(device: Device, scanId: number, now: number) {
      return immediate(() => {
        const scan = s.scan.get(scanId) as ScanDb | undefined;
        if (!scan || scan.device_id !== device.id) throw notFound("no such scan of this device", "not_found");
        if (scan.status !== "admitted" || scan.undone_at !== null)
          throw conflict("only an admission that stands can be undone", "not_undoable");
        if (!canUndo(scan.received_at, now))
          throw conflict("an admission can only be undone within a minute", "undo_too_late");
        s.undo.run(now, scan.id);
        return { undone: true, counts: counts(listOf(device.listId)) };
      });
    },

    /** Applies scans made without a network; a nonce seen before is not applied again. */
    sync(device: Device, scans: OfflineScanInput[], lang: Lang, now: number) {
      const list = listOf(device.listId);
      const results = scans.map((input) => {
        const { scan, fresh } = record(device, input, now, input.localStatus);
        return { ...answer(scan, list, lang, now), applied: fresh };
      });
      return {
        results,
        conflicts: conflictsFor([list.id], lang).filter((c) => c.device_ids.includes(device.id)),
        counts: counts(list),
      };
    },

    /** What a device needs to decide alone: keys, revoked codes and the tickets of its list. */
    offlineData(list: CheckinList, lang: Lang, now: number) {
      const admitted = new Map(
        (s.admittedAt.all(list.eventId) as Array<{ id: number; at: number }>).map((r) => [r.id, r.at]),
      );
      const inScope = scopeTickets(list);
      return {
        generated_at: toUaeIso(now),
        list: wireList(list),
        event: eventOf(list, lang),
        keys: keys.publicKeys().map((k) => ({ key_id: k.keyId, public_key: k.publicKey })),
        revoked: inScope.filter((t) => t.revokedAt !== null).map((t) => ({ id: t.id, code: t.code })),
        tickets: inScope
          .filter((t) => t.revokedAt === null)
          .map((t) => ({
            id: t.id,
            code: t.code,
            name: t.holder,
            order_number: t.orderNumber,
            category: categoryTitle(t.ticketId, lang),
            category_id: t.ticketId,
            session_id: t.sessionId,
            valid_from: toUaeIso(t.validFrom),
            valid_to: toUaeIso(t.validTo),
            admitted_at: admitted.has(t.id) ? toUaeIso(admitted.get(t.id) as number) : null,
          })),
        counts: counts(list),
      };
    },

    /**
     * Tickets of the list whose holder's name or order number contains `q`, or whose code it
     * is (at most 20): each with its code and when it was last admitted, so two tickets of
     * one order are told apart and a used one shows as used.
     */
    search(list: CheckinList, q: string, lang: Lang) {
      const needle = foldDigits(q).trim().toLocaleLowerCase();
      if (needle.length < 2) throw badRequest("type at least two characters", "query_too_short");
      const plain = needle.toUpperCase().replace(/[^0-9A-Z]/g, "");
      const code = normaliseCode(q);
      const found = scopeTickets(list)
        .filter(
          (t) =>
            t.holder.toLocaleLowerCase().includes(needle) ||
            (plain.length >= 3 && t.orderNumber.replace(/-/g, "").includes(plain)) ||
            t.code === code,
        )
        .slice(0, 20);
      const admitted = new Map(
        (s.admittedAt.all(list.eventId) as Array<{ id: number; at: number }>).map((r) => [r.id, r.at]),
      );
      return found.map((t) => {
        const at = admitted.get(t.id);
        return {
          code: t.code,
          name: t.holder,
          order_number: t.orderNumber,
          category: categoryTitle(t.ticketId, lang),
          revoked: t.revokedAt !== null,
          admitted_at: at === undefined ? null : toUaeIso(at),
        };
      });
    },

    /** Admissions per category and hour, refusals, duplicates and conflicts over some lists. */
    report(listIds: number[], lang: Lang) {
      const lists = listIds.map(listOf);
      const rows = s.scansOfLists.all(JSON.stringify(listIds)) as Array<ScanDb & { device: string; list_name: string }>;
      const perCategory = new Map<number, number>();
      const perHour = new Map<string, number>();
      const refused: Record<string, number> = {};
      for (const r of rows) {
        if (r.undone_at !== null) continue;
        if (r.status === "admitted") {
          const ticket = r.issued_ticket_id === null ? undefined : issuedFor(r.issued_ticket_id);
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
      for (const list of lists) for (const t of scopeTickets(list)) if (t.revokedAt === null) scopes.set(t.id, t);
      for (const t of scopes.values()) expected.set(t.ticketId, (expected.get(t.ticketId) ?? 0) + 1);
      const categories = [...new Set([...perCategory.keys(), ...expected.keys()])].sort((a, b) => a - b);
      return {
        lists: lists.map((l) => ({ ...wireList(l), counts: counts(l) })),
        categories: categories.map((id) => ({
          category_id: id,
          category: categoryTitle(id, lang),
          admitted: perCategory.get(id) ?? 0,
          expected: expected.get(id) ?? 0,
        })),
        timeline: [...perHour.entries()]
          .map(([key, admitted]) => {
            const [hour, id] = key.split("|");
            return { hour: hour as string, category_id: Number(id), admitted };
          })
          .sort((a, b) => a.hour.localeCompare(b.hour) || a.category_id - b.category_id),
        duplicates_refused: refused.already_used ?? 0,
        refused,
        conflicts: conflictsFor(listIds, lang).map(({ device_ids: _ids, ...c }) => c),
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
