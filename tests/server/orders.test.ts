/** Orders from the basket: creation, numbers, fees, free tickets, captcha, expiry, look-up and sessions. */

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import {
  assertFails,
  assertMatchesContract,
  BUYER,
  type Clock,
  contractOperations,
  contracts,
  createOrder,
  json,
  makeApp,
  offersOf,
  payByCard,
  placeOrder,
  solveCaptcha,
  type TestApp,
  Visitor,
} from "./helpers";

let app: TestApp;
let clock: Clock;
let visitor: Visitor;
const confirmed: WireOrder[] = [];
before(async () => {
  ({ app, clock } = await makeApp({}, { notifier: { orderConfirmed: (o) => confirmed.push(o) } }));
});
after(async () => app.close());
beforeEach(() => {
  visitor = new Visitor(app);
});

let buyers = 0;
/** A buyer of its own, so that the per-email limit of one test does not meet another's orders. */
const buyer = (extra: Record<string, unknown> = {}) => ({ ...BUYER, email: `buyer${++buyers}@example.ae`, ...extra });

const order = (body: Record<string, unknown> = buyer(), v = visitor, query = "") => placeOrder(app, v, body, query);
const get = async (id: string, v = visitor, query = "") => v.request("GET", `/api/orders/${id}${query}`);
const settle = () => new Promise((r) => setImmediate(r));

describe("coverage", () => {
  it("these tests, the basket, promo, wallet, waiting-list and waiting-room tests cover every path and method of the basket contract", () => {
    assert.deepEqual(contractOperations(contracts.basket), [
      "DELETE /api/basket",
      "DELETE /api/basket/promo",
      "GET /api/basket",
      "GET /api/captcha",
      "GET /api/onsale/{event_id}",
      "GET /api/orders",
      "GET /api/orders/{id}",
      "GET /api/orders/{id}/wallet",
      "GET /api/waitlist/tickets/{id}",
      "GET /api/wallet/apple/orders/{id}",
      "GET /api/wallet/apple/passes/{serial}",
      "GET /api/wallet/google/orders/{id}",
      "GET /api/wallet/google/passes/{serial}",
      "POST /api/basket",
      "POST /api/onsale/{event_id}",
      "POST /api/orders",
      "POST /api/orders/lookup",
      "POST /api/orders/{id}/payments",
      "POST /api/waitlist",
      "POST /api/waitlist/claim",
      "POST /api/waitlist/entry",
      "POST /api/waitlist/leave",
      "PUT /api/basket/promo",
    ]);
  });

  it("the old card endpoint is gone", async () => {
    await visitor.add(1, 1);
    const o = await order();
    const res = await visitor.request("POST", `/api/orders/${o.id}/pay`, { card_number: "4242424242424242" });
    assert.equal(res.statusCode, 404);
    assert.equal(json<WireOrder>(await get(o.id)).status, "awaiting_payment");
  });
});

