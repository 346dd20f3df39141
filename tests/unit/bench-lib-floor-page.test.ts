/** bench/lib/floor-page.ts: the page with nothing in it that bench:pages measures as the host's floor. */
import assert from "node:assert/strict";
import { it } from "node:test";
import { FLOOR_HTML, policyHeaders, startFloorPage, withoutHeader } from "../../bench/lib/floor-page";

it("keeps an answer's policy headers and drops those of its body and connection", () => {
  const answer = new Headers([
    ["Content-Security-Policy", "default-src 'self'"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Content-Length", "375"],
    ["ETag", '"x"'],
    ["Vary", "Accept-Encoding"],
    ["Cache-Control", "public, max-age=0"],
  ]);
  assert.deepEqual(policyHeaders(answer), [
    ["content-security-policy", "default-src 'self'"],
    ["cross-origin-opener-policy", "same-origin"],
  ]);
  assert.deepEqual(
    withoutHeader(
      [
        ["cross-origin-opener-policy", "same-origin"],
        ["X-Frame-Options", "DENY"],
      ],
      "Cross-Origin-Opener-Policy",
    ),
    [["X-Frame-Options", "DENY"]],
  );
});

it("serves a page with no script, stylesheet, image or font, with the headers it was given", async () => {
  assert.doesNotMatch(FLOOR_HTML, /<(script|style|img|svg|iframe|object)\b/i);
  // its one link is its icon, inline: nothing else to fetch
  assert.deepEqual(FLOOR_HTML.match(/<link\b[^>]*>/gi), ['<link rel="icon" href="data:,">']);
  const floor = await startFloorPage([
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
  ]);
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
