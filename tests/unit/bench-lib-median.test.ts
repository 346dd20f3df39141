/** bench/lib/median.ts: the benchmarks' one median. */
import assert from "node:assert/strict";
import { it } from "node:test";
import { median } from "../../bench/lib/median";

it("takes the middle figure, the mean of the two middle ones, or nothing, and leaves its input as it was", () => {
  const figures = [9, 1, 5];
  assert.equal(median(figures), 5);
  assert.deepEqual(figures, [9, 1, 5]);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});
