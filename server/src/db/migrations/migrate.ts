import { type Database, LOCKS } from "../sql";
import { baseline } from "./0001-baseline";
import { orderHistoryEvents } from "./0002-order-history-events";
import { catalogueVersion } from "./0005-catalogue-version";
import { promoCodes } from "./0006-promo-codes";
import { waitlist } from "./0007-waitlist";
import { onsale } from "./0008-onsale";
import { promoReserve } from "./0009-promo-reserve";
import { basketChange } from "./0010-basket-change";
import { basketChangeInSession } from "./0011-basket-change-in-session";
import { basketChangeMany } from "./0012-basket-change-many";
import type { Migration } from "./migration";

/** Every step of the schema, in the order they run. A released step is never edited: a new one is added. */
export const MIGRATIONS: readonly Migration[] = [
  baseline,
  orderHistoryEvents,
  catalogueVersion,
  promoCodes,
  waitlist,
  onsale,
  promoReserve,
  basketChange,
  basketChangeInSession,
  basketChangeMany,
];

const LEDGER = "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)";

/**
 * Brings the database to the newest schema: the steps not yet recorded in schema_migrations run in
 * order, each recorded in the transaction that makes it. On PostgreSQL the whole run holds an
 * advisory lock, so instances that start together migrate once, one after the other. Returns the
 * names of the steps that ran.
 */
export async function migrate(db: Database, steps: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const ran: string[] = [];
  if (db.engine === "postgres") {
    await db.withTransaction(async (tx) => {
      await tx.run("SELECT pg_advisory_xact_lock(?, 0)", [LOCKS.singleton]);
      await tx.run(LEDGER);
      const done = new Set((await tx.all<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
      for (const step of steps) {
        if (done.has(step.name)) continue;
        await step.postgres(tx);
        await tx.run("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [step.name, Date.now()]);
        ran.push(step.name);
      }
    });
    return ran;
  }
  const raw = db.sqlite;
  if (!raw) throw new Error("a SQLite database without its connection");
  raw.exec(LEDGER);
  const done = new Set(
    (raw.prepare("SELECT name FROM schema_migrations").all() as { name: string }[]).map((r) => r.name),
  );
  for (const step of steps) {
    if (done.has(step.name)) continue;
    raw.exec("BEGIN IMMEDIATE");
    try {
      await step.sqlite(raw);
      raw.prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)").run(step.name, Date.now());
      raw.exec("COMMIT");
    } catch (err) {
      if (raw.inTransaction) raw.exec("ROLLBACK");
      throw err;
    }
    ran.push(step.name);
  }
  return ran;
}

/** The newest step's name: what a database at the newest schema has last in schema_migrations. */
export const LATEST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1]?.name ?? "";
