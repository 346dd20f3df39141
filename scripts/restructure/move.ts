/**
 * The project's restructurings as a codemod, one plan each (docs/adr/0007-layout.md):
 *
 *   npx tsx scripts/restructure/move.ts                      # every plan, in order
 *   npx tsx scripts/restructure/move.ts --plan shared-lib    # one plan
 *   npx tsx scripts/restructure/move.ts --dry-run            # only print what it would do
 *
 * Idempotent and re-runnable on any tree (for example after merging branches written against
 * the old layout):
 * 1. `git mv` every mapped file that still sits at its old path (a folder entry moves every
 *    file under it, new files included);
 * 2. rewrites every relative specifier (import, export ... from, import(), require(),
 *    new URL(..., import.meta.url), CSS `composes: ... from` and `@import`) in the project's
 *    code that resolves to an old location, so it points at the new one with the same
 *    extension style; a file that moved keeps pointing at what it pointed at before;
 * 3. rewrites project-root paths ("scripts/deploy.ts", "src/build/") written in code (string
 *    literals and comments), package.json, the JSON/JSONC configurations and the Markdown
 *    documentation;
 * 4. formats what it touched and sorts its imports (Biome), and prints what still names an
 *    old path, for a look by hand.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

/** Old path → new path; an entry ending in "/" is a folder. More specific entries win. */
export type Mapping = ReadonlyArray<readonly [string, string]>;

/** Issue 17: one runtime per codebase around a pure core. */
const LAYOUT: Mapping = [
  // the pure core: runtime-neutral, shared by the site, the sourcing, the server and ops
  ["src/site/routes.ts", "src/core/routes.ts"],
  ["src/site/page-context.ts", "src/core/page-context.ts"],
  ["src/catalogue/types.ts", "src/core/catalogue.ts"],
  ["src/catalogue/reshape.ts", "src/core/reshape.ts"],
  ["src/catalogue/html-to-text.ts", "src/core/html-to-text.ts"],
  ["src/catalogue/quick-dates.ts", "src/core/quick-dates.ts"],
  ["src/basket/types.ts", "src/core/order.ts"],
  ["src/basket/sessions.ts", "src/core/sessions.ts"],
  ["src/i18n/format.ts", "src/core/format.ts"],
  ["src/build/ics.ts", "src/core/ics.ts"],
  ["src/search/search-index.ts", "src/core/search-index.ts"],
  ["src/components/map-link.ts", "src/core/map-link.ts"],
  ["src/clients/generated/", "src/core/generated/"],
  // the Node code gatsby-node.ts calls: reading the catalogue, planning pages, build files
  ["src/build/nginx-config.ts", "ops/lib/nginx-config.ts"],
  ["src/build/precompress.ts", "ops/lib/precompress.ts"],
  ["src/build/", "src/sourcing/"],
  ["src/catalogue/sanitize.ts", "src/sourcing/sanitize.ts"],
  ["src/clients/contract-validator.ts", "src/sourcing/contract-validator.ts"],
  ["src/search/write-search-index.ts", "src/sourcing/write-search-index.ts"],
  // the site: the app shell takes the layout and the header widget, event listings are a feature
  ["src/components/layout.tsx", "src/app/layout.tsx"],
  ["src/components/layout.module.css", "src/app/layout.module.css"],
  ["src/components/page-shell.tsx", "src/app/page-shell.tsx"],
  ["src/shop/header-shop-controls.tsx", "src/app/header-shop-controls.tsx"],
  ["src/shop/header-shop-controls.module.css", "src/app/header-shop-controls.module.css"],
  ["src/shop/", "src/toasts/"],
  ["src/components/event-card.tsx", "src/events/event-card.tsx"],
  ["src/components/event-card.module.css", "src/events/event-card.module.css"],
  ["src/components/event-grid.tsx", "src/events/event-grid.tsx"],
  ["src/components/event-grid.module.css", "src/events/event-grid.module.css"],
  ["src/components/event-parts.tsx", "src/events/event-parts.tsx"],
  ["src/components/event-row.tsx", "src/events/event-row.tsx"],
  ["src/components/event-row.module.css", "src/events/event-row.module.css"],
  // operations (Node only): publishing, the publisher service, deploy, the origin
  ["src/publish/", "ops/lib/"],
  ["scripts/publish.ts", "ops/publish.ts"],
  ["scripts/publisher.ts", "ops/publisher.ts"],
  ["scripts/deploy.ts", "ops/deploy.ts"],
  ["scripts/origin.ts", "ops/origin.ts"],
  // benchmarks in one folder
  ["scripts/bench-build.ts", "bench/build.ts"],
  ["scripts/bench-pages.ts", "bench/pages.ts"],
  ["scripts/bench-publish.ts", "bench/publish.ts"],
  ["server/bench/bench-server.ts", "bench/server.ts"],
  // unit tests named after the module they cover, in its new home
  ["tests/unit/build-ics.test.ts", "tests/unit/core-ics.test.ts"],
  ["tests/unit/site-routes.test.ts", "tests/unit/core-routes.test.ts"],
  ["tests/unit/i18n-format.test.ts", "tests/unit/core-format.test.ts"],
  ["tests/unit/basket-sessions.test.ts", "tests/unit/core-sessions.test.ts"],
  ["tests/unit/catalogue-quick-dates.test.ts", "tests/unit/core-quick-dates.test.ts"],
  ["tests/unit/search-search-index.test.ts", "tests/unit/core-search-index.test.ts"],
  ["tests/unit/build-plan-pages.test.ts", "tests/unit/sourcing-plan-pages.test.ts"],
  ["tests/unit/build-sitemap.test.ts", "tests/unit/sourcing-sitemap.test.ts"],
  ["tests/unit/build-source-catalogue.test.ts", "tests/unit/sourcing-source-catalogue.test.ts"],
  ["tests/unit/catalogue-sanitize.test.ts", "tests/unit/sourcing-sanitize.test.ts"],
  ["tests/unit/publish-deploy.test.ts", "tests/unit/ops-deploy.test.ts"],
  ["tests/unit/publish-queue.test.ts", "tests/unit/ops-queue.test.ts"],
  ["tests/unit/publish-releases.test.ts", "tests/unit/ops-releases.test.ts"],
  ["tests/unit/publish-schedule-auth.test.ts", "tests/unit/ops-schedule-auth.test.ts"],
  ["tests/unit/shop-toast-bus.test.ts", "tests/unit/toasts-toast-bus.test.ts"],
];

