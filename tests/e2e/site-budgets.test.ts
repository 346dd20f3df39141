/**
 * Page-speed budgets that hold in CI (issue 18): for each page type in English and Arabic,
 *
 * - the JavaScript the built page loads before it is interactive (its <script src> tags,
 *   gzipped) stays within `startupJsGzipBytes`, and
 * - the first React commit (the hydration) renders no more components than
 *   `firstCommitComponents`, counted in headless Chromium through a DevTools hook, and
 * - the start-up task that evaluates the most script (the long task at start-up: the browser
 *   parses, compiles and runs a script's top level in one task) evaluates no more than
 *   `startupTaskScriptBytes`, found in a Chromium trace of the page's load.
 *
 * - none of the start-up scripts carries code that waits for the first idle moment or the
 *   first use (issue 36), read from their source maps: the API clients and axios, the basket's
 *   engine, toasts, the header's search box, checkout, check-in, Trans, qs and gatsby-script.
 *
 * The three figures are deterministic (no timing; the task's duration is printed only). The budgets, in tests/e2e/page-budgets.json,
 * are set at what the site reaches: a change that adds start-up code or hydrated components
 * fails here and either earns its cost by raising the budget in the same commit, or moves
 * the work out of start-up. Lighthouse scores stay a benchmark (`npm run bench:pages`).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { COMPILE_HINT } from "../../src/core/start-up-scripts";
import { siteUrl, withPage } from "./support/browser";
import {
  FIRST_COMMIT_HOOK,
  firstCommitComponents,
  largestStartupTask,
  mainThreadTasks,
  PAGE_TYPES,
  PUBLIC_DIR,
  pagePath,
  startupModules,
  startupScripts,
  traceStartup,
} from "./support/startup";

/** A script webpack wrote (its name ends in a content hash), not a static file. */
const WEBPACK_SCRIPT = /-[0-9a-f]{20}\.js$/;
const startsWithHint = (file: string) =>
  readFileSync(join(PUBLIC_DIR, file), "utf8").slice(0, COMPILE_HINT.length) === COMPILE_HINT;

