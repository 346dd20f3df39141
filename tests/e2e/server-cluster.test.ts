/**
 * `npm run server:cluster` (ops/server-cluster.ts) with Debian's nginx as the balancer: several
 * instances on one SQLite file are refused before anything starts; one instance on SQLite
 * answers /health and the shop's API through nginx, and SIGTERM stops the balancer and the
 * instance gracefully, a request in flight included. (Several instances on PostgreSQL: the
 * multi-instance tests.)
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { connectionRefused, freePort } from "./support/ports";

const root = path.join(__dirname, "..", "..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

function serverCluster(args: string[], env: Record<string, string>): Run {
  const dir = mkdtempSync(path.join(tmpdir(), "server-cluster-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ["--import", "tsx", "ops/server-cluster.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_PATH: path.join(dir, "shop.sqlite"),
      DATABASE_URL: "",
      CLUSTER_PREFIX: path.join(dir, "balancer"),
      SERVER_LOG: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // a test that failed half-way: the runner stops the instances and nginx it started, as on SIGTERM
  after(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(killer);
  });
  return { child, exited, output: () => output };
}

describe("npm run server:cluster", () => {
  it("refuses several instances on one SQLite file, saying why and what to run instead", {
    timeout: 30_000,
  }, async () => {
    const port = await freePort();
    const run = serverCluster(["--instances", "2", "--port", String(port)], {});
    assert.equal(await run.exited, 1);
    assert.match(run.output(), /2 instances on one SQLite file is not a supported way to run the shop/);
    assert.match(run.output(), /--database-url postgres:\/\//);
    assert.ok(await connectionRefused(`http://127.0.0.1:${port}/health`), "nothing was started");
  });

  it("runs one instance on SQLite behind nginx, and stops it gracefully on SIGTERM", { timeout: 90_000 }, async () => {
    const [port, instancePort] = [await freePort(), await freePort()];
    const run = serverCluster(["--instances", "1", "--port", String(port), "--instance-port", String(instancePort)], {
      FAULT_CONTROL: "1",
    });
    const balancer = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 60_000; !/behind nginx at/.test(run.output()); await sleep(100))
      assert.ok(Date.now() < deadline && run.child.exitCode === null, `it did not start:\n${run.output()}`);

    const health = await fetch(`${balancer}/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: "ok" });
    assert.equal(health.headers.get("server"), "nginx", "answered through the balancer");
    assert.equal(health.headers.get("cache-control"), "no-store");
    const landing = await fetch(`${balancer}/v2/landings/1`);
    assert.equal(landing.status, 200);

    // a request in flight when the stop begins still gets its answer through nginx
    const faults = await fetch(`${balancer}/__faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ latencyMs: 1500, scope: "basket" }),
    });
    assert.equal(faults.status, 200);
    const inFlight = fetch(`${balancer}/api/basket`).catch((error: unknown) => error);
    await sleep(300);
    run.child.kill("SIGTERM");
    const answer = await inFlight;
    assert.ok(answer instanceof Response, `the request in flight failed: ${String(answer)}\n${run.output()}`);
    assert.equal(answer.status, 200);
    assert.equal(await run.exited, 0, run.output());
    assert.ok(await connectionRefused(`${balancer}/health`), "the balancer is gone");
    assert.ok(await connectionRefused(`http://127.0.0.1:${instancePort}/health`), "the instance is gone");
  });
});
