import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  applyChange,
  type BasketState,
  basketReducer,
  initialBasketState,
  type TicketToAdd,
  visibleBasket,
} from "../../src/basket/reducer";
import type { Basket } from "../../src/core/order";

const ev = (id: number) => ({ id, eventSourceId: id * 10, title: `Event ${id}`, startedAt: null, place: null });
const tk = (id: number, count: number) => ({ id, title: `T${id}`, price: 100, count, serviceFee: 5, startedAt: null });

const server: Basket = {
  currencyCode: "AED",
  expiresAt: "2030-01-01T00:00:00Z",
  updatedAt: null,
  events: [
    { event: ev(1), tickets: [tk(11, 2), tk(12, 1)] },
    { event: ev(2), tickets: [tk(21, 1)] },
  ],
};

const adding = (eventId: number, ticketId: number): TicketToAdd => ({
  event: ev(eventId),
  ticket: { id: ticketId, title: `T${ticketId}`, price: 50, serviceFee: 2, startedAt: null },
});

const loaded = (): BasketState => basketReducer(initialBasketState("AED"), { type: "LOAD_SUCCEEDED", basket: server });

const ids = (b: Basket) => b.events.map((g) => [g.event.id, g.tickets.map((t) => [t.id, t.count])]);

describe("basket state: loading starts true, ends with the first answer", () => {
  it("starts loading and empty, and is not loading once the server answered", () => {
    const start = initialBasketState("RUB");
    assert.equal(start.loading, true);
    assert.deepEqual(visibleBasket(start).events, []);
    assert.equal(visibleBasket(start).currencyCode, "RUB");
    const after = loaded();
    assert.equal(after.loading, false);
    assert.equal(visibleBasket(after), server);
  });

  it("a failed load stops loading and says so; a later answer clears it", () => {
    const failed = basketReducer(initialBasketState("AED"), { type: "LOAD_FAILED" });
    assert.equal(failed.loading, false);
    assert.equal(failed.loadFailed, true);
    const back = basketReducer(failed, { type: "LOAD_SUCCEEDED", basket: server });
    assert.equal(back.loadFailed, false);
  });

  it("a failed refresh of a loaded basket keeps it on screen", () => {
    const s = loaded();
    assert.equal(basketReducer(s, { type: "LOAD_FAILED" }), s);
  });

  it("an announced basket (UPDATE_BASKET) replaces the state whole", () => {
    const other: Basket = { ...server, events: [{ event: ev(3), tickets: [tk(31, 4)] }] };
    const next = basketReducer(loaded(), { type: "BASKET_REPLACED", basket: other });
    assert.deepEqual(ids(visibleBasket(next)), [[3, [[31, 4]]]]);
  });
});

