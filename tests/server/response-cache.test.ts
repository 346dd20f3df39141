/**
 * Finding 4: the catalogue's response cache grew without bound under cache-busting
 * parameters. It is keyed by the parameters that change the answer and bounded by size.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ByteBoundCache } from "../../server/src/lib/byte-bound-cache";
import { json, withApp } from "./helpers";

describe("the catalogue response cache", () => {
  it("ignores parameters the endpoint does not read: 5,000 cache-busters make one entry", () =>
    withApp({}, async ({ app }) => {
      const first = await app.inject("/v1/events?page_size=2&lang=ru");
      for (let i = 0; i < 5000; i++) {
        const res = await app.inject(`/v1/events?page_size=2&lang=ru&_=${i}`);
        assert.equal(res.statusCode, 200);
        if (i === 0) assert.equal(res.body, first.body, "the same answer");
      }
      assert.equal(app.deps.responseCache.size, 1);
      const next = json<{ next: string }>(first).next;
      assert.doesNotMatch(next, /_=/);
      assert.match(next, /lang=ru/);
      assert.match(next, /page=2/);
    }));

  it("stays under its size bound however many distinct answers are asked for", () =>
    withApp({ cacheMaxBytes: 256 * 1024 }, async ({ app }) => {
      for (let i = 0; i < 400; i++) {
        const res = await app.inject(
          `/v1/events?page_size=${1 + (i % 20)}&sort_by=${["title", "popularity", "started_at"][i % 3]}&lang=${["en", "ru", "ar"][i % 3]}`,
        );
        assert.equal(res.statusCode, 200);
        assert.ok(
          app.deps.responseCache.bytes <= 256 * 1024,
          `${app.deps.responseCache.bytes} bytes after ${i + 1} requests`,
        );
      }
      assert.ok(app.deps.responseCache.size > 1, "it still caches");
      assert.ok(
        app.deps.responseCache.size < 60,
        `${app.deps.responseCache.size} of 60 distinct answers kept: the bound evicted some`,
      );
    }));

  it("evicts the least recently used entry first", () => {
    const cache = new ByteBoundCache(100);
    const entry = (body: string) => ({ body, generation: 0, expires: 0 });
    cache.set("a", entry("x".repeat(20)));
    cache.set("b", entry("x".repeat(20)));
    cache.get("a");
    cache.set("c", entry("x".repeat(20)));
    assert.equal(cache.get("b"), undefined, "b was the least recently used");
    assert.ok(cache.get("a"));
    assert.ok(cache.get("c"));
    cache.set("huge", entry("x".repeat(1000)));
    assert.equal(cache.get("huge"), undefined, "an entry larger than the bound is not kept");
    assert.ok(cache.bytes <= 100);
  });
});
