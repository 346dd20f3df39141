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

describe("the layer rules", () => {
  it("let a template import the core and a feature", () => {
    const found = violations({
      [`src/templates/${TAG}-clean.ts`]: `import { href } from "../core/routes";\nimport { roundMoney } from "../basket/totals";\nexport const probe = [href, roundMoney];\n`,
    });
    assert.deepEqual(found, []);
  });

  it("stop a template from importing node:fs", () => {
    const found = violations({
      [`src/templates/${TAG}-fs.ts`]: `import { readFileSync } from "node:fs";\nexport const probe = readFileSync;\n`,
    });
    assert.ok(found.includes("site-no-node-builtins"), found.join());
  });

  it("stop the server from importing a feature of the site", () => {
    const found = violations({
      [`server/src/${TAG}-feature.ts`]: `import { roundMoney } from "../../src/basket/totals";\nexport const probe = roundMoney;\n`,
    });
    assert.ok(found.includes("server-only-core"), found.join());
  });

  it("stop the core from importing the site", () => {
    const found = violations({
      [`src/core/${TAG}-site.ts`]: `import { roundMoney } from "../basket/totals";\nexport const probe = roundMoney;\n`,
    });
    assert.ok(found.includes("core-is-pure"), found.join());
  });

  it("stop a UI primitive from importing a feature, and a feature from importing a template", () => {
    const found = violations({
      [`src/components/${TAG}-primitive.ts`]: `import { roundMoney } from "../basket/totals";\nexport const probe = roundMoney;\n`,
      [`src/basket/${TAG}-template.ts`]: `import Home from "../templates/home";\nexport const probe = Home;\n`,
    });
    assert.ok(found.includes("ui-primitives-no-features"), found.join());
    assert.ok(found.includes("features-no-templates"), found.join());
  });

  it("find an import cycle", () => {
    const found = violations({
      [`src/basket/${TAG}-a.ts`]: `import { b } from "./${TAG}-b";\nexport const a = () => b;\n`,
      [`src/basket/${TAG}-b.ts`]: `import { a } from "./${TAG}-a";\nexport const b = () => a;\n`,
    });
    assert.ok(found.includes("no-circular"), found.join());
  });
});
