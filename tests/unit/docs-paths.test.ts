/**
 * The documentation names only files that exist: every repository path written in a Markdown
 * file of the project (README.md, docs/, server/README.md, the folders' READMEs) is looked up.
 *
 * What counts as a repository path is exact, so prose and commands are never mistaken for one:
 * a whole `code span` that starts with a top-level folder of the repository (src/, lib/,
 * server/, ops/, ...) or is a file at the root (gatsby-node.ts, package.json, ...), and the
 * target of a relative Markdown link. A README in a folder may name its own files from there
 * (server/README.md: `src/app.ts` is server/src/app.ts). A path may leave out a module's extension
 * (`src/core/routes`), end in "/" for a folder, or be a glob (`tests/e2e/checkout-*.test.ts`,
 * `locales/{en,ru,ar}/*.json`), which must match at least one file.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";

const ROOT = path.resolve(__dirname, "../..");
const TOP_FOLDER = /^(src|lib|server|ops|scripts|bench|tests|docs|locales|static|contracts|patches|\.github|\.ci)\/./;
const ROOT_FILE =
  /^(gatsby-(node|config|browser|ssr)\.tsx?|package(-lock)?\.json|tsconfig[\w.-]*\.json|biome\.jsonc|\.dependency-cruiser\.cjs|README\.md)$/;
const MODULE_SUFFIXES = ["", ".ts", ".tsx", ".js", ".cjs", ".mjs", ".json", ".d.ts", "/index.ts"];

/** The project's files, as git knows them (tracked, and new ones not ignored). */
const FILES = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
  cwd: ROOT,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((file) => file !== "" && existsSync(path.join(ROOT, file)));

const DOCS = FILES.filter((file) => file.endsWith(".md") && !file.startsWith("node_modules/"));

/** `{a,b}` alternatives, expanded. */
function expandBraces(pattern: string): string[] {
  const match = /\{([^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  return match[1]!
    .split(",")
    .flatMap((part) =>
      expandBraces(pattern.slice(0, match.index) + part + pattern.slice(match.index + match[0].length)),
    );
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^$()|[\]\\]/g, "\\$&")
    .replace(/\*\*?/g, (stars) => (stars === "**" ? ".*" : "[^/]*"));
  return new RegExp(`^${escaped}(/.*)?$`);
}

/** Whether a repository path (from the root) names a file or folder of the project. */
export function exists(target: string): boolean {
  const clean = target.replace(/\/$/, "");
  if (/[*{]/.test(clean)) {
    return expandBraces(clean).every((pattern) => {
      const regexp = globToRegExp(pattern);
      return FILES.some((file) => regexp.test(file));
    });
  }
  return MODULE_SUFFIXES.some((suffix) => existsSync(path.join(ROOT, clean + suffix)));
}

/** The repository paths a Markdown text names: [path as written, path from the root]. */
export function namedPaths(doc: string, text: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const withoutBlocks = text.replace(/^```[\s\S]*?^```/gm, "");
  for (const [, span] of withoutBlocks.matchAll(/`([^`\n]+)`/g)) {
    const candidate = span!.replace(/^\.\//, "");
    // a command, a placeholder (`<dir>`, `{lang}`, `$BUCKET`) or an elision is not a path
    if (/\s|[<>…$]|\.\.\.|\{[^,}]*\}/.test(candidate)) continue;
    const isPath = TOP_FOLDER.test(candidate) || ROOT_FILE.test(candidate);
    if (!isPath) continue;
    // a folder's README may name its own files from its folder (server/README.md: `src/app.ts`)
    const own = path.posix.join(path.posix.dirname(doc), candidate);
    found.push([span!, path.posix.dirname(doc) !== "." && exists(own) ? own : candidate]);
  }
  for (const [, target] of withoutBlocks.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#)/.test(target!)) continue;
    const file = target!.replace(/#.*$/, "");
    found.push([target!, path.posix.normalize(path.posix.join(path.posix.dirname(doc), file))]);
  }
  return found;
}

describe("the paths the documentation names", () => {
  it("reads the project's Markdown files", () => {
    assert.ok(DOCS.includes("README.md") && DOCS.includes("docs/ARCHITECTURE.md"), DOCS.join(", "));
  });

  it("finds code spans and links, and leaves prose and commands alone", () => {
    const text = [
      "See `src/core/routes.ts`, `src/core/routes`, `docs/adr/` and [the guide](../PUBLISHING.md#hooks).",
      "Run `npm run build -- --clean` in `public/`; `tests/e2e/checkout-*.test.ts`; [site](https://example.com).",
      "```sh\nnpx tsx src/not-here.ts\n```",
    ].join("\n");
    assert.deepEqual(namedPaths("docs/adr/README.md", text), [
      ["src/core/routes.ts", "src/core/routes.ts"],
      ["src/core/routes", "src/core/routes"],
      ["docs/adr/", "docs/adr/"],
      ["tests/e2e/checkout-*.test.ts", "tests/e2e/checkout-*.test.ts"],
      ["../PUBLISHING.md#hooks", "docs/PUBLISHING.md"],
    ]);
  });

  it("tells a missing path from a present one", () => {
    assert.ok(exists("src/core/routes") && exists("docs/adr/") && exists("locales/{en,ru,ar}/*.json"));
    assert.ok(!exists("src/scan/ticket-payload.ts") && !exists("tests/unit/no-such-*.test.ts"));
  });

  it("keep the README a front page: under 150 lines, with the two commands", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    assert.ok(readme.split("\n").length < 150, `README.md has ${readme.split("\n").length} lines`);
    assert.ok(readme.includes("npm install && npm start") && readme.includes("npm install && npm test"));
  });

  for (const doc of DOCS) {
    it(`${doc} names only paths that exist`, () => {
      const text = readFileSync(path.join(ROOT, doc), "utf8");
      const missing = namedPaths(doc, text)
        .filter(([, target]) => !exists(target))
        .map(([written]) => written);
      assert.deepEqual(missing, []);
    });
  }
});
