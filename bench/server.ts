/**
 * `npm run bench:server`: load on 127.0.0.1 against the server in processes of its own.
 *   - the engines side by side: SQLite with one process, PostgreSQL with one and with three
 *     instances on one database (a throw-away cluster), each under the same reads, writes and
 *     holds on one hot event (bench/lib/engines-load.ts); `--engines sqlite,postgres1,postgres3`
 * Then, on SQLite:
 *   - catalogue reads: GET /v1/events?page_size=20
 *   - basket writes: ADD_TICKET / UPDATE_TICKET cycles, one session per connection
 *   - a stranger loop beside a buyer: one buyer holding and putting back a ticket, request after
 *     request, first alone, then while `--strangers` loops from the same address remove what is not
 *     there without a cookie and make and empty baskets under new sessions as fast as they can, with
 *     `--left` empty baskets already left behind from that address (what a longer loop leaves)
 * Prints requests/s, p50 and p99 for each, and the buyer's p50/p99 quiet and beside the strangers.
 * Options: --duration 10 --connections 20 --sessions 200 --strangers 1 --left 150000 --port 4018
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { helpAsked } from "../src/core/command-help";
import { basketCycle, compareEngines, engineTable, waitFor } from "./lib/engines-load";

const USAGE = `usage: npm run bench:server -- [--duration 10] [--connections 20] [--sessions 200] [--engines sqlite,postgres1,postgres3] [--strangers 1] [--left 150000] [--port 4018]
  load on 127.0.0.1 against the server in processes of its own: SQLite with one process and PostgreSQL with one
  and three instances side by side (reads/s, writes/s, holds/s on one hot event, p50/p99; --engines none skips it),
  then on SQLite: catalogue reads and basket writes, and a buyer's p50/p99 alone and beside a stranger's loop`;
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
const strangers = arg("strangers", 1);
if (!Number.isInteger(strangers) || strangers < 1) {
  console.error(`--strangers must be a whole number of 1 or more (the stranger loop is part of the run)\n${USAGE}`);
  process.exit(2);
}
const left = arg("left", 150_000);
const port = arg("port", 4018);
const base = `http://127.0.0.1:${port}`;
const origin = "http://127.0.0.1:9000";
const root = path.resolve(__dirname, "..");

const AIMS = { readsPerSec: 3000, writesPerSec: 1000, p99Ms: 50 };
/** issue 34: PostgreSQL with three instances holds at least this many tickets a second on one hot event, p99 under 100 ms */
const HOLD_AIM = { perSec: 1000, p99Ms: 100 };
const enginesArg = process.argv.indexOf("--engines");
const engines = (enginesArg >= 0 ? (process.argv[enginesArg + 1] ?? "") : "sqlite,postgres1,postgres3").split(",");

function report(name: string, r: autocannon.Result, aimRps: number): boolean {
  const rps = r.requests.average;
  const ok = rps >= aimRps && r.latency.p99 < AIMS.p99Ms && r.non2xx === 0 && r.errors === 0;
  console.log(
    `${name.padEnd(44)} ${Math.round(rps).toLocaleString("en-US").padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms   ` +
      `(${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors; aim ≥${aimRps} req/s, p99 <${AIMS.p99Ms} ms: ${ok ? "met" : "NOT met"})`,
  );
  return ok;
}

const headers = { "content-type": "application/json", origin };

/** One basket change, with the visitor's cookie when it has one. */
const change = (body: unknown, cookie?: string) =>
  fetch(`${base}/api/basket`, {
    method: "POST",
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const cookieOf = (res: Response): string => (res.headers.get("set-cookie") ?? "").split(";")[0]!;

/** The `p`th percentile of some times, ms. */
function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * Empty baskets from the bench's address, written beside the server: what a stranger's loop leaves
 * in a minute (the issue measured 2,713 rows a second), which the bench's own seconds cannot.
 */
function leaveBehind(file: string, n: number): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const plant = db.prepare(
      "INSERT INTO baskets (session_id, expires_at, updated_at, client_ip) VALUES (?, NULL, ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < n; i++) plant.run(`left-behind-${i}`, Date.now(), "127.0.0.1");
    })();
  } finally {
    db.close();
  }
}

/** Sessions and baskets in the server's database, read beside it. */
function rows(file: string): { sessions: number; baskets: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { sessions: count("sessions"), baskets: count("baskets") };
  } finally {
    db.close();
  }
}

