/**
 * The site's one countdown rule (src/core/countdown.ts): the hold on the cart and on
 * checkout, the time to pay and the reminder banner all count with it, through the one
 * countdown component (src/components/countdown.tsx).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clockText, secondsLeft } from "../../src/core/countdown";

const NOW = Date.parse("2030-01-01T10:00:00Z");

/** [end, whole seconds left at NOW] */
const ENDS: ReadonlyArray<readonly [string | null, number | null]> = [
  ["2030-01-01T10:14:32Z", 872],
  ["2030-01-01T10:00:00.001Z", 1],
  ["2030-01-01T10:00:00.400Z", 1],
  ["2030-01-01T10:14:31.001Z", 872],
  ["2030-01-01T14:00:05+04:00", 5],
  ["2030-01-01T09:59:00Z", 0],
  [null, null],
  ["soon", null],
];

/** [seconds, clock] */
const CLOCKS: ReadonlyArray<readonly [number, string]> = [
  [872, "14:32"],
  [9, "0:09"],
  [3909, "1:05:09"],
  [48 * 3600, "48:00:00"],
  [48 * 3600 - 1, "47:59:59"],
  [0, "0:00"],
  [-3, "0:00"],
];

describe("the one countdown rule", () => {
  it("counts whole seconds, a part of a second as one, never below zero, nothing without a valid end", () => {
    for (const [end, seconds] of ENDS) assert.equal(secondsLeft(end, NOW), seconds, String(end));
  });

  it("reads as a clock, hours only from an hour on", () => {
    for (const [seconds, clock] of CLOCKS) assert.equal(clockText(seconds), clock);
  });
});
