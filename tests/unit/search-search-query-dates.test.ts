/** The search page's date range: "From" after "To" moves the other end, and nearby dates widen it. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EMPTY_SEARCH, shiftDay, widenDates, withDate } from "../../src/search/search-query";

describe("search dates", () => {
  it("moves the other end when a date would cross it, and says so", () => {
    const range = { ...EMPTY_SEARCH, from: "2026-12-10", to: "2026-12-12" };
    assert.deepEqual(withDate(range, "from", "2026-12-11"), { state: { ...range, from: "2026-12-11" }, moved: false });
    assert.deepEqual(withDate(range, "from", "2026-12-20"), {
      state: { ...range, from: "2026-12-20", to: "2026-12-20" },
      moved: true,
    });
    assert.deepEqual(withDate(range, "to", "2026-12-01"), {
      state: { ...range, from: "2026-12-01", to: "2026-12-01" },
      moved: true,
    });
    assert.deepEqual(withDate(range, "to", ""), { state: { ...range, to: "" }, moved: false });
  });

  it("widens the chosen dates by days on both sides, across months and years", () => {
    assert.equal(shiftDay("2026-12-30", 3), "2027-01-02");
    assert.equal(shiftDay("2026-03-01", -1), "2026-02-28");
    assert.deepEqual(widenDates({ ...EMPTY_SEARCH, from: "2026-12-10", to: "" }, 3), {
      ...EMPTY_SEARCH,
      from: "2026-12-07",
      to: "2026-12-13",
    });
    assert.deepEqual(widenDates(EMPTY_SEARCH, 3), EMPTY_SEARCH);
  });
});
