/** Orders from the basket and the sandbox acquirer. */
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { assertMatchesContract, contracts, json, makeApp, offersOf, Visitor, type TestApp } from "./helpers";

type Order = {
  id: string; status: string; currency_code: string; total: { price: number; service_fee: number; count: number };
  events: Array<{ tickets: Array<{ id: number; price: number; count: number; extra?: { service_fee?: number } }> }>;
  tickets_codes?: string[]; paid_at?: string | null; acquisition_id?: number;
};

let app: TestApp;
let visitor: Visitor;
before(async () => {
  ({ app } = await makeApp());
});
after(async () => app.close());
beforeEach(() => {
  visitor = new Visitor(app);
});

const buyer = { email: "layla@example.ae", name: "Layla Haddad", phone: "+971 50 123 4567", acquisition_id: 1, currency_code: "AED" };

async function order(body: Record<string, unknown> = buyer): Promise<Order> {
  const res = await visitor.request("POST", "/api/orders", body);
  assert.equal(res.statusCode, 201, res.body);
  return assertMatchesContract("basket", "/api/orders", "post", res) as Order;
}
async function pay(id: string, card: string, v = visitor) {
  return v.request("POST", `/api/orders/${id}/pay`, { card_number: card });
}
const code = (res: { statusCode: number; body: string }, path: string, status: number, expected: string) => {
  assert.equal(res.statusCode, status, res.body);
  assert.equal((assertMatchesContract("basket", path, "post", res) as { code: string }).code, expected);
};

