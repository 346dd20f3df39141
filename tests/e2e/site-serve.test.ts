/**
 * The static server's contract (scripts/serve.ts), evaluated from the build's generated
 * public/_redirects and public/_headers: trailing-slash redirects, client-only order routes,
 * the localized 404 with its status, caching by kind of file, hidden build artefacts.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import { IMMUTABLE, inlineBlocks, REVALIDATE } from "../../src/core/cdn-rules";
import { CLIENT_ONLY_ROUTES } from "../../src/core/routes";
import { siteUrl } from "./support/browser";

async function head(path: string): Promise<Response> {
  return fetch(siteUrl(path), { redirect: "manual" });
}

describe("static server", () => {
  it("redirects a path without its trailing slash", async () => {
    const res = await head("/events?x=1");
    assert.equal(res.status, 301);
    assert.equal(res.headers.get("location"), "/events/?x=1");
  });

  for (const path of [
    ...CLIENT_ONLY_ROUTES.map((r) => `${r.path}123/`),
    "/order/pay/abc",
    "/order/some/thing/",
    "/ru/order/xyz",
  ]) {
    it(`serves the client-only page for ${path} with 200`, async () => {
      const res = await head(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
      assert.equal(res.headers.get("cache-control"), REVALIDATE);
    });
  }

  for (const [path, lang] of [
    ["/unknown/", "en"],
    ["/ru/unknown/x", "ru"],
    ["/ar/unknown", "ar"],
  ] as const) {
    it(`answers ${path} with the ${lang} 404 page`, async () => {
      const res = await head(path);
      assert.equal(res.status, 404);
      const html = await res.text();
      assert.match(html, new RegExp(`<html[^>]*lang="${lang}"`));
    });
  }

  it("lets browsers keep hashed assets forever and revalidate HTML and page data", async () => {
    // the file as it is: an answer compressed on the fly has no ETag, and whether "/" has a
    // precompressed copy depends on which tests ran before (origin-nginx writes some)
    const home = await fetch(siteUrl("/"), { headers: { "accept-encoding": "identity" } });
    assert.equal(home.headers.get("cache-control"), REVALIDATE);
    assert.ok(home.headers.get("etag"));
    const html = await home.text();
    const script = /<script src="(\/[^"]+-[0-9a-f]{8,}\.js)"/.exec(html)?.[1];
    assert.ok(script, "the home page loads a hashed script");
    const asset = await head(script);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    assert.equal(asset.headers.get("cache-control"), IMMUTABLE);
    const pageData = await head("/page-data/index/page-data.json");
    assert.equal(pageData.status, 200);
    assert.equal(pageData.headers.get("cache-control"), REVALIDATE);
    const partytown = await head("/~partytown/partytown.js");
    assert.equal(partytown.status, 200);
    assert.equal(partytown.headers.get("cache-control"), REVALIDATE, "an unhashed script is revalidated");
    const again = await fetch(siteUrl("/"), {
      headers: { "accept-encoding": "identity", "if-none-match": home.headers.get("etag")! },
    });
    assert.equal(again.status, 304);
  });

  it("writes its rules from the route module into the build, and does not serve them", async () => {
    for (const path of ["/_redirects", "/_headers", "/webpack.stats.json", "/chunk-map.json"]) {
      assert.equal((await head(path)).status, 404, path);
    }
  });

  it("puts the security headers on every answer", async () => {
    for (const path of ["/", "/events", "/ru/unknown/", "/order/pay/1/"]) {
      const res = await head(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.doesNotMatch(/script-src [^;]*/.exec(csp)?.[0] ?? "", /unsafe-inline/, path);
      assert.equal(res.headers.get("x-frame-options"), "DENY", path);
      assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin", path);
    }
  });

  it("every inline script of a page is allowed by its hash", async () => {
    const res = await head("/ar/");
    const csp = res.headers.get("content-security-policy") ?? "";
    const html = await res.text();
    const scripts = inlineBlocks(html).scripts;
    assert.ok(scripts.length > 0);
    for (const script of scripts) {
      const hash = createHash("sha256").update(script).digest("base64");
      assert.ok(csp.includes(`'sha256-${hash}'`), `inline script ${script.slice(0, 60)} is allowed`);
    }
    // the same few hashes for the whole site, not one per page
    assert.ok((csp.match(/'sha256-/g) ?? []).length < 10, csp);
  });
});
