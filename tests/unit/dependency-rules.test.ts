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

/** [probe file, what it imports, the rule that must catch it] */
const BREAKS: ReadonlyArray<readonly [string, string, string]> = [
  [`src/templates/${TAG}-fs.ts`, "node:fs", "site-no-node-builtins"],
  [`server/src/${TAG}-feature.ts`, "../../src/basket/totals", "server-only-core"],
  [`ops/${TAG}-site.ts`, "../src/basket/totals", "ops-only-core"],
  [`src/core/${TAG}-site.ts`, "../basket/totals", "core-is-pure"],
  [`src/components/${TAG}-primitive.ts`, "../basket/totals", "ui-primitives-no-features"],
  [`src/basket/${TAG}-template.ts`, "../templates/home", "features-no-templates"],
];

describe("the layer rules", () => {
  it("let a template import the core and a feature", () => {
    const clean = `import { href } from "../core/routes";\nimport { roundMoney } from "../basket/totals";\n`;
    const found = violations({
      [`src/templates/${TAG}-clean.ts`]: `${clean}export const probe = [href, roundMoney];\n`,
    });
    assert.deepEqual(found, []);
  });

  for (const [file, specifier, rule] of BREAKS) {
    it(`catch ${file.replace(`${TAG}-`, "")} importing ${specifier} (${rule})`, () => {
      const found = violations(probe(file, specifier));
      assert.ok(found.includes(rule), `expected ${rule}, found: ${found.join(", ") || "nothing"}`);
    });
  }

  it("find an import cycle", () => {
    const found = violations({
      ...probe(`src/basket/${TAG}-a.ts`, `./${TAG}-b`),
      ...probe(`src/basket/${TAG}-b.ts`, `./${TAG}-a`),
    });
    assert.ok(found.includes("no-circular"), found.join(", "));
  });
});
