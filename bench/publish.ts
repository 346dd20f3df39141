/**
 * Publishing benchmark (`npm run bench:publish`): how long an editor waits from the hook call
 * to the change being served by nginx, for the sample catalogue or a generated one.
 *
 *   npm run bench:publish                          # the sample catalogue
 *   npm run bench:publish -- --events 10000        # a generated catalogue of 10,000 events
 *   npm run bench:publish -- --database data/scale.sqlite   # an existing database (its first event's title changes)
 *   npm run bench:publish -- --rate 100            # CATALOGUE_RATE_LIMIT for the builds
 *   npm run bench:publish -- --dir /tmp/bench-publish-site --data /tmp/bench-publish-data
 *
 * It runs what production runs, each as its own process: the local server on its own
 * database, `npm run publisher` (PUBLISH_QUIET_MS, default here 1000, a temporary
 * PUBLISH_ROOT) and `npm run origin` (nginx), all from a scratch copy of the project so the
 * shared .cache/ and public/ are left alone. Then:
 *
 *   1. the first publish, from an empty build cache (cold): hook call to release live;
 *   2. one event's title changed in the server's database, the hook called with a body naming
 *      it (`{"changes":[{"kind":"event","id":…}]}`: the build reads only that event), and nginx
 *      asked every 100 ms for the event's page until it shows the new title: hook to live, the
 *      split of the publisher's steps (GET /hooks/status) and the page count;
 *   3. the same with another title and a hook without a body (the whole catalogue read).
 *
 * Live is when nginx serves the new title (the first publish, with no nginx yet: the switch
 * the publisher reports as liveAt). The compression of the new release's copies follows the
 * switch and is printed as its own column ("compression after live"): it delays no visitor.
 * Each run also gives "quiet window end to live" (hook to live less the quiet window and the
 * queue), the peak memory of the publisher and everything under it (builds, Gatsby's
 * workers; resident sizes summed from /proc every 200 ms) and the load average during it.
 * The publisher's logs are kept in the data directory (logs-<time>/).
 *
 * Ports: PORT (the server, 4060), PUBLISHER_PORT (4061), ORIGIN_PORT (9160).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { answers, startProcess, stopAll, waitFor } from "../lib/processes";
import { changeEventTitle, waitForServedTitle } from "../scripts/lib/editor-change";
import { callHook, type PublisherStatus, waitUntilSettled } from "../scripts/lib/publisher-client";
import { cleanBuild, copyProject } from "../scripts/lib/scratch-site";
import { arg, exitWithUsageIfAsked } from "./lib/cli";
import { sampleTreeMemory } from "./lib/process-memory";

const USAGE = `usage: npm run bench:publish -- [options]   hook call to change served by nginx, cold and incremental
  --events <n>         a generated catalogue of n events (default: the sample catalogue)
  --database <file>    an existing database (its first event's title changes)
  --rate <n>           CATALOGUE_RATE_LIMIT for the builds
  --dir <path> --data <path>   the scratch copy and its data (/tmp/bench-publish-site, /tmp/bench-publish-data)
ports: PORT (4060), PUBLISHER_PORT (4061), ORIGIN_PORT (9160)`;
exitWithUsageIfAsked(USAGE);

const ROOT = path.resolve(__dirname, "..");

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

const EVENTS = arg("events") === undefined ? null : Number(arg("events"));
const GIVEN_DATABASE = arg("database");
const SITE_DIR = path.resolve(arg("dir") ?? "/tmp/bench-publish-site");
const DATA_DIR = path.resolve(arg("data") ?? "/tmp/bench-publish-data");
const RATE = arg("rate");
const QUIET_MS = process.env.PUBLISH_QUIET_MS ?? "1000";
const API_PORT = port("PORT", 4060);
const PUBLISHER_PORT = port("PUBLISHER_PORT", 4061);
const ORIGIN_PORT = port("ORIGIN_PORT", 9160);
const API_URL = `http://127.0.0.1:${API_PORT}`;
const PUBLISHER_URL = `http://127.0.0.1:${PUBLISHER_PORT}`;
const ORIGIN_URL = `http://127.0.0.1:${ORIGIN_PORT}`;
/** a cold build of 10,000 events on a busy 2-core machine takes many minutes */
const PUBLISH_TIMEOUT_MS = 2 * 60 * 60 * 1000;
const TOKEN = randomBytes(24).toString("hex");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

