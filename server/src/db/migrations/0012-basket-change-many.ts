/**
 * PostgreSQL: the basket changes one instance received at the same moment, in one call and one commit
 * (server/src/basket/basket-change-batch.ts). In a big on-sale every buyer holds the same few tickets: each
 * change's own call and commit cost more than its work, and each takes the hot ticket's lock once. Here the
 * changes run one after the other in one transaction, each as migration 0011 (or 0010, for a session the
 * request already knows) runs it alone:
 * - every basket's and address's lock of the batch is taken first, sorted, then every ticket's, sorted, before
 *   any row is written, so two batches (or a batch and a single change) never wait on each other in a circle;
 * - each change runs in a subtransaction of its own: one refused for want of seats is rolled back alone, and
 *   answered `not_enough_tickets`, while the others stand.
 * Rows come back numbered as the changes were given (`n`, from 1).
 */
import { NOT_ENOUGH } from "./0010-basket-change";
import { postgresOnly } from "./migration";

const FUNCTION = `
CREATE OR REPLACE FUNCTION basket_change_many(
  p_sessions TEXT[], p_tickets BIGINT[], p_adds INTEGER[], p_clients TEXT[], p_nows BIGINT[], p_hold_ms BIGINT,
  p_max_per_order INTEGER[], p_held_per_client BIGINT, p_unpaid TEXT[], p_lock_first INTEGER[], p_lock_second INTEGER[],
  p_check BOOLEAN[]
) RETURNS TABLE (
  n INTEGER, session_state TEXT, promo_code_id BIGINT,
  outcome TEXT, wanted INTEGER, expires_at BIGINT, updated_at BIGINT, ticket_ids BIGINT[], counts INTEGER[]
) LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_key INTEGER;
BEGIN
  FOR v_key IN SELECT DISTINCT k FROM unnest(p_lock_first || p_lock_second) AS k WHERE k IS NOT NULL ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(2, v_key);
  END LOOP;
  -- then every ticket's, sorted: a removal in the batch locks its ticket's row, which must not wait for a lock
  -- another batch holds while that one waits for the row
  FOR v_key IN SELECT DISTINCT t::integer FROM unnest(p_tickets) AS t ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1, v_key);
  END LOOP;
  FOR i IN 1 .. COALESCE(array_length(p_sessions, 1), 0) LOOP
    n := i;
    BEGIN
      IF p_check[i] THEN
        SELECT c.session_state, c.promo_code_id, c.outcome, c.wanted, c.expires_at, c.updated_at, c.ticket_ids, c.counts
          INTO session_state, promo_code_id, outcome, wanted, expires_at, updated_at, ticket_ids, counts
          FROM basket_change_in_session(p_sessions[i], p_tickets[i], p_adds[i], p_clients[i], p_nows[i], p_hold_ms,
            p_max_per_order[i], p_held_per_client, p_unpaid, p_lock_first[i], p_lock_second[i]) c;
      ELSE
        session_state := 'valid';
        promo_code_id := NULL;
        SELECT c.outcome, c.wanted, c.expires_at, c.updated_at, c.ticket_ids, c.counts
          INTO outcome, wanted, expires_at, updated_at, ticket_ids, counts
          FROM basket_change(p_sessions[i], p_tickets[i], p_adds[i], p_clients[i], p_nows[i], p_hold_ms,
            p_max_per_order[i], p_held_per_client, p_unpaid, p_lock_first[i], p_lock_second[i]) c;
      END IF;
    EXCEPTION WHEN raise_exception THEN
      IF SQLERRM <> '${NOT_ENOUGH}' THEN
        RAISE;
      END IF;
      session_state := NULL;
      promo_code_id := NULL;
      outcome := 'not_enough_tickets';
      wanted := NULL;
      expires_at := NULL;
      updated_at := NULL;
      ticket_ids := NULL;
      counts := NULL;
    END;
    RETURN NEXT;
  END LOOP;
END
$fn$;
`;

export const basketChangeMany = postgresOnly("0012-basket-change-many", FUNCTION);
