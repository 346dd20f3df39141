/**
 * `npm run build` starts from scratch when what the pages are made of changed (the site, the
 * core, the texts, the dependencies, the baked-in settings) and re-renders incrementally
 * when only the catalogue did, or only code that makes no page (operations, the server, the
 * benchmarks, the tests): the fingerprint it compares, on a small tree of each kind of file.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { codeFingerprint } from "../../scripts/build";

const TREE: Record<string, string> = {
  "src/templates/home.tsx": "export default function Home() {}\n",
  "src/core/routes.ts": "export const ROUTES = {};\n",
  "src/sourcing/plan-pages.ts": "export function planPages() {}\n",
  "src/styles/global.css": "body { margin: 0; }\n",
  "locales/en/common.json": '{ "title": "Events" }\n',
  "static/favicon.svg": "<svg/>\n",
  "package-lock.json": '{ "lockfileVersion": 3 }\n',
  "gatsby-node.ts": "export {};\n",
  "ops/publish.ts": "export {};\n",
  "ops/lib/verify.ts": "export {};\n",
  "server/src/server.ts": "export {};\n",
  "bench/build.ts": "export {};\n",
  "tests/unit/a.test.ts": "export {};\n",
  "scripts/serve.ts": "export {};\n",
  "docs/ARCHITECTURE.md": "# Architecture\n",
};

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(change?: { file: string; text: string }): string {
  const root = mkdtempSync(path.join(tmpdir(), "fingerprint-"));
  roots.push(root);
  const files = { ...TREE, ...(change ? { [change.file]: change.text } : {}) };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("the build's code fingerprint", () => {
  const base = codeFingerprint(tree());

  it("is the same for the same code and settings", () => {
    assert.equal(codeFingerprint(tree()), base);
  });

  for (const file of [
    "ops/publish.ts",
    "ops/lib/verify.ts",
    "server/src/server.ts",
    "bench/build.ts",
    "tests/unit/a.test.ts",
    "scripts/serve.ts",
    "docs/ARCHITECTURE.md",
  ]) {
    it(`stays when ${file} changes (the next build is incremental)`, () => {
      assert.equal(codeFingerprint(tree({ file, text: "// changed\n" })), base);
    });
  }

  for (const file of [
    "src/templates/home.tsx",
    "src/core/routes.ts",
    "src/sourcing/plan-pages.ts",
    "src/styles/global.css",
    "locales/en/common.json",
    "static/favicon.svg",
    "package-lock.json",
    "gatsby-node.ts",
  ]) {
    it(`changes when ${file} changes (the next build starts from scratch)`, () => {
      assert.notEqual(codeFingerprint(tree({ file, text: "// changed\n" })), base);
    });
  }

  it("changes with a file added to the site", () => {
    assert.notEqual(codeFingerprint(tree({ file: "src/core/new.ts", text: "export {};\n" })), base);
  });

  it("changes with a setting baked into the pages", () => {
    const root = tree();
    assert.notEqual(codeFingerprint(root, { SITE_URL: "https://tickets.example.ae" }), codeFingerprint(root, {}));
    assert.notEqual(codeFingerprint(root, { LANDING_ID: "2" }), codeFingerprint(root, {}));
  });

  // `npm start` names the local addresses; `npm run publisher` started after it without them
  // must not take its first build for one of other settings and start from scratch
  it("is the same for the settings' defaults and the same values given explicitly", () => {
    const root = tree();
    assert.equal(
      codeFingerprint(root, {
        CATALOGUE_API_URL: "http://127.0.0.1:4010",
        BASKET_API_URL: "http://127.0.0.1:4010/",
        SITE_URL: "http://127.0.0.1:9000",
        LANDING_ID: "1",
        CATALOGUE_RATE_LIMIT: "10",
      }),
      codeFingerprint(root, {}),
    );
    assert.equal(codeFingerprint(root, { CATALOGUE_API_URL: "", SITE_URL: "" }), codeFingerprint(root, {}));
  });
});
