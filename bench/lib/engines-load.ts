/**
 * The order server on each engine under the same load, side by side: SQLite with one process,
 * PostgreSQL with one and with three instances on one database. Each configuration gets the same
 * three runs: catalogue reads, basket writes (add then update, one session per connection), and
 * holds on one hot event (a ticket held and put back by many sessions at once). With several
 * instances the load is spread evenly over them, as a balancer would.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../lib/free-port";
import { createDatabase, type PostgresCluster, startPostgresCluster } from "../../lib/postgres-cluster";

const root = path.resolve(__dirname, "..", "..");
const origin = "http://127.0.0.1:9000";
const headers = { "content-type": "application/json", origin };

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface EngineRow {
  name: string;
  reads: Figures;
  writes: Figures;
  holds: Figures;
}

export interface LoadOptions {
  duration: number;
  connections: number;
  sessions: number;
}

interface Running {
  urls: string[];
  stop(): Promise<void>;
}

/** Starts `count` server processes on one database (a SQLite file or a PostgreSQL URL). */
async function startServers(count: number, database: { path?: string; url?: string }): Promise<Running> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const children = ports.map((port) =>
    spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        ...(database.url ? { DATABASE_URL: database.url } : { DATABASE_PATH: database.path }),
        SITE_ORIGINS: origin,
        SERVER_LOG: "0",
        // every simulated visitor comes from this one machine: the per-address caps would stop them
        HELD_PER_CLIENT: "10000000",
        HOLD_COOLDOWN_MINUTES: "0",
        // as behind a balancer: each simulated visitor comes from an address of its own (X-Forwarded-For)
        TRUSTED_PROXY: "1",
        // the order e-mails are not part of this load
        OUTBOX_DIR: path.join(os.tmpdir(), `bench-outbox-${port}`),
      },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  // the first migrates and seeds; the others wait on its locks
  for (const url of urls) await waitFor(`${url}/v2/landings/1`, 120_000);
  return {
    urls,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}

