/** bench/lib/floor-page.ts: the page with nothing in it that bench:pages measures as the host's floor. */
import assert from "node:assert/strict";
import { it } from "node:test";
import { FLOOR_HTML, floorHeaders, startFloorPage } from "../../bench/lib/floor-page";
import type { CdnRules } from "../../src/core/cdn-rules";

it("takes every answer's headers from the site's rules, and the same less the opener policy", () => {
  const rules: CdnRules = {
    redirects: [],
    headers: [
      {
        path: "/*",
        headers: [
          ["Content-Security-Policy", "default-src 'self'"],
          ["Cross-Origin-Opener-Policy", "same-origin"],
        ],
      },
      { path: "/app-1.js", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
    ],
  };
  const { site, withoutOpenerPolicy } = floorHeaders(rules);
  assert.equal(site["content-security-policy"], "default-src 'self'");
  assert.equal(site["cross-origin-opener-policy"], "same-origin");
  assert.doesNotMatch(site["cache-control"] ?? "", /immutable/);
  assert.deepEqual(withoutOpenerPolicy, {
    "content-security-policy": "default-src 'self'",
    "cache-control": site["cache-control"],
  });
});

it("serves a page with no script, stylesheet, image or font, with the headers it was given", async () => {
  assert.doesNotMatch(FLOOR_HTML, /<(script|style|img|svg|iframe|object)\b/i);
  // its one link is its icon, inline: nothing else to fetch
  assert.deepEqual(FLOOR_HTML.match(/<link\b[^>]*>/gi), ['<link rel="icon" href="data:,">']);
  const floor = await startFloorPage({ "cross-origin-opener-policy": "same-origin", "x-frame-options": "DENY" });
  try {
    assert.match(floor.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(floor.url);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("cross-origin-opener-policy"), "same-origin");
    assert.equal(page.headers.get("x-frame-options"), "DENY");
    assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(await page.text(), FLOOR_HTML);
    const other = await fetch(new URL("/favicon.ico", floor.url));
    assert.equal(other.status, 404);
    assert.equal(other.headers.get("cross-origin-opener-policy"), "same-origin");
    assert.equal(await other.text(), "");
  } finally {
    await floor.close();
  }
});