/**
 * Issue 36: what publishing, the build and the developer commands all run lives where all may
 * import it (lib/), so production code imports no developer command and no build code.
 */
const SHARED_LIB: Mapping = [
  ["scripts/lib/processes.ts", "lib/processes.ts"],
  ["src/sourcing/cdn-rules.ts", "lib/cdn-rule-files.ts"],
  ["src/sourcing/snapshot-file.ts", "lib/snapshot-file.ts"],
  ["scripts/lib/build-fingerprint.ts", "lib/build-fingerprint.ts"],
];

/**
 * Issue 36: a unit test is named after the full path of what it covers, its folders joined by
 * "-" and without "src" (ops/lib/queue.ts → ops-lib-queue.test.ts; a patch's guard after the
 * patch: patches-react-dom.test.ts); the locale checks become one test of every namespace.
 */
const UNIT_TEST_NAMES: Mapping = [
  ["tests/unit/build-nginx-config.test.ts", "tests/unit/ops-lib-nginx-config.test.ts"],
  ["tests/unit/checkin-redeem-rules.test.ts", "tests/unit/server-checkin-redeem-rules.test.ts"],
  ["tests/unit/core-stored-sessions.test.ts", "tests/unit/core-sessions-stored.test.ts"],
  ["tests/unit/events-wide-days.test.ts", "tests/unit/events-day-layout.test.ts"],
  ["tests/unit/first-paint-scripts.test.ts", "tests/unit/app-first-paint-scripts.test.ts"],
  ["tests/unit/format-date-fallback.test.ts", "tests/unit/core-format-date-fallback.test.ts"],
  ["tests/unit/gatsby-build-patches.test.ts", "tests/unit/patches-gatsby.test.ts"],
  ["tests/unit/i18n-page-instance.test.ts", "tests/unit/patches-gatsby-plugin-react-i18next.test.ts"],
  ["tests/unit/render-bytes.test.ts", "tests/unit/patches-react-dom.test.ts"],
  ["tests/unit/ops-deploy.test.ts", "tests/unit/ops-lib-deploy-plan.test.ts"],
  ["tests/unit/ops-queue.test.ts", "tests/unit/ops-lib-queue.test.ts"],
  ["tests/unit/ops-releases.test.ts", "tests/unit/ops-lib-releases.test.ts"],
  ["tests/unit/ops-schedule-auth.test.ts", "tests/unit/ops-lib-schedule-auth.test.ts"],
  ["tests/unit/publish-catalogue-delta.test.ts", "tests/unit/sourcing-catalogue-delta.test.ts"],
  ["tests/unit/publish-compress.test.ts", "tests/unit/ops-lib-compress.test.ts"],
  ["tests/unit/publish-editor-page.test.ts", "tests/unit/ops-lib-editor-page.test.ts"],
  ["tests/unit/publish-hook-changes.test.ts", "tests/unit/ops-lib-hook-changes.test.ts"],
  ["tests/unit/publish-stage.test.ts", "tests/unit/ops-lib-releases-stage.test.ts"],
  ["tests/unit/search-dates.test.ts", "tests/unit/search-search-query-dates.test.ts"],
  ["tests/unit/site-serve.test.ts", "tests/unit/scripts-serve.test.ts"],
  ["tests/unit/site-locales.test.ts", "tests/unit/locales.test.ts"],
];

