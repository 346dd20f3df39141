import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buyLabelKey } from "../../src/catalogue/buy-label";

describe("the main action of an event", () => {
  it("says Get tickets for a free event", () => {
    assert.equal(buyLabelKey(0), "common.getTickets");
  });
  it("says Buy tickets when tickets cost something or the price is unknown", () => {
    assert.equal(buyLabelKey(31.5), "common.buyTickets");
    assert.equal(buyLabelKey(null), "common.buyTickets");
    assert.equal(buyLabelKey(undefined), "common.buyTickets");
  });
});
