/** The case tables of the tests (tests/unit/support/cases.ts) fail on the row that is wrong, and name it. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { assertEachGives, assertTable } from "./support/cases";

const double = (n: number) => n * 2;

describe("a table of cases", () => {
  it("passes when every row gives its answer", () => {
    assertTable(double, [
      [1, 2],
      [3, 6],
    ]);
    assertEachGives(["a", "b"], (s) => s.length, 1);
  });

  it("fails on the first wrong row, naming its input, what it gave and what was expected", () => {
    assert.throws(
      () =>
        assertTable(double, [
          [1, 2],
          [4, 9],
          [5, 11],
        ]),
      { message: /^4 gives 8, not 9/ },
    );
    assert.throws(() => assertEachGives(["ok", "nul\0"], (s) => s.length, 2), {
      message: /^'nul\\x00' gives 4, not 2/,
    });
  });
});
