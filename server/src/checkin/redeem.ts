/**
 * Scans at the door: redeeming (the first admission of a ticket wins, whatever gate and
 * whatever server instance the scan reaches), undo, and uploads of scans made offline (each
 * (device, nonce) applied once, conflicts recorded). The door's rules are in redeem-rules.ts.
 */
import { normaliseCode } from "../../../src/core/ticket-code";
import { looksSigned } from "../../../src/core/ticket-payload";
import type { TicketsRepository } from "../basket/tickets-repository";
import type { Db } from "../db/database";
import { conflict, notFound } from "../lib/errors";
import type { Lang } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import type { IssuedTicket, IssuedTicketsRepository } from "../tickets/issued-tickets";
import type { ScanStatus as ContractStatus, ScanResult, SyncAnswer, UndoAnswer } from "./contract";
import type { CheckinDevices, Device } from "./devices";
import { type CheckinList, type CheckinLists, categoryTitle } from "./lists";
import { canUndo, type Direction, decide, type PastScan, type ScanStatus, UNDO_WINDOW_MS } from "./redeem-rules";
import type { CheckinReports } from "./reports";
import type { SigningKeys } from "./signing";

export interface ScanInput {
  code: string;
  nonce: string;
  scannedAt: number;
  direction: Direction;
}

/** One scan uploaded after the fact: what the device decided on its own. */
export interface OfflineScanInput extends ScanInput {
  localStatus: ScanStatus;
}

type ScanDb = {
  id: number;
  list_id: number;
  device_id: number;
  nonce: string;
  issued_ticket_id: number | null;
  direction: Direction;
  /** only ever one the contract names: the door's answers, and conflict */
  status: ContractStatus;
  scanned_at: number;
  received_at: number;
  offline: number;
  undone_at: number | null;
  conflict_with: number | null;
};

const SQL = {
  byNonce: "SELECT * FROM checkin_scans WHERE device_id = ? AND nonce = ?",
  byId: "SELECT * FROM checkin_scans WHERE id = ?",
  past: `SELECT s.id, s.status, s.scanned_at, d.name AS device FROM checkin_scans s JOIN checkin_devices d ON d.id = s.device_id
    WHERE s.issued_ticket_id = ? AND s.undone_at IS NULL AND s.status IN ('admitted', 'exited') ORDER BY s.id`,
  // (device, nonce) is unique: the same scan recorded through two instances at once is kept once
  insert: `INSERT INTO checkin_scans (list_id, device_id, nonce, issued_ticket_id, direction, status, scanned_at, received_at, offline, conflict_with)
    VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (device_id, nonce) DO NOTHING RETURNING id`,
  undo: "UPDATE checkin_scans SET undone_at = ? WHERE id = ? AND undone_at IS NULL",
} as const;

export interface RedeemDeps {
  lists: CheckinLists;
  devices: CheckinDevices;
  issued: IssuedTicketsRepository;
  tickets: TicketsRepository;
  keys: SigningKeys;
  reports: CheckinReports;
}