describe("basket changes applied locally (the optimistic guess)", () => {
  it("ADD_TICKET of a held ticket adds to its count", () => {
    assert.deepEqual(ids(applyChange(server, { type: "ADD_TICKET", ticket: { id: 11, count: 3 } })), [
      [
        1,
        [
          [11, 5],
          [12, 1],
        ],
      ],
      [2, [[21, 1]]],
    ]);
  });

  it("ADD_TICKET of a new ticket of a held event joins that event's group", () => {
    const b = applyChange(server, { type: "ADD_TICKET", ticket: { id: 13, count: 2 } }, adding(1, 13));
    assert.deepEqual(ids(b)[0], [
      1,
      [
        [11, 2],
        [12, 1],
        [13, 2],
      ],
    ]);
    assert.equal(b.events[0]?.tickets[2]?.price, 50);
  });

  it("ADD_TICKET of a new event makes a new group at the end", () => {
    const b = applyChange(server, { type: "ADD_TICKET", ticket: { id: 41, count: 1 } }, adding(4, 41));
    assert.deepEqual(ids(b)[2], [4, [[41, 1]]]);
  });

  it("ADD_TICKET of an unknown ticket without details leaves the basket alone (the server will answer)", () => {
    assert.equal(applyChange(server, { type: "ADD_TICKET", ticket: { id: 99, count: 1 } }), server);
  });

  it("UPDATE_TICKET sets the count", () => {
    assert.deepEqual(ids(applyChange(server, { type: "UPDATE_TICKET", ticket: { id: 12, count: 4 } }))[0], [
      1,
      [
        [11, 2],
        [12, 4],
      ],
    ]);
  });

  it("DELETE_TICKET removes the ticket, and the event when it was its last", () => {
    assert.deepEqual(ids(applyChange(server, { type: "DELETE_TICKET", ticket: { id: 11 } }))[0], [1, [[12, 1]]]);
    assert.deepEqual(ids(applyChange(server, { type: "DELETE_TICKET", ticket: { id: 21 } })), [
      [
        1,
        [
          [11, 2],
          [12, 1],
        ],
      ],
    ]);
  });

  it("DELETE_EVENT removes the event's group", () => {
    assert.deepEqual(ids(applyChange(server, { type: "DELETE_EVENT", event: { id: 1 } })), [[2, [[21, 1]]]]);
  });

  it("CLEAR empties the basket and its hold", () => {
    const b = applyChange(server, { type: "CLEAR" });
    assert.deepEqual(b.events, []);
    assert.equal(b.expiresAt, null);
    assert.equal(b.currencyCode, "AED");
  });

  it("never mutates the basket it was given", () => {
    const before = JSON.stringify(server);
    applyChange(server, { type: "UPDATE_TICKET", ticket: { id: 11, count: 9 } });
    applyChange(server, { type: "DELETE_EVENT", event: { id: 2 } });
    applyChange(server, { type: "ADD_TICKET", ticket: { id: 13, count: 1 } }, adding(1, 13));
    assert.equal(JSON.stringify(server), before);
  });
});

describe("optimistic update and rollback", () => {
  it("shows a change at once, and the server's answer once it comes", () => {
    let s = basketReducer(loaded(), {
      type: "CHANGE_STARTED",
      pending: { opId: 1, change: { type: "UPDATE_TICKET", ticket: { id: 11, count: 5 } } },
    });
    assert.equal(visibleBasket(s).events[0]?.tickets[0]?.count, 5);
    const answer: Basket = {
      ...server,
      events: [{ event: ev(1), tickets: [tk(11, 5), tk(12, 1)] }, server.events[1]!],
    };
    s = basketReducer(s, { type: "CHANGE_SUCCEEDED", opId: 1, basket: answer });
    assert.deepEqual(s.pending, []);
    assert.equal(visibleBasket(s), answer);
  });

  it("rolls back a refused change to what the server last confirmed", () => {
    let s = basketReducer(loaded(), {
      type: "CHANGE_STARTED",
      pending: { opId: 1, change: { type: "DELETE_EVENT", event: { id: 1 } } },
    });
    assert.equal(visibleBasket(s).events.length, 1);
    s = basketReducer(s, { type: "CHANGE_FAILED", opId: 1 });
    assert.equal(visibleBasket(s), server);
  });

  it("a rollback keeps the other changes still in flight", () => {
    let s = loaded();
    s = basketReducer(s, {
      type: "CHANGE_STARTED",
      pending: { opId: 1, change: { type: "UPDATE_TICKET", ticket: { id: 11, count: 9 } } },
    });
    s = basketReducer(s, {
      type: "CHANGE_STARTED",
      pending: { opId: 2, change: { type: "DELETE_TICKET", ticket: { id: 21 } } },
    });
    s = basketReducer(s, { type: "CHANGE_FAILED", opId: 1 });
    assert.deepEqual(ids(visibleBasket(s)), [
      [
        1,
        [
          [11, 2],
          [12, 1],
        ],
      ],
    ]);
  });

  it("pending changes apply in the order they were made", () => {
    let s = loaded();
    s = basketReducer(s, {
      type: "CHANGE_STARTED",
      pending: { opId: 1, change: { type: "ADD_TICKET", ticket: { id: 13, count: 1 } }, adding: adding(1, 13) },
    });
    s = basketReducer(s, {
      type: "CHANGE_STARTED",
      pending: { opId: 2, change: { type: "UPDATE_TICKET", ticket: { id: 13, count: 3 } } },
    });
    assert.deepEqual(ids(visibleBasket(s))[0], [
      1,
      [
        [11, 2],
        [12, 1],
        [13, 3],
      ],
    ]);
  });
});
