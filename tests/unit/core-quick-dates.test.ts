/** The events list's quick choices, in UAE days, with the UAE's Saturday–Sunday weekend. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isOnDuring, isQuickDate, listDayOf, type QuickDate, quickDateRange } from "../../src/core/quick-dates";

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

describe("an event on during the chosen days", () => {
  // Marina Sunset Sessions: one session from Tue 24 Nov 16:00 to Mon 30 Nov 16:00, Dubai time
  const festival = { startedAt: "2026-11-24T16:00:00+04:00", finishedAt: "2026-11-30T16:00:00+04:00" };
  const thursday = at("2026-11-26T10:00:00+04:00");

  it("is found by every quick choice whose days it runs through, though it began before them", () => {
    for (const choice of ["today", "tomorrow", "weekend", "week"] as const) {
      const range = quickDateRange(choice, thursday);
      assert.ok(range && isOnDuring(festival, range), `'${choice}' finds the festival on Thursday`);
    }
  });

  it("is not found on days before it begins or after its last day", () => {
    assert.equal(isOnDuring(festival, { from: "2026-11-23", to: "2026-11-23" }), false);
    assert.equal(isOnDuring(festival, { from: "2026-12-01", to: "2026-12-06" }), false);
    assert.equal(isOnDuring(festival, { from: "2026-11-30", to: "2026-11-30" }), true, "its last day");
    assert.equal(isOnDuring(festival, { from: "2026-11-20", to: "2026-11-24" }), true, "its first day");
  });

  it("reads an end at midnight as the day before, and an event without an end as its start day", () => {
    const pass = { startedAt: "2026-11-24T00:00:00+04:00", finishedAt: "2026-11-28T00:00:00+04:00" };
    assert.equal(isOnDuring(pass, { from: "2026-11-27", to: "2026-11-27" }), true);
    assert.equal(isOnDuring(pass, { from: "2026-11-28", to: "2026-11-29" }), false, "over by Saturday");
    const concert = { startedAt: "2026-11-27T20:00:00+04:00", finishedAt: null };
    assert.equal(isOnDuring(concert, { from: "2026-11-27", to: "2026-11-27" }), true);
    assert.equal(isOnDuring(concert, { from: "2026-11-28", to: "2026-11-28" }), false);
  });

  it("is filed under today in a dated list while it is on, under its start day otherwise", () => {
    assert.equal(listDayOf(festival, thursday), "2026-11-26");
    assert.equal(listDayOf(festival, at("2026-11-30T18:00:00+04:00")), "2026-11-24", "over: its own day");
    assert.equal(listDayOf(festival, at("2026-11-23T10:00:00+04:00")), "2026-11-24", "not begun yet");
    assert.equal(listDayOf({ startedAt: "2026-11-25T20:00:00+04:00" }, thursday), "2026-11-25", "no end");
    // 00:30 in Dubai is still Thursday's evening in UTC: today is the UAE's day
    assert.equal(listDayOf(festival, at("2026-11-26T20:30:00Z")), "2026-11-27");
  });
});