interface Run {
  label: string;
  hookToLiveMs: number;
  status: PublisherStatus;
  /** from the call to the publish's start: the quiet window and the queue */
  waitedMs: number;
  peakMiB: number;
  /** the 1-minute load average: lowest and highest seen during the run */
  load: [number, number];
}

/** The publisher's process, for the memory sampling. */
let publisherPid: number | undefined;

// ---------------------------------------------------------------- the catalogue

/** The database to serve: a fresh sample, a generated one (made once, then reused), or the given one. */
function database(): { file: string; label: string } {
  if (GIVEN_DATABASE) {
    const file = path.resolve(GIVEN_DATABASE);
    if (!existsSync(file)) throw new Error(`${file} does not exist (npm run server:seed-scale makes one)`);
    return { file, label: path.basename(file) };
  }
  if (EVENTS === null) {
    const file = path.join(DATA_DIR, "sample.sqlite");
    // the server seeds the sample catalogue into a database it creates
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    return { file, label: "sample catalogue" };
  }
  if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error("--events must be a positive whole number");
  const file = path.join(DATA_DIR, `scale-${EVENTS}.sqlite`);
  if (!existsSync(file)) {
    console.log(`== seeding ${EVENTS} events into ${file}`);
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "server/scripts/seed-scale.ts", "--events", String(EVENTS), "--database", file, "--force"],
      { cwd: ROOT, stdio: "inherit" },
    );
    if (seeded.status !== 0) throw new Error("seeding the generated catalogue failed");
  }
  return { file, label: `${EVENTS} events` };
}

/** An event listed now, so it has a page. */
async function firstListedEvent(): Promise<number> {
  const res = await fetch(`${API_URL}/v1/events?lang=en&page_size=1`);
  const page = (await res.json()) as { results: Array<{ id: number }> };
  const id = page.results[0]?.id;
  if (id === undefined) throw new Error("the catalogue lists no event");
  return id;
}

// ---------------------------------------------------------------- the processes

async function startAll(databaseFile: string, publishRoot: string, originPrefix: string): Promise<() => Promise<void>> {
  for (const url of [API_URL, PUBLISHER_URL, ORIGIN_URL])
    if (await answers(url))
      throw new Error(`something already answers at ${url}: choose other ports (PORT, PUBLISHER_PORT, ORIGIN_PORT)`);
  const server = startProcess("server", process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: SITE_DIR,
    env: { ...process.env, PORT: String(API_PORT), HOST: "127.0.0.1", DATABASE_PATH: databaseFile, HOLD_SWEEP_MS: "0" },
    output: "quiet",
  });
  await waitFor(`${API_URL}/v2/landings/1`, "the local server", { timeoutMs: 120_000, child: server.child });

  const publisher = startProcess("publisher", process.execPath, ["--import", "tsx", "ops/publisher.ts"], {
    cwd: SITE_DIR,
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      PUBLISH_TOKEN: TOKEN,
      PUBLISHER_PORT: String(PUBLISHER_PORT),
      PUBLISH_ROOT: publishRoot,
      PUBLISH_QUIET_MS: QUIET_MS,
      PUBLISH_SCHEDULE: "0",
      CATALOGUE_API_URL: API_URL,
      BASKET_API_URL: API_URL,
      SITE_URL: ORIGIN_URL,
      ...(RATE ? { CATALOGUE_RATE_LIMIT: RATE } : {}),
    },
    output: "quiet",
  });
  publisherPid = publisher.child.pid;
  await waitFor(`${PUBLISHER_URL}/hooks/status`, "the publisher", { child: publisher.child });

  // nginx serves PUBLISH_ROOT/current, so it is started once the first release is live
  return async () => {
    const origin = startProcess("origin", process.execPath, ["--import", "tsx", "ops/origin.ts"], {
      cwd: SITE_DIR,
      env: { ...process.env, PUBLISH_ROOT: publishRoot, ORIGIN_PORT: String(ORIGIN_PORT), ORIGIN_PREFIX: originPrefix },
      output: "quiet",
    });
    await waitFor(`${ORIGIN_URL}/`, "nginx", { child: origin.child });
  };
}

