/** The window events of the search: QUERY_CHANGE (a request), QUERY_CHANGED (a fact), WIDGET_FULLSCREEN. */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";

before(() => {
  (globalThis as { window?: unknown }).window = new EventTarget();
});

describe("search window events", () => {
  it("QUERY_CHANGE reports whether a listener took the request", async () => {
    const { QUERY_CHANGE, requestQueryChange } = await import("../../src/search/query-events");
    assert.equal(requestQueryChange("jazz"), false, "nobody listens");
    const seen: unknown[] = [];
    const take = (event: Event) => {
      seen.push((event as CustomEvent).detail);
      event.preventDefault();
    };
    window.addEventListener(QUERY_CHANGE, take);
    assert.equal(requestQueryChange("комедия"), true);
    window.removeEventListener(QUERY_CHANGE, take);
    assert.deepEqual(seen, [{ query: "комедия" }]);
  });

  it("QUERY_CHANGED carries the trimmed query and the count", async () => {
    const { QUERY_CHANGED, announceQueryChanged } = await import("../../src/search/query-events");
    const seen: unknown[] = [];
    const listen = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(QUERY_CHANGED, listen);
    announceQueryChanged("  ليلى ", 3);
    window.removeEventListener(QUERY_CHANGED, listen);
    assert.deepEqual(seen, [{ query: "ليلى", count: 3 }]);
  });

  it("WIDGET_FULLSCREEN says open or closed", async () => {
    const { WIDGET_FULLSCREEN, announceFullscreen } = await import("../../src/search/query-events");
    const seen: unknown[] = [];
    const listen = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(WIDGET_FULLSCREEN, listen);
    announceFullscreen(true);
    announceFullscreen(false);
    window.removeEventListener(WIDGET_FULLSCREEN, listen);
    assert.deepEqual(seen, [{ open: true }, { open: false }]);
  });

  it("reads only a string query from anyone's event", async () => {
    const { queryOf } = await import("../../src/search/query-events");
    assert.equal(queryOf(new CustomEvent("QUERY_CHANGE", { detail: { query: "x" } })), "x");
    assert.equal(queryOf(new CustomEvent("QUERY_CHANGE", { detail: { query: 5 } })), null);
    assert.equal(queryOf(new CustomEvent("QUERY_CHANGE", { detail: null })), null);
    assert.equal(queryOf(new Event("QUERY_CHANGE")), null);
  });
});