describe("creating an order", () => {
  it("turns the basket into an order awaiting payment with a number, totals and expiry, and sells the held tickets", async () => {
    const vip = (await offersOf(app, 10001))[0]!.tickets[2]!;
    await visitor.add(1, 2);
    await visitor.add(vip.id, 1);
    const o = await order(
      buyer({ currency_code: "usd", utm: { utm_source: "newsletter", utm_campaign: "winter", utm_term: "rock" } }),
    );
    assert.equal(o.status, "awaiting_payment");
    assert.equal(o.currency_code, "USD");
    assert.match(o.id, /^[A-Za-z0-9_-]{22,}$/);
    assert.match(o.number, /^UAE-[2-9A-HJKMNP-Z]{6}$/, "no 0/O, 1/I/L");
    const tickets = o.events.flatMap((e) => e.tickets);
    const sum = (f: (t: (typeof tickets)[number]) => number) =>
      Math.round(tickets.reduce((s, t) => s + f(t) * t.count, 0) * 100) / 100;
    const price = sum((t) => t.price);
    const fee = sum((t) => t.extra?.service_fee ?? 0);
    assert.deepEqual(o.total, {
      price,
      service_fee: fee,
      payment_fee: 0,
      amount: Math.round((price + fee) * 100) / 100,
      count: 3,
    });
    assert.deepEqual(o.tickets, [], "no tickets before payment");
    assert.ok(Math.abs(Date.parse(o.expires_at!) - (clock.now() + 30 * 60_000)) < 2000, "card orders have 30 minutes");
    assert.equal(o.paid_at, null);
    assert.equal(json<{ events: unknown[] }>(await visitor.basket()).events.length, 0);
    assert.equal((await offersOf(app, 10001))[0]!.tickets[2]!.available, vip.available - 1, "sold to the order");
    const got = await get(o.id);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(assertMatchesContract("basket", "/api/orders/{id}", "get", got), o);
  });

  it("gives every order its own number", async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await visitor.add(2, 1);
      numbers.add((await order()).number);
    }
    assert.equal(numbers.size, 5);
  });

  it("speaks the order's language, and any other asked for", async () => {
    await visitor.add(1, 1);
    const o = await order(buyer({ lang: "ru" }));
    assert.equal(o.lang, "ru");
    assert.match(o.events[0]!.event.title, /[А-Яа-я]/);
    const ar = json<WireOrder>(await get(o.id, visitor, "?lang=ar"));
    assert.match(ar.events[0]!.event.title, /[\u0600-\u06FF]/);
    await visitor.add(1, 1);
    assert.equal(
      (await order(buyer(), visitor, "?lang=ar")).lang,
      "ar",
      "the query's language when the body names none",
    );
  });

  it("refuses an empty basket with 409 basket_empty", async () => {
    assertFails(await createOrder(app, visitor, buyer()), "/api/orders", "post", 409, "basket_empty");
  });

  const invalid: Array<[string, Record<string, unknown> | string, string]> = [
    ["missing email", { ...BUYER, email: undefined }, "invalid_email"],
    ["bad email", { ...BUYER, email: "not-an-email" }, "invalid_email"],
    ["long email", { ...BUYER, email: `${"a".repeat(250)}@x.ae` }, "invalid_email"],
    ["empty name", { ...BUYER, name: "  " }, "invalid_name"],
    ["long name", { ...BUYER, name: "n".repeat(201) }, "invalid_name"],
    ["a name with NUL", { ...BUYER, name: "Layla\u0000Haddad" }, "invalid_name"],
    ["a name with an escape sequence", { ...BUYER, name: "Layla \u001b[31mHaddad" }, "invalid_name"],
    ["a name that is one zero-width space", { ...BUYER, name: "\u200b" }, "invalid_name"],
    ["a name of zero-width and blank characters", { ...BUYER, name: " \u200b\u200d\ufeff \u3164 " }, "invalid_name"],
    ["a name with a bidi override", { ...BUYER, name: "Layla \u202eadaH" }, "invalid_name"],
    [
      "a name with a lone surrogate",
      '{"email":"a@b.ae","name":"Layla \\ud800","acquisition_id":1,"currency_code":"AED","captcha":"x"}',
      "invalid_text",
    ],
    ["bad phone", { ...BUYER, phone: "call me maybe" }, "invalid_phone"],
    ["long phone", { ...BUYER, phone: "1".repeat(33) }, "invalid_phone"],
    ["phone no one can dial", { ...BUYER, phone: "050 123" }, "invalid_phone"],
    ["unknown acquisition", { ...BUYER, acquisition_id: 99 }, "unknown_acquisition"],
    ["unknown currency", { ...BUYER, currency_code: "XYZ" }, "unknown_currency"],
    ["currency not accepted", { ...BUYER, acquisition_id: 4, currency_code: "RUB" }, "currency_not_accepted"],
    ["no way to pay for a priced order", { ...BUYER, acquisition_id: null }, "unknown_acquisition"],
    ["unknown lang", { ...BUYER, lang: "fr" }, "invalid_lang"],
  ];
  for (const [name, body, expected] of invalid) {
    it(`${name} → 400 ${expected}, basket kept`, async () => {
      await visitor.add(1, 1);
      const payload =
        typeof body === "string" ? body : JSON.stringify({ ...body, captcha: await solveCaptcha(app, visitor) });
      assertFails(await visitor.request("POST", "/api/orders", payload), "/api/orders", "post", 400, expected);
      assert.equal(json<{ events: unknown[] }>(await visitor.basket()).events.length, 1);
      await visitor.request("DELETE", "/api/basket");
    });
  }

  it("keeps names in other scripts and with joiners inside", async () => {
    for (const name of ["ليلى حداد", "Лейла Хаддад", "Mehdi Hosseini\u200cFar", "  Layla  "]) {
      await visitor.add(1, 1);
      const o = await order(buyer({ name }));
      assert.equal(o.name, name.trim());
    }
  });

  it("stores the phone in E.164, reading a number without country code as a UAE one", async () => {
    for (const [typed, stored] of [
      ["0501234567", "+971501234567"],
      ["+7 (912) 345-67-89", "+79123456789"],
      ["00 971 4 123 4567", "+97141234567"],
    ]) {
      await visitor.add(1, 1);
      const o = await order(buyer({ phone: typed }));
      assert.equal(o.phone, stored, typed);
    }
  });

  it("accepts a missing or null phone", async () => {
    await visitor.add(1, 1);
    await order(buyer({ phone: null }));
    await visitor.add(1, 1);
    const { phone: _omit, ...noPhone } = buyer();
    void _omit;
    await order(noPhone);
  });
});

