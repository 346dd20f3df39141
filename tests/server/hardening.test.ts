/**
 * Issue 20, attacked as a scalper, a fraudster and a vandal would: per-buyer limits on
 * normalised addresses, names that cannot carry a message, capped payment attempts, the hold
 * cool-down, the look-up's session rotation and lockout, and the captcha's session binding.
 */

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildApp } from "../../server/src/app";
import { type Db, openDatabase } from "../../server/src/db/database";
import type { WireOrder } from "../../server/src/deps";
import { buyerKey } from "../../server/src/orders/buyer-key";
import { createPostgresDatabase, TEST_ENGINE } from "../support/test-database";
import {
  BUYER,
  cardFields,
  createOrder,
  HERMETIC,
  inputValue,
  json,
  openAcquirer,
  payByCard,
  placeOrder,
  SITE_ORIGIN,
  solveCaptcha,
  submitAcquirer,
  type TestApp,
  Visitor,
  withApp,
} from "./helpers";

const DECLINED = "4000000000000002";
const CHALLENGE = "4000000000003220";
const FREE_TICKET = 186; // event 34's free registration
const BANK_TRANSFER = 3;

const code = (res: { body: string }) => json<{ code: string }>(res).code;

/**
 * A database that outlives the app (a restart): a SQLite file, or on a PostgreSQL run a database of
 * its own on the test cluster.
 */