/**
 * Issue 36: the shell (src/app/: the provider tree, the layout, the page frames) sits on top of
 * the site, and the kernel the features and primitives read moves below them into a folder of
 * its own; what is made of several features (the currency notice, currency + basket) joins the
 * shell. After it the folders of src/ form no cycle.
 */
const KERNEL: Mapping = [
  ["src/app/site-context.tsx", "src/kernel/site-context.tsx"],
  ["src/app/when-idle.ts", "src/kernel/when-idle.ts"],
  ["src/app/hydration-phase.ts", "src/kernel/hydration-phase.ts"],
  ["src/app/first-screen.tsx", "src/kernel/first-screen.tsx"],
  ["src/app/date-locale.ts", "src/kernel/date-locale.ts"],
  ["src/currency/currency-change-notice.tsx", "src/app/currency-change-notice.tsx"],
];

/** The plans in the order they were made; re-running one that is done changes nothing. */
/** Issue 34: the order server sliced by feature, each slice with its routes, service and repository. */
const SERVER_SLICES: Mapping = [
  ["server/src/routes/query.ts", "server/src/http/query.ts"],
  ["server/src/routes/catalogue.ts", "server/src/catalogue/catalogue-routes.ts"],
  ["server/src/routes/media.ts", "server/src/catalogue/media-routes.ts"],
  ["server/src/db/repositories/catalogue-repository.ts", "server/src/catalogue/catalogue-repository.ts"],
  ["server/src/routes/basket.ts", "server/src/basket/basket-routes.ts"],
  ["server/src/db/repositories/baskets-repository.ts", "server/src/basket/baskets-repository.ts"],
  ["server/src/db/repositories/sessions-repository.ts", "server/src/basket/sessions-repository.ts"],
  ["server/src/db/repositories/tickets-repository.ts", "server/src/basket/tickets-repository.ts"],
  ["server/src/routes/orders.ts", "server/src/orders/order-routes.ts"],
  ["server/src/db/repositories/orders-repository.ts", "server/src/orders/orders-repository.ts"],
  ["server/src/db/repositories/outbox-repository.ts", "server/src/mail/outbox-repository.ts"],
  ["server/src/sandbox/", "server/src/payment/"],
  ["server/src/routes/checkin.ts", "server/src/checkin/checkin-routes.ts"],
];

export const PLANS: Readonly<Record<string, Mapping>> = {
  layout: LAYOUT,
  "shared-lib": SHARED_LIB,
  "unit-test-names": UNIT_TEST_NAMES,
  kernel: KERNEL,
  "server-slices": SERVER_SLICES,
};

/** The plan being run (main() sets it). */
let mapping: Mapping = [];
let ordered: Mapping = [];
let orderedBack: Mapping = [];

function selectPlan(plan: Mapping): void {
  mapping = plan;
  ordered = [...plan].sort((a, b) => b[0].length - a[0].length);
  orderedBack = [...plan].sort((a, b) => b[1].length - a[1].length);
}

/** Where a project file (path from the root, "/" separated) goes; itself when unmapped. */
export function newPathOf(file: string): string {
  for (const [from, to] of ordered) {
    if (from.endsWith("/") ? file.startsWith(from) : file === from) return to + file.slice(from.length);
  }
  return file;
}

/** Where a file at a new path came from; itself when unmapped. */
export function oldPathOf(file: string): string {
  for (const [from, to] of orderedBack) {
    if (to.endsWith("/") ? file.startsWith(to) : file === to) {
      const old = from + file.slice(to.length);
      // a folder entry's file may have a more specific entry of its own (src/build/ics.ts)
      if (newPathOf(old) === file) return old;
    }
  }
  return file;
}

/** Folders whose code is scanned for specifiers, and files at the root. */
const CODE_DIRS = ["src/", "lib/", "server/", "scripts/", "ops/", "bench/", "tests/"];
const CODE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const CSS_EXT = /\.css$/;
const CONFIG_FILES = [
  "package.json",
  "tsconfig.json",
  "tsconfig.site.json",
  "tsconfig.node.json",
  "biome.jsonc",
  ".dependency-cruiser.cjs",
];
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