export function checkinRedeem(db: Db, deps: RedeemDeps) {
  const { lists, devices, issued, tickets, keys, reports } = deps;

  /** The ticket a scanned text names: a signed payload (checked here) or a printed code. */
  async function resolve(text: string): Promise<{ ticket?: IssuedTicket; forged: boolean }> {
    if (looksSigned(text)) {
      const facts = await keys.verify(text);
      if (!facts) return { forged: true };
      const ticket = await issued.byId(facts.ticketId);
      // a signature over facts that do not match the ticket is not one we made
      if (ticket && (ticket.eventId !== facts.eventId || ticket.ticketId !== facts.categoryId)) return { forged: true };
      return { ticket, forged: false };
    }
    return { ticket: await issued.byCode(normaliseCode(text)), forged: false };
  }

  /** The answer for a recorded scan, as the contract's ScanResult. */
  async function answer(scan: ScanDb, list: CheckinList, lang: Lang, now: number): Promise<ScanResult> {
    const ticket = scan.issued_ticket_id === null ? undefined : await issued.byId(scan.issued_ticket_id);
    let used: { at: string; device: string; list: string } | null = null;
    if (scan.status === "already_used" || scan.status === "conflict") {
      const earlier = scan.conflict_with === null ? undefined : await db.one<ScanDb>(SQL.byId, [scan.conflict_with]);
      if (earlier) {
        const device = await devices.get(earlier.device_id);
        used = {
          at: toUaeIso(earlier.scanned_at),
          device: device?.name ?? "",
          list: (await lists.get(earlier.list_id)).name,
        };
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
            category: await categoryTitle(tickets, ticket.ticketId, lang),
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
          ? toUaeIso(scan.received_at + UNDO_WINDOW_MS)
          : null,
      counts: await lists.counts(list),
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
    localStatus?: ScanStatus,
  ): Promise<{ scan: ScanDb; fresh: boolean }> {
    return db.withTransaction(async () => {
      const seen = await db.one<ScanDb>(SQL.byNonce, [device.id, input.nonce]);
      if (seen) return { scan: seen, fresh: false };
      const list = await lists.get(device.listId);
      const { ticket, forged } = await resolve(input.code);
      // scans of one ticket take turns, on every instance: the next one reads the admission the first made
      if (ticket) await db.lock("issuedTicket", [ticket.id]);
      const past = ticket
        ? await db.all<{ id: number; status: "admitted" | "exited"; scanned_at: number; device: string }>(SQL.past, [
            ticket.id,
          ])
        : [];
      const history: PastScan[] = past.map((p) => ({ status: p.status, at: p.scanned_at, device: p.device }));
      let status: ContractStatus = forged
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
      const inserted = await db.one<{ id: number }>(SQL.insert, [
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
        return { scan: (await db.one<ScanDb>(SQL.byNonce, [device.id, input.nonce])) as ScanDb, fresh: false };
      return { scan: (await db.one<ScanDb>(SQL.byId, [inserted.id])) as ScanDb, fresh: true };
    });
  }

  return {
    async redeem(device: Device, input: ScanInput, lang: Lang, now: number): Promise<ScanResult> {
      const { scan } = await record(device, input, now);
      return answer(scan, await lists.get(device.listId), lang, now);
    },

    /** Takes back the device's own admission within the undo window. */
    undo(device: Device, scanId: number, now: number): Promise<UndoAnswer> {
      return db.withTransaction(async () => {
        const scan = await db.one<ScanDb>(SQL.byId, [scanId]);
        if (!scan || scan.device_id !== device.id) throw notFound("no such scan of this device", "not_found");
        const notUndoable = () => conflict("only an admission that stands can be undone", "not_undoable");
        if (scan.status !== "admitted" || scan.undone_at !== null) throw notUndoable();
        if (!canUndo(scan.received_at, now))
          throw conflict("an admission can only be undone within a minute", "undo_too_late");
        if ((await db.run(SQL.undo, [now, scan.id])).changes !== 1) throw notUndoable();
        return { undone: true, counts: await lists.counts(await lists.get(device.listId)) };
      });
    },

    /** Applies scans made without a network; a nonce seen before is not applied again. */
    async sync(device: Device, scans: OfflineScanInput[], lang: Lang, now: number): Promise<SyncAnswer> {
      const list = await lists.get(device.listId);
      const results = [];
      for (const input of scans) {
        const { scan, fresh } = await record(device, input, now, input.localStatus);
        results.push({ ...(await answer(scan, list, lang, now)), applied: fresh });
      }
      return {
        results,
        conflicts: (await reports.conflicts([list.id], lang)).filter((c) => c.device_ids.includes(device.id)),
        counts: await lists.counts(list),
      };
    },
  };
}
export type CheckinRedeem = ReturnType<typeof checkinRedeem>;
