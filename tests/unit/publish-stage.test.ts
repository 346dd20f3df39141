import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { stageRelease, walkFiles } from "../../ops/lib/releases";

function write(dir: string, file: string, text: string, time?: number): void {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (time !== undefined) utimesSync(full, time, time);
}

describe("staging a release in proportion to the change", () => {
  it("links a file rewritten with the same bytes (with its copies) and copies only what really changed", () => {
    const root = mkdtempSync(path.join(tmpdir(), "stage-"));
    const publicDir = path.join(root, "public");
    const live = path.join(root, "0001");
    const ics = "BEGIN:VCALENDAR\nEND:VCALENDAR\n";
    for (const dir of [publicDir, live]) {
      write(dir, "ics/1-en.ics", ics, 1_000);
      write(dir, "events/1/index.html", "<h1>Old</h1>", 1_000);
      write(dir, "events/2/index.html", "<h1>Two</h1>", 1_000);
    }
    for (const ext of [".br", ".gz"]) write(live, `ics/1-en.ics${ext}`, "copy", 1_001);
    // the next build rewrites the .ics with the same bytes, and changes one page (same size)
    write(publicDir, "ics/1-en.ics", ics, 2_000);
    write(publicDir, "events/1/index.html", "<h1>New</h1>", 2_000);

    const release = path.join(root, "0002");
    const staged = stageRelease(publicDir, release, live, new Set(walkFiles(live)));
    assert.deepEqual(staged.copiedFiles, ["events/1/index.html"]);
    assert.equal(staged.linked, 2);
    assert.ok(staged.reusedCompressed.has("ics/1-en.ics"), "its .br and .gz are linked too: not compressed again");
    const inode = (dir: string, file: string) => statSync(path.join(dir, file)).ino;
    assert.equal(inode(release, "ics/1-en.ics"), inode(live, "ics/1-en.ics"));
    assert.equal(inode(release, "ics/1-en.ics.br"), inode(live, "ics/1-en.ics.br"));
    assert.notEqual(inode(release, "events/1/index.html"), inode(live, "events/1/index.html"));
  });
});
