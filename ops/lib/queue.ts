/**
 * The publisher's build queue: bursts of requests coalesced into one build, one job at a time,
 * at most one more waiting, the newest request winning.
 *
 * A CMS sends a webhook per saved record, so an editor saving ten events sends ten calls
 * within a minute: the queue waits for a quiet window (no new call for `quietMs`) but never
 * longer than `maxWaitMs` after the first call, so a steady trickle still gets published.
 * While a job runs, new calls gather into the one waiting job, which starts when the running
 * one ends (at once if its window has already passed). A rollback skips the window and
 * replaces a waiting build: the newest request wins.
 *
 * Pure apart from the injected clock, so the coalescing is tested with fake time.
 */

export type JobKind = "publish" | "rollback";

export interface Job {
  kind: JobKind;
  /** why: "hook", "schedule: daily", "schedule: event 12 starts", "rollback" */
  reason: string;
  /** a rollback's target release; none = the one before the live release */
  target?: string;
  /** the build may unpublish more than the allowed share of pages */
  force?: boolean;
  /** start without waiting for the quiet window ("Publish now" on the editors' page) */
  now?: boolean;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface QueueOptions {
  quietMs: number;
  maxWaitMs: number;
  clock?: Clock;
  /** runs one job; the queue starts the next one only after this settles */
  run: (job: Job) => Promise<void>;
}

interface Waiting {
  job: Job;
  firstAt: number;
  lastAt: number;
  requests: number;
}

export interface PendingStatus {
  kind: JobKind;
  reason: string;
  requests: number;
  firstRequestAt: string;
  /** when it starts if nothing else arrives (later if a job is running then) */
  dueAt: string;
}

export interface QueueStatus {
  running: Job | null;
  pending: PendingStatus | null;
}

export class CoalescingQueue {
  private readonly clock: Clock;
  private waiting: Waiting | null = null;
  private running: Job | null = null;
  private timer: unknown = null;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: QueueOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** Adds a request; returns what it joined: a new waiting job or one already waiting. */
  request(job: Job): "new" | "coalesced" {
    const now = this.clock.now();
    let joined: "new" | "coalesced";
    if (this.waiting) {
      // newest wins: its kind, reason and options replace the older request's, but a publish
      // asked for "now" stays immediate when a CMS call joins it
      const keepNow = job.kind === "publish" && this.waiting.job.kind === "publish" && this.waiting.job.now;
      this.waiting = {
        job: keepNow ? { ...job, now: true } : job,
        firstAt: this.waiting.firstAt,
        lastAt: now,
        requests: this.waiting.requests + 1,
      };
      joined = "coalesced";
    } else {
      this.waiting = { job, firstAt: now, lastAt: now, requests: 1 };
      joined = "new";
    }
    this.arm();
    return joined;
  }

  status(): QueueStatus {
    const w = this.waiting;
    return {
      running: this.running,
      pending: w
        ? {
            kind: w.job.kind,
            reason: w.job.reason,
            requests: w.requests,
            firstRequestAt: new Date(w.firstAt).toISOString(),
            dueAt: new Date(this.dueAt(w)).toISOString(),
          }
        : null,
    };
  }

  /** Resolves when nothing runs and nothing waits (for tests and a clean shutdown). */
  idle(): Promise<void> {
    if (!this.running && !this.waiting) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops a waiting job and its timer; a running job goes on. */
  close(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.waiting = null;
  }

  private dueAt(w: Waiting): number {
    if (w.job.kind === "rollback" || w.job.now) return w.lastAt;
    return Math.min(w.lastAt + this.options.quietMs, w.firstAt + this.options.maxWaitMs);
  }

  private arm(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (!this.waiting || this.running) return;
    const delay = Math.max(0, this.dueAt(this.waiting) - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.startWaiting();
    }, delay);
  }

  private startWaiting(): void {
    if (this.running || !this.waiting) return;
    const job = this.waiting.job;
    this.waiting = null;
    this.running = job;
    let settled: Promise<void>;
    try {
      settled = this.options.run(job);
    } catch (error) {
      settled = Promise.reject(error);
    }
    // the runner reports its own failures; the queue only has to go on
    void settled
      .catch(() => undefined)
      .then(() => {
        this.running = null;
        if (this.waiting) this.arm();
        else for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
  }
}
