/** The events list's quick choices, in UAE days, with the UAE's Saturday–Sunday weekend. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isQuickDate, quickDateRange } from "../../src/catalogue/quick-dates";

const at = (iso: string) => Date.parse(iso);

describe("quick date choices", () => {
  it("takes today and tomorrow in UAE time, whatever the machine's zone", () => {
    // 22:30 UTC on Thursday 26 Nov is 02:30 on Friday 27 Nov in Dubai
    const now = at("2026-11-26T22:30:00Z");
    assert.deepEqual(quickDateRange("today", now), { from: "2026-11-27", to: "2026-11-27" });
    assert.deepEqual(quickDateRange("tomorrow", now), { from: "2026-11-28", to: "2026-11-28" });
    assert.equal(quickDateRange("all", now), null);
  });

  it("means Saturday and Sunday by 'this weekend', as in the UAE since 2022", () => {
    assert.deepEqual(
      quickDateRange("weekend", at("2026-11-26T10:00:00+04:00")),
      { from: "2026-11-28", to: "2026-11-29" },
      "on a Thursday",
    );
    assert.deepEqual(
      quickDateRange("weekend", at("2026-11-27T10:00:00+04:00")),
      { from: "2026-11-28", to: "2026-11-29" },
      "on a Friday",
    );
    assert.deepEqual(
      quickDateRange("weekend", at("2026-11-28T10:00:00+04:00")),
      { from: "2026-11-28", to: "2026-11-29" },
      "on the Saturday",
    );
    assert.deepEqual(
      quickDateRange("weekend", at("2026-11-29T10:00:00+04:00")),
      { from: "2026-11-29", to: "2026-11-29" },
      "on the Sunday",
    );
  });

  it("runs 'this week' from today to Sunday", () => {
    assert.deepEqual(
      quickDateRange("week", at("2026-11-23T10:00:00+04:00")),
      { from: "2026-11-23", to: "2026-11-29" },
      "Monday",
    );
    assert.deepEqual(
      quickDateRange("week", at("2026-11-26T10:00:00+04:00")),
      { from: "2026-11-26", to: "2026-11-29" },
      "Thursday",
    );
    assert.deepEqual(
      quickDateRange("week", at("2026-11-29T10:00:00+04:00")),
      { from: "2026-11-29", to: "2026-11-29" },
      "Sunday",
    );
    assert.deepEqual(
      quickDateRange("week", at("2026-12-28T10:00:00+04:00")),
      { from: "2026-12-28", to: "2027-01-03" },
      "across the new year",
    );
  });

  it("knows its own choices only", () => {
    assert.equal(isQuickDate("weekend"), true);
    assert.equal(isQuickDate("friday"), false);
    assert.equal(isQuickDate(null), false);
  });
});