describe("coverage", () => {
  it("the basket tests and these cover every path and method of the basket contract", () => {
    const methods = Object.entries(contracts.basket.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    assert.deepEqual(methods.sort(), ["DELETE /api/basket", "GET /api/basket", "GET /api/orders/{id}", "POST /api/basket", "POST /api/orders", "POST /api/orders/{id}/pay"]);
  });
});

describe("creating an order", () => {
  it("turns the basket into an order awaiting payment, empties the basket and sells the held tickets", async () => {
    const vip = (await offersOf(app, 10001))[0]!.tickets[2]!;
    await visitor.add(1, 2);
    await visitor.add(vip.id, 1);
    const o = await order({ ...buyer, currency_code: "usd", utm: { utm_source: "newsletter", utm_campaign: "winter", utm_term: "rock" } });
    assert.equal(o.status, "awaiting_payment");
    assert.equal(o.currency_code, "USD");
    assert.match(o.id, /^[A-Za-z0-9_-]{22,}$/);
    const tickets = o.events.flatMap((e) => e.tickets);
    const sum = (f: (t: (typeof tickets)[number]) => number) => Math.round(tickets.reduce((s, t) => s + f(t) * t.count, 0) * 100) / 100;
    assert.deepEqual(o.total, { price: sum((t) => t.price), service_fee: sum((t) => t.extra?.service_fee ?? 0), count: 3 });
    assert.equal(json<{ events: unknown[] }>(await visitor.basket()).events.length, 0);
    const vipAfter = (await offersOf(app, 10001))[0]!.tickets[2]!;
    assert.equal(vipAfter.available, vip.available - 1, "still not available: sold to the order");
    const got = await visitor.request("GET", `/api/orders/${o.id}`);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(assertMatchesContract("basket", "/api/orders/{id}", "get", got), o);
  });

  it("refuses an empty basket with 409 basket_empty", async () => {
    code(await visitor.request("POST", "/api/orders", buyer), "/api/orders", 409, "basket_empty");
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["missing email", { ...buyer, email: undefined }, "invalid_email"],
    ["bad email", { ...buyer, email: "not-an-email" }, "invalid_email"],
    ["long email", { ...buyer, email: `${"a".repeat(250)}@x.ae` }, "invalid_email"],
    ["empty name", { ...buyer, name: "  " }, "invalid_name"],
    ["long name", { ...buyer, name: "n".repeat(201) }, "invalid_name"],
    ["bad phone", { ...buyer, phone: "call me maybe" }, "invalid_phone"],
    ["long phone", { ...buyer, phone: "1".repeat(33) }, "invalid_phone"],
    ["unknown acquisition", { ...buyer, acquisition_id: 99 }, "unknown_acquisition"],
    ["unknown currency", { ...buyer, currency_code: "XYZ" }, "unknown_currency"],
    ["currency not accepted", { ...buyer, acquisition_id: 4, currency_code: "RUB" }, "currency_not_accepted"],
  ];
  for (const [name, body, expected] of invalid) {
    it(`${name} → 400 ${expected}, basket kept`, async () => {
      await visitor.add(1, 1);
      code(await visitor.request("POST", "/api/orders", JSON.parse(JSON.stringify(body))), "/api/orders", 400, expected);
      assert.equal(json<{ events: unknown[] }>(await visitor.basket()).events.length, 1);
      await visitor.request("DELETE", "/api/basket");
    });
  }

  it("accepts a missing or null phone", async () => {
    await visitor.add(1, 1);
    await order({ ...buyer, phone: null });
    await visitor.add(1, 1);
    const { phone: _omit, ...noPhone } = buyer;
    void _omit;
    await order(noPhone);
  });
});

describe("paying", () => {
  it("approves 4242…, issues one code per ticket, and refuses a second payment", async () => {
    await visitor.add(1, 3);
    const o = await order();
    const res = await pay(o.id, "4242 4242 4242 4242");
    assert.equal(res.statusCode, 200, res.body);
    const paid = assertMatchesContract("basket", "/api/orders/{id}/pay", "post", res) as Order;
    assert.equal(paid.status, "paid");
    assert.equal(paid.tickets_codes!.length, 3);
    assert.equal(new Set(paid.tickets_codes).size, 3);
    assert.ok(paid.paid_at);
    code(await pay(o.id, "4242424242424242"), "/api/orders/{id}/pay", 409, "already_paid");
    const again = json<Order>(await visitor.request("GET", `/api/orders/${o.id}`));
    assert.deepEqual(again.tickets_codes, paid.tickets_codes, "nothing charged twice");
  });

  it("declines 4000…0002 as failed, and a failed order can be paid again", async () => {
    await visitor.add(1, 1);
    const o = await order();
    const declined = await pay(o.id, "4000 0000 0000 0002");
    assert.equal(declined.statusCode, 200);
    assert.equal(json<Order>(declined).status, "failed");
    assert.deepEqual(json<Order>(declined).tickets_codes, []);
    const retry = await pay(o.id, "4242424242424242");
    assert.equal(json<Order>(retry).status, "paid");
  });

  it("answers any other card with 400 invalid_card and leaves the order as it was", async () => {
    await visitor.add(1, 1);
    const o = await order();
    for (const card of ["1234 5678 9012 3456", "", "4242"]) code(await pay(o.id, card), "/api/orders/{id}/pay", 400, "invalid_card");
    code(await visitor.request("POST", `/api/orders/${o.id}/pay`, {}), "/api/orders/{id}/pay", 400, "invalid_card");
    assert.equal(json<Order>(await visitor.request("GET", `/api/orders/${o.id}`)).status, "awaiting_payment");
  });

  it("charges once when pay is clicked twice at the same moment", async () => {
    await visitor.add(1, 2);
    const o = await order();
    const results = await Promise.all([pay(o.id, "4242424242424242"), pay(o.id, "4242424242424242"), pay(o.id, "4242424242424242")]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409, 409]);
    const row = app.deps.db.prepare("SELECT charges FROM orders WHERE id = ?").get(o.id) as { charges: number };
    assert.equal(row.charges, 1);
  });
});

describe("privacy", () => {
  it("shows an order only to the session that made it", async () => {
    await visitor.add(1, 1);
    const o = await order();
    const stranger = new Visitor(app);
    const res = await stranger.request("GET", `/api/orders/${o.id}`);
    assert.equal(res.statusCode, 404);
    assertMatchesContract("basket", "/api/orders/{id}", "get", res);
    code(await pay(o.id, "4242424242424242", stranger), "/api/orders/{id}/pay", 404, "not_found");
    assert.equal(json<Order>(await visitor.request("GET", `/api/orders/${o.id}`)).status, "awaiting_payment");
    assert.equal((await visitor.request("GET", "/api/orders/not-an-order")).statusCode, 404);
  });
});
