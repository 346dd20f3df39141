/**
 * The publish's compression step: every text file of a release gets its .br and .gz, the
 * chunks carried from earlier releases too, and a copy shared with another release is never
 * written in place.
 */
import assert from "node:assert/strict";
import { existsSync, linkSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compressRelease, filesToCompress } from "../../ops/lib/compress";
import { brotliQuality, gzipLevel } from "../../ops/lib/precompress";
import { carryHashedAssets, stageRelease, walkFiles } from "../../ops/lib/releases";
import { MIN_COMPRESS_BYTES } from "../../src/core/cdn-rules";
import { finishRelease, writeFiles } from "./support/release-fixture";

const scratch = mkdtempSync(path.join(tmpdir(), "publish-compress-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const big = (label: string) => `${label} `.repeat(Math.ceil((MIN_COMPRESS_BYTES * 4) / (label.length + 1)));

describe("a release's compression", () => {
  it("gives every text file its .br and .gz, the chunks carried from earlier releases too", async () => {
    const root = path.join(scratch, "carried");
    // an earlier release whose chunk has no compressed copies (made before they existed, or cut short)
    writeFiles(path.join(root, "0001"), {
      "index.html": big("<p>old</p>"),
      "app-0123456789abcdef0123.js": big("old()"),
      "static/0a1b/page-0123456789abcdef.json": big('{"old":1}'),
    });
    finishRelease(root, "0001");

    const publicDir = path.join(scratch, "carried-public");
    writeFiles(publicDir, {
      "index.html": big("<p>new</p>"),
      "app-fedcba9876543210fedc.js": big("fresh()"),
      "tiny.js": "x()",
      "app-fedcba9876543210fedc.js.map": big("map"),
    });
    const releaseDir = path.join(root, "0002");
    const staged = stageRelease(publicDir, releaseDir, path.join(root, "0001"));
    const carried = carryHashedAssets(releaseDir, [path.join(root, "0001")]);
    assert.ok(carried.has("app-0123456789abcdef0123.js"));
    const own = walkFiles(releaseDir).filter((file) => !carried.has(file));

    const result = await compressRelease(releaseDir, { own, reusedCompressed: staged.reusedCompressed, carried });
    for (const file of ["index.html", "app-fedcba9876543210fedc.js", ...carried]) {
      const plain = readFileSync(path.join(releaseDir, file));
      assert.ok(brotliDecompressSync(readFileSync(path.join(releaseDir, `${file}.br`))).equals(plain), `${file}.br`);
      assert.ok(gunzipSync(readFileSync(path.join(releaseDir, `${file}.gz`))).equals(plain), `${file}.gz`);
    }
    assert.equal(result.written, 4);
    // small files go as they are (nginx and npm run serve send them uncompressed), maps are hidden
    assert.equal(existsSync(path.join(releaseDir, "tiny.js.br")), false);
    assert.equal(existsSync(path.join(releaseDir, "app-fedcba9876543210fedc.js.map.br")), false);
    // the earlier release is never written to: its chunk is shared, its copies are the new release's own
    assert.equal(existsSync(path.join(root, "0001", "app-0123456789abcdef0123.js.br")), false);
  });

  it("skips the files linked from the live release with their copies", () => {
    const todo = filesToCompress({
      own: ["a.html", "b.html", "c.png", "d.js"],
      reusedCompressed: new Set(["a.html"]),
      carried: ["app-0123456789abcdef0123.js"],
    });
    assert.deepEqual(todo.sort(), ["app-0123456789abcdef0123.js", "b.html", "d.js"]);
  });

  it("replaces a stale copy shared with another release instead of writing into it", async () => {
    const dir = path.join(scratch, "shared");
    writeFiles(dir, { "old/page.html.br": "stale", "old/page.html.gz": "stale" });
    writeFiles(dir, { "new/page.html": big("<p>page</p>") });
    for (const ext of [".br", ".gz"])
      linkSync(path.join(dir, "old", `page.html${ext}`), path.join(dir, "new", `page.html${ext}`));
    // the page is newer than the linked copies, so they are remade
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, "new", "page.html"), later, later);
    await compressRelease(path.join(dir, "new"), { own: ["page.html"], reusedCompressed: new Set(), carried: [] });
    assert.equal(readFileSync(path.join(dir, "old", "page.html.br"), "utf8"), "stale");
    assert.notEqual(
      statSync(path.join(dir, "old", "page.html.br")).ino,
      statSync(path.join(dir, "new", "page.html.br")).ino,
    );
  });

  it("spends brotli's effort where it pays: hashed assets at the best, big pages lower", () => {
    assert.equal(brotliQuality(300 * 1024, true), 11);
    assert.ok(brotliQuality(2 * 1024 * 1024, true) < 11);
    assert.ok(brotliQuality(4 * 1024, false) > brotliQuality(40 * 1024, false));
    assert.ok(brotliQuality(40 * 1024, false) > brotliQuality(200 * 1024, false));
    assert.ok(brotliQuality(200 * 1024, false) >= 4);
    assert.ok(gzipLevel(true) > gzipLevel(false));
  });
});
