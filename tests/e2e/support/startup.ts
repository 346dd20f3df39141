/**
 * What a page costs before it is interactive, measured the same way every time (no timing):
 *
 * - `startupScripts(path)`: the JavaScript files a built page loads before it hydrates, with
 *   their gzipped and raw sizes (bench/lib/startup-cost.ts says which).
 * - `firstCommitComponents(page, url)`: how many components React renders in the first
 *   commit (the hydration) of the page, counted in headless Chromium through a stand-in for
 *   the React DevTools hook, which React calls on every commit with the fiber tree.
 * - `traceStartup(browser, page, url)` with `mainThreadTasks` and `largestStartupTask`: the
 *   start-up task that evaluates the most script, from a Chromium trace of the page's load.
 *
 * Page types are the ones `npm run bench:pages` scores; tests/e2e/site-budgets.test.ts
 * holds the figures to tests/e2e/page-budgets.json.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import {
  startupBytes as bytesIn,
  type StartupScript,
  startupScripts as scriptsIn,
  TRACE_CATEGORIES,
} from "../../../bench/lib/startup-cost";
import { pageTypes } from "../../../scripts/lib/page-types";

export {
  FIRST_COMMIT_HOOK,
  largestStartupTask,
  type MainThreadTask,
  mainThreadTasks,
  type StartupScript,
  TRACE_CATEGORIES,
} from "../../../bench/lib/startup-cost";

export const PUBLIC_DIR = resolve(__dirname, "../../../public");

/** page type -> its path in English (the Arabic one has /ar in front) */
export const PAGE_TYPES = pageTypes(PUBLIC_DIR);

export function pagePath(type: string, lang: string): string {
  const make = PAGE_TYPES[type];
  if (!make) throw new Error(`unknown page type ${type}`);
  return `${lang === "en" ? "" : `/${lang}`}${make()}`;
}

/** The scripts a page of public/ runs before it is interactive (bench/lib/startup-cost.ts). */
export function startupScripts(path: string): StartupScript[] {
  return scriptsIn(path, PUBLIC_DIR);
}

/**
 * The source modules the start-up scripts of a page of public/ are made of, as their source
 * maps name them ("node_modules/axios/lib/axios.js", "src/basket/reducer.ts").
 */
export function startupModules(path: string): string[] {
  const modules = new Set<string>();
  for (const script of startupScripts(path)) {
    const mapFile = join(PUBLIC_DIR, `${script.file}.map`);
    if (!existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[] };
    for (const source of sources) modules.add(source.replace(/^webpack:\/\/[^/]*\/(\.\/)?/, ""));
  }
  return [...modules];
}

export function startupBytes(path: string): number {
  return bytesIn(path, PUBLIC_DIR);
}

/** Opens `url` in `page` (which must have FIRST_COMMIT_HOOK as an init script) and returns the count. */
export async function firstCommitComponents(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: 15_000,
  });
  return page.evaluate(() => (window as unknown as { __firstCommitComponents?: number }).__firstCommitComponents ?? -1);
}

/** Opens `url` in `page` while Chromium traces it, until the page has hydrated; returns the trace. */
export async function traceStartup(browser: Browser, page: Page, url: string): Promise<Buffer> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const loaded = page
    .goto(url)
    .then(() =>
      page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 15_000 }),
    );
  // a failed load still ends the trace, so the next one can start
  const settled = await loaded.then(
    () => null,
    (error: unknown) => error,
  );
  const trace = await browser.stopTracing();
  if (settled) throw settled;
  return trace;
}
