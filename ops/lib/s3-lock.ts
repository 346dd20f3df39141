/**
 * One deploy per bucket prefix at a time: a lock object, `.deploy/lock.json`, naming its
 * holder (host, process, release) and refreshed while the deploy runs.
 *
 * It is written with a conditional put (`If-None-Match: *`), which AWS S3, R2 and MinIO refuse
 * when the object exists: there two deploys can never both hold it. Stores that ignore the
 * condition (s3rver, older ones) get a documented best effort instead: the lock is read back
 * after a pause, and a deploy that finds another holder's name there gives up; two deploys
 * would both pass only if one's read and its write were further apart than that pause.
 *
 * A lock is dead, and taken over, when its holder stopped refreshing it (DEPLOY_LOCK_STALE,
 * default 2 min), or at once when it was taken on this host by a process that no longer runs
 * (a deploy killed with kill -9 and started again).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { processRuns } from "../../lib/processes";
import { isNotFound, type S3Address, statusOf } from "./s3-client";
import { fullKey, LOCK_KEY } from "./s3-objects";

export interface LockRecord {
  owner: string;
  host: string;
  pid: number;
  release: string;
  startedAt: string;
  refreshedAt: string;
}

/** A refusal: another deploy holds the lock. Nothing was changed. */
export class LockRefused extends Error {}

/** Whether a lock still stands: refreshed lately, and, when taken on this host, by a process that runs. */
export function lockStands(
  lock: LockRecord,
  now: number,
  staleMs: number,
  here = hostname(),
  runs: (pid: number) => boolean = processRuns,
): boolean {
  if (now - Date.parse(lock.refreshedAt) > staleMs) return false;
  return lock.host !== here || runs(lock.pid);
}

export function describeLock(lock: LockRecord): string {
  return `release ${lock.release} from ${lock.host} (process ${lock.pid}), started ${lock.startedAt}, last seen ${lock.refreshedAt}`;
}

export interface HeldLock {
  record: LockRecord;
  /** whether a dead holder's lock was taken over */
  tookOver: LockRecord | null;
  release(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function readLock(client: S3Client, address: S3Address): Promise<LockRecord | null> {
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: address.bucket, Key: fullKey(address.prefix, LOCK_KEY) }),
    );
    return JSON.parse((await answer.Body?.transformToString()) ?? "null") as LockRecord | null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export async function acquireLock(
  client: S3Client,
  address: S3Address,
  release: string,
  options: { staleMs: number; settleMs: number },
): Promise<HeldLock> {
  const Key = fullKey(address.prefix, LOCK_KEY);
  const existing = await readLock(client, address);
  if (existing && lockStands(existing, Date.now(), options.staleMs))
    throw new LockRefused(`another deploy holds the lock (${describeLock(existing)}); nothing was changed`);
  if (existing) await client.send(new DeleteObjectCommand({ Bucket: address.bucket, Key }));

  const now = new Date().toISOString();
  const record: LockRecord = {
    owner: randomUUID(),
    host: hostname(),
    pid: process.pid,
    release,
    startedAt: now,
    refreshedAt: now,
  };
  const put = (conditional: boolean) =>
    client.send(
      new PutObjectCommand({
        Bucket: address.bucket,
        Key,
        Body: JSON.stringify(record),
        ContentType: "application/json",
        ...(conditional ? { IfNoneMatch: "*" } : {}),
      }),
    );
  try {
    await put(true);
  } catch (error) {
    // 412: someone else's lock appeared since it was read; 409: a conditional write raced ours
    if (statusOf(error) === 412 || statusOf(error) === 409) {
      const holder = await readLock(client, address);
      throw new LockRefused(
        `another deploy took the lock first${holder ? ` (${describeLock(holder)})` : ""}; nothing was changed`,
      );
    }
    throw error;
  }
  await sleep(options.settleMs);
  const after = await readLock(client, address);
  if (after?.owner !== record.owner)
    throw new LockRefused(
      `another deploy took the lock at the same moment${after ? ` (${describeLock(after)})` : ""}; nothing was changed`,
    );

  const timer = setInterval(
    () => {
      record.refreshedAt = new Date().toISOString();
      put(false).catch(() => undefined);
    },
    Math.max(1000, options.staleMs / 4),
  );
  timer.unref();
  return {
    record,
    tookOver: existing,
    async release() {
      clearInterval(timer);
      const current = await readLock(client, address).catch(() => null);
      if (current?.owner === record.owner) await client.send(new DeleteObjectCommand({ Bucket: address.bucket, Key }));
    },
  };
}