async function reopenableDatabase(name: string): Promise<{ open: () => Promise<Db>; remove: () => Promise<void> }> {
  if (TEST_ENGINE === "postgres") {
    const made = await createPostgresDatabase();
    return { open: () => openDatabase(made.url, { poolMax: 5 }), remove: made.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), name));
  return {
    open: () => openDatabase(join(dir, "db.sqlite")),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function refused(res: { statusCode: number; body: string }, status: number, expected: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(code(res), expected, res.body);
  assert.ok(json<{ detail: string }>(res).detail.length > 10, "a detail that says why");
}

/** One order of `count` of a ticket by a fresh visitor, with the given buyer fields. */
async function orderOf(app: TestApp, ticket: number, count: number, body: Record<string, unknown>) {
  const v = new Visitor(app);
  assert.equal((await v.add(ticket, count)).statusCode, 200);
  return createOrder(app, v, { ...BUYER, ...body });
}

describe("per-buyer limits a scalper meets (item 3)", () => {
  it("counts one mailbox once however it is written", () => {
    const one = buyerKey("scalper.one@gmail.com");
    for (const written of [
      "Scalper.One@gmail.com",
      "scalperone+x1@gmail.com",
      "s.c.a.l.p.e.r.o.n.e@googlemail.com",
      "scalper.one@gmail.com.",
      "scal\u200bper.one\u2060@gmail.com",
    ]) {
      assert.equal(buyerKey(written), one, written);
    }
    assert.equal(buyerKey("first.last+news@example.ae"), "first.last@example.ae", "dots count elsewhere");
    assert.notEqual(buyerKey("a@example.ae"), buyerKey("b@example.ae"));
  });

  it("caps one event per buyer over all orders, whatever the ticket types and the spelling of the address", () =>
    withApp({ buyerEventMax: 4 }, async ({ app }) => {
      assert.equal((await orderOf(app, 1, 2, { email: "scalper.one+a@gmail.com" })).statusCode, 201);
      assert.equal((await orderOf(app, 2, 2, { email: "ScalperOne@googlemail.com" })).statusCode, 201);
      const third = await orderOf(app, 3, 1, { email: "s.c.alper.one+zz@gmail.com" });
      await refused(third, 409, "buyer_event_limit");
      assert.equal((await orderOf(app, 4, 4, { email: "scalperone@gmail.com" })).statusCode, 201, "another event");
    }));

  it("counts paid orders as well as unpaid ones", () =>
    withApp({ buyerEventMax: 3 }, async ({ app }) => {
      const v = new Visitor(app);
      await v.add(1, 3);
      const o = await placeOrder(app, v, { ...BUYER, email: "paid@example.ae" });
      await payByCard(app, v, o.id, "4242424242424242");
      assert.equal(json<WireOrder>(await v.request("GET", `/api/orders/${o.id}`)).status, "paid");
      await refused(await orderOf(app, 2, 1, { email: "paid+again@example.ae" }), 409, "buyer_event_limit");
    }));

  it("caps the tickets one client address orders in a day, however many mailboxes it makes up", () =>
    withApp({ clientDayMax: 5 }, async ({ app, clock }) => {
      assert.equal((await orderOf(app, 1, 3, { email: "made-up-1@example.ae" })).statusCode, 201);
      assert.equal((await orderOf(app, 4, 2, { email: "made-up-2@example.ae" })).statusCode, 201);
      await refused(await orderOf(app, 5, 1, { email: "made-up-3@example.ae" }), 409, "client_day_limit");
      clock.advance(24 * 3600_000 + 1000);
      // ticket 6: the refused order left ticket 5 held in its basket until it ran out, and the address now cools down on it
      assert.equal((await orderOf(app, 6, 1, { email: "made-up-3@example.ae" })).statusCode, 201, "a day later");
    }));

  it("puts free registrations under their own caps, per buyer and event and per address and day", () =>
    withApp({ freePerBuyer: 2, freeClientDayMax: 3, clientDayMax: 1 }, async ({ app }) => {
      const free = { acquisition_id: null };
      assert.equal((await orderOf(app, FREE_TICKET, 2, { ...free, email: "fan@example.ae" })).statusCode, 201);
      await refused(await orderOf(app, FREE_TICKET, 1, { ...free, email: "fan+2@example.ae" }), 409, "free_limit");
      assert.equal((await orderOf(app, FREE_TICKET, 1, { ...free, email: "other@example.ae" })).statusCode, 201);
      await refused(await orderOf(app, FREE_TICKET, 1, { ...free, email: "third@example.ae" }), 409, "free_limit");
      assert.equal(
        (await orderOf(app, 1, 1, { email: "payer@example.ae" })).statusCode,
        201,
        "free tickets do not use up the paid day cap",
      );
    }));

  it("caps bank-transfer and cash orders per address, and per event to a share of its tickets", async () => {
    await withApp({ offlineHeldPerClient: 4 }, async ({ app }) => {
      const offline = { acquisition_id: BANK_TRANSFER };
      assert.equal((await orderOf(app, 1, 3, { ...offline, email: "t1@example.ae" })).statusCode, 201);
      await refused(await orderOf(app, 4, 2, { ...offline, email: "t2@example.ae" }), 409, "offline_limit");
      assert.equal((await orderOf(app, 4, 2, { email: "t2@example.ae" })).statusCode, 201, "by card it goes");
    });
    await withApp({ offlineEventPercent: 1 }, async ({ app }) => {
      const total = Number(
        (await app.deps.db.one<{ n: number }>("SELECT SUM(total) AS n FROM tickets WHERE event_id = 1"))?.n,
      );
      const share = Math.floor(total / 100);
      assert.ok(share >= 2 && share <= 10, `event 1 has ${total} tickets`);
      const offline = { acquisition_id: BANK_TRANSFER };
      assert.equal((await orderOf(app, 1, share, { ...offline, email: "e1@example.ae" })).statusCode, 201);
      await refused(await orderOf(app, 2, 1, { ...offline, email: "e2@example.ae" }), 409, "offline_limit");
      assert.equal((await orderOf(app, 4, 1, { ...offline, email: "e3@example.ae" })).statusCode, 201, "event 2");
    });
  });
});

describe("names and the emails they go into (item 4)", () => {
  const bad = [
    "Hello, Sir, your payment FAILED. Re-enter your card at https://evil.example/pay",
    "Sir your payment failed at evil.example",
    "Layla\nHaddad",
    "Layla Haddad 2",
    "L",
    "a".repeat(81),
    "Layla -- Haddad",
    "Layla\u202eHaddad",
    "Layla <Haddad>",
    "one two three four five six seven eight nine",
  ];
  for (const name of bad) {
    it(`refuses ${JSON.stringify(name.slice(0, 40))} with 400 invalid_name`, () =>
      withApp({}, async ({ app }) => {
        await refused(await orderOf(app, 1, 1, { name }), 400, "invalid_name");
      }));
  }

  it("keeps names of any script with the punctuation names use", () =>
    withApp({}, async ({ app }) => {
      for (const name of ["J.R.R. Tolkien", "Seán O'Brien-Smith", "Haddad, Layla", "ليلى حداد", "Мария  Иванова"]) {
        const res = await orderOf(app, 1, 1, { name, email: `n${name.length}@example.ae` });
        assert.equal(res.statusCode, 201, `${name}: ${res.body}`);
        assert.equal(json<WireOrder>(res).name, name.replace(/ +/g, " "));
      }
    }));

  it("sends one recipient at most the cap of order emails an hour; card orders send nothing before payment", () =>
    withApp({ mailPerRecipientHour: 2 }, async ({ app, clock }) => {
      const offline = { acquisition_id: BANK_TRANSFER };
      assert.equal((await orderOf(app, 1, 1, { ...offline, email: "victim@example.ae" })).statusCode, 201);
      assert.equal((await orderOf(app, 1, 1, { ...offline, email: "victim+2@example.ae" })).statusCode, 201);
      await refused(await orderOf(app, 1, 1, { ...offline, email: "VICTIM@example.ae" }), 429, "too_many_emails");
      assert.equal((await orderOf(app, 1, 1, { email: "victim@example.ae" })).statusCode, 201, "a card order");
      clock.advance(3600_000 + 1000);
      assert.equal((await orderOf(app, 4, 1, { ...offline, email: "victim@example.ae" })).statusCode, 201);
    }));
});

describe("payment attempts (item 5)", () => {
  const start = (v: Visitor, id: string) =>
    v.request("POST", `/api/orders/${id}/payments`, { return_url: `${SITE_ORIGIN}/order/` });

  it("after the cap of declined cards an order can no longer be paid, and the buyer is told why", () =>
    withApp({ paymentAttemptsPerOrder: 3 }, async ({ app }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, BUYER);
      for (let i = 0; i < 3; i++) assert.equal((await payByCard(app, v, o.id, DECLINED)).result?.statusCode, 303);
      await refused(await start(v, o.id), 409, "attempts_exhausted");
    }));

  it("pages opened in advance and 3-D Secure guesses count against the same cap", () =>
    withApp({ paymentAttemptsPerOrder: 2 }, async ({ app }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, BUYER);
      const pages = [];
      for (let i = 0; i < 4; i++) {
        const res = await start(v, o.id);
        assert.equal(res.statusCode, 201);
        pages.push(await openAcquirer(app, json<{ redirect_url: string }>(res).redirect_url));
      }
      // two wrong 3-D Secure codes
      for (const page of pages.slice(0, 2)) {
        const challenge = await submitAcquirer(app, page.path, cardFields(page.html, CHALLENGE));
        assert.equal(challenge.statusCode, 200);
        const guess = await submitAcquirer(app, `${page.path}/3ds`, {
          csrf: inputValue(page.html, "csrf"),
          code: "000000",
        });
        assert.equal(guess.statusCode, 303);
      }
      // the pages opened before are spent: the approved card on them changes nothing
      for (const page of pages.slice(2)) {
        const res = await submitAcquirer(app, page.path, cardFields(page.html, "4242424242424242"));
        assert.equal(res.statusCode, 303);
      }
      const after = json<WireOrder>(await v.request("GET", `/api/orders/${o.id}`));
      assert.equal(after.status, "failed");
      await refused(await start(v, o.id), 409, "attempts_exhausted");
    }));

  it("waits longer after each decline", () =>
    withApp({ paymentRetryBaseMs: 2000 }, async ({ app, clock }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, BUYER);
      await payByCard(app, v, o.id, DECLINED);
      const soon = await start(v, o.id);
      await refused(soon, 429, "too_many_attempts");
      assert.equal(soon.headers["retry-after"], "2");
      clock.advance(2100);
      await payByCard(app, v, o.id, DECLINED);
      clock.advance(2100);
      await refused(await start(v, o.id), 429, "too_many_attempts");
      clock.advance(2000);
      assert.equal((await start(v, o.id)).statusCode, 201, "4 s after the second decline");
    }));

  it("caps the payment pages one client address opens per hour", () =>
    withApp({ paymentStartsPerClientHour: 3 }, async ({ app, clock }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, BUYER);
      for (let i = 0; i < 3; i++) assert.equal((await start(v, o.id)).statusCode, 201);
      const over = await start(v, o.id);
      await refused(over, 429, "too_many_attempts");
      assert.ok(Number(over.headers["retry-after"]) > 3000);
      clock.advance(3600_000);
      assert.equal((await start(v, o.id)).statusCode, 409, "an hour later the order itself has expired");
    }));
});

