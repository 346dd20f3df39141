/**
 * The database a server test runs on: a fresh SQLite database in memory, or, when the suite runs on
 * PostgreSQL (TEST_ENGINE=postgres with TEST_DATABASE_URL naming the throw-away cluster `npm test`
 * starts), a fresh PostgreSQL database of its own, dropped when it is closed.
 */
import { createDatabase } from "../../lib/postgres-cluster";
import { type Database, openDatabase } from "../../server/src/db/database";
import { seedSample } from "../../server/src/seed/seed-sample";

/** The engine the server tests run on in this process. */
export const TEST_ENGINE: "sqlite" | "postgres" = process.env.TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

/** The cluster's URL, or why PostgreSQL tests cannot run here. */
export function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** A new, empty PostgreSQL database on the test cluster: its URL, and how to drop it. */
export async function createPostgresDatabase(prefix = "t"): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = postgresUrl();
  if (!base) throw new Error("TEST_DATABASE_URL is not set: PostgreSQL tests need the cluster npm test starts");
  return createDatabase(base, { prefix });
}

/**
 * This process's template on PostgreSQL: migrated and seeded with the sample once, then copied for
 * each test (a copy takes a fraction of a seeding). Seeded now, so the sample's dates are today's.
 */
let template: Promise<string> | undefined;
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const made = await createPostgresDatabase("tpl");
    const db = await openDatabase(made.url, { poolMax: 2 });
    try {
      await seedSample(db);
    } finally {
      await db.close();
    }
    // when the file's tests are over (an after() hook would belong to whichever test called first)
    process.once("beforeExit", () => void made.drop().catch(() => undefined));
    return new URL(made.url).pathname.slice(1);
  })();
  return template;
}

/**
 * A fresh database at the newest schema on the engine of this test run; closing it removes it.
 * `seeded`: with the sample catalogue already in it (on PostgreSQL a copy of a seeded template).
 */
export async function openTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  if (TEST_ENGINE === "sqlite") return openDatabase(":memory:");
  const base = postgresUrl();
  if (!base) throw new Error("TEST_DATABASE_URL is not set: PostgreSQL tests need the cluster npm test starts");
  const made = opts.seeded
    ? await createDatabase(base, { prefix: "t", template: await seededTemplate() })
    : await createPostgresDatabase();
  const db = await openDatabase(made.url, { poolMax: 5 });
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await made.drop();
  };
  return db;
}