/** Resolves once `url` answers 2xx; throws after `ms`. */
export async function waitFor(url: string, ms: number): Promise<void> {
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

/** Runs the same autocannon load against every instance at once, connections split evenly; figures combined. */
async function spread(
  urls: string[],
  connections: number,
  make: (url: string, connections: number) => autocannon.Options,
): Promise<Figures> {
  const each = Math.max(1, Math.round(connections / urls.length));
  const results = await Promise.all(urls.map((url) => autocannon(make(url, each))));
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    // the median weighted by requests; the 99th percentile of the slowest instance (never flattered)
    p50: results.reduce((n, r) => n + r.latency.p50 * r.requests.total, 0) / Math.max(1, total),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

const cookieOf = (res: Response): string => (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

/** The address of the visitor with this cookie: one of its own, the same on every request. */
const addressOf = (cookie: string): string => {
  let h = 0;
  for (const ch of cookie) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}`;
};

/** Sessions made on `url`, each by a first change (a read makes none), then emptied again. */
async function sessionsOn(url: string, ticketId: number, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const address = `10.200.${i >> 8}.${i & 255}`;
    const add = await fetch(`${url}/api/basket`, {
      method: "POST",
      headers: { ...headers, "x-forwarded-for": address },
      body: JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticketId, count: 1 } }),
    });
    const cookie = cookieOf(add);
    await fetch(`${url}/api/basket`, {
      method: "POST",
      headers: { ...headers, cookie, "x-forwarded-for": addressOf(cookie) },
      body: JSON.stringify({ type: "DELETE_TICKET", ticket: { id: ticketId } }),
    });
    cookies.push(cookie);
  }
  return cookies;
}

/** The ticket with the most seats left among the sample's big events: the hot event's category. */
async function hotTicket(url: string): Promise<{ id: number; available: number }> {
  let best = { id: 0, available: -1 };
  for (const sourceId of [10005, 10007, 10018, 10026, 10028]) {
    const res = await fetch(`${url}/v2/dates_prices?event_source_id=${sourceId}&currency=AED&source_id=2`);
    const sessions = (await res.json()) as Array<{ tickets: Array<{ id: number; available: number }> }>;
    for (const t of sessions.flatMap((s) => s.tickets)) if (t.available > best.available) best = t;
  }
  return best;
}

type Ctx = { cookie?: string };

/**
 * One basket cycle for autocannon: an ADD of the ticket to the next session in turn, then
 * `second` to the same session. autocannon resets the context when a connection starts the list
 * again: only the second request reads it.
 */
export function basketCycle(
  ticketId: number,
  second: object,
  nextCookie: () => string,
  sessionHeaders: (cookie: string) => Record<string, string>,
): autocannon.Request[] {
  return [
    {
      method: "POST",
      path: "/api/basket",
      headers,
      body: JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticketId, count: 1 } }),
      setupRequest: (req, context: Ctx) => {
        context.cookie = nextCookie();
        return { ...req, headers: sessionHeaders(context.cookie) };
      },
    },
    {
      method: "POST",
      path: "/api/basket",
      headers,
      body: JSON.stringify(second),
      setupRequest: (req, context: Ctx) => ({ ...req, headers: sessionHeaders(context.cookie ?? "") }),
    },
  ];
}

/** Reads, writes and holds against running servers. */
async function measure(urls: string[], o: LoadOptions): Promise<Omit<EngineRow, "name">> {
  const readUrl = "/v1/events?page_size=20";
  // warm-up: the first answer of a URL is computed, the rest come from memory
  await spread(urls, 10, (url, connections) => ({ url: `${url}${readUrl}`, connections, duration: 2 }));
  const reads = await spread(urls, o.connections, (url, connections) => ({
    url: `${url}${readUrl}`,
    connections,
    duration: o.duration,
  }));

  const ticket = await hotTicket(urls[0] as string);
  if (ticket.available < o.sessions * 2) throw new Error(`ticket ${ticket.id} has only ${ticket.available} left`);
  const perUrl = new Map<string, string[]>();
  for (const url of urls) perUrl.set(url, await sessionsOn(url, ticket.id, Math.ceil(o.sessions / urls.length)));

  const cycle = (url: string, connections: number, second: object): autocannon.Options => {
    const cookies = perUrl.get(url) as string[];
    let next = 0;
    return {
      url: `${url}/api/basket`,
      connections,
      duration: o.duration,
      requests: basketCycle(
        ticket.id,
        second,
        () => cookies[next++ % cookies.length] as string,
        (cookie) => ({ ...headers, cookie, "x-forwarded-for": addressOf(cookie) }),
      ),
    };
  };
  const writes = await spread(urls, o.connections, (url, c) =>
    cycle(url, c, { type: "UPDATE_TICKET", ticket: { id: ticket.id, count: 1 } }),
  );
  // empty every session again, so that each hold below starts from an empty basket
  for (const [url, cookies] of perUrl)
    for (const cookie of cookies)
      await fetch(`${url}/api/basket`, {
        method: "POST",
        headers: { ...headers, cookie, "x-forwarded-for": addressOf(cookie) },
        body: JSON.stringify({ type: "DELETE_TICKET", ticket: { id: ticket.id } }),
      });
  const cycles = await spread(urls, o.connections, (url, c) =>
    cycle(url, c, { type: "DELETE_TICKET", ticket: { id: ticket.id } }),
  );
  // half of the requests are holds, half put the ticket back
  const holds = { ...cycles, rps: cycles.rps / 2 };
  return { reads, writes, holds };
}

/** SQLite with one process, PostgreSQL with one and with three instances: the same load on each. */
export async function compareEngines(o: LoadOptions, which: readonly string[]): Promise<EngineRow[]> {
  const rows: EngineRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-engines-"));
  let cluster: PostgresCluster | undefined;
  try {
    if (which.includes("sqlite")) {
      const servers = await startServers(1, { path: path.join(dir, "bench.sqlite") });
      try {
        rows.push({ name: "SQLite, 1 process", ...(await measure(servers.urls, o)) });
      } finally {
        await servers.stop();
      }
    }
    for (const count of [1, 3]) {
      if (!which.includes(`postgres${count}`)) continue;
      cluster ??= await startPostgresCluster({ durable: true });
      const database = await createDatabase(cluster.url, { prefix: `bench${count}` });
      const servers = await startServers(count, { url: database.url });
      try {
        rows.push({
          name: `PostgreSQL, ${count} instance${count === 1 ? "" : "s"}`,
          ...(await measure(servers.urls, o)),
        });
      } finally {
        await servers.stop();
        await database.drop();
      }
    }
  } finally {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The rows as one table, figures rounded. */
export function engineTable(rows: readonly EngineRow[]): string {
  const cell = (f: Figures) =>
    `${Math.round(f.rps).toLocaleString("en-US").padStart(6)}/s ${f.p50.toFixed(1).padStart(5)} ${String(f.p99).padStart(4)} ms${f.errors ? ` (${f.errors} failed)` : ""}`;
  const head = `${"".padEnd(24)} ${"reads/s   p50  p99".padEnd(24)} ${"writes/s  p50  p99".padEnd(24)} holds/s (one hot event) p50 p99`;
  return [
    head,
    ...rows.map(
      (r) => `${r.name.padEnd(24)} ${cell(r.reads).padEnd(24)} ${cell(r.writes).padEnd(24)} ${cell(r.holds)}`,
    ),
  ].join("\n");
}
