/**
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) catch what they are
 * for: each case writes a small file breaking one rule at its place in the tree, cruises
 * it, and expects that rule's name in the answer; a file keeping the rules passes.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, describe, it } from "node:test";

const ROOT = path.resolve(__dirname, "../..");
const DEPCRUISE = path.join(ROOT, "node_modules/.bin/depcruise");
const TAG = `zz-rule-probe-${process.pid}`;
const written: string[] = [];

/** Writes the probe files (path from the root → text) and cruises them; the violations' rule names. */
function violations(files: Record<string, string>): string[] {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(ROOT, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    written.push(full);
  }
  const run = spawnSync(
    DEPCRUISE,
    ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...Object.keys(files)],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 32 * 1024 * 1024 },
  );
  assert.ok(run.stdout, `depcruise answered nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Array<{ rule: { name: string } }> } };
  return result.summary.violations.map((violation) => violation.rule.name);
}

after(() => {
  for (const file of written) rmSync(file, { force: true });
});

/** A probe importing `specifier`, at `file` (from the root). */
const probe = (file: string, specifier: string) => ({
  [file]: `import * as imported from "${specifier}";\nexport const probe = imported;\n`,
});

/** Each case: what it shows, the probe files, the rule expected to catch them (none: passes). */
const CASES: ReadonlyArray<{ title: string; files: Record<string, string>; rule: string | null }> = [
  {
    title: "let a template import the core and a feature",
    files: {
      [`src/templates/${TAG}-clean.ts`]: `import { href } from "../core/routes";\nimport { roundMoney } from "../basket/totals";\nexport const probe = [href, roundMoney];\n`,
    },
    rule: null,
  },
  {
    title: "stop a template from importing node:fs",
    files: probe(`src/templates/${TAG}-fs.ts`, "node:fs"),
    rule: "site-no-node-builtins",
  },
  {
    title: "stop the server from importing a feature of the site",
    files: probe(`server/src/${TAG}-feature.ts`, "../../src/basket/totals"),
    rule: "server-only-core",
  },
  {
    title: "stop the core from importing the site",
    files: probe(`src/core/${TAG}-site.ts`, "../basket/totals"),
    rule: "core-is-pure",
  },
  {
    title: "stop a UI primitive from importing a feature",
    files: probe(`src/components/${TAG}-primitive.ts`, "../basket/totals"),
    rule: "ui-primitives-no-features",
  },
  {
    title: "stop a feature from importing a template",
    files: probe(`src/basket/${TAG}-template.ts`, "../templates/home"),
    rule: "features-no-templates",
  },
  {
    title: "stop operations from importing the site",
    files: probe(`ops/${TAG}-site.ts`, "../src/basket/totals"),
    rule: "ops-only-core",
  },
  {
    title: "find an import cycle",
    files: {
      ...probe(`src/basket/${TAG}-a.ts`, `./${TAG}-b`),
      ...probe(`src/basket/${TAG}-b.ts`, `./${TAG}-a`),
    },
    rule: "no-circular",
  },
];

describe("the layer rules", () => {
  for (const { title, files, rule } of CASES) {
    it(title, () => {
      const found = violations(files);
      if (rule === null) assert.deepEqual(found, []);
      else assert.ok(found.includes(rule), `expected ${rule}, found: ${found.join(", ") || "nothing"}`);
    });
  }
});
