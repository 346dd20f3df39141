/**
 * Promo codes: the codes an organiser makes (what they take off, where they apply, how often, when),
 * the code a visitor's session has entered, and one row per order that used a code. A use counts
 * while its order is not expired or cancelled, so an unpaid order that runs out gives its use back
 * without anything else being written.
 */
import { OWN_ID, sameOnBothEngines } from "./migration";

const tables = (id: string) => `
CREATE TABLE IF NOT EXISTS promo_codes (
  id ${id},
  -- upper-case: codes are compared without regard to case
  code TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount', 'price')),
  -- percent: 0 to 100; amount: AED off the order; price: AED each applicable ticket costs
  value DOUBLE PRECISION NOT NULL,
  -- JSON arrays of catalogue event ids and ticket category ids; NULL: every one
  event_ids TEXT,
  ticket_ids TEXT,
  max_uses INTEGER,
  per_buyer INTEGER,
  valid_from BIGINT,
  valid_until BIGINT,
  disabled_at BIGINT,
  created_at BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS promo_sessions (
  session_id TEXT PRIMARY KEY,
  code_id BIGINT NOT NULL REFERENCES promo_codes(id),
  applied_at BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS promo_uses (
  order_id TEXT PRIMARY KEY REFERENCES orders(id),
  code_id BIGINT NOT NULL REFERENCES promo_codes(id),
  -- the buyer's e-mail, lower-case, for the limit per buyer
  buyer TEXT NOT NULL,
  -- in the order's currency
  discount DOUBLE PRECISION NOT NULL,
  -- the discount per catalogue event id, as JSON
  detail_json TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS promo_uses_code ON promo_uses(code_id, buyer);
`;

export const promoCodes = sameOnBothEngines("0006-promo-codes", tables, {
  ...OWN_ID,
  sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT",
});
