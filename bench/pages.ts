/**
 * `npm run bench:pages`: Lighthouse (mobile preset, simulated throttling) on the built site.
 *
 * Builds nothing: it serves public/ with the rules of `npm run serve` (scripts/serve.ts)
 * behind a gzip layer, as a CDN would, runs Lighthouse three times on each page type in
 * English and Arabic with Debian's Chromium, and prints the medians: the four scores, LCP,
 * TBT, CLS, the gzipped JavaScript loaded until the page is interactive, and the gzipped HTML.
 *
 * The pages ask the catalogue and basket API baked into the build for live prices. When that
 * is a local address and nothing answers there, the local server is started on it with the
 * sample data, so the pages behave as they do for a visitor (no failed requests).
 *
 *   npm run bench:pages
 *   npm run bench:pages -- --runs 1 --pages home,events --langs en
 *   BENCH_PORT=9450 CHROME_PATH=/usr/bin/chromium npm run bench:pages
 *
 * Lighthouse simulates a phone by multiplying what the page cost this machine's CPU by 4, so
 * the same build scores higher on a faster host. Each run's `benchmarkIndex` (Lighthouse's own
 * measure of the host's CPU) is printed with the table, and `--cpu N` sets the multiplier, to
 * see what a slower host would have measured (for example `--cpu 6`). So is what that index does
 * not see: the host's cost of a first touch of a page of memory, and the page faults of
 * Chromium's processes in each page's run (bench/lib/host-cost.ts), which on a virtual machine
 * that handles faults in software make every task longer by the clock.
 *
 * Before the pages it measures the host's floor (bench/lib/floor-page.ts): a page with nothing in
 * it, served with the site's headers, and with the same headers less Cross-Origin-Opener-Policy
 * (which makes Chromium start a new renderer for the page). A page cannot score above its floor;
 * `--no-floor` leaves it out.
 *
 * It is a benchmark, not a test: it never fails on a low score.
 *
 * `--variants` measures the ways a page can start (docs/adr/0011-start-up-and-hydration.md) side
 * by side in one run, in Chromium with the CPU slowed `--cpu` times (4 by default) and a trace of
 * each load, instead of Lighthouse: the build's hydration in a transition, the same as one task
 * ("sync"), no hydration at all ("none": what is left if islands hydrated nothing), and, with
 * `--before <dir>`, an earlier build served from that folder. For each it prints the start-up
 * JavaScript (gzipped), the components of the first React commit, the most script one start-up
 * task evaluates (deterministic), and from the trace the longest task, the tasks over 50 ms and
 * their blocking time (medians of --runs; these follow the host's load).
 *
 *   npm run bench:pages -- --variants --cpu 4 --runs 3 --before /tmp/public-before
 *
 * `--variants --simulated` loads the pages at the host's full speed instead and counts the
 * blocking time as Lighthouse's simulated throttling would at `--cpu` (simulatedBlockingMs in
 * bench/lib/startup-cost.ts): no task of 10 ms or more after the first paint is what scores.
 * The figure follows the order in which the scripts arrive, so take 10 runs or more.
 *
 *   npm run bench:pages -- --variants --simulated --cpu 8 --runs 12 --pages event,home --langs en
 *
 * `--first-layout` loads each page `--runs` times in Chromium at full speed and prints, per load,
 * the page's first layout by the clock and by the time its thread ran, the font look-ups in it
 * (on Linux each is a synchronous call to the browser's font service), and all the page's
 * main-thread tasks the same two ways, and the page faults of Chromium's processes (and of the
 * renderers' main threads) during the load. Lighthouse's simulation multiplies tasks by the
 * clock: where the clock runs far ahead of the thread, the host, not the page, sets the blocking
 * time.
 *
 *   npm run bench:pages -- --first-layout --runs 6 --pages cart,home
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type * as Lighthouse from "lighthouse";
import { pageTypes } from "../scripts/lib/page-types";
import { createSiteServer, loadRules } from "../scripts/serve";
import { exitWithUsageIfAsked } from "./lib/cli";
import { type FloorPage, floorHeaders, startFloorPage } from "./lib/floor-page";
import * as host from "./lib/host-cost";
import { median } from "./lib/median";
import {
  FIRST_COMMIT_HOOK,
  firstContentfulPaintMs,
  firstLayout,
  LAYOUT_TRACE_CATEGORIES,
  largestStartupTask,
  longTasksAfterPaint,
  mainThreadTasks,
  simulatedBlockingMs,
  startupBytes,
  startupScripts,
  TRACE_CATEGORIES,
} from "./lib/startup-cost";

const USAGE = `usage: npm run bench:pages -- [--runs 3] [--pages home,events,...] [--langs en,ar] [--cpu 4] [--detail] [--save <dir>] [--variants [--simulated] [--before <dir>]] [--first-layout] [--no-floor]
  Lighthouse (mobile preset) on the built site (public/), medians per page type, after the host's floor (a page with nothing in it)
  --first-layout: each load's first layout and main thread, by the clock and by thread time, in Chromium at full speed
settings: BENCH_PORT (9450), BENCH_PUBLIC (public), CHROME_PATH (/usr/bin/chromium)`;
exitWithUsageIfAsked(USAGE);

const ROOT = resolve(__dirname, "..");
/** BENCH_PUBLIC: another build to measure (an altered copy of public/, say) */
const PUBLIC = process.env.BENCH_PUBLIC ? resolve(process.env.BENCH_PUBLIC) : join(ROOT, "public");
const PORT = Number(process.env.BENCH_PORT ?? 9450);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const RUNS = Number(option("runs") ?? 3);
/** --detail: after each page, where its main thread went (scripts, their cost, long tasks) */
const DETAIL = process.argv.includes("--detail");
/** --save <dir>: with --detail, each page's first Lighthouse report (JSON) is written there */
const SAVE = option("save");
const LANGS = (option("langs") ?? "en,ar").split(",");
/** --cpu N: Lighthouse's CPU slowdown multiplier (its mobile preset's is 4) */
const CPU = option("cpu") === undefined ? undefined : Number(option("cpu"));
/** --simulated: with --variants, loads at full speed and counts blocking time as Lighthouse's simulation does */
const SIMULATED = process.argv.includes("--simulated");
/** --no-floor: without the host's floor (bench/lib/floor-page.ts) measured before the pages */
const FLOOR = !process.argv.includes("--no-floor");
if (CPU !== undefined && !(CPU >= 1)) throw new Error("--cpu takes a multiplier of 1 or more, e.g. --cpu 6");