describe("fees and ways to pay (finding 6)", () => {
  it("adds the cash fee of 2.5 % of price and service fee to the amount, and gives cash 48 hours", async () => {
    await visitor.add(1, 2);
    const o = await order(buyer({ acquisition_id: 4 }));
    const base = o.total.price + o.total.service_fee;
    assert.equal(o.total.payment_fee, Math.round(base * 2.5) / 100);
    assert.ok(o.total.payment_fee > 0);
    assert.equal(o.total.amount, Math.round((base + o.total.payment_fee) * 100) / 100);
    assert.ok(Math.abs(Date.parse(o.expires_at!) - (clock.now() + 48 * 3600_000)) < 2000);
  });

  it("cash and bank-transfer orders cannot be paid by card (409 not_card_payable)", async () => {
    for (const acquisition of [3, 4]) {
      await visitor.add(1, 1);
      const o = await order(buyer({ acquisition_id: acquisition }));
      const res = await visitor.request("POST", `/api/orders/${o.id}/payments`, {
        return_url: "http://127.0.0.1:9000/order/",
      });
      assertFails(res, "/api/orders/{id}/payments", "post", 409, "not_card_payable");
      assert.equal(json<WireOrder>(await get(o.id)).status, "awaiting_payment");
    }
  });

  it("tells the notifier of a bank-transfer order when it is made, and of a card order only once paid", async () => {
    await visitor.add(1, 1);
    const bank = await order(buyer({ acquisition_id: 3 }));
    await visitor.add(1, 1);
    const card = await order(buyer());
    await settle();
    assert.ok(confirmed.some((o) => o.id === bank.id && o.status === "awaiting_payment"));
    assert.ok(!confirmed.some((o) => o.id === card.id));
    await payByCard(app, visitor, card.id, "4242424242424242");
    await settle();
    const told = confirmed.filter((o) => o.id === card.id);
    assert.equal(told.length, 1);
    assert.equal(told[0]!.status, "paid");
    assertMatchesContract("basket", "/api/orders/{id}", "get", { statusCode: 200, body: JSON.stringify(told[0]) });
  });
});

describe("free tickets", () => {
  it("an order of amount 0 is created paid, with its tickets, without a way to pay", async () => {
    const free = (await offersOf(app, 10034))[0]!.tickets[0]!;
    assert.equal(free.price, 0);
    await visitor.add(free.id, 2);
    const { acquisition_id: _a, ...noAcquisition } = buyer();
    void _a;
    const o = await order(noAcquisition);
    assert.equal(o.status, "paid");
    assert.equal(o.acquisition_id, null);
    assert.deepEqual(o.total, { price: 0, service_fee: 0, payment_fee: 0, amount: 0, count: 2 });
    assert.equal(o.tickets.length, 2);
    assert.equal(new Set(o.tickets.map((t) => t.code)).size, 2);
    assert.equal(o.tickets[0]!.ticket_id, free.id);
    assert.equal(o.expires_at, null);
    assert.ok(o.paid_at);
    await settle();
    assert.ok(confirmed.some((c) => c.id === o.id && c.status === "paid"));
    const res = await visitor.request("POST", `/api/orders/${o.id}/payments`, {
      return_url: "http://127.0.0.1:9000/order/",
    });
    assertFails(res, "/api/orders/{id}/payments", "post", 409, "already_paid");
  });
});

