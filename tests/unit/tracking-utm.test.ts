import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { captureUtm, parseUtm, readUtm, UTM_STORAGE_KEY } from "../../src/tracking/utm";
import { MemoryStorage } from "./support/memory-storage";

describe("campaign tracking: utm_* kept for the session when the query starts with utm_source", () => {
  it("records utm_source, utm_campaign and utm_term when the query string starts with utm_source", () => {
    const storage = new MemoryStorage();
    const utm = captureUtm("?utm_source=x&utm_campaign=y&utm_term=z&utm_medium=m&ref=1", storage);
    assert.deepEqual(utm, { utm_source: "x", utm_campaign: "y", utm_term: "z" });
    assert.deepEqual(JSON.parse(storage.getItem(UTM_STORAGE_KEY) ?? "null"), {
      utm_source: "x",
      utm_campaign: "y",
      utm_term: "z",
    });
  });

  it("ignores a query string where utm_source is not first", () => {
    assert.equal(parseUtm("?ref=1&utm_source=x"), null);
    assert.equal(parseUtm("?utm_sourcex=1"), null);
    assert.equal(parseUtm(""), null);
    assert.equal(parseUtm("?utm_campaign=y&utm_source=x"), null);
  });

  it("accepts a bare or empty utm_source and missing other keys", () => {
    assert.deepEqual(parseUtm("utm_source=news"), { utm_source: "news" });
    assert.deepEqual(parseUtm("?utm_source"), { utm_source: "" });
  });

  it("decodes values", () => {
    assert.deepEqual(parseUtm("?utm_source=mail%20list&utm_term=%D0%B1%D0%B8%D0%BB%D0%B5%D1%82+a"), {
      utm_source: "mail list",
      utm_term: "билет a",
    });
  });

  it("keeps the session's campaign on later pages without one", () => {
    const storage = new MemoryStorage();
    captureUtm("?utm_source=x&utm_campaign=y", storage);
    assert.deepEqual(captureUtm("?page=2", storage), { utm_source: "x", utm_campaign: "y" });
    assert.deepEqual(captureUtm("", storage), { utm_source: "x", utm_campaign: "y" });
  });

  it("a new campaign landing replaces the old one", () => {
    const storage = new MemoryStorage();
    captureUtm("?utm_source=x&utm_campaign=y", storage);
    captureUtm("?utm_source=second", storage);
    assert.deepEqual(readUtm(storage), { utm_source: "second" });
  });

  it("reads nothing from junk", () => {
    const storage = new MemoryStorage();
    storage.setItem(UTM_STORAGE_KEY, "{oops");
    assert.equal(readUtm(storage), null);
    storage.setItem(UTM_STORAGE_KEY, '{"utm_source":5,"utm_term":"t","other":"x"}');
    assert.deepEqual(readUtm(storage), { utm_term: "t" });
  });
});