const PAGE_TYPES = pageTypes(PUBLIC);
const PAGES = (option("pages") ?? Object.keys(PAGE_TYPES).join(",")).split(",");

/** The path of page type `page` in language `lang` (English at the root). */
function pagePath(lang: string, page: string): string {
  const make = PAGE_TYPES[page];
  if (!make) throw new Error(`unknown page type "${page}" (one of ${Object.keys(PAGE_TYPES).join(", ")})`);
  return `${lang === "en" ? "" : `/${lang}`}${make()}`;
}

/** Lighthouse's failures of its own that say to run it again (a trace without its start, NO_NAVSTART) */
const RETRIED_ERRORS = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED"]);

/** A Lighthouse report, and the trace of the load it was made from. */
interface LighthouseRun {
  lhr: Lighthouse.Result;
  trace: unknown;
}

/** One Lighthouse run on `url`; run again, at most twice, when Lighthouse itself failed to record it. */
async function lighthouseRun(url: string, chromePort: number): Promise<LighthouseRun> {
  const { default: lighthouse } = await import("lighthouse");
  const path = new URL(url).pathname;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(CPU === undefined ? {} : { throttling: { cpuSlowdownMultiplier: CPU } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const error = result.lhr.runtimeError?.code;
    if (!error || !RETRIED_ERRORS.has(error) || attempt === 3)
      return { lhr: result.lhr, trace: (result.artifacts as { Trace?: unknown }).Trace };
    process.stdout.write(`  ${path}: Lighthouse failed to record the load (${error}); running it again\n`);
  }
}

/** The site served exactly as `npm run serve` serves it: the CDN rules, precompressed or gzipped answers. */
async function startSite(dir: string = PUBLIC, port: number = PORT): Promise<{ close(): Promise<void> }> {
  const server = createSiteServer(dir, await loadRules(dir));
  await new Promise<void>((r, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => r());
  });
  return { close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The local API address the build was made against, read from its JavaScript. */
function bakedApiUrl(): string | null {
  const found = new Set<string>();
  for (const name of readdirSync(PUBLIC)) {
    if (!name.endsWith(".js")) continue;
    const code = readFileSync(join(PUBLIC, name), "utf8");
    for (const m of code.matchAll(/catalogueApiUrl:[^"]{0,10}"(https?:\/\/(?:127\.0\.0\.1|localhost):\d+)/g))
      found.add(m[1]!);
  }
  return found.size === 1 ? [...found][0]! : null;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/v1/currencies`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** Starts the local server with the sample data where the build expects it, if nothing is there. */
async function ensureApi(): Promise<{ stop(): void; note: string }> {
  const url = bakedApiUrl();
  if (!url) return { stop: () => undefined, note: "found no local API address in the build; started none" };
  if (await answers(url)) return { stop: () => undefined, note: `API already answering at ${url}` };
  const dir = mkdtempSync(join(tmpdir(), "bench-pages-"));
  const port = new URL(url).port;
  const child: ChildProcess = spawn(join(ROOT, "node_modules/.bin/tsx"), ["server/src/server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: port,
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dir, "bench.sqlite"),
      SITE_ORIGINS: `http://127.0.0.1:${PORT},http://localhost:${PORT}`,
    },
    stdio: "ignore",
    detached: true,
  });
  for (let i = 0; i < 60 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 500));
  return {
    note: `started the local API with the sample data at ${url}`,
    stop: () => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  htmlKb: number;
  /** minor page faults of Chromium's processes during the run (bench/lib/host-cost.ts) */
  faults: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  mimeType?: string;
}

