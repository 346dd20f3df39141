/**
 * The throw-away PostgreSQL cluster of the tests (lib/postgres-cluster.ts): it starts on
 * 127.0.0.1, takes connections with `pg`, gives each caller a database of its own, and
 * leaves nothing behind once stopped. Skipped (saying why) only where PostgreSQL is not
 * installed and we are not in CI; in CI a missing PostgreSQL fails it.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { Client } from "pg";
import {
  createDatabase,
  databaseUrl,
  INSTALL_HINT,
  PostgresUnavailableError,
  postgresBinDir,
  postgresForTests,
  startPostgresCluster,
  systemUser,
} from "../../lib/postgres-cluster";

const installed = process.env.POSTGRES_BIN ?? postgresBinDir();
const skip = installed || process.env.CI ? false : `PostgreSQL is not installed here: ${INSTALL_HINT}`;

async function selectOne(url: string): Promise<unknown> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SELECT 1 AS one, current_database() AS db")).rows[0];
  } finally {
    await client.end();
  }
}

describe("a throw-away PostgreSQL cluster", { skip }, () => {
  it("starts on 127.0.0.1, answers SELECT 1, and is gone with its folder once stopped", async () => {
    const cluster = await startPostgresCluster();
    try {
      assert.match(cluster.url, /^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      assert.deepEqual(await selectOne(cluster.url), { one: 1, db: "postgres" });
      const client = new Client({ connectionString: cluster.url });
      await client.connect();
      const settings = await client.query(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'listen_addresses', 'max_connections') ORDER BY name",
      );
      await client.end();
      assert.deepEqual(
        settings.rows.map((r: { name: string; setting: string }) => `${r.name}=${r.setting}`),
        ["fsync=off", "listen_addresses=127.0.0.1", "max_connections=300"],
      );
      assert.ok(existsSync(cluster.dir));
    } finally {
      // the run's end and a signal may both stop it: whoever asks second waits all the same
      const first = cluster.stop();
      await cluster.stop();
      assert.equal(existsSync(cluster.dir), false, "the folder is removed");
      await first;
    }
    await assert.rejects(selectOne(cluster.url), "nothing answers any more");
    await cluster.stop(); // once more is harmless
  });

  it("gives each caller a fresh database of its own, and drops it", async () => {
    const cluster = await startPostgresCluster();
    try {
      const [a, b] = await Promise.all([
        createDatabase(cluster.url, { prefix: "Holds-Test" }),
        createDatabase(cluster.url, { prefix: "Holds-Test" }),
      ]);
      assert.notEqual(a.name, b.name);
      assert.match(a.name, /^holds_test_\d+_\d+_[a-z0-9]+$/);
      assert.deepEqual(await selectOne(a.url), { one: 1, db: a.name });
      const client = new Client({ connectionString: a.url });
      await client.connect();
      await client.query("CREATE TABLE seats (id int)");
      await client.end();
      const tables = new Client({ connectionString: b.url });
      await tables.connect();
      const seen = await tables.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'seats'");
      await tables.end();
      assert.equal(seen.rows[0].n, 0, "one database's tables are not another's");
      await a.drop();
      await assert.rejects(selectOne(a.url), /does not exist/);
      await b.drop();
    } finally {
      await cluster.stop();
    }
  });

  it("says what is missing when the programs are not there", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-postgres-"));
    try {
      await assert.rejects(
        startPostgresCluster({ binDir: empty }),
        (error: unknown) =>
          error instanceof PostgresUnavailableError && /initdb and pg_ctl were not found/.test(error.message),
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("says why when the port is taken", async () => {
    const cluster = await startPostgresCluster();
    try {
      await assert.rejects(
        startPostgresCluster({ port: cluster.port }),
        (error: unknown) =>
          error instanceof PostgresUnavailableError &&
          error.message.includes(`127.0.0.1:${cluster.port}`) &&
          /in use|could not/i.test(error.message),
      );
    } finally {
      await cluster.stop();
    }
  });
});

describe("finding PostgreSQL", () => {
  it("takes the highest installed version", () => {
    const root = mkdtempSync(path.join(tmpdir(), "pg-versions-"));
    try {
      assert.equal(postgresBinDir(root), null);
      for (const version of ["9.6", "15", "16", "notes"]) {
        const bin = path.join(root, version, "bin");
        mkdirSync(bin, { recursive: true });
        writeFileSync(path.join(bin, "initdb"), "");
      }
      assert.equal(postgresBinDir(root), path.join(root, "16", "bin"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("reads a user's ids from the passwd file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "passwd-"));
    try {
      const file = path.join(dir, "passwd");
      writeFileSync(file, "root:x:0:0::/root:/bin/sh\npostgres:x:101:104:PostgreSQL:/var/lib/postgresql:/bin/bash\n");
      assert.deepEqual(systemUser("postgres", file), { uid: 101, gid: 104 });
      assert.equal(systemUser("nobody-here", file), null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("swaps the database name in a URL", () => {
    assert.equal(
      databaseUrl("postgres://postgres@127.0.0.1:4132/postgres", "orders_1"),
      "postgres://postgres@127.0.0.1:4132/orders_1",
    );
  });
});

describe("a test run's PostgreSQL", () => {
  const cannotStart = async (): Promise<never> => {
    throw new PostgresUnavailableError("PostgreSQL's initdb and pg_ctl were not found");
  };
  const started = async (options: { port?: number }) => ({
    url: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
    port: options.port ?? 0,
    dir: "/tmp/x",
    stop: async () => undefined,
  });

  it("hands the tests a started cluster's URL", async () => {
    const run = await postgresForTests({}, 4132, started);
    assert.deepEqual(run.env, { TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:4132/postgres" });
    assert.equal(run.cluster?.port, 4132);
  });

  it("uses the server TEST_DATABASE_URL names, starting none", async () => {
    const run = await postgresForTests({ TEST_DATABASE_URL: "postgres://ci@db:5432/postgres" }, 4132, cannotStart);
    assert.deepEqual(run.env, {});
    assert.equal(run.cluster, undefined);
    assert.match(run.note, /TEST_DATABASE_URL \(db:5432\)/);
  });

  it("fails the run in CI when PostgreSQL cannot start, saying what is missing", async () => {
    await assert.rejects(
      postgresForTests({ CI: "true" }, 4132, cannotStart),
      /the tests on PostgreSQL need it, and it cannot start: PostgreSQL's initdb and pg_ctl were not found/,
    );
  });

  it("elsewhere warns and tells the tests why they skip", async () => {
    const run = await postgresForTests({}, 4132, cannotStart);
    assert.deepEqual(run.env, {
      TEST_DATABASE_URL: "",
      TEST_POSTGRES_UNAVAILABLE: "PostgreSQL's initdb and pg_ctl were not found",
    });
    assert.match(run.note, /^WARNING: the tests on PostgreSQL are skipped in this run, because it cannot start/);
  });

  it("does not take any other failure for a missing PostgreSQL", async () => {
    await assert.rejects(
      postgresForTests({}, 4132, async () => {
        throw new TypeError("a bug");
      }),
      /a bug/,
    );
  });
});
