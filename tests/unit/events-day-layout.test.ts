/** The desktop events list's days grid: single-event days pair up, nothing stands beside an empty cell. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { wideDays } from "../../src/events/day-layout";

describe("which days take the whole width", () => {
  it("a day of several events always; single-event days in pairs", () => {
    assert.deepEqual(wideDays([1, 1, 3, 1, 1]), [false, false, true, false, false]);
  });

  it("the last of an odd run of single-event days, before a busy day and at the end", () => {
    assert.deepEqual(wideDays([1, 1, 1, 2, 1]), [false, false, true, true, true]);
    assert.deepEqual(wideDays([2, 1]), [true, true]);
  });

  it("nothing for an empty list", () => {
    assert.deepEqual(wideDays([]), []);
  });
});
