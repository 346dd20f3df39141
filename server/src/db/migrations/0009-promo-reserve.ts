/**
 * Promo codes that reserve seats (pretix's "block quota"): a code may set aside `reserve` seats in
 * each of its ticket categories, which only the code's holders can hold. What is left of a reserve is
 * not stored but read (the view promo_reserved), from the same rows that count a code's uses: the
 * tickets of the code's orders that are not expired or cancelled take from it, so an unpaid order
 * that runs out gives its seats back to the reserve without anything else being written; a code
 * that is disabled or used up reserves nothing.
 */
import type { Migration } from "./migration";

const ACTIVE_ORDER = "o.id = u.order_id AND o.status NOT IN ('expired', 'cancelled')";

// a step runs again on a database whose ledger was lost: the column is added only where it is missing
const TABLES = `
CREATE TABLE IF NOT EXISTS promo_reserves (
  ticket_id BIGINT NOT NULL,
  code_id BIGINT NOT NULL REFERENCES promo_codes(id),
  PRIMARY KEY (ticket_id, code_id)
);
`;

// per code and category: the seats set aside less the tickets of that category in the code's orders
// (below zero when its holders bought more than it reserved); valid_until is left to the reader's clock
const VIEW = `
promo_reserved AS
SELECT r.code_id, r.ticket_id, c.valid_until,
  c.reserve - (SELECT COALESCE(SUM(i.count), 0) FROM promo_uses u JOIN orders o ON ${ACTIVE_ORDER}
    JOIN order_items i ON i.order_id = u.order_id AND i.ticket_id = r.ticket_id
    WHERE u.code_id = r.code_id) AS seats_left
FROM promo_reserves r JOIN promo_codes c ON c.id = r.code_id
WHERE c.disabled_at IS NULL AND c.reserve IS NOT NULL
  AND (c.max_uses IS NULL OR c.max_uses > (SELECT COUNT(*) FROM promo_uses u JOIN orders o ON ${ACTIVE_ORDER}
    WHERE u.code_id = c.id));
`;

export const promoReserve: Migration = {
  name: "0009-promo-reserve",
  async sqlite(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('promo_codes')").all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === "reserve")) db.exec("ALTER TABLE promo_codes ADD COLUMN reserve INTEGER");
    db.exec(`${TABLES}\nCREATE VIEW IF NOT EXISTS ${VIEW}`);
  },
  async postgres(tx) {
    await tx.run("ALTER TABLE promo_codes ADD COLUMN IF NOT EXISTS reserve INTEGER");
    await tx.run(`${TABLES}\nCREATE OR REPLACE VIEW ${VIEW}`);
  },
};