// ---------------------------------------------------------------- one publish

async function publishThroughHook(label: string, live?: { path: string; text: string }, body?: unknown): Promise<Run> {
  const memory = sampleTreeMemory(publisherPid as number);
  const loads: number[] = [loadavg()[0] as number];
  const loadTimer = setInterval(() => loads.push(loadavg()[0] as number), 5000);
  try {
    return {
      ...(await timedPublish(label, live, body)),
      peakMiB: memory.peakKiB() / 1024,
      load: [Math.min(...loads), Math.max(...loads, loadavg()[0] as number)],
    };
  } finally {
    memory.stop();
    clearInterval(loadTimer);
  }
}

async function timedPublish(
  label: string,
  live: { path: string; text: string } | undefined,
  body: unknown,
): Promise<Omit<Run, "peakMiB" | "load">> {
  const since = Date.now();
  const res = await callHook(
    PUBLISHER_URL,
    "publish",
    { token: TOKEN },
    body === undefined ? {} : { body: JSON.stringify(body) },
  );
  if (res.status !== 202) throw new Error(`POST /hooks/publish answered HTTP ${res.status}: ${await res.text()}`);
  let liveAt: number | null = null;
  if (live) {
    const deadline = since + PUBLISH_TIMEOUT_MS;
    while (liveAt === null && Date.now() < deadline) {
      const page = await fetch(`${ORIGIN_URL}${live.path}`)
        .then((r) => r.text())
        .catch(() => "");
      if (page.includes(live.text)) liveAt = Date.now();
      else await sleep(100);
    }
  }
  const status = await waitUntilSettled(PUBLISHER_URL, since, PUBLISH_TIMEOUT_MS);
  const attempt = status.lastAttempt;
  if (attempt?.result !== "succeeded")
    throw new Error(`${label}: the publish ${attempt?.result ?? "never ran"}: ${attempt?.error ?? ""}`);
  if (live && liveAt === null) throw new Error(`${label}: nginx never served "${live.text}" at ${live.path}`);
  // without a page to watch (the first publish, before nginx runs), live is its switch (the
  // publisher's liveAt); the compression after it does not delay visitors
  const end = liveAt ?? Date.parse(attempt.liveAt ?? attempt.endedAt ?? attempt.startedAt);
  return { label, hookToLiveMs: end - since, status, waitedMs: Date.parse(attempt.startedAt) - since };
}

/**
 * What the build's log says of the sessions of multi-day events, when a full read let them
 * follow while the site built (gatsby-node.ts): how long they took, and how long the page
 * queries then waited for them.
 */
function sessionsFacts(log: string | undefined): string | null {
  if (!log || !existsSync(log)) return null;
  const text = readFileSync(log, "utf8");
  const read = /catalogue: sessions read in ([\d.]+) s, while the site built/.exec(text);
  if (!read) return null;
  const waited = /catalogue: the page queries waited ([\d.]+) s for the sessions/.exec(text);
  return `   the sessions of multi-day events read while the site built: ${read[1]} s after the lists; the page queries waited ${waited?.[1] ?? "?"} s for them`;
}

