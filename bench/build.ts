/**
 * Build benchmark (`npm run bench:build`): how long the site takes to build, how many pages
 * per second, how much memory, for the sample catalogue and for a large generated one, plus
 * a rebuild after one event changed and the gzipped JavaScript an event page ships.
 *
 *   npm run bench:build                       # sample + 10,000 events
 *   npm run bench:build -- --events 2000      # a smaller scale run
 *   npm run bench:build -- --skip-scale       # the sample catalogue only
 *   npm run bench:build -- --port 4019 --dir /tmp/bench-build-site
 *   npm run bench:build -- --rate 50          # CATALOGUE_RATE_LIMIT for the builds
 *
 * At the default 10 requests/s, reading 10,000 events in three languages (100 per page)
 * alone takes at least 30 s: that is the floor of any rebuild against such a catalogue.
 *
 * The site is built in a scratch copy of the project (node_modules linked), so the shared
 * .cache/ and public/ are left alone; each build still takes /tmp/gatsby.lock so it does
 * not compete for the two cores with someone else's build. Each catalogue is served by
 * its own local server on a port of its own. Peak memory is the largest sum of the resident
 * sizes of the gatsby process and all its children, sampled from /proc every 200 ms.
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startProcess, waitFor } from "../lib/processes";
import { cleanBuild, copyProject } from "../scripts/lib/scratch-site";
import { arg, exitWithUsageIfAsked } from "./lib/cli";
import { treeRssKiB } from "./lib/process-memory";

const USAGE = `usage: npm run bench:build -- [options]   build time, pages/s, memory for the sample and a generated catalogue
  --events <n>         the generated catalogue's size (10000)
  --skip-scale         the sample catalogue only
  --skip-sample        the generated catalogue only
  --rate <n>           CATALOGUE_RATE_LIMIT for the builds
  --port <n>           the local server's port (4019)
  --dir <path> --data <path>   the scratch copy and its data (/tmp/bench-build-site, /tmp/bench-build-data)`;
exitWithUsageIfAsked(USAGE);

const ROOT = path.resolve(__dirname, "..");

const SCALE_EVENTS = Number(arg("events") ?? 10_000);
const PORT = Number(arg("port") ?? 4019);
const SITE_DIR = path.resolve(arg("dir") ?? "/tmp/bench-build-site");
const DATA_DIR = path.resolve(arg("data") ?? "/tmp/bench-build-data");
const SKIP_SAMPLE = process.argv.includes("--skip-sample");
/** CATALOGUE_RATE_LIMIT for the builds; the build's default (10/s) unless given */
const RATE = arg("rate");
const SKIP_SCALE = process.argv.includes("--skip-scale");
const LOCK = "/tmp/gatsby.lock";

interface BuildFigures {
  label: string;
  seconds: number;
  pages: number;
  pagesPerSecond: number;
  peakMiB: number;
  ok: boolean;
}

// ---------------------------------------------------------------- the catalogue server

