/** The door's rules for one scan: first admission wins, re-entry, windows, sessions, revocation, undo. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  canUndo,
  decide,
  type GateList,
  type PastScan,
  type TicketFacts,
  validityWindow,
} from "../../server/src/checkin/redeem-rules";

const START = Date.UTC(2026, 11, 1, 16);
const ticket: TicketFacts = {
  eventId: 7,
  sessionId: 70,
  categoryId: 700,
  ...validityWindow(START, START + 3 * 3600_000),
  revoked: false,
};
const gate: GateList = { eventId: 7, sessionIds: null, categoryIds: null, reentry: false };
const admitted: PastScan = { status: "admitted", at: START - 600_000, device: "Gate A" };

describe("decide", () => {
  it("admits a valid ticket the first time and refuses it after, saying when and where", () => {
    assert.deepEqual(decide(ticket, gate, [], "entry", START), { status: "admitted" });
    assert.deepEqual(decide(ticket, gate, [admitted], "entry", START), {
      status: "already_used",
      at: admitted.at,
      device: "Gate A",
    });
  });

  it("refuses unknown, revoked, other events, sessions and categories", () => {
    assert.equal(decide(undefined, gate, [], "entry", START).status, "unknown");
    assert.equal(decide({ ...ticket, revoked: true }, gate, [], "entry", START).status, "revoked");
    assert.equal(decide(ticket, { ...gate, eventId: 8 }, [], "entry", START).status, "wrong_event");
    assert.equal(decide(ticket, { ...gate, sessionIds: [71] }, [], "entry", START).status, "wrong_session");
    assert.equal(
      decide(ticket, { ...gate, sessionIds: [70], categoryIds: [701] }, [], "entry", START).status,
      "wrong_category",
    );
    assert.equal(
      decide(ticket, { ...gate, sessionIds: [70], categoryIds: [700] }, [], "entry", START).status,
      "admitted",
    );
  });

  it("admits from six hours before the start until two hours after the end", () => {
    assert.equal(decide(ticket, gate, [], "entry", START - 6 * 3600_000 - 1).status, "not_yet_valid");
    assert.equal(decide(ticket, gate, [], "entry", START - 6 * 3600_000).status, "admitted");
    assert.equal(decide(ticket, gate, [], "entry", START + 5 * 3600_000).status, "admitted");
    assert.equal(decide(ticket, gate, [], "entry", START + 5 * 3600_000 + 1).status, "expired");
    // a session without an end is taken to last six hours
    assert.equal(validityWindow(START, null).validTo, START + 8 * 3600_000);
  });

  it("with re-entry an exit lets the person back in once; without it nobody goes out and in", () => {
    const reentry = { ...gate, reentry: true };
    assert.equal(decide(ticket, reentry, [admitted], "exit", START).status, "exited");
    const out: PastScan = { status: "exited", at: START, device: "Gate A" };
    assert.equal(decide(ticket, reentry, [admitted, out], "entry", START).status, "admitted");
    assert.equal(decide(ticket, reentry, [admitted, out], "exit", START).status, "not_inside");
    assert.equal(decide(ticket, reentry, [], "exit", START).status, "not_inside");
    assert.equal(decide(ticket, gate, [admitted], "exit", START).status, "not_inside");
    assert.equal(decide(ticket, gate, [admitted, out], "entry", START).status, "already_used");
  });
});

describe("canUndo", () => {
  it("allows taking back an admission for one minute", () => {
    assert.equal(canUndo(START, START + 60_000), true);
    assert.equal(canUndo(START, START + 60_001), false);
  });
});
