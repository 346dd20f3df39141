import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EventPrice } from "../../src/core/catalogue";
import { differsFromBuilt } from "../../src/prices/built-price";

const p = (id: number, minPrice: number | null, currencyCode = "AED"): EventPrice => ({
  id,
  minPrice,
  maxPrice: minPrice,
  currencyCode,
});

describe("whether a known price differs from the build's (an island's kept prices)", () => {
  const built = { eventSourceId: 7, minPrice: 100, currencyCode: "AED" };
  const entry = (price: EventPrice | null, doneIn: string | null) => ({ price, doneIn });

  it("an answer that confirms the build's price changes nothing", () => {
    assert.equal(differsFromBuilt(entry(p(7, 100), "AED"), built, "AED"), false);
    assert.equal(differsFromBuilt(entry(p(7, 100, "aed"), "AED"), built, "AED"), false);
  });

  it("no price at the build and none now: nothing changes", () => {
    assert.equal(differsFromBuilt(entry(p(7, null), "AED"), { ...built, minPrice: null }, "AED"), false);
  });

  it("nothing asked yet, or asked with no answer while the build has a price: nothing changes", () => {
    assert.equal(differsFromBuilt(entry(null, null), built, "AED"), false);
    assert.equal(differsFromBuilt(entry(null, "AED"), built, "AED"), false);
  });

  it("another amount, no price any more, or a price the build did not have", () => {
    assert.equal(differsFromBuilt(entry(p(7, 90), "AED"), built, "AED"), true);
    assert.equal(differsFromBuilt(entry(p(7, null), "AED"), built, "AED"), true);
    assert.equal(differsFromBuilt(entry(p(7, 100), "AED"), { ...built, minPrice: null }, "AED"), true);
  });

  it("a build with no price that is asked for and not answered: the page stops waiting", () => {
    assert.equal(differsFromBuilt(entry(null, "AED"), { ...built, minPrice: null, currencyCode: null }, "AED"), true);
  });

  it("a price in another currency than the one shown does not count", () => {
    assert.equal(differsFromBuilt(entry(p(7, 27, "USD"), "USD"), built, "AED"), false);
  });
});