describe("captcha", () => {
  it("hands out an ALTCHA challenge as the contract says", async () => {
    const res = await app.inject("/api/captcha");
    const c = assertMatchesContract("basket", "/api/captcha", "get", res) as { maxnumber: number };
    assert.equal(c.maxnumber, 1000);
    assert.equal(res.headers["cache-control"], "no-store");
  });

  it("refuses a missing, wrong, reused or expired solution with 400 captcha_invalid and keeps the basket", async () => {
    await visitor.add(1, 1);
    const body = buyer();
    const send = (captcha?: string) =>
      visitor.request("POST", "/api/orders", captcha === undefined ? body : { ...body, captcha });
    const refused = async (captcha?: string) =>
      assertFails(await send(captcha), "/api/orders", "post", 400, "captcha_invalid");
    await refused();
    await refused("bm90IGpzb24=");
    const good = await solveCaptcha(app, visitor);
    const payload = JSON.parse(Buffer.from(good, "base64").toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString("base64");
    await refused(wrong);
    assert.equal(json<{ events: unknown[] }>(await visitor.basket()).events.length, 1);

    const first = await send(good);
    assert.equal(first.statusCode, 201, first.body);
    await visitor.add(1, 1);
    await refused(good);

    const old = await solveCaptcha(app, visitor);
    clock.advance(11 * 60_000);
    await refused(old);
    assert.equal(json<{ events: unknown[] }>(await visitor.basket()).events.length, 1);
    await visitor.request("DELETE", "/api/basket");
  });

  it("does not spend a solution on an order that was refused", async () => {
    const solution = await solveCaptcha(app, visitor);
    assertFails(
      await visitor.request("POST", "/api/orders", { ...buyer(), captcha: solution }),
      "/api/orders",
      "post",
      409,
      "basket_empty",
    );
    await visitor.add(1, 1);
    assert.equal((await visitor.request("POST", "/api/orders", { ...buyer(), captcha: solution })).statusCode, 201);
  });
});

describe("sessions (finding 5)", () => {
  it("ignores a session id the server never issued: a planted cookie gets a new session", async () => {
    const planted = "session=ATTACKERCHOSENxxxxxxxxxxxxxxxxxxxx".slice(0, 8 + 32);
    const victim = new Visitor(app);
    victim.cookie = planted;
    const res = await victim.add(1, 1);
    assert.equal(res.statusCode, 200);
    assert.notEqual(victim.cookie, planted, "a new session was set");
    const o = await order(buyer(), victim);
    const attacker = new Visitor(app);
    attacker.cookie = planted;
    assert.equal((await get(o.id, attacker)).statusCode, 404);
    assert.equal(json<{ results: unknown[] }>(await attacker.request("GET", "/api/orders")).results.length, 0);
  });

  it("sets the cookie HttpOnly, SameSite=Lax, and Secure when configured", async () => {
    const firstWrite = {
      method: "POST" as const,
      url: "/api/basket",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }),
    };
    const res = await app.inject(firstWrite);
    const cookie = String(res.headers["set-cookie"]);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
    const { app: secure } = await makeApp({ cookieSecure: true });
    try {
      assert.match(String((await secure.inject(firstWrite)).headers["set-cookie"]), /; Secure/);
    } finally {
      await secure.close();
    }
  });

  it("rotates the session when an order is made; the new session keeps the order, the old id is dead", async () => {
    await visitor.add(1, 1);
    const before = visitor.cookie;
    const o = await order();
    assert.notEqual(visitor.cookie, before);
    assert.equal((await get(o.id)).statusCode, 200);
    const stale = new Visitor(app);
    stale.cookie = before;
    const late = await get(o.id, stale);
    assert.equal(late.statusCode, 404);
    assert.equal(
      late.headers["set-cookie"],
      undefined,
      "a request already on its way with the old id does not replace the new cookie",
    );
    assert.equal(json<{ results: unknown[] }>(await stale.request("GET", "/api/orders")).results.length, 0);
    clock.advance(3 * 60_000);
    assert.equal((await get(o.id, stale)).statusCode, 404);
    assert.equal((await stale.add(1, 1)).statusCode, 200);
    assert.notEqual(
      stale.cookie,
      before,
      "after a moment the old id is unknown and its next change gets a new session",
    );
    assert.equal((await get(o.id)).statusCode, 200);
  });

  it("a double submit of the order form makes one order", async () => {
    await visitor.add(1, 1);
    const body = buyer();
    // The form's security checks were solved before it was sent: fetched at the same moment as
    // the first order, the second's challenge was refused (409 session_replaced) whenever that
    // order had rotated the session first, which a loaded machine made happen.
    const solved = [await solveCaptcha(app, visitor), await solveCaptcha(app, visitor)];
    const [a, b] = await Promise.all(
      solved.map((captcha) => visitor.request("POST", "/api/orders", { ...body, captcha })),
    );
    assert.deepEqual([a?.statusCode, b?.statusCode].sort(), [201, 409]);
  });

  it("shows an order only to its sessions", async () => {
    await visitor.add(1, 1);
    const o = await order();
    const stranger = new Visitor(app);
    const res = await get(o.id, stranger);
    assertFails(res, "/api/orders/{id}", "get", 404, "not_found");
    const pay = await stranger.request("POST", `/api/orders/${o.id}/payments`, {
      return_url: "http://127.0.0.1:9000/order/",
    });
    assertFails(pay, "/api/orders/{id}/payments", "post", 404, "not_found");
    assert.equal((await get("not-an-order")).statusCode, 404);
  });
});

