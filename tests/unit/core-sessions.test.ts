/** Past sessions are not offered, ongoing ones are, and an event ends with its last session. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasEnded, isSessionOver, openSessions } from "../../src/core/sessions";

const NOW = Date.parse("2026-11-26T10:00:00+04:00");

describe("sessions on offer", () => {
  it("drops a session that has ended and keeps one still running", () => {
    const yesterday = { startedAt: "2026-11-25T19:30:00+04:00", finishedAt: "2026-11-25T22:00:00+04:00" };
    const festivalDay = { startedAt: "2026-11-26T08:00:00+04:00", finishedAt: "2026-11-26T23:59:00+04:00" };
    const tonight = { startedAt: "2026-11-26T19:30:00+04:00", finishedAt: null };
    assert.deepEqual(openSessions([yesterday, festivalDay, tonight], NOW), [festivalDay, tonight]);
  });

  it("takes the start as the end of a session without one", () => {
    assert.equal(
      isSessionOver({ startedAt: "2026-11-24T11:00:00+04:00", finishedAt: null }, NOW),
      true,
      "a day pass two days ago",
    );
    assert.equal(isSessionOver({ startedAt: "2026-11-26T10:00:01+04:00", finishedAt: null }, NOW), false);
  });

  it("treats an unreadable date as over rather than on sale", () => {
    assert.equal(isSessionOver({ startedAt: "not a date", finishedAt: null }, NOW), true);
  });

  it("says an event has ended once its last session has", () => {
    assert.equal(
      hasEnded({ startedAt: "2026-11-17T19:00:00+04:00", finishedAt: "2026-11-18T23:00:00+04:00" }, NOW),
      true,
    );
    assert.equal(
      hasEnded({ startedAt: "2026-11-24T16:00:00+04:00", finishedAt: "2026-11-30T16:00:00+04:00" }, NOW),
      false,
    );
  });
});
