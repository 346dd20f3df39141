/**
 * What a built page costs at start-up, read from the build and from a Chromium trace, with no
 * timing in it: the JavaScript a page loads before it hydrates, and which start-up task
 * evaluates how much of it. tests/e2e/site-budgets.test.ts holds the figures to budgets and
 * `npm run bench:pages -- --variants` prints them beside timings.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { languageOfPath } from "../../src/core/routes";

export interface StartupScript {
  file: string;
  gzipBytes: number;
  /** what the browser parses, compiles and runs */
  rawBytes: number;
}

const gzipped = new Map<string, number>();

function gzipSize(publicDir: string, file: string): number {
  const key = join(publicDir, file);
  let size = gzipped.get(key);
  if (size === undefined) {
    size = gzipSync(readFileSync(key), { level: 9 }).length;
    gzipped.set(key, size);
  }
  return size;
}

interface WebpackStats {
  namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>;
}

const stats = new Map<string, WebpackStats>();

/** The JavaScript files of a webpack chunk group (the page template's, with the chunks it shares). */
function chunkGroupScripts(publicDir: string, group: string): string[] {
  let built = stats.get(publicDir);
  if (!built) {
    built = JSON.parse(readFileSync(join(publicDir, "webpack.stats.json"), "utf8")) as WebpackStats;
    stats.set(publicDir, built);
  }
  const found = built.namedChunkGroups[group];
  if (!found) throw new Error(`webpack.stats.json has no chunk group ${group}`);
  return found.assets.map((a) => a.name).filter((name) => name.endsWith(".js"));
}

/**
 * The scripts a page runs before it is interactive, with their gzipped sizes: the <script src>
 * tags of its HTML (webpack runtime, framework, app) and the worker its head starts, then its
 * template's chunk group (shared chunks and the template's own chunk), which Gatsby loads
 * before it hydrates.
 */
