/**
 * The static server's contract (scripts/serve.ts), which the CDN rules in static/_redirects
 * and static/_headers repeat: trailing-slash redirects, client-only order routes, the
 * localized 404 with its status, and caching by kind of file.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
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

  for (const path of ["/order/pay/123/", "/order/pay/abc", "/order/bill/42/", "/en/order/bill/42/", "/order/some/thing/", "/ru/order/pay/7/", "/ar/order/bill/9/", "/ru/order/xyz"]) {
    it(`serves the client-only page for ${path} with 200`, async () => {
      const res = await head(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
      assert.equal(res.headers.get("cache-control"), "no-cache");
    });
  }

  for (const [path, lang] of [["/unknown/", "en"], ["/ru/unknown/x", "ru"], ["/ar/unknown", "ar"]] as const) {
    it(`answers ${path} with the ${lang} 404 page`, async () => {
      const res = await head(path);
      assert.equal(res.status, 404);
      const html = await res.text();
      assert.match(html, new RegExp(`<html[^>]*lang="${lang}"`));
    });
  }

  it("lets browsers keep hashed assets forever and revalidate HTML and page data", async () => {
    const home = await head("/");
    assert.equal(home.headers.get("cache-control"), "no-cache");
    assert.ok(home.headers.get("etag"));
    const html = await home.text();
    const script = /<script src="(\/[^"]+-[0-9a-f]{8,}\.js)"/.exec(html)?.[1];
    assert.ok(script, "the home page loads a hashed script");
    const asset = await head(script);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
    const pageData = await head("/page-data/index/page-data.json");
    assert.equal(pageData.status, 200);
    assert.equal(pageData.headers.get("cache-control"), "no-cache");
    const again = await fetch(siteUrl("/"), { headers: { "if-none-match": home.headers.get("etag")! } });
    assert.equal(again.status, 304);
  });
});
