/**
 * Findings 1 and 2: one visitor must not be able to take tickets off sale. Holds and unpaid
 * orders end, limits hold per basket, per email, per address, and order creation is rate-limited.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildApp } from "../../server/src/app";
import type { WireOrder } from "../../server/src/deps";
import {
  assertFails,
  available,
  BUYER,
  cardFields,
  createOrder,
  HERMETIC,
  json,
  makeApp,
  offersOf,
  openAcquirer,
  payByCard,
  placeOrder,
  submitAcquirer,
  type TestApp,
  Visitor,
  withApp,
} from "./helpers";

let n = 0;
const email = () => `expiry${++n}@example.ae`;

/** A visitor with `count` of ticket 1 (of session 10001) in its basket, and how many were left before. */
async function holding(app: TestApp, count: number): Promise<{ v: Visitor; before: number }> {
  const v = new Visitor(app);
  const before = await available(app, 10001, 1);
  await v.add(1, count);
  return { v, before };
}

describe("unpaid orders expire and give their tickets back", () => {
  it("a card order unpaid after its time becomes expired, releases its tickets, and cannot be paid", () =>
    withApp({ cardPayMinutes: 1 }, async ({ app, clock }) => {
      const { v, before } = await holding(app, 4);
      const o = await placeOrder(app, v, { ...BUYER, email: email() });
      assert.equal(await available(app, 10001, 1), before - 4);
      assert.ok(Math.abs(Date.parse(o.expires_at!) - (clock.now() + 60_000)) < 2000);
      const page = await v.request("POST", `/api/orders/${o.id}/payments`, {
        return_url: "http://127.0.0.1:9000/order/",
      });
      assert.equal(page.statusCode, 201);
      clock.advance(61_000);
      assert.equal(await available(app, 10001, 1), before, "reading availability expires it");
      const got = json<WireOrder>(await v.request("GET", `/api/orders/${o.id}`));
      assert.equal(got.status, "expired");
      assert.deepEqual(got.tickets, []);
      const again = await v.request("POST", `/api/orders/${o.id}/payments`, {
        return_url: "http://127.0.0.1:9000/order/",
      });
      assertFails(again, "/api/orders/{id}/payments", "post", 409, "not_payable");
    }));

  it("nothing is paid after expiry, even on a payment page opened before", () =>
    withApp({ cardPayMinutes: 1 }, async ({ app, clock }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, { ...BUYER, email: email() });
      const start = await v.request("POST", `/api/orders/${o.id}/payments`, {
        return_url: "http://127.0.0.1:9000/order/",
      });
      const page = await openAcquirer(app, json<{ redirect_url: string }>(start).redirect_url);
      clock.advance(61_000);
      const res = await submitAcquirer(app, page.path, cardFields(page.html, "4242424242424242"));
      assert.equal(res.statusCode, 303, "back to the shop, which shows the order expired");
      const got = json<WireOrder>(await v.request("GET", `/api/orders/${o.id}`));
      assert.equal(got.status, "expired");
      const row = (await app.deps.db.one<{ charges: number }>("SELECT charges FROM orders WHERE id = ?", [o.id]))!;
      assert.equal(row.charges, 0);
    }));

  it("a declined order keeps its tickets until expiry, can be retried before, and is released after", () =>
    withApp({ cardPayMinutes: 1 }, async ({ app, clock }) => {
      const { v, before } = await holding(app, 2);
      const o = await placeOrder(app, v, { ...BUYER, email: email() });
      await payByCard(app, v, o.id, "4000000000000002");
      assert.equal(json<WireOrder>(await v.request("GET", `/api/orders/${o.id}`)).status, "failed");
      assert.equal(await available(app, 10001, 1), before - 2, "a declined order still holds its tickets");
      clock.advance(61_000);
      assert.equal(await available(app, 10001, 1), before, "a declined order does not keep them sold forever");
      assert.equal(json<WireOrder>(await v.request("GET", `/api/orders/${o.id}`)).status, "expired");

      await v.add(1, 1);
      const retried = await placeOrder(app, v, { ...BUYER, email: email() });
      await payByCard(app, v, retried.id, "4000000000000002");
      clock.advance(30_000);
      await payByCard(app, v, retried.id, "4242424242424242");
      assert.equal(json<WireOrder>(await v.request("GET", `/api/orders/${retried.id}`)).status, "paid");
      clock.advance(10 * 60_000);
      assert.equal(
        json<WireOrder>(await v.request("GET", `/api/orders/${retried.id}`)).status,
        "paid",
        "a paid order never expires",
      );
    }));

  it("a bank-transfer order holds its tickets for the offline time, then releases them", () =>
    withApp({ offlinePayMinutes: 120 }, async ({ app, clock }) => {
      const { v, before } = await holding(app, 3);
      const o = await placeOrder(app, v, { ...BUYER, email: email(), acquisition_id: 3 });
      assert.ok(Math.abs(Date.parse(o.expires_at!) - (clock.now() + 120 * 60_000)) < 2000);
      clock.advance(119 * 60_000);
      assert.equal(await available(app, 10001, 1), before - 3);
      clock.advance(2 * 60_000);
      assert.equal(await available(app, 10001, 1), before);
    }));

  it("a restart loses nothing: a new server on the same database releases what expired while it was down", async () => {
    const { app, clock } = await makeApp({ cardPayMinutes: 1 });
    const { v, before } = await holding(app, 2);
    await placeOrder(app, v, { ...BUYER, email: email() });
    const other = new Visitor(app);
    await other.add(1, 3);
    const db = app.deps.db;
    // the first server goes away without its timer ever running
    const later = clock.now() + 20 * 60_000;
    const restarted = (await buildApp({ db, now: () => later, config: { ...HERMETIC, cardPayMinutes: 1 } })) as TestApp;
    try {
      assert.equal(
        await available(restarted, 10001, 1),
        before,
        "the expired order and the expired basket were released on the first read",
      );
    } finally {
      await restarted.close();
      await app.close();
    }
  });
});

