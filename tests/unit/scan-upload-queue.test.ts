import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type DeviceState, EMPTY_STATE } from "../../src/scan/device-store";
import type { QueuedScan } from "../../src/scan/scanner-client";
import {
  afterUpload,
  BATCH_BYTES,
  BATCH_SCANS,
  batchesOf,
  SYNC_MAX_SCANS,
  type SyncAnswer,
  uploadQueue,
} from "../../src/scan/upload-queue";

const scan = (i: number, code = `UAE-AAAAA-${String(i).padStart(5, "0")}`): QueuedScan => ({
  code,
  nonce: `nonce-${String(i).padStart(8, "0")}`,
  scanned_at: "2026-12-01T19:30:00+04:00",
  direction: "entry",
  local_status: "admitted",
});
const queueOf = (n: number, code?: (i: number) => string) => Array.from({ length: n }, (_, i) => scan(i, code?.(i)));
const bodyBytes = (batch: QueuedScan[]) => new TextEncoder().encode(JSON.stringify({ scans: batch })).length;

/** What the server answers to a batch: every scan taken. */
const taken = (batch: QueuedScan[]): SyncAnswer => ({
  results: batch.map((s, i) => ({
    status: "admitted",
    scan_id: i + 1,
    nonce: s.nonce,
    scanned_at: s.scanned_at,
    ticket: null,
    used: null,
    undo_until: null,
    counts: { admitted: 0, expected: 0 },
  })),
  conflicts: [],
  counts: { admitted: batch.length, expected: 2000 },
});

describe("batchesOf", () => {
  it("cuts 2,000 queued scans into batches in order, none over the count or the size", () => {
    const queue = queueOf(2000);
    const batches = batchesOf(queue);
    assert.equal(batches.length, 2000 / BATCH_SCANS);
    assert.deepEqual(batches.flat(), queue, "every scan once, in the order scanned");
    assert.ok(batches.every((b) => b.length <= BATCH_SCANS && bodyBytes(b) <= BATCH_BYTES));
  });

  it("cuts by size when the codes are long and not ASCII (text typed in Arabic)", () => {
    const long = queueOf(600, (i) => `${"ع".repeat(290)}${String(i).padStart(10, "0")}`);
    const batches = batchesOf(long);
    assert.ok(batches.length > 600 / BATCH_SCANS, `${batches.length} batches`);
    assert.ok(batches.every((b) => bodyBytes(b) <= BATCH_BYTES));
    assert.deepEqual(batches.flat(), long);
  });

  it("never exceeds the contract's 500 scans, whatever it is asked", () => {
    const batches = batchesOf(queueOf(1200), 10_000, Number.POSITIVE_INFINITY);
    assert.deepEqual(
      batches.map((b) => b.length),
      [SYNC_MAX_SCANS, SYNC_MAX_SCANS, 200],
    );
  });

  it("an empty queue has no batches", () => {
    assert.deepEqual(batchesOf([]), []);
  });
});

describe("uploadQueue", () => {
  it("sends every batch in turn and reports the whole queue taken only after the last", async () => {
    const sent: number[] = [];
    const told: boolean[] = [];
    await uploadQueue(
      queueOf(250),
      async (batch) => {
        sent.push(batch.length);
        return taken(batch);
      },
      (_answer, whole) => told.push(whole),
    );
    assert.deepEqual(sent, [100, 100, 50]);
    assert.deepEqual(told, [false, false, true]);
  });

  it("sends one empty upload for an empty queue (its answer brings conflicts and counts)", async () => {
    const sent: number[] = [];
    const told: boolean[] = [];
    await uploadQueue(
      [],
      async (batch) => {
        sent.push(batch.length);
        return taken(batch);
      },
      (_answer, whole) => told.push(whole),
    );
    assert.deepEqual(sent, [0]);
    assert.deepEqual(told, [false]);
  });

  it("keeps what was taken when the network drops halfway, and sends nothing taken again", async () => {
    let state: DeviceState = { ...EMPTY_STATE, queue: queueOf(350), admittedHere: { "UAE-AAAAA-00001": "x" } };
    let calls = 0;
    const flaky = async (batch: QueuedScan[]) => {
      if (++calls === 3) throw new Error("no network");
      return taken(batch);
    };
    const apply = (answer: SyncAnswer, whole: boolean) => {
      state = afterUpload(state, answer, whole);
    };
    await assert.rejects(uploadQueue(state.queue, flaky, apply), /no network/);
    assert.equal(state.queue.length, 150, "two batches were taken before the network dropped");
    assert.equal(state.queue[0]?.nonce, "nonce-00000200");
    assert.deepEqual(state.admittedHere, { "UAE-AAAAA-00001": "x" }, "kept until the whole queue is taken");

    const resent: string[] = [];
    await uploadQueue(
      state.queue,
      async (batch) => {
        resent.push(...batch.map((s) => s.nonce));
        return taken(batch);
      },
      apply,
    );
    assert.equal(resent.length, 150);
    assert.equal(resent[0], "nonce-00000200");
    assert.deepEqual(state.queue, []);
    assert.deepEqual(state.admittedHere, {});
  });

  it("keeps scans queued while the upload ran", () => {
    const sent = queueOf(2);
    const later = scan(99);
    const state: DeviceState = { ...EMPTY_STATE, queue: [...sent, later] };
    assert.deepEqual(afterUpload(state, taken(sent), true).queue, [later]);
  });
});
