/**
 * The publisher's queue with fake time: bursts coalesce into one build, the longest wait caps
 * a steady trickle, one job runs at a time with one more waiting, the newest request wins.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Clock, CoalescingQueue, type Job } from "../../ops/lib/queue";

class FakeClock implements Clock {
  time = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time on, firing due timers in order (and letting promise callbacks run between them). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].fn();
    }
    this.time = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A runner whose jobs end when the test says so. */
function runner() {
  const started: Array<{ job: Job; at: number }> = [];
  const finishers: Array<() => void> = [];
  return {
    started,
    finishNext: async () => {
      const finish = finishers.shift();
      assert.ok(finish, "no job is running");
      finish();
      await flush();
    },
    run(clock: FakeClock) {
      return (job: Job) =>
        new Promise<void>((resolve) => {
          started.push({ job, at: clock.now() });
          finishers.push(resolve);
        });
    },
  };
}

function setup(quietMs = 30_000, maxWaitMs = 300_000) {
  const clock = new FakeClock();
  const jobs = runner();
  const queue = new CoalescingQueue({ quietMs, maxWaitMs, clock, run: jobs.run(clock) });
  return { clock, jobs, queue };
}

const hook = (reason = "hook"): Job => ({ kind: "publish", reason });

describe("the publish queue", () => {
  it("runs one build for a burst of five calls, after the quiet window", async () => {
    const { clock, jobs, queue } = setup();
    for (let i = 0; i < 5; i++) {
      assert.equal(queue.request(hook(`call ${i}`)), i === 0 ? "new" : "coalesced");
      await clock.advance(2_000);
    }
    assert.equal(queue.status().pending?.requests, 5);
    // 30 s after the last call, not the first
    await clock.advance(27_000);
    assert.equal(jobs.started.length, 0);
    await clock.advance(1_000);
    assert.equal(jobs.started.length, 1);
    assert.equal(jobs.started[0]?.at, 38_000);
    assert.equal(jobs.started[0]?.job.reason, "call 4", "the newest request wins");
    await jobs.finishNext();
    await clock.advance(600_000);
    assert.equal(jobs.started.length, 1);
  });

  it("starts at the longest wait when calls never stop", async () => {
    const { clock, jobs, queue } = setup(30_000, 120_000);
    for (let t = 0; t < 200_000; t += 10_000) {
      queue.request(hook());
      await clock.advance(10_000);
    }
    assert.equal(jobs.started[0]?.at, 120_000);
  });

  it("lets a call during a build give exactly one more build, started when the first ends", async () => {
    const { clock, jobs, queue } = setup(1_000, 10_000);
    queue.request(hook("first"));
    await clock.advance(1_000);
    assert.equal(jobs.started.length, 1);
    assert.equal(queue.status().running?.reason, "first");
    queue.request(hook("second"));
    queue.request(hook("third"));
    await clock.advance(60_000);
    assert.equal(jobs.started.length, 1, "one build at a time");
    assert.equal(queue.status().pending?.requests, 2);
    await jobs.finishNext();
    await clock.advance(0);
    assert.equal(jobs.started.length, 2, "the waiting build starts at once: its window has passed");
    assert.equal(jobs.started[1]?.job.reason, "third");
    await jobs.finishNext();
    await clock.advance(60_000);
    assert.equal(jobs.started.length, 2);
    await queue.idle();
  });

  it("runs a rollback without the quiet window and lets it replace a waiting build", async () => {
    const { clock, jobs, queue } = setup();
    queue.request(hook());
    await clock.advance(5_000);
    queue.request({ kind: "rollback", reason: "rollback" });
    await clock.advance(0);
    assert.equal(jobs.started.length, 1);
    assert.equal(jobs.started[0]?.job.kind, "rollback");
    await jobs.finishNext();
    await clock.advance(600_000);
    assert.equal(jobs.started.length, 1, "the replaced build never runs");
  });

  it("goes on after a job that failed", async () => {
    const clock = new FakeClock();
    let runs = 0;
    const queue = new CoalescingQueue({
      quietMs: 100,
      maxWaitMs: 1_000,
      clock,
      run: async () => {
        runs++;
        throw new Error("the build failed");
      },
    });
    queue.request(hook());
    await clock.advance(100);
    queue.request(hook());
    await clock.advance(100);
    assert.equal(runs, 2);
    assert.equal(queue.status().running, null);
  });
});
