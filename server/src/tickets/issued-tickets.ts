/**
 * The tickets issued to people (issued_tickets): one row per ticket, its printed code unique. A
 * cancelled ticket keeps its row with revoked_at set, so its old code and QR are refused.
 */
import type { Db } from "../db/database";

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

/** What a new ticket is issued with; its id is the database's. */
export type NewIssuedTicket = Omit<IssuedTicket, "id" | "revokedAt">;

const SQL = {
  // a code taken already (by any instance) is not inserted: the caller draws another
  insert: `INSERT INTO issued_tickets (code, order_id, order_number, holder, event_id, session_id, ticket_id, valid_from, valid_to, issued_at)
    VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (code) DO NOTHING RETURNING id`,
  byId: "SELECT * FROM issued_tickets WHERE id = ?",
  byCode: "SELECT * FROM issued_tickets WHERE code = ?",
  ofEvent: "SELECT * FROM issued_tickets WHERE event_id = ? ORDER BY id",
  revoke: "UPDATE issued_tickets SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
} as const;

export function issuedTicketsRepository(db: Db) {
  return {
    /** Records a ticket; undefined when its code is taken already. */
    async insert(t: NewIssuedTicket, now: number): Promise<number | undefined> {
      const row = await db.one<{ id: number }>(SQL.insert, [
        t.code,
        t.orderId,
        t.orderNumber,
        t.holder,
        t.eventId,
        t.sessionId,
        t.ticketId,
        t.validFrom,
        t.validTo,
        now,
      ]);
      return row?.id;
    },
    async byId(id: number): Promise<IssuedTicket | undefined> {
      const r = await db.one<IssuedDb>(SQL.byId, [id]);
      return r && toIssued(r);
    },
    /** The ticket with this code exactly (normalised by the caller). */
    async byCode(code: string): Promise<IssuedTicket | undefined> {
      const r = await db.one<IssuedDb>(SQL.byCode, [code]);
      return r && toIssued(r);
    },
    async ofEvent(eventId: number): Promise<IssuedTicket[]> {
      return (await db.all<IssuedDb>(SQL.ofEvent, [eventId])).map(toIssued);
    },
    /** true when it was revoked now (not before) */
    async revoke(id: number, now: number): Promise<boolean> {
      return (await db.run(SQL.revoke, [now, id])).changes === 1;
    },
  };
}
export type IssuedTicketsRepository = ReturnType<typeof issuedTicketsRepository>;
