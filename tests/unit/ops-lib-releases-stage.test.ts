import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { compressRelease, filesToCompress } from "../../ops/lib/compress";
import {
  copyBack,
  moveIntoRelease,
  prepareFromLive,
  stageRelease,
  syncPreparedTree,
  walkFiles,
} from "../../ops/lib/releases";

function write(dir: string, file: string, text: string, time?: number): void {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (time !== undefined) utimesSync(full, time, time);
}

/** The files a release writes of its own, which are never carried from one release to the next. */
const RELEASE_OWN = { "release.json": "{}", "nginx/nginx.conf": "events {}" };

function writeFiles(dir: string, files: Record<string, string>, time: number): void {
  for (const [file, text] of Object.entries(files)) write(dir, file, text, time);
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

describe("staging onto a tree prepared from the live release while the site builds", () => {
  it("gives the same release as staging from scratch: unchanged files linked, changed copied, removed gone", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "prepared-"));
    const publicDir = path.join(root, "public");
    const live = path.join(root, "0001");
    for (const dir of [publicDir, live]) {
      write(dir, "index.html", "<h1>Home</h1>", 1_000);
      write(dir, "events/1/index.html", "<h1>Old</h1>", 1_000);
      write(dir, "page-data/events/1/page-data.json", "{}", 1_000);
    }
    for (const file of ["index.html", "events/1/index.html"])
      for (const ext of [".br", ".gz"]) write(live, `${file}${ext}`, "copy", 1_001);
    // only in the live release: a page the catalogue dropped, a carried chunk, its own files
    writeFiles(
      live,
      { "events/2/index.html": "<h1>Gone</h1>", "app-0123456789abcdef.js": "old chunk", ...RELEASE_OWN },
      1_000,
    );
    write(live, "events/2/index.html.br", "copy", 1_001);
    // the build changes one page and adds one
    write(publicDir, "events/1/index.html", "<h1>New</h1>", 2_000);
    write(publicDir, "events/3/index.html", "<h1>Three</h1>", 2_000);

    const prepared = await prepareFromLive(live, path.join(root, ".next-1"));
    assert.ok(!prepared.liveFiles.has("release.json") && !prepared.liveFiles.has("nginx/nginx.conf"));
    const synced = syncPreparedTree(publicDir, prepared, live);
    const fromScratch = stageRelease(publicDir, path.join(root, "scratch"), live, new Set(walkFiles(live)));

    assert.deepEqual(walkFiles(prepared.dir).sort(), walkFiles(path.join(root, "scratch")).sort());
    assert.deepEqual(synced.copiedFiles.sort(), ["events/1/index.html", "events/3/index.html"]);
    assert.deepEqual(synced.copiedFiles.sort(), fromScratch.copiedFiles.sort());
    assert.equal(synced.linked, fromScratch.linked);
    assert.deepEqual([...synced.reusedCompressed], ["index.html"]);
    assert.equal(existsSync(path.join(prepared.dir, "events/2")), false, "a removed page leaves no directory");
    assert.equal(existsSync(path.join(prepared.dir, "events/1/index.html.br")), false, "a changed page's copies go");
    const inode = (dir: string, file: string) => statSync(path.join(dir, file)).ino;
    assert.equal(inode(prepared.dir, "index.html"), inode(live, "index.html"));
    assert.notEqual(inode(prepared.dir, "events/1/index.html"), inode(live, "events/1/index.html"));
    assert.equal(
      readFileSync(path.join(live, "events/1/index.html"), "utf8"),
      "<h1>Old</h1>",
      "the live release is untouched",
    );
  });
});

describe("preparing the tree with GNU cp and find, or in Node where they are missing", () => {
  it("gives the same tree of hard links either way, without the release's own files", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "prepared-"));
    const live = path.join(root, "0001");
    const carried = {
      "index.html": "<h1>Home</h1>",
      "ar/events/1/index.html": "<h1>حفلة</h1>",
      "page-data/ar/events/1/page-data.json": "{}",
      "static/a b/file with spaces.txt": "x",
    };
    writeFiles(live, { ...carried, ...RELEASE_OWN }, 1_000);
    write(live, "index.html.br", "copy", 1_001);
    const expected = [...Object.keys(carried), "index.html.br"].sort();

    const withTools = await prepareFromLive(live, path.join(root, ".next-1"));
    const savedPath = process.env.PATH;
    process.env.PATH = path.join(root, "no-tools-here");
    let inNode: Awaited<ReturnType<typeof prepareFromLive>>;
    try {
      inNode = await prepareFromLive(live, path.join(root, ".next-2"));
    } finally {
      process.env.PATH = savedPath;
    }
    for (const prepared of [withTools, inNode]) {
      assert.deepEqual([...prepared.liveFiles].sort(), expected);
      assert.deepEqual(walkFiles(prepared.dir).sort(), expected);
      for (const file of expected)
        assert.equal(statSync(path.join(prepared.dir, file)).ino, statSync(path.join(live, file)).ino, file);
    }
  });
});

