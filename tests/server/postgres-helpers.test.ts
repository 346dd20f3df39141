/**
 * The PostgreSQL side of the server tests (tests/server/postgres-helpers.ts): without a
 * PostgreSQL for the run, a test that needs one is reported skipped with the reason on its
 * line, never silently; with one (`npm test` sets TEST_DATABASE_URL), each file gets a fresh
 * database of its own, dropped after it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { Client } from "pg";
import { POSTGRES_SKIP, TEST_DATABASE_URL } from "./postgres-helpers";

const helpers = path.join(__dirname, "postgres-helpers.ts");
// the probe lives in a temporary folder, out of reach of the project's node_modules
const pg = require.resolve("pg");

/** Runs a test file that uses the helpers with `env`, and returns what the spec reporter printed. */
function runProbe(env: NodeJS.ProcessEnv): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "postgres-probe-"));
  try {
    const probe = path.join(dir, "probe.test.ts");
    writeFileSync(
      probe,
      `import { it } from "node:test";
import { Client } from ${JSON.stringify(pg)};
import { POSTGRES_SKIP, freshPostgresDatabase } from ${JSON.stringify(helpers)};
it("holds on PostgreSQL", { skip: POSTGRES_SKIP }, async () => {
  const database = await freshPostgresDatabase("probe");
  const client = new Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query("SELECT current_database() AS name");
  await client.end();
  console.log("probe database: " + rows[0].name);
});
`,
    );
    const result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", probe], {
      cwd: path.join(__dirname, "..", ".."),
      // without this runner's NODE_TEST_CONTEXT, the probe is a test run of its own, not a subtest
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, ...env },
      encoding: "utf8",
    });
    return { status: result.status, output: result.stdout + result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the tests on PostgreSQL", () => {
  it("say why they are skipped when the run has no PostgreSQL", { timeout: 30_000 }, () => {
    const unset = runProbe({ TEST_DATABASE_URL: "", TEST_POSTGRES_UNAVAILABLE: "" });
    assert.equal(unset.status, 0, unset.output);
    assert.match(unset.output, /holds on PostgreSQL .*# no PostgreSQL for this run: TEST_DATABASE_URL is not set/);

    const failed = runProbe({
      TEST_DATABASE_URL: "",
      TEST_POSTGRES_UNAVAILABLE: "PostgreSQL did not start on 127.0.0.1:4132: port taken",
    });
    assert.match(
      failed.output,
      /holds on PostgreSQL .*# no PostgreSQL for this run: PostgreSQL did not start on 127\.0\.0\.1:4132: port taken/,
    );
  });

  it("each get a fresh database, dropped after the file", { skip: POSTGRES_SKIP, timeout: 30_000 }, async () => {
    const run = runProbe({});
    assert.equal(run.status, 0, run.output);
    const name = /probe database: (\S+)/.exec(run.output)?.[1];
    assert.match(name ?? "", /^probe_\d+_1_[a-z0-9]+$/, run.output);
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    const left = await client.query("SELECT count(*)::int AS n FROM pg_database WHERE datname = $1", [name]);
    await client.end();
    assert.equal(left.rows[0].n, 0, "dropped once the file's tests are done");
  });
});
