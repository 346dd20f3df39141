import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EventPrice } from "../../src/core/catalogue";
import { mergePrices, normaliseIds, priceIn } from "../../src/prices/merge-prices";

const p = (id: number, minPrice: number | null, currencyCode = "AED"): EventPrice => ({
  id,
  minPrice,
  maxPrice: minPrice,
  currencyCode,
});

describe("price merge into the shared map, by event id", () => {
  it("replaces answered ids and keeps the others", () => {
    const map = mergePrices({}, [p(1, 100), p(2, 200)]);
    const next = mergePrices(map, [p(2, 50, "USD"), p(3, 300)]);
    assert.deepEqual(next, { 1: p(1, 100), 2: p(2, 50, "USD"), 3: p(3, 300) });
    assert.deepEqual(map, { 1: p(1, 100), 2: p(2, 200) }, "the old map is not changed");
  });

  it("an empty answer keeps the very same map (no re-render)", () => {
    const map = mergePrices({}, [p(1, 100)]);
    assert.equal(mergePrices(map, []), map);
  });

  it("reads an entry only in the wanted currency, case-insensitively", () => {
    const map = mergePrices({}, [p(1, 100, "aed")]);
    assert.equal(priceIn(map, 1, "AED")?.minPrice, 100);
    assert.equal(priceIn(map, 1, "USD"), undefined);
    assert.equal(priceIn(map, 2, "AED"), undefined);
  });

  it("asks for each positive integer id once, in a stable order", () => {
    assert.deepEqual(normaliseIds([5, 3, 5, 0, -1, 2.5, Number.NaN, 3, 10]), [3, 5, 10]);
  });
});
