/**
 * When a deploy's lock on a bucket still stands (ops/lib/s3-lock.ts): refreshed lately, and, on
 * this host, held by a process that runs; otherwise the next deploy takes it over.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type LockRecord, lockStands } from "../../ops/lib/s3-lock";

const now = Date.parse("2026-11-28T02:00:00Z");
const lock = (refreshedAt: string, host = "ci-1", pid = 42): LockRecord => ({
  owner: "x",
  host,
  pid,
  release: "0007",
  startedAt: "2026-11-28T01:59:00Z",
  refreshedAt,
});

describe("a deploy lock", () => {
  it("stands while refreshed, on another host whatever its process", () => {
    assert.ok(lockStands(lock("2026-11-28T01:59:30Z"), now, 120_000, "ci-2", () => false));
    assert.equal(
      lockStands(lock("2026-11-28T01:57:00Z"), now, 120_000, "ci-2", () => true),
      false,
      "not refreshed",
    );
  });

  it("falls on this host as soon as its process is gone (kill -9)", () => {
    assert.equal(
      lockStands(lock("2026-11-28T01:59:59Z", "here"), now, 120_000, "here", () => false),
      false,
    );
    assert.ok(lockStands(lock("2026-11-28T01:59:59Z", "here"), now, 120_000, "here", () => true));
  });
});
