/**
 * The schema of the last release that had no migrations (schema version 2, with the wallets' tables),
 * written once per engine. On SQLite it is idempotent: a database made by that release (or an older
 * one, whose first orders are kept aside as orders_v1) is brought to it in place, and tickets sold
 * before check-in existed are recorded for the door.
 */
import type BetterSqlite3 from "better-sqlite3";
import { backfillIssuedTickets } from "./backfill-issued-tickets";
import type { Migration } from "./migration";

const SQLITE = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS currencies (
  code TEXT PRIMARY KEY,
  symbol TEXT NOT NULL,
  title TEXT NOT NULL,
  decimals INTEGER NOT NULL DEFAULT 2,
  rate_from_aed REAL NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS images (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  alt TEXT
);

CREATE TABLE IF NOT EXISTS locations (id INTEGER PRIMARY KEY, title TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS places (
  id INTEGER PRIMARY KEY,
  location_id INTEGER NOT NULL REFERENCES locations(id),
  title TEXT NOT NULL,
  address TEXT,
  description TEXT,
  latitude REAL,
  longitude REAL,
  image_id INTEGER REFERENCES images(id),
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS halls (
  id INTEGER PRIMARY KEY,
  place_id INTEGER NOT NULL REFERENCES places(id),
  title TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS category_types (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY,
  type_id INTEGER NOT NULL REFERENCES category_types(id),
  title TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS labels (id INTEGER PRIMARY KEY, title TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS persons (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  image_id INTEGER REFERENCES images(id),
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  event_source_id INTEGER NOT NULL UNIQUE,
  title TEXT NOT NULL,
  short_description TEXT,
  description TEXT,
  place_id INTEGER NOT NULL REFERENCES places(id),
  hall_id INTEGER REFERENCES halls(id),
  image_id INTEGER REFERENCES images(id),
  age_limit INTEGER,
  status TEXT NOT NULL CHECK (status IN ('on_sale','sold_out','cancelled','postponed')),
  popularity INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS event_categories (
  event_id INTEGER NOT NULL REFERENCES events(id),
  category_id INTEGER NOT NULL REFERENCES categories(id),
  PRIMARY KEY (event_id, category_id)
);
CREATE TABLE IF NOT EXISTS event_persons (
  event_id INTEGER NOT NULL REFERENCES events(id),
  person_id INTEGER NOT NULL REFERENCES persons(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, person_id)
);
CREATE INDEX IF NOT EXISTS event_persons_person ON event_persons(person_id);
CREATE TABLE IF NOT EXISTS event_labels (
  event_id INTEGER NOT NULL REFERENCES events(id),
  label_id INTEGER NOT NULL REFERENCES labels(id),
  PRIMARY KEY (event_id, label_id)
);

-- one row per date (session) of an event
CREATE TABLE IF NOT EXISTS event_sessions (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS event_sessions_event ON event_sessions(event_id, started_at);

-- a ticket offer (category/zone) of one session; available = total - sold - held
CREATE TABLE IF NOT EXISTS tickets (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES event_sessions(id),
  event_id INTEGER NOT NULL REFERENCES events(id),
  title TEXT NOT NULL,
  price_aed REAL NOT NULL,
  service_fee_aed REAL NOT NULL,
  total INTEGER NOT NULL,
  sold INTEGER NOT NULL DEFAULT 0,
  held INTEGER NOT NULL DEFAULT 0,
  max_per_order INTEGER NOT NULL DEFAULT 10,
  position INTEGER NOT NULL DEFAULT 0,
  CHECK (sold >= 0 AND held >= 0 AND sold + held <= total)
);
CREATE INDEX IF NOT EXISTS tickets_event ON tickets(event_id);
CREATE INDEX IF NOT EXISTS tickets_session ON tickets(session_id);

CREATE TABLE IF NOT EXISTS news (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  lead TEXT,
  body TEXT,
  published_at INTEGER NOT NULL,
  image_id INTEGER REFERENCES images(id),
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS news_events (
  news_id INTEGER NOT NULL REFERENCES news(id),
  event_id INTEGER NOT NULL REFERENCES events(id),
  PRIMARY KEY (news_id, event_id)
);

CREATE TABLE IF NOT EXISTS acquisitions (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  currencies TEXT NOT NULL,
  fee_percent REAL,
  description TEXT,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS landings (
  id INTEGER PRIMARY KEY,
  site_url TEXT,
  languages TEXT NOT NULL,
  main_lang TEXT NOT NULL,
  currencies TEXT NOT NULL,
  language_currency TEXT NOT NULL,
  ui_config_show_currencies INTEGER NOT NULL
);

-- sessions the server issued; a cookie naming any other id is ignored
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- set when an order replaced this id by a new one: then it is dead, and expires_at is the end of its grace
  rotated_at INTEGER
) WITHOUT ROWID;
-- idle empty sessions are found by age
CREATE INDEX IF NOT EXISTS sessions_created ON sessions(created_at);

-- the visitor's basket, keyed by the session cookie; its items hold tickets until expires_at
CREATE TABLE IF NOT EXISTS baskets (
  session_id TEXT PRIMARY KEY,
  expires_at INTEGER,
  updated_at INTEGER,
  client_ip TEXT
);
CREATE INDEX IF NOT EXISTS baskets_expiry ON baskets(expires_at) WHERE expires_at IS NOT NULL;
-- only baskets that hold tickets (they have an expiry) count against their address's cap: the empty ones a
-- stranger can leave behind by the thousand are never read when a buyer changes a basket
DROP INDEX IF EXISTS baskets_client;
CREATE INDEX IF NOT EXISTS baskets_holding_client ON baskets(client_ip) WHERE expires_at IS NOT NULL AND client_ip IS NOT NULL;
CREATE TABLE IF NOT EXISTS basket_items (
  session_id TEXT NOT NULL REFERENCES baskets(session_id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  count INTEGER NOT NULL CHECK (count > 0),
  added_seq INTEGER NOT NULL,
  PRIMARY KEY (session_id, ticket_id)
) WITHOUT ROWID;

-- an order's tickets count in tickets.sold while it is awaiting payment, failed (retry allowed) or paid;
-- expiry sets it expired and gives them back
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  -- the number without its dash: what a look-up compares
  number_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('awaiting_payment','paid','failed','expired','cancelled')),
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT,
  lang TEXT NOT NULL,
  acquisition_id INTEGER,
  currency_code TEXT NOT NULL,
  -- {"en": [BasketEvent...], "ru": [...], "ar": [...]}
  events_json TEXT NOT NULL,
  total_price REAL NOT NULL,
  total_service_fee REAL NOT NULL,
  total_payment_fee REAL NOT NULL,
  total_amount REAL NOT NULL,
  total_count INTEGER NOT NULL,
  utm_json TEXT,
  -- [{code, event_id, ticket_id, started_at}], once paid
  tickets_json TEXT,
  charges INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  paid_at INTEGER,
  -- the address the order was made from: its unpaid tickets count against that address's cap
  client_ip TEXT
);
CREATE INDEX IF NOT EXISTS orders_open_client ON orders(client_ip) WHERE status IN ('awaiting_payment','failed');
CREATE INDEX IF NOT EXISTS orders_open_expiry ON orders(expires_at) WHERE status IN ('awaiting_payment','failed');
CREATE INDEX IF NOT EXISTS orders_email ON orders(email_key);
CREATE INDEX IF NOT EXISTS orders_client_created ON orders(client_ip, created_at);
CREATE TABLE IF NOT EXISTS order_items (
  order_id TEXT NOT NULL REFERENCES orders(id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  count INTEGER NOT NULL,
  PRIMARY KEY (order_id, ticket_id)
);
-- the e-mails orders cause (a transactional outbox): written in the same transaction as the change that causes
-- them (the order paid, a bank-transfer or cash order made), delivered from here with retries, kept once sent;
-- one per order and event, so an e-mail is never queued twice
CREATE TABLE IF NOT EXISTS mail_outbox (
  order_id TEXT NOT NULL,
  -- the order's status the e-mail is about: 'paid' (its tickets) or 'awaiting_payment' (how to pay)
  event TEXT NOT NULL,
  -- the order as the contract shows it at that moment: what the e-mail is composed from
  order_json TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending','sent','failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- when the next attempt is due (pending)
  next_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  UNIQUE (order_id, event)
);
CREATE INDEX IF NOT EXISTS mail_outbox_due ON mail_outbox(next_at) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS mail_outbox_sent ON mail_outbox(sent_at) WHERE state = 'sent';
-- which sessions may see an order: the one that made it (moved on rotation) and those that looked it up
CREATE TABLE IF NOT EXISTS session_orders (
  session_id TEXT NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders(id),
  PRIMARY KEY (session_id, order_id)
) WITHOUT ROWID;

-- hits counted by the limits against abuse (failed look-ups per order number and per client address,
-- captcha fetches and payment pages per client address, expired holds for the cool-down): one row
-- per hit, kept in the database so a restart forgives nothing, pruned once older than a day
CREATE TABLE IF NOT EXISTS throttle_hits (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS throttle_hits_key ON throttle_hits(scope, key, at);
CREATE INDEX IF NOT EXISTS throttle_hits_at ON throttle_hits(at);
-- check-in at the door (server/src/checkin): every ticket issued to a person, its code unique;
-- a cancelled or reissued ticket keeps its row with revoked_at set, so its old code is refused
CREATE TABLE IF NOT EXISTS issued_tickets (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  -- deferred: tickets are issued in the transaction that inserts their order
  order_id TEXT NOT NULL REFERENCES orders(id) DEFERRABLE INITIALLY DEFERRED,
  order_number TEXT NOT NULL,
  holder TEXT NOT NULL,
  event_id INTEGER NOT NULL,
  session_id INTEGER NOT NULL DEFAULT 0,
  ticket_id INTEGER NOT NULL,
  valid_from INTEGER NOT NULL,
  valid_to INTEGER NOT NULL,
  issued_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS issued_tickets_code ON issued_tickets(code);
CREATE INDEX IF NOT EXISTS issued_tickets_event ON issued_tickets(event_id);
-- the shop's Ed25519 keys; the newest unretired one signs, every unretired one verifies
CREATE TABLE IF NOT EXISTS checkin_keys (
  id INTEGER PRIMARY KEY CHECK (id BETWEEN 1 AND 65535),
  private_pem TEXT NOT NULL,
  public_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  retired_at INTEGER
);
-- a gate: an event, or some of its sessions and categories (JSON arrays, null for all)
CREATE TABLE IF NOT EXISTS checkin_lists (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  session_ids TEXT,
  ticket_ids TEXT,
  reentry INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  closed_at INTEGER
);
-- one-time links that make a phone a device of a list (the SHA-256 of the token is kept)
CREATE TABLE IF NOT EXISTS checkin_pairings (
  token_hash TEXT PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES checkin_lists(id),
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS checkin_devices (
  id INTEGER PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES checkin_lists(id),
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
-- every scan a device made, online or uploaded later; (device, nonce) applies once
CREATE TABLE IF NOT EXISTS checkin_scans (
  id INTEGER PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES checkin_lists(id),
  device_id INTEGER NOT NULL REFERENCES checkin_devices(id),
  nonce TEXT NOT NULL,
  issued_ticket_id INTEGER REFERENCES issued_tickets(id),
  direction TEXT NOT NULL CHECK (direction IN ('entry','exit')),
  status TEXT NOT NULL,
  scanned_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  offline INTEGER NOT NULL DEFAULT 0,
  undone_at INTEGER,
  -- an offline admission of a ticket already admitted elsewhere: the scan that came first
  conflict_with INTEGER REFERENCES checkin_scans(id),
  UNIQUE (device_id, nonce)
);
CREATE INDEX IF NOT EXISTS checkin_scans_ticket ON checkin_scans(issued_ticket_id, scanned_at);
CREATE INDEX IF NOT EXISTS checkin_scans_list ON checkin_scans(list_id, scanned_at);

-- one visit to the sandbox acquirer's hosted page
CREATE TABLE IF NOT EXISTS payments (
  token TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  csrf TEXT NOT NULL,
  return_url TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open','challenge','approved','declined','expired')),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- captcha solutions already spent, kept until their challenge would have expired anyway
CREATE TABLE IF NOT EXISTS captcha_used (
  signature TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

-- a device (an iPhone's Wallet) that holds a pass and wants to hear when it changes
CREATE TABLE IF NOT EXISTS wallet_registrations (
  device_id TEXT NOT NULL,
  pass_type_id TEXT NOT NULL,
  serial TEXT NOT NULL,
  push_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (device_id, pass_type_id, serial)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS wallet_registrations_serial ON wallet_registrations(serial);
-- what a pass on a phone was last built from (a hash of its facts) and when that changed
CREATE TABLE IF NOT EXISTS wallet_passes (
  serial TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

/** The same tables on PostgreSQL: instants are epoch milliseconds in BIGINT, ids are identities. */
const POSTGRES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS currencies (
  code TEXT PRIMARY KEY,
  symbol TEXT NOT NULL,
  title TEXT NOT NULL,
  decimals INTEGER NOT NULL DEFAULT 2,
  rate_from_aed DOUBLE PRECISION NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS images (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  path TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  alt TEXT
);

CREATE TABLE IF NOT EXISTS locations (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, title TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS places (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  location_id INTEGER NOT NULL REFERENCES locations(id),
  title TEXT NOT NULL,
  address TEXT,
  description TEXT,
  latitude DOUBLE PRECISION,
  longitude DOUBLE PRECISION,
  image_id INTEGER REFERENCES images(id),
  updated_at BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS halls (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  place_id INTEGER NOT NULL REFERENCES places(id),
  title TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS category_types (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, title TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS categories (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  type_id INTEGER NOT NULL REFERENCES category_types(id),
  title TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS labels (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, title TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS persons (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  image_id INTEGER REFERENCES images(id),
  updated_at BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS events (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  event_source_id INTEGER NOT NULL UNIQUE,
  title TEXT NOT NULL,
  short_description TEXT,
  description TEXT,
  place_id INTEGER NOT NULL REFERENCES places(id),
  hall_id INTEGER REFERENCES halls(id),
  image_id INTEGER REFERENCES images(id),
  age_limit INTEGER,
  status TEXT NOT NULL CHECK (status IN ('on_sale','sold_out','cancelled','postponed')),
  popularity INTEGER NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS event_categories (
  event_id INTEGER NOT NULL REFERENCES events(id),
  category_id INTEGER NOT NULL REFERENCES categories(id),
  PRIMARY KEY (event_id, category_id)
);
CREATE TABLE IF NOT EXISTS event_persons (
  event_id INTEGER NOT NULL REFERENCES events(id),
  person_id INTEGER NOT NULL REFERENCES persons(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, person_id)
);
CREATE INDEX IF NOT EXISTS event_persons_person ON event_persons(person_id);
CREATE TABLE IF NOT EXISTS event_labels (
  event_id INTEGER NOT NULL REFERENCES events(id),
  label_id INTEGER NOT NULL REFERENCES labels(id),
  PRIMARY KEY (event_id, label_id)
);

-- one row per date (session) of an event
CREATE TABLE IF NOT EXISTS event_sessions (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  started_at BIGINT NOT NULL,
  finished_at BIGINT
);
CREATE INDEX IF NOT EXISTS event_sessions_event ON event_sessions(event_id, started_at);

-- a ticket offer (category/zone) of one session; available = total - sold - held
CREATE TABLE IF NOT EXISTS tickets (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES event_sessions(id),
  event_id INTEGER NOT NULL REFERENCES events(id),
  title TEXT NOT NULL,
  price_aed DOUBLE PRECISION NOT NULL,
  service_fee_aed DOUBLE PRECISION NOT NULL,
  total INTEGER NOT NULL,
  sold INTEGER NOT NULL DEFAULT 0,
  held INTEGER NOT NULL DEFAULT 0,
  max_per_order INTEGER NOT NULL DEFAULT 10,
  position INTEGER NOT NULL DEFAULT 0,
  CHECK (sold >= 0 AND held >= 0 AND sold + held <= total)
);
CREATE INDEX IF NOT EXISTS tickets_event ON tickets(event_id);
CREATE INDEX IF NOT EXISTS tickets_session ON tickets(session_id);

CREATE TABLE IF NOT EXISTS news (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  lead TEXT,
  body TEXT,
  published_at BIGINT NOT NULL,
  image_id INTEGER REFERENCES images(id),
  updated_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS news_events (
  news_id INTEGER NOT NULL REFERENCES news(id),
  event_id INTEGER NOT NULL REFERENCES events(id),
  PRIMARY KEY (news_id, event_id)
);

CREATE TABLE IF NOT EXISTS acquisitions (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  currencies TEXT NOT NULL,
  fee_percent DOUBLE PRECISION,
  description TEXT,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS landings (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  site_url TEXT,
  languages TEXT NOT NULL,
  main_lang TEXT NOT NULL,
  currencies TEXT NOT NULL,
  language_currency TEXT NOT NULL,
  ui_config_show_currencies INTEGER NOT NULL
);

-- sessions the server issued; a cookie naming any other id is ignored
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  -- set when an order replaced this id by a new one: then it is dead, and expires_at is the end of its grace
  rotated_at BIGINT
);
-- idle empty sessions are found by age
CREATE INDEX IF NOT EXISTS sessions_created ON sessions(created_at);

-- the visitor's basket, keyed by the session cookie; its items hold tickets until expires_at
CREATE TABLE IF NOT EXISTS baskets (
  session_id TEXT PRIMARY KEY,
  expires_at BIGINT,
  updated_at BIGINT,
  client_ip TEXT
);
CREATE INDEX IF NOT EXISTS baskets_expiry ON baskets(expires_at) WHERE expires_at IS NOT NULL;
-- only baskets that hold tickets (they have an expiry) count against their address's cap: the empty ones a
-- stranger can leave behind by the thousand are never read when a buyer changes a basket
CREATE INDEX IF NOT EXISTS baskets_holding_client ON baskets(client_ip) WHERE expires_at IS NOT NULL AND client_ip IS NOT NULL;
CREATE TABLE IF NOT EXISTS basket_items (
  session_id TEXT NOT NULL REFERENCES baskets(session_id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  count INTEGER NOT NULL CHECK (count > 0),
  added_seq BIGINT NOT NULL,
  PRIMARY KEY (session_id, ticket_id)
);

-- an order's tickets count in tickets.sold while it is awaiting payment, failed (retry allowed) or paid;
-- expiry sets it expired and gives them back
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  -- the number without its dash: what a look-up compares
  number_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('awaiting_payment','paid','failed','expired','cancelled')),
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT,
  lang TEXT NOT NULL,
  acquisition_id INTEGER,
  currency_code TEXT NOT NULL,
  -- {"en": [BasketEvent...], "ru": [...], "ar": [...]}
  events_json TEXT NOT NULL,
  total_price DOUBLE PRECISION NOT NULL,
  total_service_fee DOUBLE PRECISION NOT NULL,
  total_payment_fee DOUBLE PRECISION NOT NULL,
  total_amount DOUBLE PRECISION NOT NULL,
  total_count INTEGER NOT NULL,
  utm_json TEXT,
  -- [{code, event_id, ticket_id, started_at}], once paid
  tickets_json TEXT,
  charges INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  expires_at BIGINT,
  paid_at BIGINT,
  -- the address the order was made from: its unpaid tickets count against that address's cap
  client_ip TEXT
);
CREATE INDEX IF NOT EXISTS orders_open_client ON orders(client_ip) WHERE status IN ('awaiting_payment','failed');
CREATE INDEX IF NOT EXISTS orders_open_expiry ON orders(expires_at) WHERE status IN ('awaiting_payment','failed');
CREATE INDEX IF NOT EXISTS orders_email ON orders(email_key);
CREATE INDEX IF NOT EXISTS orders_client_created ON orders(client_ip, created_at);
CREATE TABLE IF NOT EXISTS order_items (
  order_id TEXT NOT NULL REFERENCES orders(id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  count INTEGER NOT NULL,
  PRIMARY KEY (order_id, ticket_id)
);
-- the e-mails orders cause (a transactional outbox): written in the same transaction as the change that causes
-- them (the order paid, a bank-transfer or cash order made), delivered from here with retries, kept once sent;
-- one per order and event, so an e-mail is never queued twice
CREATE TABLE IF NOT EXISTS mail_outbox (
  order_id TEXT NOT NULL,
  -- the order's status the e-mail is about: 'paid' (its tickets) or 'awaiting_payment' (how to pay)
  event TEXT NOT NULL,
  -- the order as the contract shows it at that moment: what the e-mail is composed from
  order_json TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending','sent','failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- when the next attempt is due (pending)
  next_at BIGINT NOT NULL,
  last_error TEXT,
  created_at BIGINT NOT NULL,
  sent_at BIGINT,
  UNIQUE (order_id, event)
);
CREATE INDEX IF NOT EXISTS mail_outbox_due ON mail_outbox(next_at) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS mail_outbox_sent ON mail_outbox(sent_at) WHERE state = 'sent';
-- which sessions may see an order: the one that made it (moved on rotation) and those that looked it up
CREATE TABLE IF NOT EXISTS session_orders (
  session_id TEXT NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders(id),
  PRIMARY KEY (session_id, order_id)
);

-- hits counted by the limits against abuse (failed look-ups per order number and per client address,
-- captcha fetches and payment pages per client address, expired holds for the cool-down): one row
-- per hit, kept in the database so a restart forgives nothing, pruned once older than a day
CREATE TABLE IF NOT EXISTS throttle_hits (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS throttle_hits_key ON throttle_hits(scope, key, at);
CREATE INDEX IF NOT EXISTS throttle_hits_at ON throttle_hits(at);
-- check-in at the door (server/src/checkin): every ticket issued to a person, its code unique;
-- a cancelled or reissued ticket keeps its row with revoked_at set, so its old code is refused
CREATE TABLE IF NOT EXISTS issued_tickets (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  code TEXT NOT NULL,
  -- deferred: tickets are issued in the transaction that inserts their order
  order_id TEXT NOT NULL REFERENCES orders(id) DEFERRABLE INITIALLY DEFERRED,
  order_number TEXT NOT NULL,
  holder TEXT NOT NULL,
  event_id INTEGER NOT NULL,
  session_id INTEGER NOT NULL DEFAULT 0,
  ticket_id INTEGER NOT NULL,
  valid_from BIGINT NOT NULL,
  valid_to BIGINT NOT NULL,
  issued_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE UNIQUE INDEX IF NOT EXISTS issued_tickets_code ON issued_tickets(code);
CREATE INDEX IF NOT EXISTS issued_tickets_event ON issued_tickets(event_id);
-- the shop's Ed25519 keys; the newest unretired one signs, every unretired one verifies
CREATE TABLE IF NOT EXISTS checkin_keys (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY CHECK (id BETWEEN 1 AND 65535),
  private_pem TEXT NOT NULL,
  public_key TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  retired_at BIGINT
);
-- a gate: an event, or some of its sessions and categories (JSON arrays, null for all)
CREATE TABLE IF NOT EXISTS checkin_lists (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  event_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  session_ids TEXT,
  ticket_ids TEXT,
  reentry INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  closed_at BIGINT
);
-- one-time links that make a phone a device of a list (the SHA-256 of the token is kept)
CREATE TABLE IF NOT EXISTS checkin_pairings (
  token_hash TEXT PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES checkin_lists(id),
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE TABLE IF NOT EXISTS checkin_devices (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES checkin_lists(id),
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);
-- every scan a device made, online or uploaded later; (device, nonce) applies once
CREATE TABLE IF NOT EXISTS checkin_scans (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES checkin_lists(id),
  device_id INTEGER NOT NULL REFERENCES checkin_devices(id),
  nonce TEXT NOT NULL,
  issued_ticket_id INTEGER REFERENCES issued_tickets(id),
  direction TEXT NOT NULL CHECK (direction IN ('entry','exit')),
  status TEXT NOT NULL,
  scanned_at BIGINT NOT NULL,
  received_at BIGINT NOT NULL,
  offline INTEGER NOT NULL DEFAULT 0,
  undone_at BIGINT,
  -- an offline admission of a ticket already admitted elsewhere: the scan that came first
  conflict_with INTEGER REFERENCES checkin_scans(id),
  UNIQUE (device_id, nonce)
);
CREATE INDEX IF NOT EXISTS checkin_scans_ticket ON checkin_scans(issued_ticket_id, scanned_at);
CREATE INDEX IF NOT EXISTS checkin_scans_list ON checkin_scans(list_id, scanned_at);

-- one visit to the sandbox acquirer's hosted page
CREATE TABLE IF NOT EXISTS payments (
  token TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  csrf TEXT NOT NULL,
  return_url TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open','challenge','approved','declined','expired')),
  created_at BIGINT NOT NULL
);

-- captcha solutions already spent, kept until their challenge would have expired anyway
CREATE TABLE IF NOT EXISTS captcha_used (
  signature TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
);

-- a device (an iPhone's Wallet) that holds a pass and wants to hear when it changes
CREATE TABLE IF NOT EXISTS wallet_registrations (
  device_id TEXT NOT NULL,
  pass_type_id TEXT NOT NULL,
  serial TEXT NOT NULL,
  push_token TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (device_id, pass_type_id, serial)
);
CREATE INDEX IF NOT EXISTS wallet_registrations_serial ON wallet_registrations(serial);
-- what a pass on a phone was last built from (a hash of its facts) and when that changed
CREATE TABLE IF NOT EXISTS wallet_passes (
  serial TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);
`;

export const baseline: Migration = {
  name: "0001-baseline",
  async sqlite(db) {
    legacyFixups(db);
    db.exec(SQLITE);
    backfillIssuedTickets(db);
  },
  async postgres(tx) {
    await tx.run(POSTGRES);
  },
};

const columns = (db: BetterSqlite3.Database, table: string): string[] =>
  (db.prepare("SELECT name FROM pragma_table_info(?)").all(table) as Array<{ name: string }>).map((c) => c.name);

/**
 * What the releases before schema 2 need first: orders of the first schema (no number, no expiry)
 * are kept aside as orders_v1, and baskets learn their client address.
 */
function legacyFixups(db: BetterSqlite3.Database): void {
  const orders = columns(db, "orders");
  if (orders.length > 0 && !orders.includes("number")) {
    db.exec("ALTER TABLE orders RENAME TO orders_v1; ALTER TABLE order_items RENAME TO order_items_v1;");
  }
  const baskets = columns(db, "baskets");
  if (baskets.length > 0 && !baskets.includes("client_ip")) db.exec("ALTER TABLE baskets ADD COLUMN client_ip TEXT");
}
