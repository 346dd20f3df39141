/**
 * The waiting room under an on-sale's rush (docs/benchmarks/waiting-room.md): a server on
 * 127.0.0.1 (SQLite, its own process), an on-sale that opens 20 s in, and 20,000 simulated visitors
 * who arrive within a minute (a third before the opening), each solving the captcha, joining and
 * polling when the answer says; an admitted visitor adds a ticket. Prints the admission rate against
 * the setting, tickets oversold, and the poll's latency. Bounded: about three minutes.
 *
 *   npm run bench:waiting-room [-- --visitors 20000 --rate 1200 --after-opening 120]
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";
import { helpAsked } from "../src/core/command-help";

const USAGE = `usage: npm run bench:waiting-room [-- --visitors 20000 --rate 1200 --after-opening 120]
  20,000 simulated visitors join an on-sale's waiting room within a minute on 127.0.0.1 and poll it;
  prints the admission rate against the setting, tickets oversold and the poll's p50/p99`;

if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const VISITORS = arg("visitors", 20_000);
const RATE = arg("rate", 1200);
const ARRIVAL_S = 60;
const BEFORE_OPENING_S = 20;
const AFTER_OPENING_S = arg("after-opening", 120);
const SLOW_MS = 50;
const root = path.resolve(__dirname, "..");
const origin = "http://127.0.0.1:9000";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// the joining and the waiting visitors are separate processes, each with its own connections: a
// poll never queues behind the simulator's own joins, so its latency is the server's answer time
const agent = new http.Agent({ keepAlive: true, maxSockets: 96 });

interface Answer {
  status: number;
  body: string;
  cookies: string[];
  ms: number;
}

function request(port: number, method: string, url: string, cookie: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent,
        headers: {
          origin,
          ...(cookie ? { cookie } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (data += c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: data,
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0] ?? ""),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

function solve(c: { challenge: string; salt: string; maxnumber: number; algorithm: string; signature: string }) {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge)
      return Buffer.from(JSON.stringify({ ...c, number: n })).toString("base64");
  }
  throw new Error("no solution");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function waitFor(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await request(port, "GET", "/health", "")).status === 200) return;
    } catch {
      /* not up yet */
    }
    await sleep(300);
  }
  throw new Error("the server did not start");
}

