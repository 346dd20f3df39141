/**
 * The static server's routing rules (scripts/serve.ts) over a small fake public/ folder:
 * files, trailing-slash redirects, client-only order routes, the localized 404 and caching.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { cacheControlFor, notFoundFileFor, resolveRequest } from "../../scripts/serve";

let root = "";
const FILES = [
  "index.html",
  "404.html",
  "ru/404/index.html",
  "ar/404/index.html",
  "events/index.html",
  "order/index.html",
  "order/checkout/index.html",
  "order/pay/index.html",
  "order/bill/index.html",
  "en/order/bill/index.html",
  "ru/order/index.html",
  "ru/order/pay/index.html",
  "app-0123456789abcdef.js",
];

before(() => {
  root = mkdtempSync(join(tmpdir(), "serve-test-"));
  for (const file of FILES) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), file);
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

const served = async (path: string, search = "") => {
  const r = await resolveRequest(root, path, search);
  return { status: r.status, file: r.file?.slice(root.length + 1), location: r.location };
};

describe("static server routing", () => {
  it("serves pages and files as they are", async () => {
    assert.deepEqual(await served("/"), { status: 200, file: "index.html", location: undefined });
    assert.deepEqual(await served("/events/"), { status: 200, file: "events/index.html", location: undefined });
    assert.deepEqual(await served("/order/checkout/"), { status: 200, file: "order/checkout/index.html", location: undefined });
  });

  it("redirects to the trailing-slash form, keeping the query", async () => {
    assert.deepEqual(await served("/events", "?a=1"), { status: 301, file: undefined, location: "/events/?a=1" });
  });

  it("answers client-only order paths with their page", async () => {
    assert.equal((await served("/order/pay/123/")).file, "order/pay/index.html");
    assert.equal((await served("/order/bill/9")).file, "order/bill/index.html");
    assert.equal((await served("/en/order/bill/9/")).file, "en/order/bill/index.html");
    assert.equal((await served("/order/anything/else/")).file, "order/index.html");
    assert.equal((await served("/ru/order/pay/5/")).file, "ru/order/pay/index.html");
    assert.equal((await served("/ru/order/bill/5/")).file, "ru/order/index.html", "falls back to the language's /order/ catch-all");
    for (const path of ["/order/pay/123/", "/ru/order/x/"]) assert.equal((await served(path)).status, 200);
  });

  it("answers unknown paths with the 404 page of their language", async () => {
    assert.deepEqual(await served("/nothing/"), { status: 404, file: "404.html", location: undefined });
    assert.deepEqual(await served("/ru/nothing"), { status: 404, file: "ru/404/index.html", location: undefined });
    assert.deepEqual(await served("/ar/a/b/c/"), { status: 404, file: "ar/404/index.html", location: undefined });
    assert.equal(notFoundFileFor("/russia/"), "/404.html", "only a real language prefix counts");
  });

  it("refuses to leave the public folder", async () => {
    assert.equal((await served("/../etc/passwd")).status === 200, false);
    assert.equal((await served("/%2e%2e/%2e%2e/etc/passwd")).status === 200, false);
  });

  it("caches hashed assets for a year and revalidates HTML and page data", () => {
    assert.equal(cacheControlFor("/static/abc/photo.png"), "public, max-age=31536000, immutable");
    assert.equal(cacheControlFor("/app-0123456789abcdef.js"), "public, max-age=31536000, immutable");
    assert.equal(cacheControlFor("/index.html"), "no-cache");
    assert.equal(cacheControlFor("/page-data/events/page-data.json"), "no-cache");
    assert.equal(cacheControlFor("/sw.js"), "no-cache");
  });
});
