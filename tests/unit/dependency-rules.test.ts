/**
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) catch what they are
 * for: each case writes a small file breaking one rule at its place in the tree, cruises
 * it, and expects that rule's name in the answer; a file keeping the rules passes. Every
 * rule of the configuration has a case here.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";

const ROOT = path.resolve(__dirname, "../..");
const DEPCRUISE = path.join(ROOT, "node_modules/.bin/depcruise");
const TAG = `zz-rule-probe-${process.pid}`;
const written: string[] = [];
const RULES = (require(path.join(ROOT, ".dependency-cruiser.cjs")) as { forbidden: Array<{ name: string }> }).forbidden;

/** Writes the probe files (path from the root → text); all of them are cruised in one run. */
function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(ROOT, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    written.push(file);
  }
}

/** Cruises the probe files once: each probe's violated rules, by file. */
function cruise(): Map<string, string[]> {
  const run = spawnSync(DEPCRUISE, ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...written], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 32 * 1024 * 1024,
  });
  assert.ok(run.stdout, `depcruise answered nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Array<{ from: string; rule: { name: string } }> } };
  const found = new Map<string, string[]>();
  for (const { from, rule } of result.summary.violations) found.set(from, [...(found.get(from) ?? []), rule.name]);
  return found;
}

after(() => {
  for (const file of written) rmSync(path.join(ROOT, file), { force: true });
});

/**
 * The specifier `file` imports `target` by: a project module is named from the root (so a
 * restructuring codemod keeps these paths current) and imported relatively; a package as is.
 */
function specifierOf(file: string, target: string): string {
  if (!/^(src|lib|server|ops|scripts|bench|tests)\//.test(target)) return target;
  const relative = path.posix.relative(path.posix.dirname(file), target);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** A probe at `file` (from the root) importing each of `targets`. */
const probe = (file: string, ...targets: string[]) => ({
  [file]: `${targets.map((target, i) => `import * as imported${i} from "${specifierOf(file, target)}";\n`).join("")}export const probe = [${targets.map((_, i) => `imported${i}`).join(", ")}];\n`,
});

/** The probes each rule must catch: rule → [probe file, what it imports]. */
const BREAKS: Record<string, ReadonlyArray<readonly [string, string]>> = {
  "core-is-pure": [
    [`src/core/${TAG}-site.ts`, "src/basket/totals"],
    [`src/core/${TAG}-package.ts`, "axios"],
  ],
  "core-no-node-builtins": [[`src/core/${TAG}-fs.ts`, "node:fs"]],
  "site-no-node-builtins": [[`src/templates/${TAG}-fs.ts`, "node:fs"]],
  "site-no-node-packages": [
    [`src/basket/${TAG}-sqlite.ts`, "better-sqlite3"],
    [`src/templates/${TAG}-mail.ts`, "nodemailer"],
  ],
  "site-no-node-code": [
    [`src/templates/${TAG}-ops.ts`, "ops/lib/releases"],
    [`src/basket/${TAG}-lib.ts`, "lib/processes"],
  ],
  "server-only-core": [
    [`server/src/${TAG}-feature.ts`, "src/basket/totals"],
    [`server/src/${TAG}-ops.ts`, "ops/lib/releases"],
  ],
  "ops-only-core": [
    [`ops/${TAG}-site.ts`, "src/basket/totals"],
    [`ops/${TAG}-sourcing.ts`, "src/sourcing/plan-pages"],
    [`ops/lib/${TAG}-command.ts`, "scripts/lib/scratch-site"],
  ],
  "lib-only-core": [
    [`lib/${TAG}-sourcing.ts`, "src/sourcing/plan-pages"],
    [`lib/${TAG}-ops.ts`, "ops/lib/releases"],
    [`lib/${TAG}-command.ts`, "scripts/lib/scratch-site"],
  ],
  "sourcing-no-site": [[`src/sourcing/${TAG}-site.ts`, "src/basket/totals"]],
  "scripts-no-site": [
    [`scripts/${TAG}-site.ts`, "src/basket/totals"],
    [`scripts/${TAG}-sourcing.ts`, "src/sourcing/plan-pages"],
    [`bench/${TAG}-site.ts`, "src/templates/home"],
  ],
  "node-no-ui-runtime": [
    [`server/src/${TAG}-react.ts`, "react"],
    [`lib/${TAG}-gatsby.ts`, "gatsby"],
  ],
  "features-no-templates": [[`src/basket/${TAG}-template.ts`, "src/templates/home"]],
  "shell-on-top": [
    [`src/basket/${TAG}-shell.ts`, "src/app/layout"],
    [`src/components/${TAG}-shell.ts`, "src/app/page-shell"],
    [`src/i18n/${TAG}-shell.ts`, "src/app/app-providers"],
  ],
  "kernel-below-features": [
    [`src/kernel/${TAG}-feature.ts`, "src/basket/totals"],
    [`src/kernel/${TAG}-primitive.ts`, "src/components/money"],
  ],
  "ui-primitives-no-features": [[`src/components/${TAG}-primitive.ts`, "src/basket/totals"]],
};

/** [probe file, what it imports]: imports the rules allow */
const KEEPS: ReadonlyArray<readonly [string, ...string[]]> = [
  [`src/templates/${TAG}-clean.ts`, "src/core/routes", "src/basket/totals", "src/app/page-shell"],
  [`src/core/${TAG}-pure.ts`, "date-fns", "@noble/curves/ed25519.js", "src/core/routes"],
  [`src/basket/${TAG}-kernel.ts`, "src/kernel/site-context", "src/kernel/when-idle", "src/core/routes"],
  [`src/kernel/${TAG}-clean.ts`, "src/core/routes", "src/catalogue/use-landing", "src/config"],
  [`ops/${TAG}-clean.ts`, "src/core/routes", "lib/cdn-rule-files", "lib/processes"],
  [`scripts/${TAG}-clean.ts`, "src/core/routes", "lib/processes", "ops/lib/releases"],
  [`lib/${TAG}-clean.ts`, "src/core/routes", "node:fs"],
  [`src/sourcing/${TAG}-clean.ts`, "src/core/routes", "lib/snapshot-file", "src/clients/catalogue-client"],
];

const CYCLE = [`src/basket/${TAG}-a.ts`, `src/basket/${TAG}-b.ts`] as const;

describe("the layer rules", () => {
  let found = new Map<string, string[]>();
  before(() => {
    for (const [file, ...targets] of KEEPS) write(probe(file, ...targets));
    for (const [file, target] of Object.values(BREAKS).flat()) write(probe(file, target));
    write({ ...probe(CYCLE[0], CYCLE[1].replace(/\.ts$/, "")), ...probe(CYCLE[1], CYCLE[0].replace(/\.ts$/, "")) });
    found = cruise();
  });

  for (const [file, ...targets] of KEEPS) {
    it(`let ${file.replace(`${TAG}-`, "")} import ${targets.join(", ")}`, () => {
      assert.deepEqual(found.get(file) ?? [], []);
    });
  }

  for (const [rule, probes] of Object.entries(BREAKS)) {
    for (const [file, target] of probes) {
      it(`catch ${file.replace(`${TAG}-`, "")} importing ${target} (${rule})`, () => {
        const rules = found.get(file) ?? [];
        assert.ok(rules.includes(rule), `expected ${rule}, found: ${rules.join(", ") || "nothing"}`);
      });
    }
  }

  it("find an import cycle", () => {
    assert.ok(found.get(CYCLE[0])?.includes("no-circular"), String(found.get(CYCLE[0])));
  });

  it("have a probe for every rule", () => {
    const probed = new Set([...Object.keys(BREAKS), "no-circular"]);
    assert.deepEqual(
      RULES.map((rule) => rule.name).filter((name) => !probed.has(name)),
      [],
    );
  });
});
