import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  firstLayout,
  longTasksAfterPaint,
  type MainThreadTask,
  mainThreadTasks,
  simulatedBlockingMs,
} from "../../bench/lib/startup-cost";

const task = (startMs: number, durationMs: number, layout = false, threadMs = durationMs): MainThreadTask => ({
  startMs,
  durationMs,
  scripts: [],
  layout,
  threadMs,
  invalidations: 0,
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

describe("longTasksAfterPaint: the tasks the simulation multiplies, by the clock and by thread time", () => {
  it("counts the tasks of 10 ms or more after the first paint, and finds the one that ran longest", () => {
    const tasks = [task(50, 30, false, 25), task(100, 12, false, 3), task(120, 9, false, 9), task(150, 15, false, 8)];
    const long = longTasksAfterPaint(tasks, 80);
    assert.equal(long.count, 2);
    assert.equal(long.clockMs, 27);
    assert.equal(long.threadMs, 11);
    assert.equal(long.longest, tasks[3]);
  });

  it("none: no longest", () => {
    assert.deepEqual(longTasksAfterPaint([task(10, 5)], 0), { count: 0, clockMs: 0, threadMs: 0, longest: null });
  });
});

describe("mainThreadTasks: thread time and invalidations from a trace", () => {
  it("reads tdur, and counts the invalidation-tracking events inside each task of the renderer's main thread", () => {
    const trace = JSON.stringify({
      traceEvents: [
        { name: "thread_name", ph: "M", pid: 1, tid: 2, ts: 0, args: { name: "CrRendererMain" } },
        { name: "RunTask", ph: "X", pid: 1, tid: 2, ts: 1000, dur: 20000, tdur: 6000 },
        { name: "LayoutInvalidationTracking", ph: "I", pid: 1, tid: 2, ts: 5000 },
        { name: "StyleRecalcInvalidationTracking", ph: "I", pid: 1, tid: 2, ts: 9000 },
        { name: "LayoutInvalidationTracking", ph: "I", pid: 1, tid: 3, ts: 9000 },
        { name: "RunTask", ph: "X", pid: 1, tid: 2, ts: 40000, dur: 4000 },
      ],
    });
    const [first, second] = mainThreadTasks(trace);
    assert.deepEqual(
      [first?.durationMs, first?.threadMs, first?.invalidations],
      [20, 6, 2],
      "another thread's invalidation is not the main thread's",
    );
    assert.deepEqual([second?.threadMs, second?.invalidations], [4, 0], "no tdur: the clock's");
  });
});

describe("firstLayout: the page's first layout and its font look-ups, by the clock and by thread time", () => {
  const url = "http://127.0.0.1:9450/ar/";
  const trace = JSON.stringify({
    traceEvents: [
      // another renderer's thread, with a longer layout: not the page's
      { name: "RunTask", ph: "X", pid: 9, tid: 9, ts: 0, dur: 900000, tdur: 900000 },
      { name: "Layout", ph: "X", pid: 9, tid: 9, ts: 10, dur: 800000, tdur: 800000 },
      { name: "RunTask", ph: "X", pid: 1, tid: 2, ts: 1000, dur: 30000, tdur: 10000 },
      { name: "ParseHTML", ph: "X", pid: 1, tid: 2, ts: 1100, dur: 5000, args: { beginData: { url } } },
      { name: "RunTask", ph: "X", pid: 1, tid: 2, ts: 40000, dur: 100000, tdur: 30000 },
      { name: "Layout", ph: "X", pid: 1, tid: 2, ts: 41000, dur: 90000, tdur: 25000 },
      { name: "FontCache::GetFontPlatformData", ph: "X", pid: 1, tid: 2, ts: 42000, dur: 20000, tdur: 1000 },
      // nested in the one before: counted once
      { name: "FontCache::GetFontPlatformData", ph: "X", pid: 1, tid: 2, ts: 43000, dur: 5000, tdur: 500 },
      { name: "FontCache::GetFontPlatformData", ph: "X", pid: 1, tid: 2, ts: 70000, dur: 10000, tdur: 800 },
      // a later, shorter layout with a look-up of its own: not the first layout's
      { name: "Layout", ph: "X", pid: 1, tid: 2, ts: 200000, dur: 2000, tdur: 2000 },
      { name: "FontCache::GetFontPlatformData", ph: "X", pid: 1, tid: 2, ts: 200500, dur: 1000, tdur: 100 },
    ],
  });

  it("reads the longest layout of the thread that parsed the page, and its outermost font look-ups", () => {
    assert.deepEqual(firstLayout(trace, url), {
      clockMs: 90,
      threadMs: 25,
      fontLookups: 2,
      fontLookupClockMs: 30,
      tasksClockMs: 130,
      tasksThreadMs: 40,
    });
  });

  it("fails, naming the page, when the trace never parsed it", () => {
    assert.throws(
      () => firstLayout(trace, "http://127.0.0.1:9450/cart/"),
      /no parse of http:\/\/127.0.0.1:9450\/cart\//,
    );
  });
});
