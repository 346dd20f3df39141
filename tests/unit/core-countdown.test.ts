import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clockText, secondsLeft } from "../../src/core/countdown";

describe("the one countdown rule", () => {
  const now = Date.parse("2030-01-01T10:00:00Z");

  it("counts whole seconds, a part of a second as one, never below zero", () => {
    assert.equal(secondsLeft("2030-01-01T10:14:32Z", now), 872);
    assert.equal(secondsLeft("2030-01-01T10:00:00.001Z", now), 1);
    assert.equal(secondsLeft("2030-01-01T14:00:05+04:00", now), 5);
    assert.equal(secondsLeft("2030-01-01T09:59:00Z", now), 0);
  });

  it("has no count without a valid time", () => {
    assert.equal(secondsLeft(null, now), null);
    assert.equal(secondsLeft("soon", now), null);
  });

  it("reads as a clock, hours only from an hour on", () => {
    assert.equal(clockText(872), "14:32");
    assert.equal(clockText(9), "0:09");
    assert.equal(clockText(3909), "1:05:09");
    assert.equal(clockText(-3), "0:00");
  });
});