describe("hold cycling (item 7)", () => {
  it("a session cannot re-hold the tickets it let expire until the cool-down has passed", () =>
    withApp({ holdCooldownMinutes: 10 }, async ({ app, clock }) => {
      const bot = new Visitor(app);
      assert.equal((await bot.add(3, 4)).statusCode, 200);
      clock.advance(15 * 60_000 + 1000);
      await bot.basket();
      await refused(await bot.add(3, 4), 409, "hold_cooldown");
      // another visitor behind the same address is not blocked (issue 32; tests/server/hardening-second-pass.test.ts)
      assert.equal((await bot.add(1, 1)).statusCode, 200, "other tickets can be held");
      const rival = await app.inject({
        method: "POST",
        url: "/api/basket",
        remoteAddress: "198.51.100.9",
        headers: { "content-type": "application/json", origin: SITE_ORIGIN },
        payload: JSON.stringify({ type: "ADD_TICKET", ticket: { id: 3, count: 1 } }),
      });
      assert.equal(rival.statusCode, 200, "someone else gets them");
      clock.advance(10 * 60_000);
      const again = await bot.add(3, 1);
      assert.equal(again.statusCode, 200, again.body);
    }));
});

describe("order look-up (items 8 and 11)", () => {
  const lookup = (app: TestApp, body: unknown, ip = "203.0.113.5", cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/api/orders/lookup",
      remoteAddress: ip,
      headers: { "content-type": "application/json", origin: SITE_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  it("rotates the session: an id planted in the buyer's browser does not see the order, the basket stays", () =>
    withApp({}, async ({ app }) => {
      const buyer = new Visitor(app);
      await buyer.add(1, 1);
      const o = await placeOrder(app, buyer, { ...BUYER, email: "victim@example.ae" });
      const attacker = new Visitor(app);
      await attacker.add(2, 1);
      const victim = new Visitor(app);
      victim.cookie = attacker.cookie;
      const found = await victim.request("POST", "/api/orders/lookup", { number: o.number, email: o.email });
      assert.equal(found.statusCode, 200, found.body);
      assert.notEqual(victim.cookie, attacker.cookie, "a new session id");
      assert.deepEqual(json<{ results: unknown[] }>(await attacker.request("GET", "/api/orders")).results, []);
      assert.equal(json<{ results: WireOrder[] }>(await victim.request("GET", "/api/orders")).results[0]?.id, o.id);
      const basket = json<{ events: Array<{ tickets: Array<{ id: number }> }> }>(await victim.basket());
      assert.equal(basket.events[0]?.tickets[0]?.id, 2, "the basket moved with the session");
    }));

  it("a locked address still lets the right number and email through, slowly; wrong guesses stay locked", () =>
    withApp({ lookupFailMax: 3, lookupLockedTryMs: 30_000 }, async ({ app, clock }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, { ...BUYER, email: "nat@example.ae" });
      for (let i = 0; i < 3; i++)
        assert.equal((await lookup(app, { number: `UAE-ZZZZZ${i + 2}`, email: "x@example.ae" })).statusCode, 404);
      const locked = await lookup(app, { number: o.number, email: o.email });
      await refused(locked, 429, "too_many_requests");
      assert.ok(Number(locked.headers["retry-after"]) <= 30);
      clock.advance(30_000);
      assert.equal((await lookup(app, { number: o.number, email: o.email })).statusCode, 200, "the innocent neighbour");
      assert.equal((await lookup(app, { number: "UAE-ZZZZZ9", email: "x@example.ae" })).statusCode, 404);
      await refused(await lookup(app, { number: "UAE-ZZZZZA", email: "x@example.ae" }), 429, "too_many_requests");
    }));

  it("counts failures per order number across addresses", () =>
    withApp({ lookupFailMax: 3 }, async ({ app }) => {
      const v = new Visitor(app);
      await v.add(1, 1);
      const o = await placeOrder(app, v, { ...BUYER, email: "target@example.ae" });
      for (let i = 0; i < 3; i++)
        assert.equal(
          (await lookup(app, { number: o.number, email: `guess${i}@example.ae` }, `192.0.2.${i}`)).statusCode,
          404,
        );
      await refused(
        await lookup(app, { number: o.number, email: "guess9@example.ae" }, "192.0.2.50"),
        429,
        "too_many_requests",
      );
    }));

  it("keeps the counters across a restart", async () => {
    const stored = await reopenableDatabase("lookup-lock-");
    const start = async () => {
      const db = await stored.open();
      const app = (await buildApp({ db, config: { ...HERMETIC, lookupFailMax: 3 } })) as TestApp;
      app.addHook("onClose", async () => db.close());
      return app;
    };
    try {
      const first = await start();
      for (let i = 0; i < 3; i++)
        assert.equal((await lookup(first, { number: `UAE-ZZZZZ${i + 2}`, email: "x@example.ae" })).statusCode, 404);
      await first.close();
      const second = await start();
      try {
        await refused(await lookup(second, { number: "UAE-ZZZZZZ", email: "x@example.ae" }), 429, "too_many_requests");
      } finally {
        await second.close();
      }
    } finally {
      await stored.remove();
    }
  });
});

describe("captcha (item 10)", () => {
  it("a challenge is spent only by the session it was fetched for", () =>
    withApp({}, async ({ app }) => {
      const farm = new Visitor(app);
      await farm.basket();
      const stockpiled = await solveCaptcha(app, farm);
      const buyer = new Visitor(app);
      await buyer.add(1, 1);
      await refused(
        await buyer.request("POST", "/api/orders", { ...BUYER, captcha: stockpiled }),
        400,
        "captcha_invalid",
      );
      assert.equal((await createOrder(app, buyer, BUYER)).statusCode, 201, "its own challenge works");
    }));

  it("limits the challenges one client address fetches", () =>
    withApp({ captchaFetchMax: 3, captchaFetchWindowMs: 600_000 }, async ({ app, clock }) => {
      const v = new Visitor(app);
      for (let i = 0; i < 3; i++) assert.equal((await v.request("GET", "/api/captcha")).statusCode, 200);
      const over = await v.request("GET", "/api/captcha");
      await refused(over, 429, "too_many_requests");
      assert.ok(Number(over.headers["retry-after"]) > 0);
      clock.advance(600_000);
      assert.equal((await v.request("GET", "/api/captcha")).statusCode, 200);
    }));
});

describe("orders stored before the buyer key", () => {
  it("are counted under the normalised key after a restart", async () => {
    const stored = await reopenableDatabase("buyer-key-");
    try {
      const db = await stored.open();
      const app = (await buildApp({ db, config: { ...HERMETIC, buyerEventMax: 2 } })) as TestApp;
      assert.equal((await orderOf(app, 1, 2, { email: "Old.Buyer+x@gmail.com" })).statusCode, 201);
      // as an older server stored it: lowercased only
      await db.run("UPDATE orders SET email_key = lower(email)");
      await db.run("DELETE FROM meta WHERE key = 'email_key'");
      await app.close();
      await db.close();
      const again = await stored.open();
      const restarted = (await buildApp({ db: again, config: { ...HERMETIC, buyerEventMax: 2 } })) as TestApp;
      try {
        await refused(await orderOf(restarted, 2, 1, { email: "oldbuyer@gmail.com" }), 409, "buyer_event_limit");
      } finally {
        await restarted.close();
        await again.close();
      }
    } finally {
      await stored.remove();
    }
  });
});
