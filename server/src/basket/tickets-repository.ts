import { isStoredSessionOver } from "../../../src/core/sessions";
import type { Db } from "../db/database";
import { inList } from "../db/sql";
import { type I18nText, parseI18n } from "../lib/i18n";
import { reservedForOthers } from "../promo/promo-reserve-sql";

export interface SessionRow {
  id: number;
  startedAt: number;
  finishedAt: number | null;
}
export interface TicketRow {
  id: number;
  sessionId: number;
  eventId: number;
  title: I18nText;
  priceAed: number;
  feeAed: number;
  /** total - sold - held: what can still be held or bought */
  available: number;
  maxPerOrder: number;
  startedAt: number;
  finishedAt: number | null;
}

type TicketDb = {
  id: number;
  session_id: number;
  event_id: number;
  title: string;
  price_aed: number;
  service_fee_aed: number;
  available: number;
  max_per_order: number;
  started_at: number;
  finished_at: number | null;
};

const ticketColumns = (available: string) => `t.id, t.session_id, t.event_id, t.title, t.price_aed, t.service_fee_aed,
  ${available} AS available, t.max_per_order, s.started_at, s.finished_at`;
const TICKET_COLUMNS = ticketColumns("t.total - t.sold - t.held");
// what the public can buy: promo codes' reserved seats are for their holders (server/src/promo/promo-reserve-sql.ts)
const PUBLIC_TICKET_COLUMNS = ticketColumns(`t.total - t.sold - t.held - ${reservedForOthers("t.id")}`);

const toTicket = (r: TicketDb): TicketRow => ({
  id: r.id,
  sessionId: r.session_id,
  eventId: r.event_id,
  title: parseI18n(r.title) as I18nText,
  priceAed: r.price_aed,
  feeAed: r.service_fee_aed,
  available: r.available,
  maxPerOrder: r.max_per_order,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

/** A session can be bought until it is over. */
export const sessionOpen = (t: { startedAt: number; finishedAt: number | null }, now: number): boolean =>
  !isStoredSessionOver(t, now);

/** What never changes while the server runs: everything but `available`. */
export type TicketInfo = Omit<TicketRow, "available">;

const SQL = {
  byId: `SELECT ${TICKET_COLUMNS} FROM tickets t JOIN event_sessions s ON s.id = t.session_id WHERE t.id = ?`,
  byEvent: `SELECT ${PUBLIC_TICKET_COLUMNS}
    FROM tickets t JOIN event_sessions s ON s.id = t.session_id WHERE t.event_id = ? ORDER BY s.started_at, s.id, t.position, t.id`,
  sessionsOf: "SELECT id, started_at, finished_at FROM event_sessions WHERE event_id = ? ORDER BY started_at, id",
  ranges: (events: string) =>
    `SELECT t.event_id, MIN(t.price_aed) AS mn, MAX(t.price_aed) AS mx FROM tickets t JOIN event_sessions s ON s.id = t.session_id
     WHERE t.event_id IN ${events} AND t.total - t.sold - t.held > 0 AND COALESCE(s.finished_at, s.started_at) > ?
     GROUP BY t.event_id`,
};

/**
 * Live ticket offers: availability changes with every hold and sale, so it is always read
 * from the database. The rest of a ticket is kept in memory until `generation()` changes (the
 * catalogue was reloaded).
 */
export function ticketsRepository(db: Db, generation: () => number = () => 0) {
  const infos = new Map<number, TicketInfo>();
  let infosGeneration = generation();
  return {
    async info(id: number): Promise<TicketInfo | undefined> {
      const g = generation();
      if (g !== infosGeneration) {
        infos.clear();
        infosGeneration = g;
      }
      let info = infos.get(id);
      if (!info) {
        const r = await db.one<TicketDb>(SQL.byId, [id]);
        if (!r) return undefined;
        const { available: _available, ...rest } = toTicket(r);
        void _available;
        info = rest;
        infos.set(id, info);
      }
      return info;
    },
    async get(id: number): Promise<TicketRow | undefined> {
      const r = await db.one<TicketDb>(SQL.byId, [id]);
      return r && toTicket(r);
    },
    /** An event's offers, `available` as the public sees it at `now` (without promo codes' reserves). */
    async ofEvent(eventId: number, now: number): Promise<TicketRow[]> {
      return (await db.all<TicketDb>(SQL.byEvent, [now, "", eventId])).map(toTicket);
    },
    async sessionsOf(eventId: number): Promise<SessionRow[]> {
      const rows = await db.all<{ id: number; started_at: number; finished_at: number | null }>(SQL.sessionsOf, [
        eventId,
      ]);
      return rows.map((r) => ({ id: r.id, startedAt: r.started_at, finishedAt: r.finished_at }));
    },
    /** AED price range over the offers still on sale, per event id. */
    async priceRanges(eventIds: number[], now: number): Promise<Map<number, { min: number; max: number }>> {
      const out = new Map<number, { min: number; max: number }>();
      const events = inList(eventIds);
      const rows = await db.all<{ event_id: number; mn: number; mx: number }>(SQL.ranges(events.text), [
        ...events.params,
        now,
      ]);
      for (const r of rows) out.set(r.event_id, { min: r.mn, max: r.mx });
      return out;
    },
  };
}
export type TicketsRepository = ReturnType<typeof ticketsRepository>;