const LONG_TASK_MS = 50;

interface Variant {
  name: string;
  dir: string;
  port: number;
  /** what gatsby-browser.tsx's replaceHydrateFunction does, when not the build's default */
  hydration?: "sync" | "none";
}

interface StartupMeasure {
  jsKb: number;
  components: number;
  largestEvalKb: number;
  /** the longest task that evaluates a start-up script */
  startupEvalMs: number;
  longestTaskMs: number;
  longTasks: number;
  blockingMs: number;
}

/** One load of `url` under CPU throttling, traced until the network has been quiet and a second more. */
async function measureStartup(
  browser: import("playwright-core").Browser,
  url: string,
  variant: Variant,
  path: string,
): Promise<StartupMeasure> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: FIRST_COMMIT_HOOK });
    if (variant.hydration) await page.addInitScript({ content: `window.__hydrationVariant = "${variant.hydration}";` });
    const cdp = await context.newCDPSession(page);
    if (!SIMULATED) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU ?? 4 });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    await page.waitForTimeout(1000);
    const trace = await browser.stopTracing();
    const components = await page.evaluate(
      () => (globalThis as unknown as { __firstCommitComponents?: number }).__firstCommitComponents ?? 0,
    );
    const tasks = mainThreadTasks(trace);
    const long = tasks.filter((task) => task.durationMs >= LONG_TASK_MS);
    const scripts = startupScripts(path, variant.dir);
    const startFiles = new Set(scripts.map((script) => script.file));
    return {
      jsKb: startupBytes(path, variant.dir) / 1024,
      components,
      largestEvalKb: largestStartupTask(tasks, scripts).rawBytes / 1024,
      // the longest task that evaluates a start-up script: the one webpack runs the app's
      // modules in, once the last of them has arrived
      startupEvalMs: Math.max(
        0,
        ...tasks.filter((task) => task.scripts.some((file) => startFiles.has(file))).map((task) => task.durationMs),
      ),
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.durationMs)),
      longTasks: long.length,
      blockingMs: SIMULATED
        ? simulatedBlockingMs(tasks, firstContentfulPaintMs(trace), CPU ?? 4)
        : long.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0),
    };
  } finally {
    await context.close();
  }
}

