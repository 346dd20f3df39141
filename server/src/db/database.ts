import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { SCHEMA_SQL, SCHEMA_VERSION } from "./schema";

export type Db = Database.Database;

/** Opens (creating if needed) the SQLite file in WAL mode with the schema in place. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA_SQL);
  db.prepare("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
  return db;
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
    db.prepare("UPDATE event_sessions SET started_at = started_at + ?, finished_at = finished_at + ?").run(shift, shift);
    db.prepare("UPDATE events SET updated_at = updated_at + ?").run(shift);
    db.prepare("UPDATE news SET published_at = published_at + ?, updated_at = updated_at + ?").run(shift, shift);
    db.prepare("UPDATE places SET updated_at = updated_at + ?").run(shift);
    db.prepare("UPDATE persons SET updated_at = updated_at + ?").run(shift);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'seeded_at'").run(String(Number(row.value) + shift));
  })();
  return days;
}