export function startupScripts(path: string, publicDir: string): StartupScript[] {
  const html = readFileSync(join(publicDir, path, "index.html"), "utf8");
  const files: string[] = [];
  // <script src> tags, and the workers the head starts (static/intl-warm.js)
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"|new Worker\("([^"]+)"\)/g)) {
    const src = (match[1] ?? match[2]) as string;
    if (!src.startsWith("/") || src.startsWith("//")) continue;
    files.push(src.slice(1).split(/[?#]/)[0] as string);
  }
  const pageData = JSON.parse(
    readFileSync(join(publicDir, "page-data", path === "/" ? "index" : path, "page-data.json"), "utf8"),
  ) as { componentChunkName: string };
  files.push(...chunkGroupScripts(publicDir, pageData.componentChunkName));
  // a Russian or Arabic page hydrates once its language's date locale is there (src/kernel/date-locale.ts)
  const lang = languageOfPath(path);
  if (lang !== "en") files.push(...chunkGroupScripts(publicDir, `date-locale-${lang}`));
  return [...new Set(files)].map((file) => ({
    file,
    gzipBytes: gzipSize(publicDir, file),
    rawBytes: statSync(join(publicDir, file)).size,
  }));
}

export function startupBytes(path: string, publicDir: string): number {
  return startupScripts(path, publicDir).reduce((sum, s) => sum + s.gzipBytes, 0);
}

/**
 * A minimal React DevTools hook: React (react-dom 18) finds it on window when it loads and
 * calls onCommitFiberRoot after each commit. The first call counts the components (function,
 * class, forwardRef and memo fibers) of the tree it committed.
 */
export const FIRST_COMMIT_HOOK = `(() => {
  const COMPONENT_TAGS = new Set([0, 1, 2, 11, 14, 15]);
  const count = (root) => {
    let n = 0;
    const stack = root.current.child ? [root.current.child] : [];
    while (stack.length) {
      const fiber = stack.pop();
      if (COMPONENT_TAGS.has(fiber.tag)) n += 1;
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return n;
  };
  let renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    isDisabled: false,
    inject(renderer) { renderers += 1; this.renderers.set(renderers, renderer); return renderers; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (window.__firstCommitComponents === undefined) window.__firstCommitComponents = count(root);
    },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
})();`;

/** The Chromium trace categories that hold the main thread's tasks and the scripts they evaluate. */
export const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** the time the thread ran, of `dur` (which is by the clock) */
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

/** One task of the page's main thread, in milliseconds from the first task of the trace. */
export interface MainThreadTask {
  startMs: number;
  durationMs: number;
  /** the scripts this task evaluated (compiled and ran their top level), by file name */
  scripts: string[];
  /** whether it laid the page out */
  layout: boolean;
  /** of `durationMs`, the time the main thread ran: the rest it waited for a core */
  threadMs: number;
  /**
   * elements added, removed or restyled that the trace recorded one by one, each with a stack
   * (Lighthouse's trace has the invalidation-tracking category: these make a task longer there)
   */
  invalidations: number;
}

/** Lighthouse's simulation leaves out the tasks shorter than this on the host (lantern's SIGNIFICANT_DUR_THRESHOLD_MS). */
const SIMULATION_PRUNES_UNDER_MS = 10;
/** and counts a task that lays out at this share of the CPU slowdown (lantern's DEFAULT_LAYOUT_TASK_MULTIPLIER) */
const SIMULATED_LAYOUT_SHARE = 0.5;

/**
 * The blocking time Lighthouse's simulated throttling (its default) would count for one load
 * traced at the host's full speed and a CPU slowdown of `cpu`: it leaves out the tasks shorter
 * than 10 ms, multiplies the others by the slowdown (half of it for one that lays out), and counts
 * what each is over 50 ms after the first contentful paint. Unlike Lighthouse it counts every task
 * after that paint, not only those before its estimate of the time to interactive. So a task of
 * 9 ms costs nothing at 8x, and one of 10 ms costs 30 ms: what a page must avoid is any task of 10 ms.
 */
export function simulatedBlockingMs(tasks: readonly MainThreadTask[], firstPaintMs: number, cpu: number): number {
  return countedTasks(tasks, firstPaintMs).reduce((sum, task) => {
    const slowed = task.durationMs * cpu * (task.layout ? SIMULATED_LAYOUT_SHARE : 1);
    return sum + Math.max(0, slowed - 50);
  }, 0);
}

/** The tasks the simulation multiplies: 10 ms or more by the clock, after the first contentful paint. */
function countedTasks(tasks: readonly MainThreadTask[], firstPaintMs: number): MainThreadTask[] {
  return tasks.filter((task) => task.startMs >= firstPaintMs && task.durationMs >= SIMULATION_PRUNES_UNDER_MS);
}

/** The tasks that count in `simulatedBlockingMs`, by the clock and by the main thread's time. */
export interface LongTasks {
  count: number;
  clockMs: number;
  threadMs: number;
  /** the task with the most thread time among them */
  longest: MainThreadTask | null;
}

/**
 * The tasks of 10 ms or more by the clock after the first contentful paint (those Lighthouse's
 * simulation multiplies), and how much of that the main thread ran. On a host with few cores
 * the rest is the wait for one: what the page's own code can shorten is `threadMs`.
 */
export function longTasksAfterPaint(tasks: readonly MainThreadTask[], firstPaintMs: number): LongTasks {
  const long = countedTasks(tasks, firstPaintMs);
  return {
    count: long.length,
    clockMs: long.reduce((sum, task) => sum + task.durationMs, 0),
    threadMs: long.reduce((sum, task) => sum + task.threadMs, 0),
    longest: long.reduce<MainThreadTask | null>((a, b) => (a && a.threadMs >= b.threadMs ? a : b), null),
  };
}

/** The renderer main threads of a trace, as "pid:tid". */
function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/** The renderer main threads' top-level tasks of a Chromium trace, with the scripts each evaluated. */
export function mainThreadTasks(trace: Buffer | string): MainThreadTask[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = rendererMainThreads(events);
  const onMain = (e: TraceEvent) => mains.has(`${e.pid}:${e.tid}`) && e.ph === "X" && e.dur !== undefined;
  const tasks = events.filter((e) => onMain(e) && e.name === "RunTask").sort((a, b) => a.ts - b.ts);
  const evaluations = events.filter((e) => onMain(e) && e.name === "EvaluateScript" && e.args?.data?.url);
  const layouts = events.filter((e) => onMain(e) && e.name === "Layout");
  const invalidations = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.name.endsWith("InvalidationTracking"));
  const origin = tasks[0]?.ts ?? 0;
  const inside = (task: TraceEvent) => (e: TraceEvent) =>
    e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0);
  return tasks.map((task) => {
    const scripts = evaluations.filter(inside(task)).map((e) => new URL(e.args?.data?.url as string).pathname.slice(1));
    const layout = layouts.some(inside(task));
    return {
      startMs: (task.ts - origin) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      scripts,
      layout,
      threadMs: (task.tdur ?? task.dur ?? 0) / 1000,
      invalidations: invalidations.filter(inside(task)).length,
    };
  });
}

