/**
 * `npm run bench:server`: load on 127.0.0.1 against a server in its own process.
 *   - catalogue reads: GET /v1/events?page_size=20
 *   - basket writes: ADD_TICKET / UPDATE_TICKET cycles, one session per connection
 * Prints requests/s, p50 and p99 for each. Options: --duration 10 --connections 20 --sessions 200 --port 4018
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { helpAsked } from "../src/core/command-help";

const USAGE = `usage: npm run bench:server -- [--duration 10] [--connections 20] [--sessions 200] [--port 4018]
  load on 127.0.0.1 against a local server in its own process: catalogue reads and basket writes,
  requests/s, p50 and p99 for each`;
if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const duration = arg("duration", 10);
const connections = arg("connections", 20);
const sessions = arg("sessions", 200);
const port = arg("port", 4018);
const base = `http://127.0.0.1:${port}`;
const origin = "http://127.0.0.1:9000";
const root = path.resolve(__dirname, "..");

const AIMS = { readsPerSec: 3000, writesPerSec: 1000, p99Ms: 50 };

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

function report(name: string, r: autocannon.Result, aimRps: number): boolean {
  const rps = r.requests.average;
  const ok = rps >= aimRps && r.latency.p99 < AIMS.p99Ms && r.non2xx === 0 && r.errors === 0;
  console.log(
    `${name.padEnd(44)} ${Math.round(rps).toLocaleString("en-US").padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms   ` +
      `(${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors; aim ≥${aimRps} req/s, p99 <${AIMS.p99Ms} ms: ${ok ? "met" : "NOT met"})`,
  );
  return ok;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dir, "bench.sqlite"),
      SITE_ORIGINS: origin,
      SERVER_LOG: "0",
      // every simulated visitor comes from this one machine: the per-address cap of held tickets would stop them
      HELD_PER_CLIENT: String(sessions * 2),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitFor(`${base}/v2/landings/1`, 30_000);
    console.log(
      `server: ${base}  load: ${connections} connections (${sessions} basket sessions) × ${duration} s each, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`,
    );

    // warm-up: the first answer of a URL is computed, the rest come from memory
    await autocannon({ url: `${base}/v1/events?page_size=20`, connections: 10, duration: 2 });
    const reads = await autocannon({ url: `${base}/v1/events?page_size=20`, connections, duration });

    // a ticket with room for every session to hold two
    type Offers = Array<{ tickets: Array<{ id: number; available: number }> }>;
    const offersOf = async (sourceId: number) =>
      (await (
        await fetch(`${base}/v2/dates_prices?event_source_id=${sourceId}&currency=AED&source_id=2`)
      ).json()) as Offers;
    let ticket = { id: 0, available: -1 };
    let sourceId = 0;
    for (const candidate of [10005, 10007, 10018, 10026, 10028]) {
      for (const t of (await offersOf(candidate)).flatMap((s) => s.tickets))
        if (t.available > ticket.available) [ticket, sourceId] = [t, candidate];
    }
    if (ticket.available < sessions * 2) throw new Error(`ticket ${ticket.id} has only ${ticket.available} left`);
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i++) {
      // a session is made by a visitor's first change (a read makes none)
      const res = await fetch(`${base}/api/basket`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ type: "DELETE_TICKET", ticket: { id: ticket.id } }),
      });
      cookies.push((res.headers.get("set-cookie") ?? "").split(";")[0]!);
    }
    // each ADD goes to the next session in turn, and the UPDATE after it to the same session
    let nextSession = 0;
    const headers = { "content-type": "application/json", origin };
    type Ctx = { cookie?: string };
    const used = new Set<string>();
    const writes = await autocannon({
      url: `${base}/api/basket`,
      connections,
      duration,
      requests: [
        {
          method: "POST",
          path: "/api/basket",
          headers,
          body: JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } }),
          setupRequest: (req, context: Ctx) => {
            // autocannon resets the context when a connection starts the list again: only the UPDATE reads it
            context.cookie = cookies[nextSession++ % cookies.length]!;
            used.add(context.cookie);
            return { ...req, headers: { ...headers, cookie: context.cookie } };
          },
        },
        {
          method: "POST",
          path: "/api/basket",
          headers,
          body: JSON.stringify({ type: "UPDATE_TICKET", ticket: { id: ticket.id, count: 1 } }),
          setupRequest: (req, context: Ctx) => ({ ...req, headers: { ...headers, cookie: context.cookie ?? "" } }),
        },
      ],
    });

    console.log("");
    const a = report("catalogue reads  GET /v1/events?page_size=20", reads, AIMS.readsPerSec);
    const b = report("basket writes    POST /api/basket add/update", writes, AIMS.writesPerSec);
    const after = (await offersOf(sourceId)).flatMap((s) => s.tickets).find((t) => t.id === ticket.id)!;
    const held = ticket.available - after.available;
    console.log(
      `\nheld after the write run: ${held} tickets, by ${used.size} of ${sessions} sessions (each holds 1 or 2)`,
    );
    process.exitCode = a && b ? 0 : 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
