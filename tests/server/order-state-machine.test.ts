/**
 * The order's state machine (server/src/orders/order-states.ts): every event tried in every
 * state, through the order service and the API, against a copy of the rules written here
 * independently, so that a wrong edit of the table (or of the SQL that carries it out) fails.
 */

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import { orderService } from "../../server/src/orders/order-service";
import {
  INITIAL_STATE,
  mayHappen,
  nextState,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  type OrderEvent,
  type OrderStatus,
} from "../../server/src/orders/order-states";
import {
  BUYER,
  type Clock,
  json,
  makeApp,
  offersOf,
  payByCard,
  placeOrder,
  SITE_ORIGIN,
  type TestApp,
  Visitor,
} from "./helpers";

/** The rules as the product states them: an order is paid, or fails an attempt, only while it may still be paid. */
const PAYABLE: OrderStatus[] = ["awaiting_payment", "failed"];
const EXPECTED: Record<OrderEvent, { from: OrderStatus[]; to: OrderStatus | null }> = {
  pay_start: { from: PAYABLE, to: null },
  acquirer_approve: { from: PAYABLE, to: "paid" },
  acquirer_decline: { from: PAYABLE, to: "failed" },
  acquirer_cancel: { from: PAYABLE, to: "failed" },
  session_ended: { from: PAYABLE, to: "failed" },
  hold_expiry: { from: PAYABLE, to: "expired" },
};
const EVENTS = Object.keys(EXPECTED) as OrderEvent[];

describe("the order state table", () => {
  it("has exactly the states the database allows and the events the code raises", () => {
    assert.deepEqual([...ORDER_STATES].sort(), ["awaiting_payment", "cancelled", "expired", "failed", "paid"]);
    assert.deepEqual(Object.keys(ORDER_TRANSITIONS).sort(), [...EVENTS].sort());
    assert.deepEqual(INITIAL_STATE, { free: "paid", priced: "awaiting_payment" });
  });

  for (const event of EVENTS) {
    for (const state of ORDER_STATES) {
      const allowed = EXPECTED[event].from.includes(state);
      it(`${event} from ${state}: ${allowed ? `to ${EXPECTED[event].to ?? state}` : "refused"}`, () => {
        assert.equal(mayHappen(event, state), allowed);
        assert.equal(nextState(event, state), allowed ? (EXPECTED[event].to ?? state) : undefined);
      });
    }
  }

  it("keeps paid, expired and cancelled final: no event leaves them", () => {
    for (const state of ["paid", "expired", "cancelled"] as const)
      for (const event of EVENTS) assert.equal(mayHappen(event, state), false, `${event} from ${state}`);
  });
});

