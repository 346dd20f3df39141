/** One rule for "has this session ended", whether the session is written as ISO text (the site) or stored as epoch ms (the server). */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isSessionOver, isStoredSessionOver } from "../../src/core/sessions";

const NOW = Date.parse("2026-11-24T12:00:00+04:00");
const cases: Array<[string, string, string | null, boolean]> = [
  ["ended an hour ago", "2026-11-24T09:00:00+04:00", "2026-11-24T11:00:00+04:00", true],
  ["ends exactly now", "2026-11-24T09:00:00+04:00", "2026-11-24T12:00:00+04:00", true],
  ["started this morning, ends tonight", "2026-11-24T09:00:00+04:00", "2026-11-24T23:59:00+04:00", false],
  ["no end, started a minute ago", "2026-11-24T11:59:00+04:00", null, true],
  ["no end, starts in a minute", "2026-11-24T12:01:00+04:00", null, false],
];

describe("the session-ended rule", () => {
  for (const [name, start, end, over] of cases) {
    it(`${name}: ${over ? "over" : "on"} on both sides`, () => {
      assert.equal(isSessionOver({ startedAt: start, finishedAt: end }, NOW), over);
      const stored = { startedAt: Date.parse(start), finishedAt: end === null ? null : Date.parse(end) };
      assert.equal(isStoredSessionOver(stored, NOW), over);
    });
  }
  it("counts a session without a readable time as over", () => {
    assert.equal(isStoredSessionOver({ startedAt: Number.NaN, finishedAt: null }, NOW), true);
  });
});
