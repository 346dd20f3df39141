import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { basketTotals, countInBasket, grandTotal, lineTotal, roundMoney, ticketsTotals } from "../../src/basket/totals";
import type { Basket, BasketTicket } from "../../src/core/order";

const ticket = (id: number, price: number, count: number, serviceFee = 0): BasketTicket => ({
  id,
  title: `T${id}`,
  price,
  count,
  serviceFee,
  startedAt: null,
});

const event = (id: number) => ({ id, eventSourceId: id + 1000, title: `E${id}`, startedAt: null, place: null });

const basket: Basket = {
  currencyCode: "AED",
  expiresAt: null,
  updatedAt: null,
  events: [
    { event: event(1), tickets: [ticket(11, 150, 2, 7.5), ticket(12, 300, 1, 15)] },
    { event: event(2), tickets: [ticket(21, 0.1, 3, 0.2)] },
  ],
};

describe("basket totals: price, count, service fee, selected tickets", () => {
  it("sums price x count, count, service fee x count and lists the selected tickets, per event", () => {
    const { byEvent } = basketTotals(basket);
    assert.deepEqual(byEvent[1], {
      price: 600,
      count: 3,
      serviceFee: 30,
      selectedTickets: [
        { id: 11, count: 2 },
        { id: 12, count: 1 },
      ],
    });
    assert.deepEqual(byEvent[2], { price: 0.3, count: 3, serviceFee: 0.6, selectedTickets: [{ id: 21, count: 3 }] });
  });

  it("sums the whole basket across events, and the map is keyed by the basket's event id", () => {
    const { total, byEvent } = basketTotals(basket);
    assert.equal(total.price, 600.3);
    assert.equal(total.count, 6);
    assert.equal(total.serviceFee, 30.6);
    assert.deepEqual(
      total.selectedTickets.map((t) => t.id),
      [11, 12, 21],
    );
    assert.deepEqual(Object.keys(byEvent).map(Number), [1, 2]);
    assert.equal(grandTotal(total), 630.9);
  });

  it("does not drift on binary fractions (0.1 x 3 is 0.3)", () => {
    assert.equal(ticketsTotals([ticket(1, 0.1, 3)]).price, 0.3);
    assert.equal(ticketsTotals([ticket(1, 19.99, 7, 1.15)]).price, 139.93);
    assert.equal(ticketsTotals([ticket(1, 19.99, 7, 1.15)]).serviceFee, 8.05);
  });

  it("is all zeros for an empty basket", () => {
    assert.deepEqual(basketTotals({ ...basket, events: [] }), {
      total: { price: 0, count: 0, serviceFee: 0, selectedTickets: [] },
      byEvent: {},
    });
  });

  it("a ticket without a service fee counts as zero fee", () => {
    assert.equal(ticketsTotals([ticket(1, 10, 2)]).serviceFee, 0);
  });

  it("tells how many of one ticket the basket holds", () => {
    assert.equal(countInBasket(basket, 12), 1);
    assert.equal(countInBasket(basket, 21), 3);
    assert.equal(countInBasket(basket, 99), 0);
  });
});

describe("cart lines", () => {
  it("include the service fee, so an event's lines add up to its subtotal", () => {
    // the figures of the report: USD lines that did not add up to the subtotal shown
    const tickets = [
      { id: 1, title: "A", price: 53.1, serviceFee: 0.68, count: 2, startedAt: null },
      { id: 2, title: "B", price: 26.89, serviceFee: 0.34, count: 4, startedAt: null },
    ];
    const lines = tickets.map(lineTotal);
    assert.deepEqual(lines, [107.56, 108.92]);
    const subtotal = grandTotal(ticketsTotals(tickets));
    assert.equal(roundMoney(lines[0]! + lines[1]!), subtotal);
  });

  it("is the price times the count when there is no fee", () => {
    assert.equal(lineTotal({ price: 0.1, serviceFee: 0, count: 3 }), 0.3);
  });
});