/** A browser's cookies: those the server set, sent back with each request. */
class Jar {
  readonly cookies: Map<string, string>;
  constructor(entries: [string, string][] = []) {
    this.cookies = new Map(entries);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(a: Answer): Answer {
    for (const c of a.cookies) {
      const eq = c.indexOf("=");
      this.cookies.set(c.slice(0, eq), c.slice(eq + 1));
    }
    return a;
  }
}

interface WaitingAnswer {
  status: string;
  poll_after_seconds: number;
}
interface PollerSetup {
  port: number;
  eventId: number;
  ticketId: number;
  end: number;
  arrivalsEnd: number;
  opensAt: number;
}
type ToPoller =
  | ({ kind: "setup" } & PollerSetup)
  | { kind: "visitor"; jar: [string, string][]; state: WaitingAnswer }
  | { kind: "done" };
interface PollerResult {
  polls: number[];
  pollsDuringArrivals: number[];
  /** for each poll that took SLOW_MS or longer, the ten seconds after the opening it ended in */
  slow: number[];
  held: number;
  refusedAdds: number;
  errors: number;
  cpuSeconds: number;
  loop: string;
}

const loopLine = (h: ReturnType<typeof monitorEventLoopDelay>) =>
  `p50 ${(h.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms`;

/**
 * The waiting visitors, in a process of their own (as their browsers are): a joined visitor is handed
 * over with its cookies and polls when each answer says, so a poll's measured time is not spent
 * waiting for the joins the other process simulates; once admitted it adds a ticket.
 */
function poller(): void {
  let setup: PollerSetup | undefined;
  const running: Promise<void>[] = [];
  const result: PollerResult = {
    polls: [],
    pollsDuringArrivals: [],
    slow: [],
    held: 0,
    refusedAdds: 0,
    errors: 0,
    cpuSeconds: 0,
    loop: "",
  };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  async function wait(s: PollerSetup, jar: Jar, first: WaitingAnswer): Promise<void> {
    let state = first;
    while (Date.now() < s.end) {
      if (state.status === "admitted") {
        const add = await request(s.port, "POST", "/api/basket", jar.header(), {
          type: "ADD_TICKET",
          ticket: { id: s.ticketId, count: 1 },
        });
        if (add.status === 200) result.held++;
        else result.refusedAdds++;
        return;
      }
      await sleep(Math.min(state.poll_after_seconds * 1000, s.end - Date.now()));
      if (Date.now() >= s.end) return;
      const poll = jar.keep(await request(s.port, "GET", `/api/onsale/${s.eventId}`, jar.header()));
      (Date.now() < s.arrivalsEnd ? result.pollsDuringArrivals : result.polls).push(poll.ms);
      if (poll.ms >= SLOW_MS) result.slow.push(Math.floor((Date.now() - s.opensAt) / 10_000));
      if (poll.status !== 200) return void result.errors++;
      state = JSON.parse(poll.body);
    }
  }

  process.on("message", (m: ToPoller) => {
    if (m.kind === "setup") setup = m;
    else if (m.kind === "visitor" && setup) running.push(wait(setup, new Jar(m.jar), m.state));
    else if (m.kind === "done")
      void Promise.all(running).then(() => {
        loopDelay.disable();
        const cpu = process.cpuUsage();
        result.cpuSeconds = (cpu.user + cpu.system) / 1e6;
        result.loop = loopLine(loopDelay);
        process.send?.(result, () => process.disconnect());
      });
  });
}

/** A process's CPU time so far (user and system), in seconds, from /proc; 0 where there is none. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are the 14th and 15th fields of the whole line, in clock ticks (100 a second on Linux)
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/scripts/onsale.ts", ...args], { cwd: root, env });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c));
    child.stderr.on("data", (c: Buffer) => (out += c));
    child.once("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(out))));
  });
}

async function main(): Promise<void> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-waiting-room-"));
  const dbFile = path.join(dir, "bench.sqlite");
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: dbFile,
    DATABASE_URL: "",
    SITE_ORIGINS: origin,
    SERVER_LOG: "0",
    // every simulated visitor comes from this one address, and the captcha is not what is measured
    CAPTCHA_FETCH_MAX: String(VISITORS * 2),
    CAPTCHA_MAX_NUMBER: "20",
    HELD_PER_CLIENT: String(VISITORS * 2),
    HOLD_COOLDOWN_CLIENT_TICKETS: String(VISITORS * 2),
  };
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const poll = spawn(process.execPath, ["--import", "tsx", __filename], {
    cwd: root,
    env: { ...process.env, WAITING_ROOM_POLLER: "1" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    await waitFor(port, 60_000);
    const db = new Database(dbFile, { readonly: true });
    const target = db
      .prepare(
        `SELECT t.event_id, t.id FROM tickets t JOIN events e ON e.id = t.event_id
         WHERE e.status = 'on_sale' ORDER BY t.total - t.sold - t.held DESC LIMIT 1`,
      )
      .get() as { event_id: number; id: number };
    const t0 = Date.now();
    const opensAt = t0 + BEFORE_OPENING_S * 1000;
    console.log(
      await runCli(
        [
          "create",
          "--event",
          String(target.event_id),
          "--opens",
          new Date(opensAt).toISOString(),
          "--rate",
          String(RATE),
          "--admission-minutes",
          "10",
        ],
        env,
      ),
    );
    console.log(
      `${VISITORS} visitors arrive within ${ARRIVAL_S} s (the opening at ${BEFORE_OPENING_S} s), watched until ${AFTER_OPENING_S} s after it; ${os.cpus().length} cores`,
    );
    const end = opensAt + AFTER_OPENING_S * 1000;
    const arrivalsEnd = t0 + ARRIVAL_S * 1000;
    poll.send({
      kind: "setup",
      port,
      eventId: target.event_id,
      ticketId: target.id,
      end,
      arrivalsEnd,
      opensAt,
    } as ToPoller);
    // what the simulator itself costs: the joining side's event-loop delay and CPU time, and the server's
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const simCpu = process.cpuUsage();
    const serverCpu = cpuSeconds(server.pid);
    const joins: number[] = [];
    let joinErrors = 0;

    async function visitor(i: number): Promise<void> {
      await sleep(t0 + (i / VISITORS) * ARRIVAL_S * 1000 - Date.now());
      const jar = new Jar();
      const challenge = jar.keep(await request(port, "GET", "/api/captcha", jar.header()));
      if (challenge.status !== 200) return void joinErrors++;
      const started = performance.now();
      const joined = jar.keep(
        await request(port, "POST", `/api/onsale/${target.event_id}`, jar.header(), {
          captcha: solve(JSON.parse(challenge.body)),
        }),
      );
      joins.push(performance.now() - started);
      if (joined.status !== 200) return void joinErrors++;
      poll.send({ kind: "visitor", jar: [...jar.cookies], state: JSON.parse(joined.body) } as ToPoller);
    }

    await Promise.all(Array.from({ length: VISITORS }, (_, i) => visitor(i)));
    loopDelay.disable();
    const simUsed = process.cpuUsage(simCpu);
    const waited = new Promise<PollerResult>((resolve) => poll.once("message", (m) => resolve(m as PollerResult)));
    poll.send({ kind: "done" } as ToPoller);
    const { polls, pollsDuringArrivals, slow, held, refusedAdds, errors: pollErrors, ...pollerCost } = await waited;
    const errors = joinErrors + pollErrors;
    const serverUsed = cpuSeconds(server.pid) - serverCpu;
    const wall = (Date.now() - t0) / 1000;
    const row = db.prepare("SELECT admitted_through FROM onsales WHERE event_id = ?").get(target.event_id) as {
      admitted_through: number;
    };
    // admission keeps moving while late arrivals still join: counted up to this moment
    const seconds = (Date.now() - opensAt) / 1000;
    const oversold = (db.prepare("SELECT COUNT(*) AS n FROM tickets WHERE sold + held > total").get() as { n: number })
      .n;
    db.close();
    const admittedRate = (row.admitted_through / seconds) * 60;
    polls.sort((a, b) => a - b);
    pollsDuringArrivals.sort((a, b) => a - b);
    joins.sort((a, b) => a - b);
    const pct = ((admittedRate - RATE) / RATE) * 100;
    console.log(`admitted ${row.admitted_through} in ${seconds.toFixed(1)} s after the opening`);
    console.log(
      `admission rate ${admittedRate.toFixed(1)}/min vs setting ${RATE}/min (${pct >= 0 ? "+" : ""}${pct.toFixed(2)} %)`,
    );
    console.log(
      `tickets held by admitted visitors ${held}, refused adds ${refusedAdds}, categories oversold ${oversold}`,
    );
    const line = (xs: number[]) =>
      `${xs.length}: p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, max ${(xs.at(-1) ?? 0).toFixed(1)} ms`;
    console.log(`polls while the ${VISITORS} arrive (joins and polls together) ${line(pollsDuringArrivals)}`);
    console.log(`polls once they have arrived ${line(polls)}`);
    console.log(
      `joins ${joins.length}: p50 ${quantile(joins, 0.5).toFixed(1)} ms, p99 ${quantile(joins, 0.99).toFixed(1)} ms; errors ${errors}`,
    );
    console.log(
      `CPU over ${wall.toFixed(0)} s: server ${serverUsed.toFixed(1)} s, joining visitors ${((simUsed.user + simUsed.system) / 1e6).toFixed(1)} s, waiting visitors ${pollerCost.cpuSeconds.toFixed(1)} s`,
    );
    console.log(
      `event-loop delay of the simulator: joining ${loopLine(loopDelay)}; waiting (where polls are timed) ${pollerCost.loop}`,
    );
    const windows = new Map<number, number>();
    for (const w of slow) windows.set(w, (windows.get(w) ?? 0) + 1);
    console.log(
      `polls of ${SLOW_MS} ms or more, by ten seconds after the opening (negative: before it): ${
        [...windows]
          .sort(([a], [b]) => a - b)
          .map(([w, n]) => `${w * 10}s ${n}`)
          .join(", ") || "none"
      }`,
    );
    const all = [...polls, ...pollsDuringArrivals].sort((a, b) => a - b);
    console.log(`all polls ${line(all)}`);
    const met = Math.abs(pct) <= 5 && oversold === 0 && quantile(all, 0.99) < 50;
    console.log(met ? "goals met" : "goals NOT met (rate within 5 %, 0 oversold, poll p99 < 50 ms)");
  } finally {
    server.kill("SIGTERM");
    if (poll.connected) poll.kill("SIGTERM");
    agent.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.WAITING_ROOM_POLLER === "1") poller();
else void main();