describe("the service and the SQL carry the table out", () => {
  let app: TestApp;
  let clock: Clock;
  let visitor: Visitor;
  let buyers = 0;
  before(async () => {
    ({ app, clock } = await makeApp());
    visitor = new Visitor(app);
  });
  after(async () => app.close());

  const statusOf = async (id: string): Promise<OrderStatus> =>
    (
      (await app.deps.db.one<{ status: OrderStatus }>("SELECT status FROM orders WHERE id = ?", [id])) as {
        status: OrderStatus;
      }
    ).status;

  /** A card order put straight into `state`, its hold running for another hour. */
  async function orderIn(state: OrderStatus): Promise<WireOrder> {
    await visitor.add(1, 1);
    const o = await placeOrder(app, visitor, { ...BUYER, email: `machine${++buyers}@example.ae` });
    await app.deps.db.run("UPDATE orders SET status = ?, expires_at = ? WHERE id = ?", [
      state,
      clock.now() + 3600_000,
      o.id,
    ]);
    return o;
  }

  /** Raises `event` for an order the way the shop does. */
  async function raise(event: OrderEvent, id: string): Promise<void> {
    const service = orderService(app.deps);
    switch (event) {
      case "pay_start": {
        const res = await visitor.request("POST", `/api/orders/${id}/payments`, {
          return_url: `${SITE_ORIGIN}/order/?step=pay`,
        });
        assert.equal(res.statusCode, mayHappen(event, await statusOf(id)) ? 201 : 409, res.body);
        return;
      }
      case "acquirer_approve":
        await service.approve(id);
        return;
      case "acquirer_decline":
      case "acquirer_cancel":
        await service.decline(id, event);
        return;
      case "session_ended": {
        // every session of the sample data is over a few years on; the order's hold is moved along
        const jump = 5 * 365 * 24 * 3600_000;
        await app.deps.db.run("UPDATE orders SET expires_at = ? WHERE id = ?", [clock.now() + jump + 3600_000, id]);
        clock.advance(jump);
        try {
          assert.equal(await service.approve(id), false, "no ticket for a session that has ended");
        } finally {
          clock.advance(-jump);
        }
        return;
      }
      case "hold_expiry":
        await app.deps.db.run("UPDATE orders SET expires_at = ? WHERE id = ?", [clock.now() - 1, id]);
        await app.deps.releaseExpired(clock.now());
        return;
    }
  }

  for (const event of EVENTS) {
    for (const state of ORDER_STATES) {
      const allowed = EXPECTED[event].from.includes(state);
      const after = allowed ? (EXPECTED[event].to ?? state) : state;
      it(`${event} on an order that is ${state} leaves it ${after}`, async () => {
        const o = await orderIn(state);
        await raise(event, o.id);
        assert.equal(await statusOf(o.id), after);
      });
    }
  }

  it("gives the tickets of an expired order back, and of no other", async () => {
    const tickets = async () =>
      (await app.deps.db.one<{ sold: number }>("SELECT sold FROM tickets WHERE id = 1"))?.sold;
    for (const state of ORDER_STATES) {
      const o = await orderIn(state);
      const sold = (await tickets()) ?? 0;
      await raise("hold_expiry", o.id);
      assert.equal(await tickets(), EXPECTED.hold_expiry.from.includes(state) ? sold - 1 : sold, state);
    }
  });

  it("refuses a forbidden change in the SQL too, when the service's guard is passed by", async () => {
    for (const state of ORDER_STATES) {
      const o = await orderIn(state);
      const paid = await app.deps.orders.markPaid(o.id, clock.now());
      assert.equal(paid, EXPECTED.acquirer_approve.from.includes(state), `markPaid from ${state}`);
      const again = await orderIn(state);
      for (const event of ["acquirer_decline", "acquirer_cancel", "session_ended"] as const) {
        const before = await statusOf(again.id);
        const moved = await app.deps.orders.markFailed(again.id, event, clock.now());
        assert.equal(moved, EXPECTED[event].from.includes(before), `${event} from ${before}`);
      }
    }
  });

  it("starts a priced order awaiting payment and a free one paid", async () => {
    await visitor.add(1, 1);
    const priced = await placeOrder(app, visitor, { ...BUYER, email: `machine${++buyers}@example.ae` });
    assert.equal(priced.status, "awaiting_payment");
    const free = (await offersOf(app, 10034))[0]!.tickets[0]!;
    assert.equal(free.price, 0);
    await visitor.add(free.id, 1);
    const gift = await placeOrder(app, visitor, { ...BUYER, email: `machine${++buyers}@example.ae` });
    assert.equal(gift.status, "paid");
    assert.equal(json<WireOrder>(await visitor.request("GET", `/api/orders/${gift.id}`)).status, "paid");
  });
});

