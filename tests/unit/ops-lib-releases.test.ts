/**
 * The release store (staging with links to the live release, the atomic switch, rollback,
 * pruning, carried assets) and the verification gate, on small sites written to a temp dir.
 */
import assert from "node:assert/strict";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import {
  carryHashedAssets,
  isHashedAsset,
  liveRelease,
  nextReleaseName,
  pruneReleases,
  releaseNames,
  rollbackTarget,
  stageRelease,
  switchCurrent,
  walkFiles,
} from "../../ops/lib/releases";
import { FIXED_PAGES, pageKind, parseSitemap, requiredPages, verifyRelease } from "../../ops/lib/verify";
import { formatHeaders, headerRules, headersFor, IMMUTABLE, parseHeaders, REVALIDATE } from "../../src/core/cdn-rules";
import { finishRelease, writeFiles } from "./support/release-fixture";

const SECURITY = {
  siteUrl: "https://tickets.example.ae",
  catalogueApiUrl: "https://api.example.ae",
  basketApiUrl: "https://api.example.ae",
};

const scratch = mkdtempSync(path.join(tmpdir(), "publish-unit-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function write(dir: string, file: string, text: string): void {
  writeFiles(dir, { [file]: text });
}

/** A built site with every fixed page, `events` event pages per language and a sitemap of them. */
function site(dir: string, events: number, extra: Record<string, string> = {}): string {
  const locs: string[] = [];
  for (const page of requiredPages()) {
    write(dir, `${page.slice(1)}index.html`, `<!doctype html><title>${page}</title>`);
  }
  for (const prefix of ["", "/ru", "/ar"]) {
    for (let id = 1; id <= events; id++) {
      write(
        dir,
        `${prefix.slice(1)}${prefix ? "/" : ""}events/${id}/index.html`,
        `<!doctype html><h1>Event ${id}</h1>`,
      );
      locs.push(`https://tickets.example.ae${prefix}/events/${id}/`);
    }
  }
  write(dir, "404.html", "<!doctype html>not found");
  write(
    dir,
    "sitemap.xml",
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <url><loc>${l}</loc></url>`).join("\n")}\n</urlset>\n`,
  );
  write(dir, "app-0123456789abcdef.js", "console.log('app')");
  writeFiles(dir, extra);
  return dir;
}

/** The gate over a site, against a live release with the `live` page counts (null: none). */
function verify(dir: string, live: Record<string, number> | null, force = false) {
  const files = walkFiles(dir).filter((f) => !f.endsWith(".br") && !f.endsWith(".gz") && f !== "release.json");
  return verifyRelease({ releaseDir: dir, files, live, maxLoss: 0.1, force });
}

describe("the verification gate", () => {
  it("passes a whole site", () => {
    const dir = site(path.join(scratch, "whole"), 10);
    const result = verify(dir, { event: 30 });
    assert.deepEqual(result.problems, []);
    assert.equal(result.scan.byKind.event, 30);
  });

  it("refuses a catalogue that lost half its events, unless forced", () => {
    const dir = site(path.join(scratch, "half"), 5);
    const refused = verify(dir, { event: 30, page: 10 });
    assert.equal(refused.ok, false);
    assert.match(refused.problems.join(), /event pages would drop from 30 to 15 \(50 % lost/);
    const forced = verify(dir, { event: 30 }, true);
    assert.equal(forced.ok, true);
    assert.equal(forced.forced.length, 1);
    // a loss within the share passes
    assert.equal(verify(dir, { event: 16 }).ok, true);
  });

  it("refuses missing fixed pages, a missing 404 page, control characters and a broken sitemap", () => {
    const dir = site(path.join(scratch, "broken"), 2, {
      "ru/events/1/index.html": "<h1>bad\u0007text</h1>",
      "sitemap.xml": "<urlset><url><loc>x</url></urlset>",
    });
    rmSync(path.join(dir, "ar/places/index.html"));
    rmSync(path.join(dir, "ru/404/index.html"));
    const result = verify(dir, null);
    const text = result.problems.join("\n");
    assert.match(text, /fixed page\(s\) missing: .*\/ar\/places\//);
    assert.match(text, /404 page ru\/404\/index.html is missing/);
    assert.match(text, /control character U\+0007 in ru\/events\/1\/index.html/);
    assert.match(text, /sitemap.xml: <\/url> closes <loc>/);
  });

  it("parses a sitemap and names the pages a sitemap lists that are missing", () => {
    assert.deepEqual(
      parseSitemap(
        '<?xml version="1.0"?><urlset a="1"><url><loc>https://x.ae/?a=1&amp;b=2</loc><x:link href="y"/></url></urlset>',
      ),
      ["https://x.ae/?a=1&b=2"],
    );
    assert.throws(() => parseSitemap("<urlset><url><loc>a & b</loc></url></urlset>"), /bare "&"/);
    assert.throws(() => parseSitemap("<sitemapindex></sitemapindex>"), /not <urlset>/);
    assert.throws(() => parseSitemap("<urlset><url>"), /never closed/);
    const dir = site(path.join(scratch, "sitemap-extra"), 1);
    write(dir, "sitemap.xml", "<urlset><url><loc>https://x.ae/events/99/</loc></url></urlset>");
    assert.match(verify(dir, null).problems.join(), /\/events\/99\//);
  });

  it("knows the kind of every page", () => {
    const pageOfKind = {
      event: "/ru/events/12/",
      place: "/places/3/",
      person: "/ar/persons/person/3/",
      news: "/news/7/",
      page: "/events/search/",
    };
    for (const [kind, page] of Object.entries(pageOfKind)) assert.equal(pageKind(page), kind, page);
    assert.ok(FIXED_PAGES.includes("/404/"));
  });
});

describe("the release store", () => {
  const root = path.join(scratch, "releases");
  const publicDir = path.join(scratch, "public");

  function publishOnce(events: number, changed: Record<string, string> = {}): string {
    rmSync(publicDir, { recursive: true, force: true });
    site(publicDir, events, changed);
    // a build leaves unchanged files with the times they had, and writes its rules anew
    for (const file of walkFiles(publicDir))
      if (!(file in changed)) utimesSync(path.join(publicDir, file), 1_700_000_000, 1_700_000_000);
    const ownAssets = walkFiles(publicDir).filter((file) => isHashedAsset(file) && !file.startsWith("static/"));
    write(
      publicDir,
      "_headers",
      formatHeaders({
        headers: headerRules(
          SECURITY,
          ownAssets.map((file) => `/${file}`),
        ),
      }),
    );
    const live = liveRelease(root);
    const name = nextReleaseName(root);
    const dir = path.join(root, name);
    stageRelease(publicDir, dir, live ? path.join(root, live) : null);
    carryHashedAssets(
      dir,
      releaseNames(root)
        .slice(-3)
        .map((n) => path.join(root, n)),
    );
    finishRelease(root, name);
    return name;
  }

  it("numbers releases, switches current, links unchanged files and copies changed ones", () => {
    assert.equal(publishOnce(3), "0001");
    assert.equal(readlinkSync(path.join(root, "current")), "0001");
    const second = publishOnce(3, {
      "events/2/index.html": "<h1>New title</h1>",
      "app-fedcba9876543210.js": "new",
      "static/0a1b/old.png": "png",
    });
    assert.equal(second, "0002");
    assert.equal(liveRelease(root), "0002");
    const inode = (name: string, file: string) => statSync(path.join(root, name, file)).ino;
    assert.equal(
      inode("0001", "events/1/index.html"),
      inode("0002", "events/1/index.html"),
      "an unchanged page is shared",
    );
    assert.notEqual(inode("0001", "events/2/index.html"), inode("0002", "events/2/index.html"));
    assert.equal(
      readFileSync(path.join(root, "0001/events/2/index.html"), "utf8"),
      "<!doctype html><h1>Event 2</h1>",
      "the old release is untouched",
    );
    assert.equal(readFileSync(path.join(root, "current/events/2/index.html"), "utf8"), "<h1>New title</h1>");
  });

  it("carries the hashed assets of earlier releases", () => {
    rmSync(path.join(publicDir, "app-0123456789abcdef.js"));
    publishOnce(3, { "app-aaaaaaaaaaaaaaaa.js": "third" });
    assert.ok(existsSync(path.join(root, "current/static/0a1b/old.png")), "static files of earlier releases too");
    assert.ok(existsSync(path.join(root, "current/app-fedcba9876543210.js")));
    assert.ok(existsSync(path.join(root, "current/app-aaaaaaaaaaaaaaaa.js")));
    // the carried files are cached like the release's own hashed files, not revalidated
    const rules = { redirects: [], headers: parseHeaders(readFileSync(path.join(root, "current/_headers"), "utf8")) };
    for (const asset of ["/app-fedcba9876543210.js", "/app-aaaaaaaaaaaaaaaa.js", "/static/0a1b/old.png"])
      assert.equal(headersFor(rules, asset)["cache-control"], IMMUTABLE, asset);
    assert.equal(headersFor(rules, "/events/1/")["cache-control"], REVALIDATE);
    assert.ok(
      isHashedAsset("static/abc/poster.png") &&
        isHashedAsset("component---src-templates-event-tsx-0a1b2c3d4e5f6a7b.js"),
    );
    assert.ok(!isHashedAsset("sw.js") && !isHashedAsset("~partytown/partytown.js"));
  });

  it("rolls back to the previous or a named release, and never prunes the live one", () => {
    assert.equal(rollbackTarget(root), "0002");
    switchCurrent(root, rollbackTarget(root, "0001"));
    assert.equal(liveRelease(root), "0001");
    assert.throws(() => rollbackTarget(root), /no release before the live one/);
    assert.throws(() => rollbackTarget(root, "0009"), /there is no release 0009/);
    mkdirSync(path.join(root, "0004"));
    const removed = pruneReleases(root, 2);
    assert.deepEqual(removed, ["0004"], "an unfinished release is removed, the live old one kept");
    switchCurrent(root, "0003");
    assert.deepEqual(pruneReleases(root, 2), ["0001"]);
    assert.deepEqual(releaseNames(root), ["0002", "0003"]);
    assert.throws(() => switchCurrent(root, "0001"), /no finished release 0001/);
  });
});

describe("carried assets and the rules of a release", () => {
  it("adds them to a copy of _headers and leaves a release that shares the file alone", () => {
    const older = path.join(scratch, "carry-older");
    const live = path.join(scratch, "carry-live");
    const fresh = path.join(scratch, "carry-new");
    writeFiles(older, { "app-1111111111111111.js": "old", "framework-2222222222222222.js": "old" });
    const headers = formatHeaders({ headers: headerRules(SECURITY, ["/app-3333333333333333.js"]) });
    writeFiles(live, { "app-3333333333333333.js": "live", _headers: headers });
    writeFiles(fresh, { "app-3333333333333333.js": "live" });
    // staging links an unchanged _headers from the live release
    linkSync(path.join(live, "_headers"), path.join(fresh, "_headers"));
    const carried = carryHashedAssets(fresh, [older]);
    assert.deepEqual([...carried].sort(), ["app-1111111111111111.js", "framework-2222222222222222.js"]);
    assert.equal(readFileSync(path.join(live, "_headers"), "utf8"), headers, "the live release is never written");
    const rules = { redirects: [], headers: parseHeaders(readFileSync(path.join(fresh, "_headers"), "utf8")) };
    for (const asset of ["/app-1111111111111111.js", "/framework-2222222222222222.js", "/app-3333333333333333.js"])
      assert.equal(headersFor(rules, asset)["cache-control"], IMMUTABLE, asset);
    assert.match(headersFor(rules, "/app-1111111111111111.js")["content-security-policy"] ?? "", /frame-ancestors/);
  });
});
