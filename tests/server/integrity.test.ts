/**
 * A damaged database is refused at start: garbage written over the pages of the sessions and
 * orders tables of a copy makes openDatabase throw, and the real server process exit non-zero
 * with a message naming the file and what to do, instead of starting and serving.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { closeSync, copyFileSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { DamagedDatabaseError, openDatabase } from "../../server/src/db/database";
import { seedSample } from "../../server/src/seed/seed-sample";

const root = path.join(__dirname, "..", "..");

/** A healthy seeded database, and a copy with garbage over the root pages of sessions and orders. */
async function healthyAndDamaged(): Promise<{ healthy: string; damaged: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "integrity-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const healthy = path.join(dir, "healthy.sqlite");
  const db = await openDatabase(healthy);
  await seedSample(db);
  const pageSize = db.sqlite?.pragma("page_size", { simple: true }) as number;
  const roots = (
    await db.all<{ rootpage: number }>("SELECT rootpage FROM sqlite_master WHERE name IN ('sessions', 'orders')")
  ).map((r) => r.rootpage);
  await db.close(); // checkpoints the WAL into the file and removes it
  const damaged = path.join(dir, "damaged.sqlite");
  copyFileSync(healthy, damaged);
  const fd = openSync(damaged, "r+");
  const garbage = Buffer.alloc(pageSize, 0);
  for (let i = 0; i < pageSize; i++) garbage[i] = (i * 131 + 7) % 251;
  for (const page of roots) writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
  assert.equal(roots.length, 2);
  return { healthy, damaged };
}

test("openDatabase refuses a damaged file, naming it; the healthy original opens", async () => {
  const { healthy, damaged } = await healthyAndDamaged();
  await assert.rejects(
    () => openDatabase(damaged),
    (err: unknown) =>
      err instanceof DamagedDatabaseError && err.message.includes(damaged) && /backup/.test(err.message),
  );
  await (await openDatabase(healthy)).close();
});

test("the server does not start on a damaged database: non-zero exit and a message saying what to do", async () => {
  const { damaged } = await healthyAndDamaged();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: damaged, PORT: "0", HOST: "127.0.0.1", SERVER_LOG: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  assert.notEqual(code, 0, `exit code ${code}`);
  assert.notEqual(code, null, "it exited by itself");
  assert.doesNotMatch(stdout, /local server on/);
  assert.ok(stderr.includes(damaged), stderr);
  assert.match(stderr, /is damaged/);
  assert.match(stderr, /restore the file from your latest backup/);
  assert.match(stderr, /\.recover/);
});
