/** Whether a process runs (lib/processes.ts), as the deploy lock and the e2e claim ledger ask it. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { processRuns } from "../../lib/processes";

describe("a process id", () => {
  it("of this process runs", () => {
    assert.equal(processRuns(process.pid), true);
  });

  it("of a process that has ended does not", () => {
    const ended = spawnSync(process.execPath, ["-e", ""]);
    assert.equal(ended.status, 0);
    assert.equal(processRuns(ended.pid as number), false);
  });

  it("of a process of another user runs, though it may not be signalled", { skip: process.getuid?.() === 0 }, () => {
    assert.equal(processRuns(1), true);
  });
});
