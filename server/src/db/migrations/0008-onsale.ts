/**
 * The waiting room of big on-sales (server/src/onsale): an on-sale per event (its opening, its
 * admission rate or cap of active shoppers, and the counters that admit people in turn) and one
 * place in its queue per visitor session.
 */
import { sameOnBothEngines } from "./migration";

const onsales = (id: string) => `
CREATE TABLE IF NOT EXISTS onsales (
  event_id BIGINT PRIMARY KEY,
  opens_at BIGINT NOT NULL,
  rate_per_minute INTEGER,
  active_cap INTEGER,
  admission_minutes INTEGER NOT NULL,
  shuffled_at BIGINT,
  next_position BIGINT NOT NULL DEFAULT 1,
  admitted_through BIGINT NOT NULL DEFAULT 0,
  credit_at BIGINT,
  closed_at BIGINT,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS onsale_entries (
  id ${id},
  event_id BIGINT NOT NULL,
  session_id TEXT NOT NULL,
  joined_at BIGINT NOT NULL,
  position BIGINT,
  admitted_at BIGINT,
  expires_at BIGINT,
  used_at BIGINT,
  passed_on INTEGER NOT NULL DEFAULT 0,
  UNIQUE (event_id, session_id)
);
CREATE INDEX IF NOT EXISTS onsale_entries_position ON onsale_entries (event_id, position);
CREATE INDEX IF NOT EXISTS onsale_entries_expiry ON onsale_entries (event_id, expires_at);
`;

export const onsale = sameOnBothEngines("0008-onsale", onsales);
