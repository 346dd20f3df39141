/**
 * scripts/gen-types.ts writes the contracts' types with the shapes of src/core/contract-shapes.ts
 * where openapi-typescript repeats itself. The written files must be current, and their types
 * the very types openapi-typescript writes: a shape that said one thing less or more (an
 * optional body, a method a path answers) would let code through that the contract forbids.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import ts from "typescript";
import { contractNames, generatedPath, generatedTypes, openapiTypes } from "../../scripts/gen-types";

describe("the generated contract types", () => {
  it("are what npm run gen:types writes from contracts/", async () => {
    for (const name of contractNames) {
      assert.equal(await readFile(generatedPath(name), "utf8"), await generatedTypes(name), `${name}.ts is stale`);
    }
  });

  let dir = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "gen-types-"));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it("are identical to openapi-typescript's own, path by path and schema by schema", async () => {
    const lines = [
      "type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;",
    ];
    for (const name of contractNames) {
      await writeFile(join(dir, `${name}.ts`), await openapiTypes(name));
      const written = JSON.stringify(generatedPath(name).replace(/\.ts$/, ""));
      lines.push(`import type * as ${name}Own from "./${name}";`, `import type * as ${name}Ours from ${written};`);
      for (const part of ["paths", "operations", "components"]) {
        lines.push(`export const ${name}_${part}: Equal<${name}Own.${part}, ${name}Ours.${part}> = true;`);
      }
    }
    const check = join(dir, "check.ts");
    await writeFile(check, lines.join("\n"));
    const program = ts.createProgram([check], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    assert.deepEqual(problems, []);
  });
});
