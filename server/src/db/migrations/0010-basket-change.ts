/**
 * PostgreSQL: a basket's hold or removal of one ticket as one server-side function, called in one
 * round trip without BEGIN and COMMIT (server/src/basket/basket-service.ts, `changeInOne`). The
 * function does what the TypeScript path does inside its transaction: the basket's (and the
 * address's) lock, the basket read once, the ticket's limit per order, the address's cap, the
 * guarded hold (enough left, or nothing changes), the item and the basket's row. Each of its
 * statements reads a fresh snapshot (READ COMMITTED), so what it reads after a lock is what the
 * lock's last holder wrote. SQLite keeps the TypeScript path: its calls are in the process already.
 */
import { type Migration, postgresOnly } from "./migration";

/** The message of the error basket_change() raises when not enough tickets are left (SQLSTATE P0001). */
export const NOT_ENOUGH = "basket_change: not_enough_tickets";

// Outcomes: 'ok', 'unchanged' (nothing to do), 'expired' (the basket's own hold ran out: released
// first, then tried again), 'over_max_per_order', 'over_limit'. A hold refused for want of seats raises
// NOT_ENOUGH (below), so that what the call wrote before it is rolled back with it.
const FUNCTION = `
CREATE OR REPLACE FUNCTION basket_change(
  p_session TEXT, p_ticket BIGINT, p_add INTEGER, p_client TEXT, p_now BIGINT, p_hold_ms BIGINT,
  p_max_per_order INTEGER, p_held_per_client BIGINT, p_unpaid TEXT[], p_lock_first INTEGER, p_lock_second INTEGER,
  OUT outcome TEXT, OUT wanted INTEGER, OUT expires_at BIGINT, OUT updated_at BIGINT, OUT ticket_ids BIGINT[], OUT counts INTEGER[]
) LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_expires BIGINT;
  v_updated BIGINT;
  v_current INTEGER;
  v_in_basket BIGINT;
  v_items INTEGER;
  v_delta INTEGER;
  v_others BIGINT;
  v_left INTEGER;
BEGIN
  -- one change of this basket (and of the address's holds) at a time, the keys sorted by the caller
  PERFORM pg_advisory_xact_lock(2, p_lock_first);
  IF p_lock_second IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(2, p_lock_second);
  END IF;
  SELECT b.expires_at, b.updated_at INTO v_expires, v_updated FROM baskets b WHERE b.session_id = p_session;
  SELECT COALESCE(SUM(i.count) FILTER (WHERE i.ticket_id = p_ticket), 0), COALESCE(SUM(i.count), 0), COUNT(*)
    INTO v_current, v_in_basket, v_items FROM basket_items i WHERE i.session_id = p_session;
  wanted := CASE WHEN p_add > 0 THEN v_current + p_add ELSE 0 END;
  IF v_items > 0 AND v_expires IS NOT NULL AND v_expires <= p_now THEN
    outcome := 'expired';
  ELSIF wanted > p_max_per_order THEN
    outcome := 'over_max_per_order';
  ELSIF wanted = v_current THEN
    outcome := 'unchanged';
  END IF;
  v_delta := wanted - v_current;
  IF outcome IS NULL AND v_delta > 0 AND p_client IS NOT NULL THEN
    SELECT (SELECT COALESCE(SUM(i.count), 0) FROM baskets b JOIN basket_items i ON i.session_id = b.session_id
        WHERE b.client_ip = p_client AND b.expires_at IS NOT NULL AND b.client_ip IS NOT NULL AND b.session_id <> p_session)
      + (SELECT COALESCE(SUM(o.total_count), 0) FROM orders o WHERE o.client_ip = p_client AND o.status = ANY (p_unpaid))
      INTO v_others;
    IF v_others + v_in_basket + v_delta > p_held_per_client THEN
      outcome := 'over_limit';
    END IF;
  END IF;
  IF outcome IS NULL THEN
    outcome := 'ok';
    v_left := v_items + (CASE WHEN v_current = 0 THEN 1 ELSE 0 END) - (CASE WHEN wanted = 0 THEN 1 ELSE 0 END);
    -- the hold runs from the first ticket put in: later changes do not extend it
    v_expires := CASE WHEN v_left = 0 THEN NULL WHEN v_items > 0 AND v_expires IS NOT NULL THEN v_expires ELSE p_now + p_hold_ms END;
    INSERT INTO baskets (session_id, expires_at, updated_at, client_ip) VALUES (p_session, v_expires, p_now, p_client)
      ON CONFLICT (session_id) DO UPDATE SET expires_at = excluded.expires_at, updated_at = excluded.updated_at,
        client_ip = COALESCE(excluded.client_ip, baskets.client_ip);
    IF wanted = 0 THEN
      DELETE FROM basket_items i WHERE i.session_id = p_session AND i.ticket_id = p_ticket;
    ELSE
      INSERT INTO basket_items (session_id, ticket_id, count, added_seq)
        VALUES (p_session, p_ticket, wanted,
          (SELECT COALESCE(MAX(i.added_seq), 0) + 1 FROM basket_items i WHERE i.session_id = p_session))
        ON CONFLICT (session_id, ticket_id) DO UPDATE SET count = excluded.count;
    END IF;
  END IF;
  -- the basket as the answer shows it, in the order its items were first added
  expires_at := v_expires;
  updated_at := CASE WHEN outcome = 'ok' THEN p_now ELSE v_updated END;
  SELECT array_agg(i.ticket_id ORDER BY i.added_seq, i.ticket_id), array_agg(i.count ORDER BY i.added_seq, i.ticket_id)
    INTO ticket_ids, counts FROM basket_items i WHERE i.session_id = p_session;
  -- last, so the ticket's row (every buyer's) is locked only from here to the commit that ends this call
  IF outcome = 'ok' AND v_delta > 0 THEN
    -- the guarded hold: enough left, or no row changes; the same guard as baskets-repository.ts's SQL.hold (a
    -- condition added there is added here). Refused, the call fails, and everything it wrote is rolled back.
    -- less the seats promo codes other than the session's reserve (server/src/promo/promo-reserve-sql.ts), read
    -- from other rows (a code's orders): under the category's lock (server/src/db/sql.ts LOCKS.ticket), as orders take it
    PERFORM pg_advisory_xact_lock(1, p_ticket::integer);
    UPDATE tickets SET held = held + v_delta
      WHERE id = p_ticket AND total - sold - held - (SELECT COALESCE(SUM(CASE WHEN v.seats_left > 0 THEN v.seats_left ELSE 0 END), 0)
        FROM promo_reserved v WHERE v.ticket_id = tickets.id AND (v.valid_until IS NULL OR v.valid_until > p_now)
        AND v.code_id NOT IN (SELECT s.code_id FROM promo_sessions s WHERE s.session_id = p_session)) >= v_delta;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'basket_change: not_enough_tickets';
    END IF;
  ELSIF outcome = 'ok' THEN
    UPDATE tickets SET held = held + v_delta WHERE id = p_ticket;
  END IF;
END
$fn$;
`;

export const basketChange: Migration = postgresOnly("0010-basket-change", FUNCTION);
