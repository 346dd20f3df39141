/**
 * What a person watching `npm run deploy -- --to s3://...` sees: a bar redrawn in place on a
 * terminal, plain lines in CI and logs, objects and bytes done of to do.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatBytes, Progress } from "../../ops/lib/s3-progress";

function recorder() {
  const written: string[] = [];
  return { written, out: { write: (text: string) => written.push(text), columns: 100 } };
}

describe("deploy progress", () => {
  it("redraws one line with a bar on a terminal, and ends it", () => {
    const { written, out } = recorder();
    const progress = new Progress(out, "deploy", true);
    progress.start("HTML", 4, 4096, 10);
    progress.advance(1024);
    progress.advance(1024);
    progress.say("took over a lock");
    progress.end();
    const screen = written.join("");
    assert.match(screen, /\r\x1b\[2K\[#+\.+\] HTML: 2\/4 objects, 2\.0 KB\/4\.0 KB \(50 %\)/);
    assert.match(screen, /\r\x1b\[2Kdeploy: took over a lock\n/);
    assert.ok(screen.endsWith("\n"), "the bar's line is ended");
  });

  it("writes plain lines elsewhere: the phase, every few seconds, and its end", () => {
    const { written, out } = recorder();
    const progress = new Progress(out, "deploy", false, 0);
    progress.start("page data", 2, 2_500_000, 0);
    progress.advance(1_250_000);
    progress.advance(1_250_000);
    progress.end();
    assert.deepEqual(written, [
      "deploy: page data: 2 objects, 2.4 MB to upload\n",
      "deploy: page data: 1/2 objects, 1.2 MB/2.4 MB (50 %)\n",
      "deploy: page data: 2/2 objects, 2.4 MB/2.4 MB (100 %)\n",
      "deploy: page data: 2/2 objects, 2.4 MB/2.4 MB (100 %)\n",
    ]);
    assert.ok(written.every((line) => !line.includes("\r")));
  });

  it("says so when a phase has nothing to upload", () => {
    const { written, out } = recorder();
    new Progress(out, "deploy", true).start("hashed assets", 0, 0, 43);
    assert.deepEqual(written, ["deploy: hashed assets: nothing to upload, 43 unchanged\n"]);
    assert.equal(formatBytes(105 * 1024 * 1024 * 1024), "105 GB");
  });
});