const dryRun = process.argv.includes("--dry-run");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function listFiles(): string[] {
  return git("ls-files", "--cached", "--others", "--exclude-standard", "-z")
    .split("\0")
    .filter((file) => file !== "" && existsSync(path.join(ROOT, file)));
}

/** Every file this run moved or rewrote, formatted at the end. */
const touched = new Set<string>();

function moveFiles(): number {
  let moved = 0;
  for (const file of listFiles()) {
    const target = newPathOf(file);
    if (target === file) continue;
    if (existsSync(path.join(ROOT, target))) {
      console.warn(`! both ${file} and ${target} exist: left as they are, merge them by hand`);
      continue;
    }
    console.log(`move ${file} -> ${target}`);
    moved += 1;
    touched.add(target);
    if (dryRun) continue;
    mkdirSync(path.dirname(path.join(ROOT, target)), { recursive: true });
    const tracked = git("ls-files", "--", file).trim() !== "";
    if (tracked) git("mv", file, target);
    else execFileSync("mv", [file, target], { cwd: ROOT });
    // the folders a move emptied go too
    for (let dir = path.dirname(path.join(ROOT, file)); dir !== ROOT; dir = path.dirname(dir)) {
      if (readdirSync(dir).length > 0) break;
      rmdirSync(dir);
    }
  }
  return moved;
}

/** The file a specifier names from a folder, among `files`; null when none. */
function resolveIn(dir: string, specifier: string, files: ReadonlySet<string>): string | null {
  const base = path.posix.normalize(path.posix.join(dir, specifier));
  for (const suffix of RESOLVE_SUFFIXES) if (files.has(base + suffix)) return base + suffix;
  return null;
}

/** Rewrites one relative specifier of `file`, or returns it unchanged. */
function rewriteSpecifier(
  file: string,
  specifier: string,
  current: ReadonlySet<string>,
  old: ReadonlySet<string>,
  unresolved: string[],
): string {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return specifier;
  if (specifier.includes("${")) return specifier; // built at run time: not a module to resolve
  const dir = path.posix.dirname(file);
  if (resolveIn(dir, specifier, current)) return specifier;
  // written against the old layout: from where this file was, or from where it is now
  for (const from of [oldPathOf(file), file]) {
    const resolved = resolveIn(path.posix.dirname(from), specifier, old);
    if (!resolved) continue;
    const target = newPathOf(resolved);
    if (!current.has(target)) continue;
    return respecifyFrom(file, from, target, specifier, resolved);
  }
  unresolved.push(`${file}: ${specifier}`);
  return specifier;
}

/** The new specifier from the file's current place, keeping the original's extension style. */
function respecifyFrom(file: string, from: string, target: string, specifier: string, resolved: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const suffix = resolved.slice(base.length);
  let written = target;
  if (suffix !== "" && target.endsWith(suffix)) written = target.slice(0, -suffix.length);
  let relative = path.posix.relative(path.posix.dirname(file), written);
  if (!relative.startsWith(".")) relative = `./${relative}`;
  return relative;
}

