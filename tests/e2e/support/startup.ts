/**
 * What a page costs before it is interactive, measured the same way every time (no timing):
 *
 * - `startupScripts(path)`: the JavaScript files a built page loads before it hydrates (its
 *   <script src> tags: webpack runtime, framework, app; the number-data worker; then its
 *   template's chunk group from public/webpack.stats.json: shared chunks and the template's
 *   own chunk; then, on a Russian or Arabic page, its language's date locale chunk), each with
 *   its gzipped size (zlib level 9).
 * - `firstCommitComponents(page, url)`: how many components React renders in the first
 *   commit (the hydration) of the page, counted in headless Chromium through a stand-in for
 *   the React DevTools hook, which React calls on every commit with the fiber tree.
 *
 * Page types are the ones `npm run bench:pages` scores; tests/e2e/site-budgets.test.ts
 * holds both figures to tests/e2e/budgets.json.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { pageTypes } from "../../../scripts/lib/page-types";
import { languageOfPath } from "../../../src/core/routes";

export const PUBLIC_DIR = resolve(__dirname, "../../../public");

/** page type -> its path in English (the Arabic one has /ar in front) */
export const PAGE_TYPES = pageTypes(PUBLIC_DIR);

export function pagePath(type: string, lang: string): string {
  const make = PAGE_TYPES[type];
  if (!make) throw new Error(`unknown page type ${type}`);
  return `${lang === "en" ? "" : `/${lang}`}${make()}`;
}

export interface StartupScript {
  file: string;
  gzipBytes: number;
}

const gzipped = new Map<string, number>();

function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(PUBLIC_DIR, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

interface WebpackStats {
  namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>;
}

let stats: WebpackStats | null = null;

/** The JavaScript files of a webpack chunk group (the page template's, with the chunks it shares). */
function chunkGroupScripts(group: string): string[] {
  stats ??= JSON.parse(readFileSync(join(PUBLIC_DIR, "webpack.stats.json"), "utf8")) as WebpackStats;
  const found = stats.namedChunkGroups[group];
  if (!found) throw new Error(`webpack.stats.json has no chunk group ${group}`);
  return found.assets.map((a) => a.name).filter((name) => name.endsWith(".js"));
}

/**
 * The scripts a page runs before it is interactive, with their gzipped sizes: the <script src>
 * tags of its HTML (webpack runtime, framework, app) and the worker its head starts, then its
 * template's chunk group (shared chunks and the template's own chunk), which Gatsby loads
 * before it hydrates.
 */
export function startupScripts(path: string): StartupScript[] {
  const html = readFileSync(join(PUBLIC_DIR, path, "index.html"), "utf8");
  const files: string[] = [];
  // <script src> tags, and the workers the head starts (static/intl-warm.js)
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"|new Worker\("([^"]+)"\)/g)) {
    const src = (match[1] ?? match[2]) as string;
    if (!src.startsWith("/") || src.startsWith("//")) continue;
    files.push(src.slice(1).split(/[?#]/)[0] as string);
  }
  const pageData = JSON.parse(
    readFileSync(join(PUBLIC_DIR, "page-data", path === "/" ? "index" : path, "page-data.json"), "utf8"),
  ) as { componentChunkName: string };
  files.push(...chunkGroupScripts(pageData.componentChunkName));
  // a Russian or Arabic page hydrates once its language's date locale is there (src/app/date-locale.ts)
  const lang = languageOfPath(path);
  if (lang !== "en") files.push(...chunkGroupScripts(`date-locale-${lang}`));
  return [...new Set(files)].map((file) => ({ file, gzipBytes: gzipSize(file) }));
}

export function startupBytes(path: string): number {
  return startupScripts(path).reduce((sum, s) => sum + s.gzipBytes, 0);
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

/** Opens `url` in `page` (which must have FIRST_COMMIT_HOOK as an init script) and returns the count. */
export async function firstCommitComponents(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: 15_000,
  });
  return page.evaluate(() => (window as unknown as { __firstCommitComponents?: number }).__firstCommitComponents ?? -1);
}