/** What no page runs before it is interactive: it loads when the browser is first idle, or at first use. */
const NOT_AT_START_UP: ReadonlyArray<{ module: RegExp; why: string }> = [
  { module: /^node_modules\/axios(-retry|-rate-limit)?\//, why: "the API clients load with their first request" },
  {
    module: /^src\/clients\/(basket|catalogue)-(client|params)\.ts$/,
    why: "the API clients load with their first request",
  },
  {
    module: /^src\/(basket\/ticket-picker|components\/share-button)\.tsx$/,
    why: "the event page's parts below its first screen load while it hydrates (src/app/deferred-part.tsx)",
  },
  {
    module: /^src\/events\/event-performers\.tsx$/,
    why: "the event page's performers are a static part: their code loads only on a page opened client-side",
  },
  {
    module: /^src\/search\/(search-filters\.tsx|search-empty\.tsx|site-search\.ts)$/,
    why: "the search page's filters load while it hydrates, the site's search with the first search",
  },
  {
    module: /^src\/basket\/(basket-engine\.tsx|reducer\.ts|error-messages\.ts)$/,
    why: "the basket's engine loads when the browser is first idle",
  },
  { module: /^node_modules\/react-toastify\//, why: "toasts load with the first toast" },
  { module: /^src\/toasts\/toast-outlet\.tsx$/, why: "the toasts' outlet mounts when the browser is first idle" },
  {
    module: /^src\/search\/header-search\.tsx$/,
    why: "the header's search box is kept from the server until idle or use",
  },
  { module: /^src\/(checkout|scan)\//, why: "checkout and check-in load on their own pages" },
  {
    module: /^node_modules\/(html-parse-stringify\/|react-i18next\/dist\/es\/Trans)/,
    why: "Trans loads with the views that use it",
  },
  { module: /^node_modules\/(qs|gatsby-script)\//, why: "no page needs them at all" },
  { module: /^\.cache\/register-service-worker\.js$/, why: "no plugin of the site registers a service worker" },
  {
    module: /^node_modules\/i18next\//,
    why: "the first render translates with src/i18n/start-up-i18next.ts; i18next loads when the browser is first idle",
  },
  { module: /^node_modules\/date-fns\/(format|_lib\/format)\b/, why: "dates are written by src/core/date-pattern.ts" },
  { module: /^node_modules\/i18next\/dist\/cjs\//, why: "i18next's ES build is the one the site loads" },
  {
    module: /^node_modules\/@babel\/runtime\/helpers\/(?!esm\/|interopRequire)/,
    why: "one copy of each Babel helper, the ES one (gatsby-node.ts)",
  },
  {
    module: /^node_modules\/date-fns\/locale\/[\w-]+\/_lib\/(match|formatDistance|formatRelative)\.js$/,
    why: "the site formats dates, it does not parse them or write relative ones",
  },
];

interface Budgets {
  startupJsGzipBytes: Record<string, number>;
  firstCommitComponents: Record<string, number>;
  startupTaskScriptBytes: Record<string, number>;
}

const budgets = JSON.parse(readFileSync(join(__dirname, "page-budgets.json"), "utf8")) as Budgets;
const LANGS = ["en", "ar"] as const;
/** The goal every page type's start-up JavaScript stays under, gzipped: 100 KB. */
const STARTUP_JS_CEILING = 100 * 1024;

describe("page-speed budgets of the built site", () => {
  it("the budgets file names every page type, and nothing else", () => {
    assert.deepEqual(Object.keys(budgets.startupJsGzipBytes).sort(), Object.keys(PAGE_TYPES).sort());
    assert.deepEqual(Object.keys(budgets.firstCommitComponents).sort(), Object.keys(PAGE_TYPES).sort());
    assert.deepEqual(Object.keys(budgets.startupTaskScriptBytes).sort(), Object.keys(PAGE_TYPES).sort());
  });

  it("no page type's start-up JavaScript budget is over 100 KB gzipped (issue 36)", () => {
    for (const [type, budget] of Object.entries(budgets.startupJsGzipBytes))
      assert.ok(budget <= STARTUP_JS_CEILING, `${type}: a budget of ${budget} B is over ${STARTUP_JS_CEILING} B`);
  });

  it("every script webpack wrote asks Chrome to compile it while it downloads, those of start-up and later alike", () => {
    // static/intl-warm.js is the head's worker, not webpack's
    const scripts = readdirSync(PUBLIC_DIR).filter((file) => WEBPACK_SCRIPT.test(file));
    const atStart = new Set(
      Object.keys(PAGE_TYPES).flatMap((type) =>
        LANGS.flatMap((lang) => startupScripts(pagePath(type, lang)).map((script) => script.file)),
      ),
    );
    assert.ok(
      scripts.some((file) => !atStart.has(file)),
      "no script is loaded after start-up: is this a build of the site?",
    );
    assert.deepEqual(
      scripts.filter((file) => !startsWithHint(file)),
      [],
      "scripts without the compile hint",
    );
  });

  for (const type of Object.keys(PAGE_TYPES)) {
    it(`${type}: start-up JavaScript within ${budgets.startupJsGzipBytes[type]} gzipped bytes`, (t) => {
      const budget = budgets.startupJsGzipBytes[type] as number;
      for (const lang of LANGS) {
        const path = pagePath(type, lang);
        const scripts = startupScripts(path);
        const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
        t.diagnostic(`${path}: ${total} B gz in ${scripts.map((s) => `${s.file} ${s.gzipBytes}`).join(", ")}`);
        assert.ok(scripts.length > 0, `${path} loads no script: is it a Gatsby page?`);
        assert.ok(
          total <= budget,
          `${path} loads ${total} gzipped bytes of JavaScript at start-up, over its budget of ${budget}: ${scripts
            .map((s) => `${s.file} ${s.gzipBytes}`)
            .join(", ")}`,
        );
      }
    });

    it(`${type}: no start-up script carries what waits for the first idle moment or the first use`, () => {
      for (const lang of LANGS) {
        const path = pagePath(type, lang);
        const modules = startupModules(path);
        assert.ok(modules.length > 0, `${path}: the start-up scripts have no source maps to read`);
        const early = modules.flatMap((module) => {
          const rule = NOT_AT_START_UP.find((r) => r.module.test(module));
          return rule ? [`${module} (${rule.why})`] : [];
        });
        assert.deepEqual(early, [], `${path} loads at start-up what should wait`);
      }
    });

    it(`${type}: at most ${budgets.firstCommitComponents[type]} components in the first React commit`, async (t) => {
      const budget = budgets.firstCommitComponents[type] as number;
      await withPage(async (tp) => {
        await tp.context.addInitScript(FIRST_COMMIT_HOOK);
        for (const lang of LANGS) {
          const path = pagePath(type, lang);
          const count = await firstCommitComponents(tp.page, siteUrl(path));
          t.diagnostic(`${path}: ${count} components in the first commit`);
          assert.ok(count > 0, `the hook saw no commit on ${path}`);
          assert.ok(
            count <= budget,
            `${path} renders ${count} components in its first commit, over its budget of ${budget}`,
          );
        }
        assert.deepEqual(tp.errors, []);
      });
    });

    it(`${type}: no start-up task evaluates more than ${budgets.startupTaskScriptBytes[type]} bytes of script`, async (t) => {
      const budget = budgets.startupTaskScriptBytes[type] as number;
      await withPage(async (tp) => {
        const browser = tp.context.browser();
        assert.ok(browser, "the page's browser");
        for (const lang of LANGS) {
          const path = pagePath(type, lang);
          const tasks = mainThreadTasks(await traceStartup(browser, tp.page, siteUrl(path)));
          const largest = largestStartupTask(tasks, startupScripts(path));
          t.diagnostic(
            `${path}: largest start-up task evaluates ${largest.rawBytes} B (${largest.scripts.join(", ")}), ${largest.durationMs.toFixed(1)} ms here`,
          );
          assert.ok(largest.rawBytes > 0, `the trace of ${path} shows no start-up script evaluated`);
          assert.ok(
            largest.rawBytes <= budget,
            `${path} evaluates ${largest.rawBytes} bytes of script in one start-up task (${largest.scripts.join(", ")}), over its budget of ${budget}`,
          );
        }
        assert.deepEqual(tp.errors, []);
      });
    });
  }
});
