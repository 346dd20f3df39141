import { isStoredSessionOver } from "../../../src/core/sessions";
import type { Db } from "../db/database";
import { type I18nText, parseI18n } from "../lib/i18n";

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

const TICKET_COLUMNS = `t.id, t.session_id, t.event_id, t.title, t.price_aed, t.service_fee_aed,
  t.total - t.sold - t.held AS available, t.max_per_order, s.started_at, s.finished_at`;

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

/**
 * Live ticket offers: availability changes with every hold and sale, so it is always read
 * from SQLite. The rest of a ticket is kept in memory until `generation()` changes (the
 * catalogue was reloaded).
 */
export function ticketsRepository(db: Db, generation: () => number = () => 0) {
  const infos = new Map<number, TicketInfo>();
  let infosGeneration = generation();
  const byId = db.prepare(
    `SELECT ${TICKET_COLUMNS} FROM tickets t JOIN event_sessions s ON s.id = t.session_id WHERE t.id = ?`,
  );
  const byEvent = db.prepare(
    `SELECT ${TICKET_COLUMNS} FROM tickets t JOIN event_sessions s ON s.id = t.session_id WHERE t.event_id = ? ORDER BY s.started_at, s.id, t.position, t.id`,
  );
  const sessionsOf = db.prepare(
    "SELECT id, started_at, finished_at FROM event_sessions WHERE event_id = ? ORDER BY started_at, id",
  );
  const ranges = db.prepare(
    `SELECT t.event_id, MIN(t.price_aed) AS mn, MAX(t.price_aed) AS mx FROM tickets t JOIN event_sessions s ON s.id = t.session_id
     WHERE t.event_id IN (SELECT value FROM json_each(?)) AND t.total - t.sold - t.held > 0 AND COALESCE(s.finished_at, s.started_at) > ?
     GROUP BY t.event_id`,
  );
  return {
    info(id: number): TicketInfo | undefined {
      const g = generation();
      if (g !== infosGeneration) {
        infos.clear();
        infosGeneration = g;
      }
      let info = infos.get(id);
      if (!info) {
        const r = byId.get(id) as TicketDb | undefined;
        if (!r) return undefined;
        const { available: _available, ...rest } = toTicket(r);
        void _available;
        info = rest;
        infos.set(id, info);
      }
      return info;
    },
    get(id: number): TicketRow | undefined {
      const r = byId.get(id) as TicketDb | undefined;
      return r && toTicket(r);
    },
    ofEvent(eventId: number): TicketRow[] {
      return (byEvent.all(eventId) as TicketDb[]).map(toTicket);
    },
    sessionsOf(eventId: number): SessionRow[] {
      return (sessionsOf.all(eventId) as Array<{ id: number; started_at: number; finished_at: number | null }>).map(
        (r) => ({
          id: r.id,
          startedAt: r.started_at,
          finishedAt: r.finished_at,
        }),
      );
    },
    /** AED price range over the offers still on sale, per event id. */
    priceRanges(eventIds: number[], now: number): Map<number, { min: number; max: number }> {
      const out = new Map<number, { min: number; max: number }>();
      for (const r of ranges.all(JSON.stringify(eventIds), now) as Array<{ event_id: number; mn: number; mx: number }>)
        out.set(r.event_id, { min: r.mn, max: r.mx });
      return out;
    },
  };
}
export type TicketsRepository = ReturnType<typeof ticketsRepository>;