async function startServer(database: string): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${PORT}`;
  const server = startProcess(
    "server",
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "server/src/server.ts")],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(PORT), DATABASE_PATH: database, HOLD_SWEEP_MS: "0" },
      output: "quiet",
    },
  );
  await waitFor(`${url}/v2/landings/1`, "the server", { timeoutMs: 120_000, child: server.child });
  return { url, stop: () => server.stop() };
}

// ---------------------------------------------------------------- one build

function countPages(publicDir: string): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== "page-data" && entry.name !== "static" && entry.name !== "ics")
          walk(path.join(dir, entry.name));
      } else if (entry.name === "index.html") count++;
    }
  };
  if (existsSync(publicDir)) walk(publicDir);
  return count;
}

async function build(label: string, catalogueUrl: string): Promise<BuildFigures> {
  console.log(`\n== ${label}: building against ${catalogueUrl}`);
  const logFile = path.join(DATA_DIR, `${label.replace(/\W+/g, "-")}.log`);
  const started = Date.now();
  let peak = 0;
  // `npm run build`, as an editor's rebuild runs it
  const { child } = startProcess(label, "flock", [LOCK, "npm", "run", "build"], {
    cwd: SITE_DIR,
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      CATALOGUE_API_URL: catalogueUrl,
      BASKET_API_URL: catalogueUrl,
      CI: "1",
      ...(RATE ? { CATALOGUE_RATE_LIMIT: RATE } : {}),
    },
    output: "pipe",
  });
  writeFileSync(logFile, "");
  let lockedAt: number | null = null;
  // the last step Gatsby finished: the peak is in the step after it
  let lastStep = "(start)";
  let peakAfter = lastStep;
  const onData = (chunk: Buffer) => {
    lockedAt ??= Date.now();
    const text = chunk.toString();
    // written as it comes, so a long build can be followed with tail -f
    appendFileSync(logFile, text);
    for (const line of text.split("\n")) {
      const step = /success (.+?) - [\d.]+s/.exec(line);
      if (step) lastStep = step[1] as string;
    }
    for (const line of text.split("\n"))
      if (/catalogue: (events|read|wrote)|success Building static HTML|error|ERROR/.test(line))
        console.log(`   ${line.trim()}`);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const sampler = setInterval(() => {
    if (child.pid === undefined) return;
    const rss = treeRssKiB(child.pid);
    if (rss > peak) {
      peak = rss;
      peakAfter = lastStep;
    }
  }, 200);
  const code = await new Promise<number>((resolve) => child.once("exit", (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  // time from gatsby's first output: waiting for another helper's build is not build time
  const seconds = (Date.now() - (lockedAt ?? started)) / 1000;
  const pages = countPages(path.join(SITE_DIR, "public"));
  const figures = { label, seconds, pages, pagesPerSecond: pages / seconds, peakMiB: peak / 1024, ok: code === 0 };
  console.log(
    `   ${figures.ok ? "built" : `FAILED (exit ${code}, log ${logFile})`}: ${seconds.toFixed(1)} s, ${pages} pages, ${figures.pagesPerSecond.toFixed(0)} pages/s, peak ${figures.peakMiB.toFixed(0)} MiB (in the step after "${peakAfter}")`,
  );
  return figures;
}

// ---------------------------------------------------------------- event page JavaScript

function eventPageJs(publicDir: string): { page: string; files: number; gzipBytes: number } | null {
  const eventsDir = path.join(publicDir, "events");
  if (!existsSync(eventsDir)) return null;
  const id = readdirSync(eventsDir).find((d) => /^\d+$/.test(d));
  if (!id) return null;
  const html = readFileSync(path.join(eventsDir, id, "index.html"), "utf8");
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(match[1] as string);
  // The template's own chunks are not in the HTML: the runtime loads them at once through
  // ___chunkMapping. webpack.stats.json names them per chunk group.
  const statsFile = path.join(publicDir, "webpack.stats.json");
  if (existsSync(statsFile)) {
    const stats = JSON.parse(readFileSync(statsFile, "utf8")) as {
      namedChunkGroups?: Record<string, { assets?: Array<{ name: string } | string> }>;
    };
    const group = stats.namedChunkGroups?.["component---src-templates-event-tsx"];
    for (const asset of group?.assets ?? []) {
      const name = typeof asset === "string" ? asset : asset.name;
      if (name.endsWith(".js")) scripts.add(`/${name}`);
    }
  }
  let gzipBytes = 0;
  for (const src of scripts) {
    const file = path.join(publicDir, src.replace(/^\//, ""));
    if (existsSync(file)) gzipBytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  // inline scripts ship with the HTML; count them too
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!/application\/ld\+json/.test(match[0]))
      gzipBytes += gzipSync(Buffer.from(match[1] as string), { level: 9 }).length;
  }
  return { page: `/events/${id}/`, files: scripts.size, gzipBytes };
}

// ---------------------------------------------------------------- one event changed

function changeOneEvent(database: string): number {
  // through the server's own database module, so the change looks like an editor's
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(database)});
    const row = db.prepare("SELECT id, age_limit FROM events ORDER BY id LIMIT 1").get();
    db.prepare("UPDATE events SET age_limit = ?, updated_at = ? WHERE id = ?").run(row.age_limit === 21 ? 18 : 21, Math.floor(Date.now() / 1000), row.id);
    db.close();
    console.log(row.id);
  `;
  const result = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`could not change an event: ${result.stderr}`);
  return Number(result.stdout.trim());
}

// ---------------------------------------------------------------- main

async function benchCatalogue(label: string, database: string): Promise<BuildFigures[]> {
  const server = await startServer(database);
  try {
    cleanBuild(SITE_DIR);
    const cold = await build(`${label} (cold)`, server.url);
    const figures = [cold];
    const js = eventPageJs(path.join(SITE_DIR, "public"));
    if (js)
      console.log(
        `   event page ${js.page}: ${js.files} script files, ${(js.gzipBytes / 1024).toFixed(1)} KiB of JavaScript gzipped (-9)`,
      );
    if (cold.ok) {
      const id = changeOneEvent(database);
      console.log(`   changed event ${id} (age limit), rebuilding`);
      figures.push(await build(`${label} (one event changed)`, server.url));
    }
    return figures;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  copyProject(ROOT, SITE_DIR);
  const results: BuildFigures[] = [];

  if (!SKIP_SAMPLE) {
    const sampleDb = path.join(DATA_DIR, "sample.sqlite");
    for (const suffix of ["", "-wal", "-shm"]) rmSync(sampleDb + suffix, { force: true });
    results.push(...(await benchCatalogue("sample", sampleDb)));
  }

  if (!SKIP_SCALE) {
    const scaleDb = path.join(DATA_DIR, `scale-${SCALE_EVENTS}.sqlite`);
    if (!existsSync(scaleDb)) {
      console.log(`\n== seeding ${SCALE_EVENTS} events into ${scaleDb}`);
      const seeded = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "server/scripts/seed-scale.ts",
          "--events",
          String(SCALE_EVENTS),
          "--database",
          scaleDb,
          "--force",
        ],
        {
          cwd: ROOT,
          stdio: "inherit",
        },
      );
      if (seeded.status !== 0) throw new Error("seeding the scale catalogue failed");
    }
    results.push(...(await benchCatalogue(`${SCALE_EVENTS} events`, scaleDb)));
  }

  console.log("\n== summary (this machine: %d cores)", (await import("node:os")).cpus().length);
  console.log("build                                    time      pages   pages/s   peak memory");
  for (const r of results) {
    console.log(
      `${r.label.padEnd(40)} ${`${r.seconds.toFixed(1)} s`.padStart(8)} ${String(r.pages).padStart(8)} ${r.pagesPerSecond.toFixed(0).padStart(9)} ${`${r.peakMiB.toFixed(0)} MiB`.padStart(13)}${r.ok ? "" : "  FAILED"}`,
    );
  }
  const size = statSync(SITE_DIR).isDirectory() ? eventPageJs(path.join(SITE_DIR, "public")) : null;
  if (size)
    console.log(`event page JavaScript (gzip -9): ${(size.gzipBytes / 1024).toFixed(1)} KiB in ${size.files} files`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
