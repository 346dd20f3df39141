/** The events list's quick choices, in UAE days, with the UAE's Saturday–Sunday weekend. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isQuickDate, quickDateRange, type QuickDate } from "../../src/core/quick-dates";

const at = (iso: string) => Date.parse(iso);

describe("quick date choices", () => {
  it("takes today and tomorrow in UAE time, whatever the machine's zone", () => {
    // 22:30 UTC on Thursday 26 Nov is 02:30 on Friday 27 Nov in Dubai
    const now = at("2026-11-26T22:30:00Z");
    assert.deepEqual(quickDateRange("today", now), { from: "2026-11-27", to: "2026-11-27" });
    assert.deepEqual(quickDateRange("tomorrow", now), { from: "2026-11-28", to: "2026-11-28" });
    assert.equal(quickDateRange("all", now), null);
  });

  // [what the visitor picks, when (Dubai time), the range it means, which day that is]
  const cases: Array<[QuickDate, string, string, string, string]> = [
    // Saturday and Sunday by 'this weekend', as in the UAE since 2022
    ["weekend", "2026-11-26", "2026-11-28", "2026-11-29", "on a Thursday"],
    ["weekend", "2026-11-27", "2026-11-28", "2026-11-29", "on a Friday"],
    ["weekend", "2026-11-28", "2026-11-28", "2026-11-29", "on the Saturday"],
    ["weekend", "2026-11-29", "2026-11-29", "2026-11-29", "on the Sunday"],
    // 'this week' runs from today to Sunday
    ["week", "2026-11-23", "2026-11-23", "2026-11-29", "on a Monday"],
    ["week", "2026-11-26", "2026-11-26", "2026-11-29", "on a Thursday"],
    ["week", "2026-11-29", "2026-11-29", "2026-11-29", "on the Sunday"],
    ["week", "2026-12-28", "2026-12-28", "2027-01-03", "across the new year"],
  ];
  for (const [choice, day, from, to, when] of cases) {
    it(`means ${from} to ${to} by '${choice}' ${when} (${day})`, () => {
      assert.deepEqual(quickDateRange(choice, at(`${day}T10:00:00+04:00`)), { from, to });
    });
  }

  it("knows its own choices only", () => {
    assert.equal(isQuickDate("weekend"), true);
    assert.equal(isQuickDate("friday"), false);
    assert.equal(isQuickDate(null), false);
  });
});
