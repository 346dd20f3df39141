import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { backfillIssuedTickets } from "../checkin/backfill";
import { SCHEMA_SQL, SCHEMA_VERSION } from "./schema";

export type Db = Database.Database;

/** The database file is damaged: the server refuses to start on it (the message says what to do). */
export class DamagedDatabaseError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `The database ${file} is damaged (${problem}). The server does not start on a damaged database, so that it ` +
        "neither serves nor changes broken data. Stop everything that uses the file, keep a copy of it, then either " +
        "restore the file from your latest backup, or recover what is still readable with " +
        `\`sqlite3 "${file}" ".recover" | sqlite3 "${file}.recovered"\` and start with DATABASE_PATH set to the ` +
        "recovered file, or move the file aside to start with a new database (its orders would then be missing).",
    );
    this.name = "DamagedDatabaseError";
  }
}

const isCorruption = (err: unknown): boolean => {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB");
};

/**
 * SQLite's quick check (every page and record well formed, indexes in order; not the slower
 * cross-check of index contents): a damaged file throws DamagedDatabaseError naming it.
 */
function checkIntegrity(db: Db, file: string): void {
  let problems: string[];
  try {
    problems = (db.pragma("quick_check(3)") as Array<{ quick_check: string }>).map((r) => r.quick_check);
  } catch (err) {
    if (!isCorruption(err)) throw err;
    problems = [(err as Error).message];
  }
  if (problems.length === 1 && problems[0] === "ok") return;
  db.close();
  throw new DamagedDatabaseError(file, problems.join("; ").slice(0, 300));
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode with the schema in place, after a
 * quick integrity check: a damaged file is refused (DamagedDatabaseError), never served.
 */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Db;
  try {
    db = new Database(file);
    db.pragma("journal_mode = WAL");
  } catch (err) {
    if (isCorruption(err)) throw new DamagedDatabaseError(file, (err as Error).message);
    throw err;
  }
  if (file !== ":memory:") checkIntegrity(db, file);
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  db.exec(SCHEMA_SQL);
  backfillIssuedTickets(db);
  db.prepare("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
  return db;
}

const columns = (db: Db, table: string): string[] =>
  (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((c) => c.name);

/**
 * Brings a database made by an older server up to this schema before it is applied: orders of
 * the first schema (no number, no expiry) are kept aside as orders_v1, and baskets learn their
 * client address.
 */
function migrate(db: Db): void {
  const orders = columns(db, "orders");
  if (orders.length > 0 && !orders.includes("number")) {
    db.exec("ALTER TABLE orders RENAME TO orders_v1; ALTER TABLE order_items RENAME TO order_items_v1;");
  }
  const baskets = columns(db, "baskets");
  if (baskets.length > 0 && !baskets.includes("client_ip")) db.exec("ALTER TABLE baskets ADD COLUMN client_ip TEXT");
}

export function isSeeded(db: Db): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
  return row !== undefined;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Keeps a seeded catalogue current: sample and scale data are dated relative to the day they
 * were seeded, so a database seeded days ago is moved forward by whole days (times of day kept)
 * on start. Baskets and orders are left alone. Returns the number of days moved.
 */
export function redateIfStale(db: Db, now: number): number {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
  if (!row) return 0;
  const days = Math.floor((now - Number(row.value)) / DAY_MS);
  if (days < 1) return 0;
  const shift = days * DAY_MS;
  db.transaction(() => {
    db.prepare("UPDATE event_sessions SET started_at = started_at + ?, finished_at = finished_at + ?").run(
      shift,
      shift,
    );
    db.prepare("UPDATE events SET updated_at = updated_at + ?").run(shift);
    db.prepare("UPDATE news SET published_at = published_at + ?, updated_at = updated_at + ?").run(shift, shift);
    db.prepare("UPDATE places SET updated_at = updated_at + ?").run(shift);
    db.prepare("UPDATE persons SET updated_at = updated_at + ?").run(shift);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'seeded_at'").run(String(Number(row.value) + shift));
  })();
  return days;
}
