/**
 * What a release becomes in a bucket (ops/lib/s3-objects.ts): which files are objects, their
 * headers from the rule model, the redirect objects, and when an object counts as unchanged.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  contentTypeOf,
  isBucketFile,
  isUnchanged,
  type ObjectSpec,
  objectHeaders,
  redirectObjects,
} from "../../ops/lib/s3-objects";
import { buildCdnRules, IMMUTABLE, REVALIDATE } from "../../src/core/cdn-rules";
import { assertEachGives } from "./support/cases";

const rules = buildCdnRules(
  { siteUrl: "https://tickets.example", catalogueApiUrl: "https://api.example", basketApiUrl: "https://api.example" },
  { hashedAssets: ["/app-0123456789abcdef0123.js"], hiddenFiles: ["/app-0123456789abcdef0123.js.map"] },
);

describe("objects of a release", () => {
  it("are its files, without compressed copies, build artefacts or the release's own files", () => {
    assertEachGives(
      ["index.html", "page-data/app-data.json", "static/ab/x.png", "ics/event-1-ru.ics", "favicon.svg"],
      isBucketFile,
      true,
    );
    assertEachGives(
      [
        "index.html.br",
        "app-0123456789abcdef0123.js.gz",
        "app-0123456789abcdef0123.js.map",
        "webpack.stats.json",
        "chunk-map.json",
        "_headers",
        "_redirects",
        "release.json",
        "nginx.conf",
        "nginx/site-headers.conf",
      ],
      isBucketFile,
      false,
    );
  });

  it("carry the Content-Type and Cache-Control npm run serve sends", () => {
    assert.deepEqual(objectHeaders(rules, "app-0123456789abcdef0123.js"), {
      contentType: "application/javascript; charset=utf-8",
      cacheControl: IMMUTABLE,
    });
    assert.deepEqual(objectHeaders(rules, "static/ab/poster.jpg"), {
      contentType: "image/jpeg",
      cacheControl: IMMUTABLE,
    });
    assert.deepEqual(objectHeaders(rules, "ru/events/1/index.html"), {
      contentType: "text/html; charset=utf-8",
      cacheControl: REVALIDATE,
    });
    assert.equal(objectHeaders(rules, "page-data/app-data.json").cacheControl, REVALIDATE);
    assert.equal(contentTypeOf("ics/event-1-ar.ics"), "text/calendar; charset=utf-8");
    assert.equal(contentTypeOf("robots"), "application/octet-stream");
    assert.equal(contentTypeOf(".well-known/x"), "application/octet-stream");
  });

  it("include a redirect object per page folder, language roots among them, never for the root", () => {
    const redirects = redirectObjects(["index.html", "ru/index.html", "events/1/index.html", "a b/index.html"], rules);
    assert.deepEqual(
      redirects.map((r) => [r.key, r.redirect, r.size, r.cacheControl]),
      [
        ["a b", "/a%20b/", 0, REVALIDATE],
        ["events/1", "/events/1/", 0, REVALIDATE],
        ["ru", "/ru/", 0, REVALIDATE],
      ],
    );
  });

  it("are unchanged only when hash, size and every header match", () => {
    const spec: ObjectSpec = {
      key: "a.html",
      file: "a.html",
      size: 3,
      sha256: "abc",
      contentType: "text/html; charset=utf-8",
      cacheControl: REVALIDATE,
    };
    const record = { sha256: "abc", size: 3, contentType: spec.contentType, cacheControl: REVALIDATE, etag: '"x"' };
    assert.ok(isUnchanged(spec, record));
    assert.equal(isUnchanged(spec, undefined), false);
    assert.equal(isUnchanged(spec, { ...record, sha256: "abd" }), false);
    assert.equal(isUnchanged(spec, { ...record, cacheControl: IMMUTABLE }), false, "a rule change uploads again");
    assert.equal(isUnchanged({ ...spec, redirect: "/a/" }, record), false);
  });
});
