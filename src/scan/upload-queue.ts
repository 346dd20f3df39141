/**
 * The upload of the scans a phone made without a network (POST /api/checkin/sync), in batches
 * the server takes: a phone offline for a long evening holds thousands, and one request with
 * all of them would be refused on every retry. Each batch answered is off the queue at once,
 * so a network that drops halfway loses nothing and sends nothing twice. Pure apart from `send`.
 */
import type { DeviceState } from "./device-store";
import type { Conflict, QueuedScan, ScanResult } from "./scanner-client";

/** The most scans one upload may carry: the check-in contract's maxItems. */
export const SYNC_MAX_SCANS = 500;
/** Scans per batch: short requests on a weak network, each answer saved before the next is sent. */
export const BATCH_SCANS = 100;
/** Bytes of JSON per batch, far under the server's limit even for the longest codes the contract allows. */
export const BATCH_BYTES = 64 * 1024;

export interface SyncAnswer {
  results: Array<ScanResult & { nonce: string }>;
  conflicts: Conflict[];
  counts: ScanResult["counts"];
}

const encoder = new TextEncoder();
/** What one scan adds to a body `{"scans":[...]}`: its JSON and a comma. */
const sizeOf = (scan: QueuedScan): number => encoder.encode(JSON.stringify(scan)).length + 1;

/** The queue cut in order into batches of at most `maxScans` scans and `maxBytes` bytes (a scan alone may exceed it). */
export function batchesOf(
  queue: readonly QueuedScan[],
  maxScans = BATCH_SCANS,
  maxBytes = BATCH_BYTES,
): QueuedScan[][] {
  const limit = Math.max(1, Math.min(maxScans, SYNC_MAX_SCANS));
  const batches: QueuedScan[][] = [];
  let batch: QueuedScan[] = [];
  let bytes = 0;
  for (const scan of queue) {
    const size = sizeOf(scan);
    if (batch.length > 0 && (batch.length >= limit || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(scan);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Uploads `queue` batch by batch, in order, and tells `answered` after each batch (with whether
 * the whole queue has now been taken). An empty queue still sends one empty upload: its answer
 * brings the conflicts and counts. A failed batch stops the upload (it throws); the batches
 * before it are done.
 */
export async function uploadQueue(
  queue: readonly QueuedScan[],
  send: (batch: QueuedScan[]) => Promise<SyncAnswer>,
  answered: (answer: SyncAnswer, wholeQueueSent: boolean) => void,
): Promise<void> {
  const batches = queue.length === 0 ? [[]] : batchesOf(queue);
  for (const [i, batch] of batches.entries()) answered(await send(batch), queue.length > 0 && i === batches.length - 1);
}

/**
 * The device's state after one batch was answered: its scans off the queue, the conflicts and,
 * once the whole queue that was sent has been taken, the admissions made offline forgotten (the
 * next download of the offline data carries them).
 */
export function afterUpload(state: DeviceState, answer: SyncAnswer, wholeQueueSent: boolean): DeviceState {
  const done = new Set(answer.results.map((r) => r.nonce));
  return {
    ...state,
    queue: state.queue.filter((q) => !done.has(q.nonce)),
    admittedHere: wholeQueueSent ? {} : state.admittedHere,
    conflicts: answer.conflicts,
  };
}