describe("listing and looking up orders", () => {
  it("lists this session's orders newest first", async () => {
    await visitor.add(1, 1);
    const a = await order();
    clock.advance(1000);
    await visitor.add(1, 1);
    const b = await order();
    const res = await visitor.request("GET", "/api/orders");
    const list = assertMatchesContract("basket", "/api/orders", "get", res) as { results: WireOrder[] };
    assert.deepEqual(
      list.results.map((o) => o.id),
      [b.id, a.id],
    );
  });

  it("finds an order by number and email from another browser, whatever the case, spaces and dashes, and keeps it there", async () => {
    await visitor.add(1, 1);
    const o = await order(buyer({ email: "Found.Me@Example.ae" }));
    const other = new Visitor(app);
    const typed = ` ${o.number.toLowerCase().replace("-", " ").split("").join("")} `;
    const res = await other.request("POST", "/api/orders/lookup", { number: typed, email: "FOUND.me@example.AE" });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((assertMatchesContract("basket", "/api/orders/lookup", "post", res) as WireOrder).id, o.id);
    assert.equal((await get(o.id, other)).statusCode, 200);
    assert.deepEqual(
      json<{ results: WireOrder[] }>(await other.request("GET", "/api/orders")).results.map((x) => x.id),
      [o.id],
    );
    const dashless = await new Visitor(app).request("POST", "/api/orders/lookup", {
      number: o.number.replace("-", ""),
      email: "found.me@example.ae",
    });
    assert.equal(dashless.statusCode, 200);
  });

  it("answers a wrong email and an unknown number with the same 404", async () => {
    await visitor.add(1, 1);
    const o = await order();
    const v = new Visitor(app, undefined);
    const wrongEmail = await v.request(
      "POST",
      "/api/orders/lookup",
      { number: o.number, email: "someone@else.ae" },
      {},
    );
    const wrongNumber = await v.request("POST", "/api/orders/lookup", { number: "UAE-ZZZZZZ", email: o.email });
    assertFails(wrongEmail, "/api/orders/lookup", "post", 404, "not_found");
    assert.equal(wrongEmail.body, wrongNumber.body);
    assertFails(
      await v.request("POST", "/api/orders/lookup", { number: 12, email: o.email }),
      "/api/orders/lookup",
      "post",
      400,
      "invalid_number",
    );
  });

  it("after 10 failures in 10 minutes answers 429 with Retry-After, per session and per address", async () => {
    const { app: own, clock: c } = await makeApp();
    try {
      const guesser = new Visitor(own);
      for (let i = 0; i < 10; i++) {
        const res = await guesser.request("POST", "/api/orders/lookup", {
          number: `UAE-${"ABCDEFGHJK"[i]}22222`,
          email: "x@y.ae",
        });
        assert.equal(res.statusCode, 404);
      }
      const blocked = await guesser.request("POST", "/api/orders/lookup", { number: "UAE-222222", email: "x@y.ae" });
      assertFails(blocked, "/api/orders/lookup", "post", 429, "too_many_requests");
      assert.ok(Number(blocked.headers["retry-after"]) > 0);
      const fresh = new Visitor(own);
      assert.equal(
        (await fresh.request("POST", "/api/orders/lookup", { number: "UAE-222222", email: "x@y.ae" })).statusCode,
        429,
        "same address",
      );
      const elsewhere = await own.inject({
        method: "POST",
        url: "/api/orders/lookup",
        remoteAddress: "10.1.2.3",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ number: "UAE-222222", email: "x@y.ae" }),
      });
      assert.equal(elsewhere.statusCode, 404, "another address and session may still try");
      c.advance(10 * 60_000 + 1000);
      assert.equal(
        (await guesser.request("POST", "/api/orders/lookup", { number: "UAE-222222", email: "x@y.ae" })).statusCode,
        404,
      );
    } finally {
      await own.close();
    }
  });
});
