/**
 * The seats promo codes reserve (server/src/db/migrations/0009-promo-reserve.ts), as SQL that the
 * holds of the basket and the waiting list's offers put in their guarded UPDATE of `tickets`: a hold
 * succeeds only when enough is left after what every other code reserves in that category.
 */

/** A reserve counts until its code's validity ends. One parameter: now. */
export const RESERVE_IN_FORCE = "(valid_until IS NULL OR valid_until > ?)";

/**
 * What codes reserve in the category whose id is the column `ticketId` (of the `tickets` row being read
 * or updated), other than the code the session has entered (its holders may take that one's seats).
 * Parameters: now, then the session id ("" for nobody's). PostgreSQL's basket_change() (migration 0010)
 * writes the same guard out: a change here is a new migration there.
 */
export const reservedForOthers = (ticketId: string): string =>
  `(SELECT COALESCE(SUM(CASE WHEN v.seats_left > 0 THEN v.seats_left ELSE 0 END), 0)
  FROM promo_reserved v WHERE v.ticket_id = ${ticketId} AND (v.valid_until IS NULL OR v.valid_until > ?)
  AND v.code_id NOT IN (SELECT s.code_id FROM promo_sessions s WHERE s.session_id = ?))`;

/** The same, in a statement on `tickets` without an alias. */
export const RESERVED_FOR_OTHERS = reservedForOthers("tickets.id");
