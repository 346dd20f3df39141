import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  addableCount,
  basketLimit,
  clampCount,
  limitReason,
  offerAvailability,
  ticketLimit,
} from "../../src/basket/limits";
import { BASKET_TICKETS_KEY, countSelected, readSelectedTickets, writeSelectedTickets } from "../../src/basket/storage";
import { MemoryStorage, RefusingStorage } from "./support/memory-storage";

describe("basket_tickets mirror in sessionStorage", () => {
  it("writes the selected tickets as [{id, count}] under basket_tickets and reads them back", () => {
    const storage = new MemoryStorage();
    writeSelectedTickets(storage, [
      { id: 1, count: 2 },
      { id: 5, count: 1 },
    ]);
    assert.equal(storage.getItem(BASKET_TICKETS_KEY), '[{"id":1,"count":2},{"id":5,"count":1}]');
    assert.deepEqual(readSelectedTickets(storage), [
      { id: 1, count: 2 },
      { id: 5, count: 1 },
    ]);
    assert.equal(countSelected(readSelectedTickets(storage)), 3);
  });

  it("an empty basket removes the key", () => {
    const storage = new MemoryStorage();
    writeSelectedTickets(storage, [{ id: 1, count: 2 }]);
    writeSelectedTickets(storage, []);
    assert.equal(storage.getItem(BASKET_TICKETS_KEY), null);
  });

  it("anything unreadable counts as nothing", () => {
    const storage = new MemoryStorage();
    for (const junk of ["{", '"x"', '{"id":1}', '[{"id":"1","count":2},{"id":2,"count":0},null,{"id":3,"count":1}]']) {
      storage.setItem(BASKET_TICKETS_KEY, junk);
      const read = readSelectedTickets(storage);
      assert.ok(Array.isArray(read));
      assert.ok(read.every((t) => Number.isInteger(t.id) && t.count > 0));
    }
    assert.deepEqual(readSelectedTickets(storage), [{ id: 3, count: 1 }]);
  });

  it("a storage that throws (disabled) is survived", () => {
    const broken = new RefusingStorage();
    assert.deepEqual(readSelectedTickets(broken), []);
    assert.doesNotThrow(() => writeSelectedTickets(broken, [{ id: 1, count: 1 }]));
    assert.doesNotThrow(() => writeSelectedTickets(broken, []));
  });
});

describe("ticket stepper limits", () => {
  it('says why "+" is disabled: the order\'s limit, or none left; nothing while one more fits', () => {
    const offer = { available: 50, maxPerOrder: 10 };
    assert.equal(limitReason(offer, 0), null);
    assert.equal(limitReason(offer, 9), null);
    assert.deepEqual(limitReason(offer, 10), { kind: "per_order", max: 10 });
    // four held, six chosen in the picker: the order's limit again
    assert.deepEqual(limitReason(offer, 4 + 6, 4), { kind: "per_order", max: 10 });
    // three left beyond the two held: choosing three more takes the last
    assert.deepEqual(limitReason({ available: 3, maxPerOrder: 10 }, 2 + 3, 2), { kind: "none_left" });
    assert.equal(limitReason({ available: 3, maxPerOrder: 10 }, 2 + 2, 2), null);
    // in the cart the basket's own count is the hold: none left when nothing is available
    assert.deepEqual(limitReason({ available: 0, maxPerOrder: 10 }, 4, 4), { kind: "none_left" });
  });

  it("the limit is the smaller of what is left and what one order may hold", () => {
    assert.equal(ticketLimit({ available: 3, maxPerOrder: 10 }), 3);
    assert.equal(ticketLimit({ available: 50, maxPerOrder: 6 }), 6);
    assert.equal(ticketLimit({ available: 0, maxPerOrder: 6 }), 0);
    assert.equal(ticketLimit({ available: -2, maxPerOrder: 6 }), 0);
  });

  it("what the basket already holds counts against the per-order limit, not against what is left", () => {
    assert.equal(addableCount({ available: 50, maxPerOrder: 6 }, 4), 2);
    assert.equal(addableCount({ available: 50, maxPerOrder: 6 }, 6), 0);
    assert.equal(addableCount({ available: 50, maxPerOrder: 6 }, 9), 0);
    // available is net of every hold, the visitor's own included
    assert.equal(addableCount({ available: 1, maxPerOrder: 6 }, 4), 1);
    assert.equal(addableCount({ available: 0, maxPerOrder: 6 }, 2), 0);
  });

  it("the cart may raise a held ticket up to what is left plus what it holds, within the order limit", () => {
    assert.equal(basketLimit({ available: 1, maxPerOrder: 6 }, 4), 5);
    assert.equal(basketLimit({ available: 10, maxPerOrder: 6 }, 4), 6);
    assert.equal(basketLimit({ available: 0, maxPerOrder: 6 }, 3), 3);
    assert.equal(basketLimit({ available: -3, maxPerOrder: 6 }, 3), 3);
  });

  it("clamps a stepper value into range, as an integer", () => {
    assert.equal(clampCount(-1, 0, 5), 0);
    assert.equal(clampCount(7, 0, 5), 5);
    assert.equal(clampCount(2.7, 0, 5), 2);
    assert.equal(clampCount(Number.NaN, 1, 5), 1);
    assert.equal(clampCount(3, 1, 0), 1);
  });

  it("says sold out, few left or available", () => {
    assert.equal(offerAvailability({ available: 0, maxPerOrder: 10 }), "sold_out");
    assert.equal(offerAvailability({ available: 3, maxPerOrder: 10 }), "few_left");
    assert.equal(offerAvailability({ available: 300, maxPerOrder: 10 }), "available");
  });
});