describe("a live release whose compression after the switch was cut short", () => {
  it("counts a file as compressed only when its .br and .gz were both linked; the next publish writes the rest", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "cut-short-"));
    const publicDir = path.join(root, "public");
    const live = path.join(root, "0001");
    const page = `<h1>${"Same page ".repeat(100)}</h1>`;
    for (const dir of [publicDir, live])
      for (const file of ["done.html", "half.html", "none.html"]) write(dir, file, page, 1_000);
    for (const ext of [".br", ".gz"]) write(live, `done.html${ext}`, "copy", 1_001);
    // cut short between the two renames: a .br without its .gz
    write(live, "half.html.br", "copy", 1_001);

    const prepared = await prepareFromLive(live, path.join(root, ".next-1"));
    const synced = syncPreparedTree(publicDir, prepared, live);
    const fromScratch = stageRelease(publicDir, path.join(root, "scratch"), live, new Set(walkFiles(live)));
    for (const [label, staged, dir] of [
      ["prepared", synced, prepared.dir],
      ["from scratch", fromScratch, path.join(root, "scratch")],
    ] as const) {
      assert.deepEqual([...staged.reusedCompressed], ["done.html"], label);
      assert.equal(existsSync(path.join(dir, "half.html.br")), false, `${label}: a lone copy is not carried over`);
      const todo = filesToCompress({
        own: walkFiles(dir).filter((f) => f.endsWith(".html")),
        reusedCompressed: staged.reusedCompressed,
        carried: [],
      });
      assert.deepEqual(todo.sort(), ["half.html", "none.html"], label);
      await compressRelease(dir, { own: todo, reusedCompressed: staged.reusedCompressed, carried: [] });
      for (const file of ["half.html", "none.html"])
        for (const ext of [".br", ".gz"]) assert.ok(existsSync(path.join(dir, file + ext)), `${label}: ${file}${ext}`);
    }
    assert.equal(existsSync(path.join(live, "half.html.gz")), false, "the live release is not written to");
  });
});

describe("the first release: public/ moved into place, and copied back after the switch", () => {
  it("moves public/ whole, then copies the same files back with their times, and nothing the release added", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "move-"));
    const publicDir = path.join(root, "site", "public");
    const releaseDir = path.join(root, "releases", "0001");
    write(publicDir, "index.html", "<h1>Home</h1>", 1_000);
    write(publicDir, "events/1/index.html", "<h1>One</h1>", 2_000);
    write(publicDir, "page-data/events/1/page-data.json", "{}", 3_000);

    const moved = moveIntoRelease(publicDir, releaseDir);
    assert.ok(moved, "moved");
    assert.equal(existsSync(publicDir), false, "public/ is the release now");
    assert.deepEqual(walkFiles(releaseDir).sort(), [
      "events/1/index.html",
      "index.html",
      "page-data/events/1/page-data.json",
    ]);
    assert.equal(moved.copied, 3);
    assert.deepEqual(moved.copiedFiles.sort(), walkFiles(releaseDir).sort());

    // what the publish adds to the release before and after the switch stays out of public/
    write(releaseDir, "release.json", "{}");
    write(releaseDir, "index.html.br", "copy");
    await copyBack(releaseDir, publicDir, moved.copiedFiles, 2);
    assert.deepEqual(walkFiles(publicDir).sort(), [
      "events/1/index.html",
      "index.html",
      "page-data/events/1/page-data.json",
    ]);
    assert.equal(readFileSync(path.join(publicDir, "events/1/index.html"), "utf8"), "<h1>One</h1>");
    assert.equal(
      Math.round(statSync(path.join(publicDir, "events/1/index.html")).mtimeMs),
      2_000_000,
      "the time is kept, so the next publish links what did not change",
    );
    assert.equal(existsSync(`${publicDir}.copying`), false);
    assert.ok(existsSync(path.join(releaseDir, "index.html")), "the live release keeps its files");
  });

  it("moves nothing when public/ holds compressed copies of another tool's", () => {
    const root = mkdtempSync(path.join(tmpdir(), "move-"));
    const publicDir = path.join(root, "public");
    write(publicDir, "index.html", "<h1>Home</h1>");
    write(publicDir, "index.html.br", "stale");
    assert.equal(moveIntoRelease(publicDir, path.join(root, "0001")), null);
    assert.ok(existsSync(path.join(publicDir, "index.html")));
    assert.equal(existsSync(path.join(root, "0001")), false);
  });
});
