/**
 * The graceful stop of the real server process (server/src/server.ts): on SIGTERM /health
 * says "stopping" at once, then the port closes (new connections refused), a request already
 * in flight still gets its whole answer, and the process exits 0; a request that outlasts
 * SHUTDOWN_GRACE_MS does not hold the stop up. A slow request is made with the fault control's
 * latency (server/src/faults.ts) on the basket's paths.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { connectionRefused } from "../e2e/support/ports";

const root = path.join(__dirname, "..", "..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  log: () => string;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), "graceful-stop-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dir, "shop.sqlite"),
      SERVER_LOG: "0",
      FAULT_CONTROL: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  after(() => child.kill("SIGKILL"));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  const listening = () => /local server on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
  while (!listening()) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await sleep(50);
  }
  const port = listening();
  return { child, base: `http://127.0.0.1:${port}`, exited, log: () => output };
}

/** Makes every basket request wait `latencyMs` before it is answered. */
async function slowBasket(base: string, latencyMs: number): Promise<void> {
  const res = await fetch(`${base}/__faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ latencyMs, scope: "basket" }),
  });
  assert.equal(res.status, 200);
}

describe("SIGTERM stops the server gracefully", () => {
  it("says stopping, refuses new connections, finishes the request in flight and exits 0", {
    timeout: 60_000,
  }, async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: "600", SHUTDOWN_GRACE_MS: "10000" });
    const health = await fetch(`${server.base}/health`);
    assert.equal(health.status, 200, server.log());
    assert.deepEqual(await health.json(), { status: "ok" });

    await slowBasket(server.base, 2000);
    const inFlight = fetch(`${server.base}/api/basket`).catch((error: unknown) => error);
    await sleep(300); // received, and waiting in the server
    server.child.kill("SIGTERM");
    await sleep(100);

    const stopping = await fetch(`${server.base}/health`);
    assert.equal(stopping.status, 503, "during the delay, a balancer that asks is told to go elsewhere");
    assert.deepEqual(await stopping.json(), { status: "stopping" });
    assert.equal(stopping.headers.get("connection"), "close");

    const closedBy = Date.now() + 3000;
    while (!(await connectionRefused(`${server.base}/health`))) {
      assert.ok(Date.now() < closedBy, `the port did not close:\n${server.log()}`);
      await sleep(100);
    }
    assert.equal(server.child.exitCode, null, "still running while the request is in flight");

    const answer = await inFlight;
    assert.ok(answer instanceof Response, `the request in flight failed: ${String(answer)}`);
    assert.equal(answer.status, 200, "the request in flight gets its whole answer");
    assert.ok(Array.isArray(((await answer.json()) as { events?: unknown }).events));
    assert.equal(await server.exited, 0, server.log());
    assert.match(server.log(), /SIGTERM: stopping; 1 requests in flight/);
  });

  it("does not wait longer than SHUTDOWN_GRACE_MS for a request that never ends", {
    timeout: 60_000,
  }, async () => {
    const server = await startServer({ SHUTDOWN_GRACE_MS: "300" });
    await slowBasket(server.base, 30_000);
    const inFlight = fetch(`${server.base}/api/basket`).then(
      (res) => res.status,
      () => "cut off",
    );
    await sleep(300);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0, server.log());
    assert.ok(Date.now() - signalled < 5000, "stopped soon after the grace period");
    assert.equal(await inFlight, "cut off");
    assert.match(server.log(), /1 requests still running after 300 ms are cut off/);
  });
});
