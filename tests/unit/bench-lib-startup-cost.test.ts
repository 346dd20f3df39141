import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type MainThreadTask, simulatedBlockingMs } from "../../bench/lib/startup-cost";

const task = (startMs: number, durationMs: number, layout = false): MainThreadTask => ({
  startMs,
  durationMs,
  scripts: [],
  layout,
});

describe("simulatedBlockingMs: blocking time as Lighthouse's simulated throttling counts it", () => {
  it("leaves out tasks under 10 ms, and counts a task of 10 ms at 8x as 30 ms", () => {
    assert.equal(simulatedBlockingMs([task(100, 9.9)], 0, 8), 0);
    assert.equal(simulatedBlockingMs([task(100, 10)], 0, 8), 30);
  });

  it("counts only what comes after the first contentful paint", () => {
    assert.equal(simulatedBlockingMs([task(50, 40), task(200, 20)], 100, 8), 110);
  });

  it("slows a task that lays out by half the slowdown", () => {
    assert.equal(simulatedBlockingMs([task(100, 20, true)], 0, 8), 30);
    assert.equal(simulatedBlockingMs([task(100, 20, false)], 0, 8), 110);
  });

  it("sums what each task is over 50 ms", () => {
    assert.equal(simulatedBlockingMs([task(100, 10), task(120, 12.5), task(150, 5)], 0, 4), 0);
    assert.equal(simulatedBlockingMs([task(100, 10), task(120, 12.5)], 0, 6), 10 + 25);
  });
});
