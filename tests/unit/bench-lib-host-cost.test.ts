/** bench/lib/host-cost.ts: the host's cost of a page of memory, and the faults of a browser the benchmark started. */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, it } from "node:test";
import * as host from "../../bench/lib/host-cost";

describe("the host's cost of memory", () => {
  it("touches every page of the size asked, each round, and times it", () => {
    const cost = host.memoryPageCost(8 * 1024 * 1024, 3);
    assert.equal(cost.pages, 2048);
    assert.ok(cost.clockUs > 0 && Number.isFinite(cost.clockUs), `${cost.clockUs}`);
    assert.ok(cost.cpuUs >= 0 && Number.isFinite(cost.cpuUs), `${cost.cpuUs}`);
    assert.match(host.describePageCost(cost), /µs by the clock, .* µs of CPU \(median of 3 rounds of 2048 pages\)$/);
  });

  it("counts this process's faults as it touches fresh memory", () => {
    const before = host.minorFaults(process.pid);
    host.memoryPageCost(16 * 1024 * 1024, 1);
    // 4,096 pages touched for the first time: each is a fault (a few may be taken in larger pieces)
    assert.ok(host.minorFaults(process.pid) - before >= 2048, `${host.minorFaults(process.pid) - before}`);
    assert.equal(host.minorFaults(2 ** 30), 0, "a process that is not there has none");
  });

  it("counts a child's faults between two snapshots, and not its parent's; a renderer's main thread apart", async () => {
    // touches 32 MiB on its main thread when told; its command line names it a renderer, as Chromium's do
    const child = spawn(
      process.execPath,
      [
        "-e",
        "process.stdin.once('data', () => { const m = new Uint8Array(32 << 20); for (let i = 0; i < m.length; i += 4096) m[i] = 1; console.log('done'); process.stdin.once('data', () => process.exit(0)); })",
        "--",
        "--type=renderer",
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      const before = host.childrenFaults();
      const mainBefore = host.rendererMainThreadFaults();
      assert.ok(before.has(child.pid as number), "the child is found under this process");
      assert.ok(!before.has(process.pid), "this process is not counted");
      assert.deepEqual([...mainBefore.keys()], [child.pid], "the one renderer");
      child.stdin.write("go\n");
      await once(child.stdout, "data");
      const after = host.childrenFaults();
      // 8,192 pages of 32 MiB
      assert.ok(host.faultsBetween(before, after) >= 4096, `${host.faultsBetween(before, after)}`);
      assert.equal(host.faultsBetween(after, after), 0);
      const onMain = host.faultsBetween(mainBefore, host.rendererMainThreadFaults());
      assert.ok(onMain >= 4096 && onMain <= host.faultsBetween(before, after), `${onMain}`);
    } finally {
      child.stdin.write("bye\n");
      await once(child, "exit");
    }
  });

  it("counts a process that started between the snapshots from nothing, and one that ended as nothing", () => {
    const before = new Map([
      [1, 100],
      [2, 500],
    ]);
    const after = new Map([
      [1, 150],
      [3, 40],
    ]);
    assert.equal(host.faultsBetween(before, after), 90);
  });
});
