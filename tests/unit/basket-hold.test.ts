import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatCountdown, remainingMs } from "../../src/basket/hold";

describe("the basket's hold countdown", () => {
  const now = Date.parse("2030-01-01T10:00:00Z");

  it("counts the time left until expires_at, never below zero", () => {
    assert.equal(remainingMs("2030-01-01T10:14:32Z", now), 872_000);
    assert.equal(remainingMs("2030-01-01T09:59:00Z", now), 0);
    assert.equal(remainingMs("2030-01-01T14:14:32+04:00", now), 872_000);
  });

  it("no hold, or a date it cannot read, is no countdown", () => {
    assert.equal(remainingMs(null, now), null);
    assert.equal(remainingMs("soon", now), null);
  });

  it("shows minutes and seconds, hours when there are any, rounding seconds up", () => {
    assert.equal(formatCountdown(872_000), "14:32");
    assert.equal(formatCountdown(871_001), "14:32");
    assert.equal(formatCountdown(5_000), "0:05");
    assert.equal(formatCountdown(0), "0:00");
    assert.equal(formatCountdown(3_909_000), "1:05:09");
  });
});