/** The engines side by side; true when PostgreSQL with three instances meets the aims of issue 34. */
async function enginesSideBySide(): Promise<boolean> {
  if (engines.includes("none")) return true;
  console.log(
    `engines side by side: ${connections} connections × ${duration} s per run, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const rows = await compareEngines({ duration, connections, sessions }, engines);
  console.log(`\n${engineTable(rows)}\n`);
  const sqlite = rows.find((r) => r.name.startsWith("SQLite"));
  const three = rows.find((r) => r.name.startsWith("PostgreSQL, 3"));
  if (!three) return true;
  const holdsMet = three.holds.rps >= HOLD_AIM.perSec && three.holds.p99 < HOLD_AIM.p99Ms && three.holds.errors === 0;
  const readsMet = !sqlite || three.reads.rps >= sqlite.reads.rps;
  console.log(
    `PostgreSQL, 3 instances: holds ${Math.round(three.holds.rps)}/s p99 ${three.holds.p99} ms (aim ≥${HOLD_AIM.perSec}/s, p99 <${HOLD_AIM.p99Ms} ms: ${holdsMet ? "met" : "NOT met"}); ` +
      `reads ${Math.round(three.reads.rps)}/s${sqlite ? ` against SQLite's ${Math.round(sqlite.reads.rps)}/s (aim: no slower: ${readsMet ? "met" : "NOT met"})` : ""}\n`,
  );
  return holdsMet && readsMet;
}

async function main(): Promise<void> {
  const enginesMet = await enginesSideBySide();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const dbFile = path.join(dir, "bench.sqlite");
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: dbFile,
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
      // a session is made by a visitor's first change that changes something (a read or a removal makes none)
      const res = await change({ type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } });
      cookies.push(cookieOf(res));
    }
    // each ADD goes to the next session in turn, and the UPDATE after it to the same session
    let nextSession = 0;
    const used = new Set<string>();
    const writes = await autocannon({
      url: `${base}/api/basket`,
      connections,
      duration,
      requests: basketCycle(
        ticket.id,
        { type: "UPDATE_TICKET", ticket: { id: ticket.id, count: 1 } },
        () => {
          const cookie = cookies[nextSession++ % cookies.length]!;
          used.add(cookie);
          return cookie;
        },
        (cookie) => ({ ...headers, cookie }),
      ),
    });

    const after = (await offersOf(sourceId)).flatMap((s) => s.tickets).find((t) => t.id === ticket.id)!;
    const held = ticket.available - after.available;

    // the buyer: one session holding a ticket and putting it back, one request after another
    const buyerCookie = cookieOf(await change({ type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } }));
    const buyerLoop = async (seconds = duration): Promise<number[]> => {
      const times: number[] = [];
      const end = Date.now() + seconds * 1000;
      for (let i = 0; Date.now() < end; i++) {
        const started = process.hrtime.bigint();
        const body =
          i % 2
            ? { type: "DELETE_TICKET", ticket: { id: ticket.id } }
            : { type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } };
        const res = await change(body, buyerCookie);
        if (res.status !== 200) throw new Error(`the buyer's change answered ${res.status}: ${await res.text()}`);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return times;
    };
    await buyerLoop(2); // warm-up, after the write run's load has passed
    const quiet = await buyerLoop();
    leaveBehind(dbFile, left);
    const rowsBefore = rows(dbFile);
    // the strangers, from the buyer's address: removals of what is not there without a cookie (the
    // issue's loop), and a new session's basket made and emptied (what can still leave rows behind)
    type StrangerCtx = { cookie?: string };
    const stranger = autocannon({
      url: `${base}/api/basket`,
      connections: strangers,
      duration: duration + 2,
      requests: [
        {
          method: "POST",
          path: "/api/basket",
          headers,
          body: JSON.stringify({ type: "DELETE_EVENT", event: { id: 5 } }),
        },
        {
          method: "POST",
          path: "/api/basket",
          headers,
          body: JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } }),
          onResponse: (_status, _body, context: StrangerCtx, resHeaders) => {
            context.cookie = String(resHeaders?.["set-cookie"] ?? "").split(";")[0];
          },
        },
        {
          method: "POST",
          path: "/api/basket",
          headers,
          body: JSON.stringify({ type: "DELETE_TICKET", ticket: { id: ticket.id } }),
          setupRequest: (req, context: StrangerCtx) => ({
            ...req,
            headers: { ...headers, cookie: context.cookie ?? "" },
          }),
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 1000));
    const beside = await buyerLoop();
    const strangerResult = await stranger;
    const rowsAfter = rows(dbFile);

    console.log("");
    const a = report("catalogue reads  GET /v1/events?page_size=20", reads, AIMS.readsPerSec);
    const b = report("basket writes    POST /api/basket add/update", writes, AIMS.writesPerSec);
    console.log(
      `\nheld after the write run: ${held} tickets, by ${used.size} of ${sessions} sessions (each holds 1 or 2)`,
    );
    const q = { p50: percentile(quiet, 50), p99: percentile(quiet, 99) };
    const w = { p50: percentile(beside, 50), p99: percentile(beside, 99) };
    const c = w.p99 <= 2 * q.p99;
    console.log(
      `\nstranger loop beside a buyer (${strangers} stranger loop${strangers === 1 ? "" : "s"} from the buyer's address, ` +
        `which had left ${left.toLocaleString("en-US")} empty baskets):\n` +
        `  buyer alone          ${quiet.length.toLocaleString("en-US").padStart(6)} changes   p50 ${q.p50.toFixed(2)} ms   p99 ${q.p99.toFixed(2)} ms\n` +
        `  buyer beside them    ${beside.length.toLocaleString("en-US").padStart(6)} changes   p50 ${w.p50.toFixed(2)} ms   p99 ${w.p99.toFixed(2)} ms   ` +
        `(aim: p99 within 2× of alone: ${c ? "met" : "NOT met"})\n` +
        `  strangers            ${Math.round(strangerResult.requests.average).toLocaleString("en-US").padStart(6)} req/s, ${strangerResult.non2xx} non-2xx; ` +
        `rows they left: ${rowsAfter.sessions - rowsBefore.sessions} sessions, ${rowsAfter.baskets - rowsBefore.baskets} baskets`,
    );
    process.exitCode = a && b && c && enginesMet ? 0 : 1;
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