const CODE_PATTERNS = [
  // import x from "y"; export { x } from "y"; import "y"
  /(\bfrom\s*|\bimport\s*)(["'])([^"'\n]+)\2/g,
  // import("y"), require("y"), require.resolve("y"), new URL("y", import.meta.url)
  /(\b(?:import|require|require\.resolve|mock\.module)\s*\(\s*)(["'`])([^"'`\n$]+)\2/g,
  /(\bnew URL\s*\(\s*)(["'`])([^"'`\n$]+)\2(?=\s*,\s*import\.meta\.url)/g,
];
const CSS_PATTERNS = [
  /(\bcomposes\s*:[^;]*?\bfrom\s+)(["'])([^"'\n]+)\2/g,
  /(@import\s+(?:url\()?\s*)(["'])([^"'\n]+)\2/g,
];

/** A project-root path written in text ("scripts/deploy.ts", "src/build/", "src/clients/generated"), mapped. */
function mapToken(token: string, current: ReadonlySet<string>): string {
  const mapped = newPathOf(token);
  if (mapped !== token) return mapped;
  if (!token.endsWith("/")) {
    const folder = newPathOf(`${token}/`);
    if (folder !== `${token}/`) return folder.slice(0, -1);
    // a module named without its extension
    for (const suffix of [".ts", ".tsx"]) {
      const target = newPathOf(token + suffix);
      if (target !== token + suffix && current.has(target)) return target.slice(0, -suffix.length);
    }
  }
  return token;
}

/** Project-root paths in code (string literals, comments), configuration and documentation. */
function rewriteRootPaths(text: string, current: ReadonlySet<string>): string {
  return text.replace(
    /(?<![A-Za-z0-9_.@-])(?:\.\/)?((?:src|lib|scripts|server|ops|bench|tests)\/[A-Za-z0-9_./-]*[A-Za-z0-9_/-])/g,
    (all, token: string) => all.replace(token, mapToken(token, current)),
  );
}

function rewrite(): { changed: number; unresolved: string[] } {
  const files = listFiles();
  const current = new Set(files);
  const old = new Set([...files.map(oldPathOf), ...files]);
  const unresolved: string[] = [];
  let changed = 0;
  for (const file of files) {
    const isRootCode = !file.includes("/") && CODE_EXT.test(file);
    const isCode = (CODE_DIRS.some((dir) => file.startsWith(dir)) && CODE_EXT.test(file)) || isRootCode;
    const isCss = CODE_DIRS.some((dir) => file.startsWith(dir)) && CSS_EXT.test(file);
    const isConfig = CONFIG_FILES.includes(file);
    const isDoc = file.endsWith(".md") && !file.startsWith("node_modules/");
    if (!isCode && !isCss && !isConfig && !isDoc) continue;
    if (file.startsWith("src/core/generated/") || file === "scripts/restructure/move.ts") continue;
    const before = readFileSync(path.join(ROOT, file), "utf8");
    let after = before;
    const patterns = isCss ? CSS_PATTERNS : isCode ? CODE_PATTERNS : [];
    for (const pattern of patterns) {
      after = after.replace(
        pattern,
        (_all, lead: string, quote: string, specifier: string) =>
          `${lead}${quote}${rewriteSpecifier(file, specifier, current, old, unresolved)}${quote}`,
      );
    }
    after = rewriteRootPaths(after, current);
    if (after !== before) {
      changed += 1;
      touched.add(file);
      console.log(`rewrite ${file}`);
      if (!dryRun) writeFileSync(path.join(ROOT, file), after);
    }
  }
  return { changed, unresolved };
}

/** Old paths still written somewhere (documentation, comments): for a look by hand. */
function leftovers(): string[] {
  const found: string[] = [];
  const names = mapping.map(([from]) => from);
  for (const file of listFiles()) {
    if (!/\.(ts|tsx|md|json|jsonc|cjs|yml|yaml|css)$/.test(file) || file === "scripts/restructure/move.ts") continue;
    if (file.startsWith("src/core/generated/") || file === "package-lock.json") continue;
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const name of names) {
      const bare = name.replace(/\/$/, "").replace(/\.tsx?$/, "");
      if (text.includes(bare)) found.push(`${file}: ${bare}`);
    }
  }
  return found;
}

function main(): void {
  process.chdir(ROOT);
  const named = process.argv.indexOf("--plan");
  const names = named === -1 ? Object.keys(PLANS) : [process.argv[named + 1] ?? ""];
  for (const name of names) {
    const plan = PLANS[name];
    if (!plan) throw new Error(`no plan "${name}": ${Object.keys(PLANS).join(", ")}`);
    console.log(`\n# plan ${name}`);
    selectPlan(plan);
    runPlan();
  }
}

function runPlan(): void {
  touched.clear();
  const moved = moveFiles();
  const { changed, unresolved } = rewrite();
  // paths change length and order: the project's formatter re-wraps lines, re-pads tables and sorts imports
  const formattable = [...touched].filter((file) => /\.(ts|tsx|js|cjs|mjs|json|jsonc|css|md)$/.test(file));
  if (!dryRun && formattable.length > 0) {
    execFileSync(
      path.join(ROOT, "node_modules/.bin/biome"),
      ["check", "--write", "--linter-enabled=false", ...formattable],
      {
        cwd: ROOT,
        stdio: "ignore",
      },
    );
  }
  console.log(`\n${moved} files moved, ${changed} files rewritten${dryRun ? " (dry run: nothing written)" : ""}`);
  if (unresolved.length > 0) {
    console.log(`\nrelative specifiers that resolve to no file (check by hand):`);
    for (const line of [...new Set(unresolved)]) console.log(`  ${line}`);
  }
  const rest = leftovers();
  if (rest.length > 0) {
    console.log(`\nold paths still named in text (docs, comments; check by hand):`);
    for (const line of rest) console.log(`  ${line}`);
  }
}

if (require.main === module) main();