async function compareVariants(): Promise<void> {
  const before = option("before");
  const variants: Variant[] = [
    ...(before ? [{ name: "earlier build", dir: resolve(before), port: PORT + 1 }] : []),
    { name: "transition", dir: PUBLIC, port: PORT },
    { name: "sync", dir: PUBLIC, port: PORT, hydration: "sync" },
    { name: "none", dir: PUBLIC, port: PORT, hydration: "none" },
  ];
  const sites = await Promise.all(
    [...new Map(variants.map((v) => [v.port, v.dir])).entries()].map(([port, dir]) => startSite(dir, port)),
  );
  const api = await ensureApi();
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const rows: string[] = [];
  try {
    for (const lang of LANGS) {
      for (const page of PAGES) {
        const path = pagePath(lang, page);
        const runs = new Map<string, StartupMeasure[]>(variants.map((v) => [v.name, []]));
        // the variants take turns, so a change in the host's load falls on all of them alike
        for (let run = 0; run < RUNS; run++)
          for (const variant of variants)
            runs
              .get(variant.name)
              ?.push(await measureStartup(browser, `http://127.0.0.1:${variant.port}${path}`, variant, path));
        for (const variant of variants) {
          const measured = runs.get(variant.name) ?? [];
          const m = (key: keyof StartupMeasure) => median(measured.map((r) => r[key]));
          rows.push(
            `| \`${path}\` | ${variant.name} | ${m("jsKb").toFixed(1)} KB | ${m("components")} | ${m("largestEvalKb").toFixed(0)} KB | ${Math.round(m("startupEvalMs"))} ms | ${Math.round(m("longestTaskMs"))} ms | ${m("longTasks")} | ${Math.round(m("blockingMs"))} ms |`,
          );
          process.stdout.write(`${rows.at(-1)}\n`);
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(sites.map((site) => site.close()));
    api.stop();
  }
  process.stdout.write(
    [
      "",
      SIMULATED
        ? `Chromium at the host's full speed, blocking time as Lighthouse's simulation counts it at ${CPU ?? 4}x (tasks of 10 ms or more after the first paint), median of ${RUNS} run(s) per variant, taking turns; served gzipped`
        : `Chromium with the CPU slowed ${CPU ?? 4}x, median of ${RUNS} run(s) per variant, taking turns; served gzipped`,
      "",
      "| page | variant | start-up JS gz | components in first commit | largest start-up evaluation | longest task evaluating a start-up script | longest task | tasks over 50 ms | blocking (sum over 50 ms) |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
    ].join("\n"),
  );
}

/**
 * From the trace Lighthouse simulated: the tasks it multiplies (10 ms or more after the first
 * paint), by the clock and by the main thread's time, and the one that ran longest.
 */
function longTaskLines(trace: unknown): string[] {
  if (!trace) return [];
  const text = JSON.stringify(trace);
  const long = longTasksAfterPaint(mainThreadTasks(text), firstContentfulPaintMs(text));
  const longest = long.longest
    ? `${long.longest.threadMs.toFixed(1)} ms of thread time (${long.longest.invalidations} invalidations recorded)`
    : "none";
  return [
    `    tasks of 10 ms or more after the first paint, as traced: ${long.count}, ${Math.round(long.clockMs)} ms by the clock, ${Math.round(long.threadMs)} ms of the main thread's time; the longest: ${longest}`,
  ];
}

/** `--first-layout`: each load's first layout and main thread, by the clock and by thread time. */
async function measureFirstLayouts(): Promise<void> {
  const site = await startSite();
  const api = await ensureApi();
  const { chromium } = await import("playwright-core");
  process.stdout.write(`${host.describePageCost(host.memoryPageCost())}\n`);
  try {
    for (const lang of LANGS) {
      for (const page of PAGES) {
        const url = `http://127.0.0.1:${PORT}${pagePath(lang, page)}`;
        for (let run = 0; run < RUNS; run++) {
          // a browser of its own each time, as Lighthouse's load meets a renderer with cold font caches
          const browser = await chromium.launch({
            executablePath: CHROME_PATH,
            args: ["--no-sandbox", "--disable-gpu"],
          });
          try {
            const tab = await browser.newPage({ viewport: { width: 412, height: 823 } });
            await browser.startTracing(tab, { categories: LAYOUT_TRACE_CATEGORIES });
            const faultsBefore = host.childrenFaults();
            const mainBefore = host.rendererMainThreadFaults();
            await tab.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
            await tab.waitForTimeout(1000);
            const faults = host.faultsBetween(faultsBefore, host.childrenFaults());
            const mainFaults = host.faultsBetween(mainBefore, host.rendererMainThreadFaults());
            const f = firstLayout(await browser.stopTracing(), url);
            const ms = (n: number) => `${n.toFixed(1)} ms`;
            process.stdout.write(
              `${new URL(url).pathname}: first layout ${ms(f.clockMs)} by the clock, ${ms(f.threadMs)} of thread time, ${f.fontLookups} font look-ups ${ms(f.fontLookupClockMs)} by the clock; all tasks ${Math.round(f.tasksClockMs)} ms by the clock, ${Math.round(f.tasksThreadMs)} ms of thread time; ${faults} page faults in Chromium, ${mainFaults} of them on the renderers' main threads\n`,
            );
          } finally {
            await browser.close();
          }
        }
      }
    }
  } finally {
    await site.close();
    api.stop();
  }
}

/** The figures of one Lighthouse run, and the faults of Chromium's processes during it. */
function measured(lhr: Lighthouse.Result, faults: number): Measure {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const bytes = (filter: (i: NetworkItem) => boolean) =>
    networkItems(lhr)
      .filter(filter)
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsKb: bytes((i) => i.resourceType === "Script"),
    htmlKb: bytes((i) => i.resourceType === "Document"),
    faults,
  };
}

function networkItems(lhr: Lighthouse.Result): NetworkItem[] {
  return ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
}

/** `--detail`: where one run's main thread went (scripts, their cost, long tasks), and what fails outside performance. */
async function printDetail(lhr: Lighthouse.Result, trace: unknown, path: string, name: string): Promise<void> {
  const table = (id: string) =>
    (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const kb = (n: unknown) => `${(Number(n) / 1024).toFixed(1)} KB`;
  const ms = (n: unknown) => `${Math.round(Number(n))} ms`;
  const lines = [
    ...networkItems(lhr)
      .filter((i) => i.resourceType === "Script")
      .map((i) => `    script ${kb(i.transferSize)} ${i.url.replace(/^https?:\/\/[^/]+/, "")}`),
    ...table("bootup-time")
      .slice(0, 6)
      .map(
        (i) =>
          `    bootup ${ms(i.total)} (script ${ms(i.scripting)}, parse ${ms(i.scriptParseCompile)}) ${String(i.url).replace(/^https?:\/\/[^/]+/, "")}`,
      ),
    ...table("mainthread-work-breakdown").map(
      (i) => `    main thread ${String(i.groupLabel ?? i.group)}: ${ms(i.duration)}`,
    ),
    ...longTaskLines(trace),
    ...table("long-tasks")
      .slice(0, 8)
      .map(
        (i) =>
          `    long task ${ms(i.duration)} at ${ms(i.startTime)} ${String(i.url).replace(/^https?:\/\/[^/]+/, "")}`,
      ),
    // what costs points outside performance: each failing audit of the other categories
    ...["accessibility", "best-practices", "seo"].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score !== 1)
        .map((ref) => `    ${category} fails ${ref.id}: ${lhr.audits[ref.id]?.title}`),
    ),
  ];
  process.stdout.write(`  ${path} (run 1):\n${lines.join("\n")}\n`);
  if (SAVE) {
    await mkdir(SAVE, { recursive: true });
    await writeFile(join(SAVE, `${name}.json`), JSON.stringify(lhr));
  }
}

/** A row of the host's floor (bench/lib/floor-page.ts): the page, the name `--save` gives its report, and what it is served with. */
interface Floor {
  page: FloorPage;
  name: string;
  path: string;
}

/** The floor page served with the headers the site's rules give every answer, and with the same less the opener policy. */
async function startFloors(): Promise<Floor[]> {
  const headers = floorHeaders(await loadRules(PUBLIC));
  return [
    {
      name: "floor",
      path: "(a page with nothing in it, the site's headers)",
      page: await startFloorPage(headers.site),
    },
    {
      name: "floor-without-coop",
      path: "(the same, without Cross-Origin-Opener-Policy)",
      page: await startFloorPage(headers.withoutOpenerPolicy),
    },
  ];
}

async function main(): Promise<void> {
  if (!existsSync(join(PUBLIC, "index.html"))) throw new Error("public/ has no build: run npm run build first");
  if (process.argv.includes("--variants")) return compareVariants();
  if (process.argv.includes("--first-layout")) return measureFirstLayouts();
  // Lighthouse and chrome-launcher are ES modules; this script runs as CommonJS under tsx.
  const chromeLauncher = await import("chrome-launcher");

  // the site first: if its port is taken, nothing else has been started yet
  const site = await startSite();
  const api = await ensureApi();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  process.stdout.write(`serving public/ gzipped at http://127.0.0.1:${PORT}; ${api.note}; Chromium ${CHROME_PATH}\n`);
  const costBefore = host.memoryPageCost();
  process.stdout.write(`${host.describePageCost(costBefore)}\n`);

  const rows: Array<{ page: string; path: string; m: Measure }> = [];
  /** Lighthouse's measure of this machine's CPU, one per run */
  const benchmarkIndexes: number[] = [];
  /** The median of RUNS runs of `url`, printed as `path`; `--detail` prints the first (saved as `name`) */
  const measure = async (url: string, path: string, name: string): Promise<Measure> => {
    const runs: Measure[] = [];
    for (let run = 0; run < RUNS; run++) {
      const faultsBefore = host.childrenFaults();
      const { lhr, trace } = await lighthouseRun(url, chrome.port);
      const faults = host.faultsBetween(faultsBefore, host.childrenFaults());
      if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      if (DETAIL && run === 0) await printDetail(lhr, trace, path, name);
      runs.push(measured(lhr, faults));
    }
    const m = Object.fromEntries(
      (Object.keys(runs[0]!) as Array<keyof Measure>).map((key) => [key, median(runs.map((r) => r[key]))]),
    ) as unknown as Measure;
    process.stdout.write(
      `  ${path}: performance ${m.performance}, TBT ${Math.round(m.tbtMs)} ms, LCP ${(m.lcpMs / 1000).toFixed(1)} s, ${Math.round(m.faults)} page faults in Chromium\n`,
    );
    return m;
  };
  const floors: Floor[] = [];
  try {
    if (FLOOR) floors.push(...(await startFloors()));
    for (const floor of floors)
      rows.push({ page: "floor", path: floor.path, m: await measure(floor.page.url, floor.path, floor.name) });
    for (const lang of LANGS) {
      for (const page of PAGES) {
        const path = pagePath(lang, page);
        rows.push({
          page,
          path: `\`${path}\``,
          m: await measure(`http://127.0.0.1:${PORT}${path}`, path, `${lang}-${page}`),
        });
      }
    }
  } finally {
    await chrome.kill();
    await site.close();
    await Promise.all(floors.map((floor) => floor.page.close()));
    api.stop();
  }

  const costAfter = host.memoryPageCost();
  const header = "| page | path | perf | a11y | best pr. | SEO | LCP | TBT | CLS | JS gz | HTML gz | faults |";
  const lines = [
    `Lighthouse 12.2.3, mobile preset${CPU === undefined ? "" : ` with a CPU slowdown of ${CPU}x`}, median of ${RUNS} run(s), served gzipped from public/`,
    `this machine's benchmarkIndex (Lighthouse's CPU measure): median ${Math.round(median(benchmarkIndexes))}, ${Math.round(Math.min(...benchmarkIndexes))}-${Math.round(Math.max(...benchmarkIndexes))} over ${benchmarkIndexes.length} runs`,
    `before the runs, ${host.describePageCost(costBefore)}; after them, ${host.pageCostFigures(costAfter)}`,
    "faults: the minor page faults of Chromium's processes during one Lighthouse run of the page (median), each a first touch of a page of memory at the cost above",
    "",
    header,
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      ({ page, path, m }) =>
        `| ${page} | ${path} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${(m.lcpMs / 1000).toFixed(1)} s | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${m.jsKb.toFixed(1)} KB | ${m.htmlKb.toFixed(1)} KB | ${Math.round(m.faults)} |`,
    ),
  ];
  process.stdout.write(`\n${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
