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
import { BUYER, type Clock, json, makeApp, offersOf, placeOrder, SITE_ORIGIN, type TestApp, Visitor } from "./helpers";

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
      const paid = await app.deps.orders.markPaid(o.id, [], clock.now());
      assert.equal(paid, EXPECTED.acquirer_approve.from.includes(state), `markPaid from ${state}`);
      const again = await orderIn(state);
      for (const event of ["acquirer_decline", "acquirer_cancel", "session_ended"] as const) {
        const before = await statusOf(again.id);
        const moved = await app.deps.orders.markFailed(again.id, event);
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