describe("holds do not last for ever (finding 2)", () => {
  it("a basket changed every minute still expires at its first ticket's time and gives the tickets back", () =>
    withApp({ holdMinutes: 15 }, async ({ app, clock }) => {
      const { v, before } = await holding(app, 1);
      for (let i = 0; i < 14; i++) {
        clock.advance(60_000);
        assert.equal(
          (await v.change({ type: "UPDATE_TICKET", ticket: { id: 1, count: 1 + (i % 3) } })).statusCode,
          200,
        );
      }
      clock.advance(61_000);
      assert.equal(await available(app, 10001, 1), before);
      assert.equal(json<{ events: unknown[] }>(await v.basket()).events.length, 0);
    }));
});

describe("limits (finding 1)", () => {
  it("one email gets at most max_per_order of a ticket type over its open and paid orders (409 over_limit)", () =>
    withApp({ cardPayMinutes: 1 }, async ({ app, clock }) => {
      const ticket = (await offersOf(app, 10001))[0]!.tickets[0]!;
      const max = ticket.max_per_order;
      const a = new Visitor(app);
      await a.add(ticket.id, max);
      const first = await placeOrder(app, a, { ...BUYER, email: "Scalper@Example.ae" });
      await payByCard(app, a, first.id, "4242424242424242");
      const b = new Visitor(app);
      await b.add(ticket.id, 1);
      const res = await createOrder(app, b, { ...BUYER, email: "scalper@example.AE" });
      assertFails(res, "/api/orders", "post", 409, "over_limit");
      assert.equal(json<{ events: unknown[] }>(await b.basket()).events.length, 1, "the basket is kept");

      // an order that expired unpaid no longer counts
      const c = new Visitor(app);
      await c.add(2, max);
      await placeOrder(app, c, { ...BUYER, email: "twice@example.ae" });
      const d = new Visitor(app);
      await d.add(2, 1);
      assert.equal((await createOrder(app, d, { ...BUYER, email: "twice@example.ae" })).statusCode, 409);
      clock.advance(61_000);
      await d.add(2, 1);
      assert.equal((await createOrder(app, d, { ...BUYER, email: "twice@example.ae" })).statusCode, 201);
    }));

  it("a basket holds at most max_per_order of a type", () =>
    withApp({}, async ({ app }) => {
      const ticket = (await offersOf(app, 10001))[0]!.tickets[0]!;
      const v = new Visitor(app);
      const res = await v.add(ticket.id, ticket.max_per_order + 1);
      assert.equal(res.statusCode, 409);
      assert.equal(json<{ code: string }>(res).code, "over_max_per_order");
    }));

  it("the baskets of one client address hold at most the cap; fresh sessions do not get round it", () =>
    withApp({ heldPerClient: 5 }, async ({ app }) => {
      const a = new Visitor(app);
      assert.equal((await a.add(1, 3)).statusCode, 200);
      const b = new Visitor(app);
      assert.equal((await b.add(1, 2)).statusCode, 200);
      const c = new Visitor(app);
      const over = await c.add(2, 1);
      assertFails(over, "/api/basket", "post", 409, "over_limit");
      assert.equal(
        (await a.change({ type: "UPDATE_TICKET", ticket: { id: 1, count: 4 } })).statusCode,
        409,
        "raising a count counts too",
      );
      assert.equal(
        (await a.change({ type: "UPDATE_TICKET", ticket: { id: 1, count: 2 } })).statusCode,
        200,
        "lowering is always allowed",
      );
      assert.equal((await c.add(2, 1)).statusCode, 200);
      // X-Forwarded-For is not believed without a trusted proxy
      const spoof = new Visitor(app);
      assert.equal(
        (
          await spoof.request(
            "POST",
            "/api/basket",
            { type: "ADD_TICKET", ticket: { id: 2, count: 1 } },
            { "x-forwarded-for": "203.0.113.9" },
          )
        ).statusCode,
        409,
      );
      const elsewhere = await app.inject({
        method: "POST",
        url: "/api/basket",
        remoteAddress: "198.51.100.7",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ type: "ADD_TICKET", ticket: { id: 2, count: 5 } }),
      });
      assert.equal(elsewhere.statusCode, 200, "another address has its own cap");
    }));

  it("unpaid orders count against the address's cap: a bank-transfer order cannot be used to hold more", () =>
    // no cool-down: b's own hold runs out too, and this is about the order's tickets
    withApp({ heldPerClient: 5, offlinePayMinutes: 60, holdCooldownMinutes: 0 }, async ({ app, clock }) => {
      const a = new Visitor(app);
      await a.add(1, 4);
      await placeOrder(app, a, { ...BUYER, email: email(), acquisition_id: 3 });
      const b = new Visitor(app);
      assert.equal((await b.add(2, 2)).statusCode, 409, "4 waiting for payment + 2 more is over 5");
      assert.equal((await b.add(2, 1)).statusCode, 200);
      clock.advance(61 * 60_000);
      assert.equal((await b.add(2, 3)).statusCode, 200, "the expired order no longer counts");
    }));

  it("behind a trusted proxy, the client address comes from X-Forwarded-For", () =>
    withApp({ heldPerClient: 2, trustedProxy: "127.0.0.1" }, async ({ app }) => {
      const add = (ip: string, count: number) =>
        app.inject({
          method: "POST",
          url: "/api/basket",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          payload: JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count } }),
        });
      assert.equal((await add("203.0.113.1", 2)).statusCode, 200);
      assert.equal((await add("203.0.113.1", 1)).statusCode, 409);
      assert.equal((await add("203.0.113.2", 2)).statusCode, 200);
    }));

  it("order creation past the rate answers 429 with Retry-After", () =>
    withApp({ orderRateMax: 2, orderRateWindowMs: 60_000 }, async ({ app }) => {
      const v = new Visitor(app);
      for (let i = 0; i < 2; i++) {
        await v.add(1, 1);
        assert.equal((await createOrder(app, v, { ...BUYER, email: email() })).statusCode, 201);
      }
      await v.add(1, 1);
      const res = await createOrder(app, v, { ...BUYER, email: email() });
      assertFails(res, "/api/orders", "post", 429, "too_many_requests");
      assert.ok(Number(res.headers["retry-after"]) > 0);
      assert.equal(json<{ events: unknown[] }>(await v.basket()).events.length, 1);
    }));
});