describe("the history of an order and its one 'order paid' event", () => {
  let app: TestApp;
  let clock: Clock;
  before(async () => {
    ({ app, clock } = await makeApp());
  });
  after(async () => app.close());

  const historyOf = async (id: string) =>
    (await app.deps.orders.history(id)).map((h) => `${h.fromStatus ?? "-"} > ${h.toStatus} ${h.event} by ${h.actor}`);
  const paidEvents = async (id: string) =>
    app.deps.db.all<{ tickets_done_at: number | null; mail_done_at: number | null }>(
      "SELECT tickets_done_at, mail_done_at FROM order_events WHERE order_id = ?",
      [id],
    );

  it("keeps every change: made by the buyer, declined and paid by the acquirer, cancelled by the buyer, expired", async () => {
    const visitor = new Visitor(app);
    await visitor.add(1, 2);
    const o = await placeOrder(app, visitor, { ...BUYER, email: "history@example.ae" });
    assert.equal((await payByCard(app, visitor, o.id, "4000000000000002")).result?.statusCode, 303);
    clock.advance(60_000);
    assert.equal((await payByCard(app, visitor, o.id, "4242424242424242")).result?.statusCode, 303);
    assert.deepEqual(await historyOf(o.id), [
      "- > awaiting_payment created by buyer",
      "awaiting_payment > failed acquirer_decline by acquirer",
      "failed > paid acquirer_approve by acquirer",
    ]);
    const events = await paidEvents(o.id);
    assert.equal(events.length, 1, "one 'order paid' event");
    assert.ok(events[0]!.tickets_done_at !== null && events[0]!.mail_done_at !== null, "both consumers done");
    const paid = json<WireOrder>(await visitor.request("GET", `/api/orders/${o.id}`));
    assert.equal(paid.tickets.length, 2);
    // approved again (a repeated notification): nothing moves, nothing is issued or queued twice
    assert.equal(await orderService(app.deps).approve(o.id), false);
    assert.equal((await historyOf(o.id)).length, 3);
    assert.equal((await paidEvents(o.id)).length, 1);
    assert.equal(
      (await app.deps.db.one<{ n: number }>("SELECT COUNT(*) AS n FROM issued_tickets WHERE order_id = ?", [o.id]))?.n,
      2,
    );

    await visitor.add(1, 1);
    const cancelled = await placeOrder(app, visitor, { ...BUYER, email: "history@example.ae" });
    await orderService(app.deps).decline(cancelled.id, "acquirer_cancel");
    await app.deps.db.run("UPDATE orders SET expires_at = ? WHERE id = ?", [clock.now() - 1, cancelled.id]);
    await app.deps.releaseExpired(clock.now());
    assert.deepEqual(await historyOf(cancelled.id), [
      "- > awaiting_payment created by buyer",
      "awaiting_payment > failed acquirer_cancel by buyer",
      "failed > expired hold_expiry by expiry",
    ]);
    assert.deepEqual(await paidEvents(cancelled.id), [], "no event for an order never paid");
  });

  it("a free order is made paid with its event consumed: tickets issued, e-mail queued", async () => {
    const visitor = new Visitor(app);
    const free = (await offersOf(app, 10034))[0]!.tickets[0]!;
    await visitor.add(free.id, 1);
    const gift = await placeOrder(app, visitor, { ...BUYER, email: "gift-history@example.ae", acquisition_id: null });
    assert.equal(gift.tickets.length, 1);
    assert.deepEqual(await historyOf(gift.id), ["- > paid created by buyer"]);
    assert.equal((await paidEvents(gift.id)).length, 1);
    assert.equal((await app.deps.outbox.get(gift.id, "paid"))?.orderEventId !== null, true);
  });

  it("an event a crash left unconsumed is consumed when the order is next read, once", async () => {
    const visitor = new Visitor(app);
    await visitor.add(1, 1);
    const o = await placeOrder(app, visitor, { ...BUYER, email: "crash-history@example.ae" });
    // as if the instance died right after the paying transaction's commit, before its consumers ran
    await app.deps.db.run("UPDATE orders SET status = 'paid', paid_at = ?, expires_at = NULL WHERE id = ?", [
      clock.now(),
      o.id,
    ]);
    await app.deps.db.run("INSERT INTO order_events (order_id, kind, created_at) VALUES (?, 'order_paid', ?)", [
      o.id,
      clock.now(),
    ]);
    assert.equal(await app.deps.outbox.get(o.id, "paid"), undefined);
    const read = json<WireOrder>(await visitor.request("GET", `/api/orders/${o.id}`));
    assert.equal(read.tickets.length, 1, "its tickets issued");
    assert.equal((await app.deps.outbox.get(o.id, "paid"))?.state, "pending", "its e-mail queued");
    json<WireOrder>(await visitor.request("GET", `/api/orders/${o.id}`));
    assert.equal(
      (await app.deps.db.one<{ n: number }>("SELECT COUNT(*) AS n FROM issued_tickets WHERE order_id = ?", [o.id]))?.n,
      1,
      "issued once",
    );
  });
});
