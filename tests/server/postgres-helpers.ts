/**
 * The PostgreSQL side of the server tests. `npm test` starts one throw-away cluster
 * (lib/postgres-cluster.ts) and hands its superuser URL to every test file as
 * TEST_DATABASE_URL; each file takes a fresh database of its own from it.
 *
 * Without that URL (PostgreSQL could not start on a developer's machine, or a file run on its
 * own with `node --test`), the PostgreSQL tests are skipped, and say why on their skip line:
 *
 *   describe("holds on PostgreSQL", { skip: POSTGRES_SKIP }, () => { ... });
 *
 * In CI `npm test` stops before any test when PostgreSQL cannot start, so there they never skip.
 */
import { after } from "node:test";
import { type CreatedDatabase, createDatabase } from "../../lib/postgres-cluster";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** false when the PostgreSQL tests run; otherwise the reason printed on each one's skip line. */
export const POSTGRES_SKIP: string | false = TEST_DATABASE_URL
  ? false
  : `no PostgreSQL for this run: ${
      process.env.TEST_POSTGRES_UNAVAILABLE ||
      "TEST_DATABASE_URL is not set (npm test starts a throw-away cluster and sets it; or point it at a superuser URL of a test server)"
    }`;

/**
 * A new, empty database for the calling test file, dropped when the file's tests are done.
 * Only call it from a test or hook that POSTGRES_SKIP did not skip.
 */
export async function freshPostgresDatabase(prefix = "test"): Promise<CreatedDatabase> {
  if (!TEST_DATABASE_URL) throw new Error(POSTGRES_SKIP || "TEST_DATABASE_URL is not set");
  const database = await createDatabase(TEST_DATABASE_URL, { prefix });
  after(() => database.drop());
  return database;
}