/** When the page's first contentful paint came, in milliseconds from the first task of the trace (as mainThreadTasks counts). */
export function firstContentfulPaintMs(trace: Buffer | string): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = rendererMainThreads(events);
  const first = events
    .filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === "X" && e.name === "RunTask")
    .reduce((min, e) => Math.min(min, e.ts), Number.POSITIVE_INFINITY);
  const paint = events.find((e) => e.name === "firstContentfulPaint");
  if (!paint || !Number.isFinite(first)) throw new Error("the trace has no first contentful paint");
  return (paint.ts - first) / 1000;
}

/**
 * The start-up task that evaluates the most script, counted in bytes from a trace: which
 * scripts each task of the page's main thread evaluated is fixed by the page, not by the
 * machine, so unlike the task's duration the figure is the same on every run. The bytes are
 * the files' own (what V8 parses and compiles), of the page's start-up scripts only.
 */
export function largestStartupTask(
  tasks: readonly MainThreadTask[],
  scripts: readonly StartupScript[],
): { rawBytes: number; scripts: string[]; durationMs: number } {
  const sizes = new Map(scripts.map((s) => [s.file, s.rawBytes]));
  let largest = { rawBytes: 0, scripts: [] as string[], durationMs: 0 };
  for (const task of tasks) {
    const own = task.scripts.filter((file) => sizes.has(file));
    const rawBytes = own.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);
    if (rawBytes > largest.rawBytes) largest = { rawBytes, scripts: own, durationMs: task.durationMs };
  }
  return largest;
}

/** The trace categories of `bench:pages --first-layout`: the timeline's, and the font look-ups a layout waits for. */
export const LAYOUT_TRACE_CATEGORIES = [...TRACE_CATEGORIES, "fonts"];

/** A load's first layout and its main thread, by the clock and by the time the thread ran. */
export interface FirstLayout {
  clockMs: number;
  threadMs: number;
  /** the font look-ups in it (each a synchronous call to the browser's font service on Linux) */
  fontLookups: number;
  fontLookupClockMs: number;
  /** every task of the page's main thread in the trace */
  tasksClockMs: number;
  tasksThreadMs: number;
}

/**
 * The longest layout of the page's main thread (the first one, of the server's HTML) and what
 * its font look-ups took by the clock; with the page's tasks by the clock and by thread time.
 * The page's thread is the one that parsed `url`: a trace has other renderers' threads too.
 */
export function firstLayout(trace: Buffer | string, url: string): FirstLayout {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const parse = events.find((e) => e.name === "ParseHTML" && String(e.args?.beginData?.url ?? "").startsWith(url));
  if (!parse) throw new Error(`the trace has no parse of ${url}`);
  const onPage = events.filter(
    (e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur !== undefined,
  );
  const layout = onPage.filter((e) => e.name === "Layout").sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  const inLayout = (e: TraceEvent) =>
    layout !== undefined && e.ts >= layout.ts && e.ts <= layout.ts + (layout.dur ?? 0);
  // outermost look-ups only: one may be nested in another
  const lookups = onPage
    .filter((e) => e.name === "FontCache::GetFontPlatformData" && inLayout(e))
    .sort((a, b) => a.ts - b.ts)
    .filter((e, i, all) => !all.slice(0, i).some((o) => o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0)));
  const tasks = onPage.filter((e) => e.name === "RunTask");
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  return {
    clockMs: ms(layout?.dur),
    threadMs: ms(layout?.tdur),
    fontLookups: lookups.length,
    fontLookupClockMs: lookups.reduce((sum, e) => sum + ms(e.dur), 0),
    tasksClockMs: tasks.reduce((sum, e) => sum + ms(e.dur), 0),
    tasksThreadMs: tasks.reduce((sum, e) => sum + ms(e.tdur), 0),
  };
}
