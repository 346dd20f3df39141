import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { migrate } from "./migrations/migrate";
import { Database } from "./sql";

export { Database } from "./sql";
export type Db = Database;

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
function checkIntegrity(db: BetterSqlite3.Database, file: string): void {
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

/** Statements prepared once per text: SQLite parses a statement's text only the first time. */
function cachingStatements(db: BetterSqlite3.Database, max = 500) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = db.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** Opens (creating if needed) a SQLite file in WAL mode, after a quick integrity check, without migrating. */
export function openSqliteFile(file: string): Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  let raw: BetterSqlite3.Database;
  try {
    raw = new BetterSqlite3(file);
    raw.pragma("journal_mode = WAL");
  } catch (err) {
    if (isCorruption(err)) throw new DamagedDatabaseError(file, (err as Error).message);
    throw err;
  }
  if (file !== ":memory:") checkIntegrity(raw, file);
  raw.pragma("synchronous = NORMAL");
  raw.pragma("foreign_keys = ON");
  raw.pragma("busy_timeout = 5000");
  const kysely = new Kysely({ dialect: new SqliteDialect({ database: cachingStatements(raw) }) });
  return new Database("sqlite", kysely, raw);
}

// PostgreSQL's 64-bit integers (epoch milliseconds, counts) and sums come back as numbers: every
// value the shop keeps is far below 2^53
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Whether a DATABASE_URL names a PostgreSQL server. */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/** Connects to PostgreSQL (a pool of `poolMax` connections), without migrating. */
export function openPostgres(url: string, poolMax = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, application_name: "uae-tickets" });
  // an idle connection the server drops (a restart) is replaced on the next query, not fatal
  pool.on("error", () => {});
  return new Database("postgres", new Kysely({ dialect: new PostgresDialect({ pool }) }), undefined, pool);
}

export interface OpenOptions {
  /** connections per instance on PostgreSQL */
  poolMax?: number;
}

/**
 * Opens the database a DATABASE_URL (postgres://…) or a SQLite path names, and brings its schema
 * to the newest migration. A damaged SQLite file is refused (DamagedDatabaseError), never served.
 */
export async function openDatabase(location: string, opts: OpenOptions = {}): Promise<Database> {
  const db = isPostgresUrl(location) ? openPostgres(location, opts.poolMax) : openSqliteFile(location);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Reads a value the server keeps in meta. */
export async function readMeta(db: Database, key: string): Promise<string | undefined> {
  return (await db.one<{ value: string }>("SELECT value FROM meta WHERE key = ?", [key]))?.value;
}

/** Sets a value in meta, replacing what was there. */
export async function writeMeta(db: Database, key: string, value: string): Promise<void> {
  await db.run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
    key,
    value,
  ]);
}

/** Keeps a value in meta unless one is there already, and answers the one that is kept (the first writer's). */
export async function keepMeta(db: Database, key: string, value: string): Promise<string> {
  await db.run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [key, value]);
  return (await readMeta(db, key)) ?? value;
}

export async function isSeeded(db: Database): Promise<boolean> {
  return (await readMeta(db, "seeded_at")) !== undefined;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Keeps a seeded catalogue current: sample and scale data are dated relative to the day they
 * were seeded, so a database seeded days ago is moved forward by whole days (times of day kept)
 * on start. Baskets and orders are left alone. Instances that start together move it once.
 * Returns the number of days moved.
 */
export async function redateIfStale(db: Database, now: number): Promise<number> {
  return db.withTransaction(async (tx) => {
    await db.lock("singleton", [1]);
    const seededAt = await readMeta(db, "seeded_at");
    if (seededAt === undefined) return 0;
    const days = Math.floor((now - Number(seededAt)) / DAY_MS);
    if (days < 1) return 0;
    const shift = days * DAY_MS;
    await tx.run("UPDATE event_sessions SET started_at = started_at + ?, finished_at = finished_at + ?", [
      shift,
      shift,
    ]);
    await tx.run("UPDATE events SET updated_at = updated_at + ?", [shift]);
    await tx.run("UPDATE news SET published_at = published_at + ?, updated_at = updated_at + ?", [shift, shift]);
    await tx.run("UPDATE places SET updated_at = updated_at + ?", [shift]);
    await tx.run("UPDATE persons SET updated_at = updated_at + ?", [shift]);
    await writeMeta(db, "seeded_at", String(Number(seededAt) + shift));
    return days;
  });
}