function describeRun(run: Run): string {
  const attempt = run.status.lastAttempt;
  const steps = attempt?.steps ?? {};
  const split = (["build", "stage", "verify", "switch"] as const)
    .map((step) => `${step} ${steps[step] === undefined ? "?" : `${steps[step]} s`}`)
    .join(", ");
  const compress = `compression after live ${steps.compress === undefined ? "?" : `${steps.compress} s`}${attempt?.warning ? ` (warning: ${attempt.warning})` : ""}`;
  return [
    `${run.label}: hook to live ${seconds(run.hookToLiveMs)}, quiet window end to live ${seconds(run.hookToLiveMs - run.waitedMs)}`,
    `   waiting (quiet window ${QUIET_MS} ms and queue) ${seconds(run.waitedMs)}; ${split}; ${compress}; the publish itself (with its compression) ${attempt?.seconds ?? "?"} s`,
    `   reading the catalogue ${attempt?.readSeconds ?? "?"} s (${attempt?.changes ? `only ${JSON.stringify(attempt.changes)}` : "everything"})`,
    ...[sessionsFacts(attempt?.log)].filter((line) => line !== null),
    `   release ${attempt?.release ?? "?"}: ${attempt?.pages ?? "?"} pages; peak memory ${run.peakMiB.toFixed(0)} MiB; load average ${run.load[0].toFixed(1)} to ${run.load[1].toFixed(1)}`,
  ].join("\n");
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  const { file, label } = database();
  copyProject(ROOT, SITE_DIR);
  cleanBuild(SITE_DIR);
  const publishRoot = mkdtempSync(path.join(DATA_DIR, "releases-"));
  // nginx's workers run unprivileged (as nobody when this runs as root): they read the releases
  chmodSync(DATA_DIR, 0o755);
  chmodSync(publishRoot, 0o755);
  const originPrefix = mkdtempSync(path.join(DATA_DIR, "origin-"));
  const loadBefore = load();
  console.log(
    `== ${label}: server ${API_URL}, publisher ${PUBLISHER_URL}, nginx ${ORIGIN_URL}; load average ${loadBefore}`,
  );
  try {
    const startOrigin = await startAll(file, publishRoot, originPrefix);
    console.log("== first publish (empty build cache)");
    const cold = await publishThroughHook("first publish (cold build)");
    console.log(describeRun(cold));
    await startOrigin();

    const id = await firstListedEvent();
    const runs = [cold];
    for (const withBody of [true, false]) {
      const title = `Bench publish ${withBody ? "with" : "without"} a body ${Date.now()}`;
      changeEventTitle(file, id, title);
      await waitForServedTitle(API_URL, id, title);
      console.log(
        `== event ${id}'s title changed to "${title}"; calling the hook ${withBody ? "with" : "without"} a body`,
      );
      const run = await publishThroughHook(
        `one title changed, ${withBody ? "hook with a body" : "hook without a body"}`,
        { path: `/events/${id}/`, text: title },
        withBody ? { changes: [{ kind: "event", id }] } : undefined,
      );
      console.log(describeRun(run));
      runs.push(run);
    }

    console.log(`\n== summary: ${label}, ${cpus().length} cores, load average ${loadBefore} before, ${load()} after`);
    console.log(
      "| run | hook to live | quiet window end to live | read | build (with read) | stage + verify | switch | compression after live | pages | peak memory | load average |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |");
    for (const run of runs) {
      const attempt = run.status.lastAttempt;
      const steps = attempt?.steps ?? {};
      const f = (n: number | undefined, digits = 1) => (n === undefined ? "?" : `${n.toFixed(digits)} s`);
      console.log(
        `| ${run.label} | ${seconds(run.hookToLiveMs)} | ${seconds(run.hookToLiveMs - run.waitedMs)} | ${f(attempt?.readSeconds)} | ${f(steps.build)} | ${f(steps.stage, 2)} + ${f(steps.verify, 2)} | ${f(steps.switch, 2)} | ${f(steps.compress, 2)} | ${attempt?.pages ?? "?"} | ${(run.peakMiB / 1024).toFixed(2)} GiB | ${run.load[0].toFixed(1)}–${run.load[1].toFixed(1)} |`,
      );
    }
  } finally {
    await stopAll();
    const logs = path.join(publishRoot, "logs");
    if (existsSync(logs)) {
      const kept = path.join(DATA_DIR, `logs-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      cpSync(logs, kept, { recursive: true });
      console.log(`the publisher's logs: ${kept}`);
    }
    rmSync(publishRoot, { recursive: true, force: true });
    rmSync(originPrefix, { recursive: true, force: true });
  }
}

main().catch(async (error: unknown) => {
  console.error(`bench:publish: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
});
