import type BetterSqlite3 from "better-sqlite3";
import { ASSUMED_LENGTH_MS, GOOD_AFTER_MS, OPENS_BEFORE_MS } from "../../checkin/redeem-rules";

/**
 * Tickets sold before check-in existed live only in their order's tickets_json. This records
 * each of them in issued_tickets (same code, its session's window) so the door finds it by its
 * printed code; a code already recorded is left alone, so running it again changes nothing.
 * Orders keep their data as it was. SQLite only: no PostgreSQL database predates check-in. Returns how many tickets were recorded.
 */
export function backfillIssuedTickets(db: BetterSqlite3.Database): number {
  const pending = db
    .prepare(
      `SELECT COUNT(*) AS n FROM orders o, json_each(o.tickets_json) j
       WHERE o.tickets_json IS NOT NULL AND NOT EXISTS (SELECT 1 FROM issued_tickets i WHERE i.code = json_extract(j.value, '$.code'))`,
    )
    .get() as { n: number };
  if (pending.n === 0) return 0;
  return db
    .prepare(
      `INSERT OR IGNORE INTO issued_tickets (code, order_id, order_number, holder, event_id, session_id, ticket_id, valid_from, valid_to, issued_at)
       SELECT json_extract(j.value, '$.code'), o.id, o.number, o.name, json_extract(j.value, '$.event_id'),
              COALESCE(t.session_id, 0), json_extract(j.value, '$.ticket_id'),
              COALESCE(s.started_at - @before, 0),
              COALESCE(COALESCE(s.finished_at, s.started_at + @length) + @after, 0),
              COALESCE(o.paid_at, o.created_at)
       FROM orders o, json_each(o.tickets_json) j
       LEFT JOIN tickets t ON t.id = json_extract(j.value, '$.ticket_id')
       LEFT JOIN event_sessions s ON s.id = t.session_id
       WHERE o.tickets_json IS NOT NULL
       ORDER BY o.created_at, j.key`,
    )
    .run({ before: OPENS_BEFORE_MS, length: ASSUMED_LENGTH_MS, after: GOOD_AFTER_MS }).changes;
}
