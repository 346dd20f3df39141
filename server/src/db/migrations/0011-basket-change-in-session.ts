/**
 * PostgreSQL: a basket change that also finds its session, in the same call (server/src/basket/basket-service.ts,
 * `changeInOne`). A request whose cookie this instance has not yet found live would otherwise ask for the session
 * first, one round trip more on every add and removal. The function answers the session's state ('valid',
 * 'rotated': replaced by an order a moment ago, 'unknown': never issued or expired) and, when it is valid, the
 * promo code it carries (which every basket answer shows) and what migration 0010's `basket_change` decided. A
 * session that is not valid changes nothing. Migration 0010's function stays as it is, for instances of the
 * previous release during a rolling upgrade.
 */
import { type Migration, postgresOnly } from "./migration";

const FUNCTION = `
CREATE OR REPLACE FUNCTION basket_change_in_session(
  p_session TEXT, p_ticket BIGINT, p_add INTEGER, p_client TEXT, p_now BIGINT, p_hold_ms BIGINT,
  p_max_per_order INTEGER, p_held_per_client BIGINT, p_unpaid TEXT[], p_lock_first INTEGER, p_lock_second INTEGER,
  OUT session_state TEXT, OUT promo_code_id BIGINT,
  OUT outcome TEXT, OUT wanted INTEGER, OUT expires_at BIGINT, OUT updated_at BIGINT, OUT ticket_ids BIGINT[], OUT counts INTEGER[]
) LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_rotated BIGINT;
BEGIN
  -- the same question as server/src/basket/sessions-repository.ts's \`get\`
  SELECT s.rotated_at, p.code_id INTO v_rotated, promo_code_id
    FROM sessions s LEFT JOIN promo_sessions p ON p.session_id = s.id WHERE s.id = p_session AND s.expires_at > p_now;
  IF NOT FOUND THEN
    session_state := 'unknown';
    RETURN;
  END IF;
  IF v_rotated IS NOT NULL THEN
    session_state := 'rotated';
    promo_code_id := NULL;
    RETURN;
  END IF;
  session_state := 'valid';
  SELECT c.outcome, c.wanted, c.expires_at, c.updated_at, c.ticket_ids, c.counts
    INTO outcome, wanted, expires_at, updated_at, ticket_ids, counts
    FROM basket_change(p_session, p_ticket, p_add, p_client, p_now, p_hold_ms, p_max_per_order, p_held_per_client,
      p_unpaid, p_lock_first, p_lock_second) c;
END
$fn$;
`;

export const basketChangeInSession: Migration = postgresOnly("0011-basket-change-in-session", FUNCTION);
