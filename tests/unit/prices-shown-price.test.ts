import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EventPrice } from "../../src/core/catalogue";
import type { PriceEntry } from "../../src/prices/price-context";
import { shownPrice } from "../../src/prices/shown-price";

const price = (minPrice: number | null, currencyCode: string): EventPrice => ({
  id: 7,
  minPrice,
  maxPrice: minPrice,
  currencyCode,
});
const entry = (live: EventPrice | null, doneIn: string | null = null): PriceEntry => ({ price: live, doneIn });
const NOTHING = entry(null);

describe("the price an event shows", () => {
  it("is a placeholder until the visitor's currency is settled, whatever is known", () => {
    assert.equal(shownPrice(entry(price(90, "AED"), "AED"), null, 150, "AED"), "pending");
  });

  it("is the live price in the visitor's currency once known, codes compared case-insensitively", () => {
    assert.deepEqual(shownPrice(entry(price(90, "aed"), "AED"), "AED", 150, "AED"), { value: 90, currency: "aed" });
    assert.equal(shownPrice(entry(price(null, "AED"), "AED"), "AED", 150, "AED"), "none", "nothing on sale any more");
  });

  it("is the build's price in the build's currency until the live one comes", () => {
    assert.deepEqual(shownPrice(NOTHING, "AED", 150, "aed"), { value: 150, currency: "aed" });
    assert.deepEqual(shownPrice(entry(price(40, "USD"), "USD"), "AED", 150, "AED"), { value: 150, currency: "AED" });
  });

  it("waits as a placeholder in another currency, then falls back to the build's once asking ended without one", () => {
    assert.equal(shownPrice(NOTHING, "USD", 150, "AED"), "pending");
    assert.deepEqual(shownPrice(entry(null, "USD"), "USD", 150, "AED"), { value: 150, currency: "AED" });
  });

  it("without a build price: a placeholder, then none once asking ended", () => {
    assert.equal(shownPrice(NOTHING, "AED", null, null), "pending");
    assert.equal(shownPrice(entry(null, "AED"), "AED", null, null), "none");
  });
});
