/** Past sessions are not offered, ongoing ones are, and an event ends with its last session. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bySession, hasEnded, isSessionOver, openSessions } from "../../src/core/sessions";

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

describe("an order's lines by session", () => {
  const line = (id: number, startedAt: string | null, endsAt: string | null = null) => ({ id, startedAt, endsAt });

  it("lists each ticket under its own session, earliest first, whatever order they were added in", () => {
    const groups = bySession([
      line(1, "2026-12-01T11:00:00+04:00"),
      line(2, "2026-11-29T11:00:00+04:00"),
      line(3, "2026-12-01T07:00:00Z"),
      line(4, null),
    ]);
    assert.deepEqual(
      groups.map((g) => [g.startedAt, g.tickets.map((t) => t.id)]),
      [
        ["2026-11-29T11:00:00+04:00", [2]],
        ["2026-12-01T11:00:00+04:00", [1, 3]],
        [null, [4]],
      ],
      "the same instant written two ways is one session",
    );
  });

  it("keeps when the session ends", () => {
    assert.equal(
      bySession([line(1, "2026-11-24T16:00:00+04:00", "2026-11-30T16:00:00+04:00")])[0]?.endsAt,
      "2026-11-30T16:00:00+04:00",
    );
  });
});
