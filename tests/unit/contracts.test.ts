/**
 * contracts/ holds copies of the two contracts the project was given (../shared/api/).
 * The generated types and the contract validation read the copies; this keeps them from
 * drifting from the originals wherever the originals sit beside the checkout (as in CI).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";

const root = resolve(__dirname, "../..");
const shared = resolve(root, "../shared/api");

describe("contracts", () => {
  for (const name of ["catalogue.openapi.yaml", "basket.openapi.yaml"]) {
    it(`contracts/${name} is the given contract, unchanged`, {
      skip: !existsSync(shared) && "no ../shared/api beside this checkout",
    }, () => {
      assert.equal(readFileSync(join(root, "contracts", name), "utf8"), readFileSync(join(shared, name), "utf8"));
    });
  }
});
