/**
 * The schema is migrated, not rebuilt: a database of an older release opens under the newest
 * schema with its data kept, on SQLite (a file of the first schema, and one of the last release
 * without migrations) and on PostgreSQL (a database at the baseline step, with data in it).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import { isSeeded, openDatabase, openPostgres } from "../../server/src/db/database";
import { baseline } from "../../server/src/db/migrations/0001-baseline";
import { LATEST_MIGRATION, MIGRATIONS, migrate } from "../../server/src/db/migrations/migrate";
import { seedSample } from "../../server/src/seed/seed-sample";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";

const NEEDS_POSTGRES = postgresUrl()
  ? false
  : "needs PostgreSQL: TEST_DATABASE_URL is not set (npm test starts a cluster)";

function inTempDir(test: (dir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "migration-"));
    try {
      await test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

describe("opening a SQLite database of an older release", () => {
  it(
    "of the first schema: keeps its orders aside as orders_v1, makes the new orders table, and gives baskets a client address",
    inTempDir(async (dir) => {
      const file = join(dir, "old.sqlite");
      const old = new Database(file);
      old.exec(`
        CREATE TABLE baskets (session_id TEXT PRIMARY KEY, expires_at INTEGER, updated_at INTEGER);
        CREATE TABLE orders (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, status TEXT NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL,
          phone TEXT, acquisition_id INTEGER NOT NULL, currency_code TEXT NOT NULL, events_json TEXT NOT NULL, total_price REAL NOT NULL,
          total_service_fee REAL NOT NULL, total_count INTEGER NOT NULL, utm_json TEXT, tickets_codes TEXT, charges INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL, paid_at INTEGER);
        CREATE TABLE order_items (order_id TEXT NOT NULL REFERENCES orders(id), ticket_id INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (order_id, ticket_id));
        INSERT INTO baskets VALUES ('s1', NULL, 1);
        INSERT INTO orders VALUES ('o1', 's1', 'paid', 'a@b.ae', 'A', NULL, 1, 'AED', '[]', 10, 0.5, 1, NULL, '["X"]', 1, 1, 2);
        INSERT INTO order_items VALUES ('o1', 1, 1);
      `);
      old.close();
      const db = await openDatabase(file);
      try {
        const cols = async (t: string) =>
          (await db.all<{ name: string }>("SELECT name FROM pragma_table_info(?)", [t])).map((c) => c.name);
        assert.ok((await cols("orders")).includes("number"));
        assert.ok((await cols("baskets")).includes("client_ip"));
        assert.deepEqual(await db.all("SELECT id FROM orders_v1"), [{ id: "o1" }]);
        assert.equal((await db.one<{ n: number }>("SELECT COUNT(*) AS n FROM orders"))?.n, 0);
      } finally {
        await db.close();
      }
      // opening again changes nothing more
      const again = await openDatabase(file);
      assert.deepEqual(await migrate(again), []);
      await again.close();
    }),
  );

  it(
    "of the last release without migrations: every step runs once, the catalogue and orders are kept",
    inTempDir(async (dir) => {
      const file = join(dir, "v2.sqlite");
      // the last release created its schema with one script, and kept no ledger
      const made = await openDatabase(file);
      await seedSample(made, { now: Date.UTC(2026, 10, 1) });
      await made.run(
        `INSERT INTO orders (id, number, number_key, status, email, email_key, name, lang, currency_code, events_json,
           total_price, total_service_fee, total_payment_fee, total_amount, total_count, created_at)
         VALUES ('o9', 'A-100', 'A100', 'paid', 'a@b.ae', 'a@b.ae', 'A', 'en', 'AED', '{}', 10, 0.5, 0, 10.5, 1, 1)`,
      );
      await made.run("DROP TABLE schema_migrations");
      await made.close();

      const db = await openDatabase(file);
      try {
        assert.ok(await isSeeded(db));
        assert.equal((await db.one<{ n: number }>("SELECT COUNT(*) AS n FROM orders"))?.n, 1);
        const steps = (await db.all<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name")).map(
          (r) => r.name,
        );
        assert.deepEqual(
          steps,
          MIGRATIONS.map((m) => m.name),
        );
        assert.equal(steps.at(-1), LATEST_MIGRATION);
      } finally {
        await db.close();
      }
    }),
  );
});

describe("migrating a PostgreSQL database", { skip: NEEDS_POSTGRES }, () => {
  it("from the baseline step with data in it to the newest, once, the data kept", async () => {
    const made = await createPostgresDatabase();
    try {
      const db = openPostgres(made.url, 2);
      try {
        assert.deepEqual(await migrate(db, [baseline]), [baseline.name]);
        await seedSample(db, { now: Date.UTC(2026, 10, 1) });
        const events = (await db.one<{ n: number }>("SELECT COUNT(*) AS n FROM events"))?.n ?? 0;
        assert.ok(events > 0);

        const ran = await migrate(db);
        assert.deepEqual(
          ran,
          MIGRATIONS.slice(1).map((m) => m.name),
        );
        assert.deepEqual(await migrate(db), [], "a second run changes nothing");
        assert.equal((await db.one<{ n: number }>("SELECT COUNT(*) AS n FROM events"))?.n, events);
        // the catalogue's version moves with every change to its tables, in the same commit
        const before = (await db.one<{ value: string }>("SELECT value FROM meta WHERE key = 'catalogue_version'"))
          ?.value;
        await db.run("UPDATE events SET popularity = popularity + 1 WHERE id = 1");
        const after = (await db.one<{ value: string }>("SELECT value FROM meta WHERE key = 'catalogue_version'"))
          ?.value;
        assert.equal(Number(after), Number(before) + 1);
      } finally {
        await db.close();
      }
    } finally {
      await made.drop();
    }
  });

  it("instances that start together migrate once", async () => {
    const made = await createPostgresDatabase();
    try {
      const dbs = await Promise.all([1, 2, 3].map(() => openDatabase(made.url, { poolMax: 2 })));
      const first = dbs[0];
      assert.ok(first);
      const steps = await first.all<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
      assert.deepEqual(
        steps.map((r) => r.name),
        MIGRATIONS.map((m) => m.name),
      );
      await Promise.all(dbs.map((db) => db.close()));
    } finally {
      await made.drop();
    }
  });
});
