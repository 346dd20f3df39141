/** The basket API: contract, holds, bad input, CORS and Origin, sessions and expiry. */

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import {
  assertFails,
  assertMatchesContract,
  available,
  type Clock,
  json,
  makeApp,
  offersOf,
  SITE_ORIGIN,
  type TestApp,
  Visitor,
} from "./helpers";

type Basket = {
  currency_code: string;
  expires_at: string | null;
  updated_at: string | null;
  events: Array<{
    event: { id: number; event_source_id: number; title: string };
    tickets: Array<{ id: number; title: string; price: number; count: number; extra?: { service_fee?: number } }>;
  }>;
};

let app: TestApp;
let clock: Clock;
let visitor: Visitor;
before(async () => {
  ({ app, clock } = await makeApp({ holdMinutes: 15 }));
});
after(async () => app.close());
beforeEach(() => {
  visitor = new Visitor(app);
});

const ok = (res: { statusCode: number; body: string }, method = "post"): Basket => {
  assert.equal(res.statusCode, 200, res.body);
  return assertMatchesContract("basket", "/api/basket", method, res) as Basket;
};
const fails = (res: { statusCode: number; body: string }, status: number, code: string, method = "post") =>
  assertFails(res, "/api/basket", method, status, code);

describe("session", () => {
  it("shows a new visitor an empty basket without a cookie; its first change sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const res = await visitor.basket();
    const basket = ok(res, "get");
    assert.equal(res.headers["set-cookie"], undefined, "a read creates no session");
    assert.deepEqual(basket, { currency_code: "AED", events: [], expires_at: null, updated_at: null });
    const added = await visitor.add(1, 1);
    ok(added);
    const cookie = String(added.headers["set-cookie"]);
    assert.match(cookie, /^session=[A-Za-z0-9_-]{32};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    const again = await visitor.add(1, 1);
    assert.equal(again.headers["set-cookie"], undefined, "the cookie is set once");
    ok(await visitor.request("DELETE", "/api/basket"));
  });

  it("keeps baskets of different sessions apart", async () => {
    const other = new Visitor(app);
    ok(await visitor.add(1, 2));
    const theirs = ok(await other.basket(), "get");
    assert.equal(theirs.events.length, 0);
    ok(await other.add(2, 1));
    const mine = ok(await visitor.basket(), "get");
    assert.deepEqual(
      mine.events.flatMap((e) => e.tickets.map((t) => [t.id, t.count])),
      [[1, 2]],
    );
    ok(await visitor.request("DELETE", "/api/basket"));
  });
});

describe("changes", () => {
  it("ADD adds to what is held, UPDATE sets it, DELETE_TICKET and DELETE_EVENT remove, DELETE clears", async () => {
    const before1 = await available(app, 10001, 1);
    let b = ok(await visitor.add(1, 2));
    b = ok(await visitor.add(1, 3));
    assert.equal(b.events[0]!.tickets[0]!.count, 5);
    assert.equal(await available(app, 10001, 1), before1 - 5, "held tickets leave available");
    b = ok(await visitor.change({ type: "UPDATE_TICKET", ticket: { id: 1, count: 1 } }));
    assert.equal(b.events[0]!.tickets[0]!.count, 1);
    assert.equal(await available(app, 10001, 1), before1 - 1);
    b = ok(await visitor.add(2, 2));
    const sessions = await offersOf(app, 10002);
    const other = sessions[0]!.tickets[0]!.id;
    b = ok(await visitor.add(other, 1));
    assert.deepEqual(
      b.events.map((e) => e.event.id),
      [1, 2],
      "grouped by event, in order of adding",
    );
    assert.ok(b.expires_at);
    b = ok(await visitor.change({ type: "DELETE_TICKET", ticket: { id: 2 } }));
    assert.deepEqual(
      b.events[0]!.tickets.map((t) => t.id),
      [1],
    );
    b = ok(await visitor.change({ type: "DELETE_EVENT", event: { id: 1 } }));
    assert.deepEqual(
      b.events.map((e) => e.event.id),
      [2],
    );
    assert.equal(await available(app, 10001, 1), before1);
    b = ok(await visitor.request("DELETE", "/api/basket"), "delete");
    assert.deepEqual([b.events.length, b.expires_at], [0, null]);
  });

  it("prices come from the server in the requested currency, with the service fee", async () => {
    ok(await visitor.add(1, 2));
    const aed = ok(await visitor.basket(), "get");
    const t = aed.events[0]!.tickets[0]!;
    assert.deepEqual([t.price, t.extra?.service_fee], [195, 9.75]);
    const eur = ok(await visitor.basket("eur"), "get");
    assert.equal(eur.currency_code, "EUR");
    assert.equal(eur.events[0]!.tickets[0]!.price, Math.round(195 * 0.2519 * 100) / 100);
    const rub = ok(await visitor.change({ type: "UPDATE_TICKET", ticket: { id: 1, count: 3 } }, "RUB"));
    assert.equal(rub.events[0]!.tickets[0]!.price, Math.round(195 * 21.9 * 100) / 100);
    ok(await visitor.request("DELETE", "/api/basket"));
  });

  it("keeps expires_at fixed from the first ticket: later changes do not extend the hold", async () => {
    const a = ok(await visitor.add(1, 1));
    clock.advance(60_000);
    const b = ok(await visitor.add(1, 1));
    assert.equal(b.expires_at, a.expires_at);
    clock.advance(60_000);
    const c = ok(await visitor.change({ type: "UPDATE_TICKET", ticket: { id: 1, count: 1 } }));
    assert.equal(c.expires_at, a.expires_at);
    ok(await visitor.request("DELETE", "/api/basket"));
    const d = ok(await visitor.add(1, 1));
    assert.ok(
      Math.abs(Date.parse(d.expires_at!) - (clock.now() + 15 * 60_000)) < 2000,
      "an emptied basket starts a new hold",
    );
    ok(await visitor.request("DELETE", "/api/basket"));
  });
});

describe("bad input gets its 4xx with {detail, code} and changes nothing", () => {
  const cases: Array<[string, unknown, number, string]> = [
    ["malformed JSON", '{"type": "ADD_TICKET",', 400, "invalid_json"],
    ["unknown type", { type: "BUY_EVERYTHING", ticket: { id: 1, count: 1 } }, 400, "unknown_type"],
    ["missing type", { ticket: { id: 1, count: 1 } }, 400, "bad_request"],
    ["not an object", [1, 2], 400, "bad_request"],
    ["missing ticket", { type: "ADD_TICKET" }, 400, "bad_request"],
    ["string ticket id", { type: "ADD_TICKET", ticket: { id: "1", count: 1 } }, 400, "bad_request"],
    ["count 0", { type: "ADD_TICKET", ticket: { id: 1, count: 0 } }, 400, "invalid_count"],
    ["negative count", { type: "UPDATE_TICKET", ticket: { id: 1, count: -2 } }, 400, "invalid_count"],
    ["fractional count", { type: "ADD_TICKET", ticket: { id: 1, count: 1.5 } }, 400, "invalid_count"],
    ["string count", { type: "ADD_TICKET", ticket: { id: 1, count: "2" } }, 400, "invalid_count"],
    ["huge count", { type: "ADD_TICKET", ticket: { id: 1, count: 1e12 } }, 400, "invalid_count"],
    ["unknown ticket", { type: "ADD_TICKET", ticket: { id: 987654, count: 1 } }, 404, "unknown_ticket"],
    ["unknown ticket to delete", { type: "DELETE_TICKET", ticket: { id: 987654 } }, 404, "unknown_ticket"],
    ["unknown event to delete", { type: "DELETE_EVENT", event: { id: 987654 } }, 404, "not_found"],
    ["over max_per_order", { type: "ADD_TICKET", ticket: { id: 1, count: 11 } }, 409, "over_max_per_order"],
    ["sold-out event", { type: "ADD_TICKET", ticket: { id: -1, count: 1 } }, 409, "event_not_on_sale"],
    ["cancelled event", { type: "ADD_TICKET", ticket: { id: -2, count: 1 } }, 409, "event_not_on_sale"],
    ["sold-out category", { type: "ADD_TICKET", ticket: { id: -3, count: 1 } }, 409, "not_enough_tickets"],
  ];
  let soldOutTicket = 0;
  let cancelledTicket = 0;
  let emptyCategory = 0;
  before(async () => {
    soldOutTicket = (await offersOf(app, 10019))[0]!.tickets[0]!.id;
    cancelledTicket = (await offersOf(app, 10020))[0]!.tickets[0]!.id;
    emptyCategory = (await offersOf(app, 10013))[0]!.tickets[1]!.id;
  });
  for (const [name, body, status, code] of cases) {
    it(`${name} → ${status} ${code}`, async () => {
      ok(await visitor.add(1, 2));
      const before1 = await available(app, 10001, 1);
      const real = JSON.parse(JSON.stringify(body ?? null), (k, v) =>
        k === "id" && v === -1
          ? soldOutTicket
          : k === "id" && v === -2
            ? cancelledTicket
            : k === "id" && v === -3
              ? emptyCategory
              : v,
      );
      fails(await visitor.change(typeof body === "string" ? body : real), status, code);
      const after1 = ok(await visitor.basket(), "get");
      assert.deepEqual(
        after1.events.flatMap((e) => e.tickets.map((t) => [t.id, t.count])),
        [[1, 2]],
      );
      assert.equal(await available(app, 10001, 1), before1);
      ok(await visitor.request("DELETE", "/api/basket"));
    });
  }

  it("an empty JSON body → 400 invalid_json on POST, but a DELETE with the header and no body clears", async () => {
    ok(await visitor.add(1, 1));
    fails(
      await visitor.request("POST", "/api/basket", "", { "content-type": "application/json" }),
      400,
      "invalid_json",
    );
    const del = await visitor.request("DELETE", "/api/basket", undefined, { "content-type": "application/json" });
    assert.equal(ok(del, "delete").events.length, 0);
  });

  it("a body that is not JSON → 400", async () => {
    const body = JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin1",
      "application/json; charset=iso-8859-1",
    ]) {
      const res = await visitor.request("POST", "/api/basket", body, { "content-type": type });
      fails(res, 400, "unsupported_media_type");
      assert.match(json<{ detail: string }>(res).detail, /JSON|UTF-8/);
    }
    ok(await visitor.request("POST", "/api/basket", body, { "content-type": "application/json; charset=UTF-8" }));
    ok(await visitor.request("DELETE", "/api/basket"));
    assert.equal(ok(await visitor.basket(), "get").events.length, 0);
  });

  it("a body over 16 KiB → 413 body_too_large", async () => {
    const res = await visitor.change({
      type: "ADD_TICKET",
      ticket: { id: 1, count: 1 },
      padding: "x".repeat(17 * 1024),
    });
    fails(res, 413, "body_too_large");
    assert.equal(ok(await visitor.basket(), "get").events.length, 0);
  });

  it("an unknown currency → 400 unknown_currency, on every method", async () => {
    fails(await visitor.basket("XYZ"), 400, "unknown_currency", "get");
    fails(await visitor.change({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }, "XYZ"), 400, "unknown_currency");
    assert.equal(ok(await visitor.basket(), "get").events.length, 0);
  });

  it("more than are left → 409 not_enough_tickets", async () => {
    const vip = (await offersOf(app, 10001))[0]!.tickets[2]!;
    assert.ok(vip.available > 0 && vip.available <= vip.max_per_order);
    fails(
      await visitor.add(vip.id, vip.available + 1),
      409,
      vip.available + 1 > vip.max_per_order ? "over_max_per_order" : "not_enough_tickets",
    );
    const other = new Visitor(app);
    ok(await other.add(vip.id, vip.available));
    fails(await visitor.add(vip.id, 1), 409, "not_enough_tickets");
    ok(await other.request("DELETE", "/api/basket"));
    ok(await visitor.add(vip.id, 1));
    ok(await visitor.request("DELETE", "/api/basket"));
  });
});

describe("CORS and Origin", () => {
  it("answers credentials CORS to the site's origins only", async () => {
    const res = await visitor.basket();
    assert.equal(res.headers["access-control-allow-origin"], SITE_ORIGIN);
    assert.equal(res.headers["access-control-allow-credentials"], "true");
    const stranger = new Visitor(app, "http://evil.example");
    const res2 = await stranger.basket();
    assert.equal(res2.statusCode, 200, "a read gets no CORS headers but is not refused");
    assert.equal(res2.headers["access-control-allow-origin"], undefined);
  });

  it("answers the preflight of an allowed origin and refuses others", async () => {
    const pre = await app.inject({
      method: "OPTIONS",
      url: "/api/basket",
      headers: {
        origin: "http://localhost:8000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    assert.equal(pre.statusCode, 204);
    assert.equal(pre.headers["access-control-allow-origin"], "http://localhost:8000");
    assert.equal(pre.headers["access-control-allow-credentials"], "true");
    assert.match(String(pre.headers["access-control-allow-methods"]), /POST/);
    assert.match(String(pre.headers["access-control-allow-headers"]), /content-type/i);
    const bad = await app.inject({
      method: "OPTIONS",
      url: "/api/basket",
      headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
    });
    assert.equal(bad.headers["access-control-allow-origin"], undefined);
  });

  it("refuses a state-changing request from another origin with 403 and changes nothing", async () => {
    ok(await visitor.add(1, 1));
    const cookie = visitor.cookie!;
    for (const origin of ["http://evil.example", "null", "http://127.0.0.1:4010"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/basket",
        headers: { origin, cookie, "content-type": "application/json" },
        payload: JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }),
      });
      fails(res, 403, "origin_not_allowed");
      const del = await app.inject({ method: "DELETE", url: "/api/basket", headers: { origin, cookie } });
      assert.equal(del.statusCode, 403);
    }
    const order = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { origin: "http://evil.example", cookie, "content-type": "application/json" },
      payload: "{}",
    });
    assert.equal(order.statusCode, 403);
    assert.equal(ok(await visitor.basket(), "get").events[0]!.tickets[0]!.count, 1);
    const noOrigin = new Visitor(app, undefined);
    noOrigin.cookie = cookie;
    assert.equal(
      ok(await noOrigin.add(1, 1)).events[0]!.tickets[0]!.count,
      2,
      "no Origin header (not a browser) is allowed",
    );
    ok(await visitor.request("DELETE", "/api/basket"));
  });

  it("gives the catalogue to any origin without credentials", async () => {
    const res = await app.inject({ url: "/v1/events?page_size=1", headers: { origin: "http://evil.example" } });
    assert.equal(res.headers["access-control-allow-origin"], "*");
    assert.match(String(res.headers["access-control-expose-headers"]), /Retry-After/);
    assert.equal(res.headers["access-control-allow-credentials"], undefined);
  });
});

describe("holds expire", () => {
  it("releases held tickets after the hold time and empties the basket", async () => {
    const before1 = await available(app, 10001, 1);
    const b = ok(await visitor.add(1, 3));
    assert.equal(await available(app, 10001, 1), before1 - 3);
    assert.ok(Math.abs(Date.parse(b.expires_at!) - clock.now() - 15 * 60_000) < 2000);
    clock.advance(14 * 60_000);
    assert.equal(ok(await visitor.basket(), "get").events.length, 1, "still held before expiry");
    clock.advance(60_000 + 1000);
    assert.equal(await available(app, 10001, 1), before1, "released once expired (dates_prices sees it)");
    const after1 = ok(await visitor.basket(), "get");
    assert.deepEqual([after1.events.length, after1.expires_at], [0, null]);
  });
});

describe("a hold that ran out between two sweeps", () => {
  /** One seat of a ticket left, held by a first visitor, whose hold then runs out less than a second after
   * another change looked for expired holds: the change that comes next does not look again on its way. */
  async function lastSeatRanOut(): Promise<{ ticket: number; first: Visitor }> {
    const ticket = (await offersOf(app, 10005))[0]!.tickets[0]!.id;
    await app.deps.db.run("UPDATE tickets SET total = sold + held + 1 WHERE id = ?", [ticket]);
    const first = new Visitor(app);
    ok(await first.add(ticket, 1));
    clock.advance(15 * 60_000 - 500);
    ok(await new Visitor(app).add(1, 1));
    clock.advance(600);
    return { ticket, first };
  }

  it("is released when it keeps the last seat from another buyer, who gets it", async () => {
    const { ticket, first } = await lastSeatRanOut();
    const b = ok(await visitor.add(ticket, 1));
    assert.deepEqual(
      b.events.flatMap((e) => e.tickets).map((t) => [t.id, t.count]),
      [[ticket, 1]],
    );
    assert.equal(ok(await first.basket(), "get").events.length, 0, "the first visitor's hold was given back");
    fails(await new Visitor(app).add(ticket, 1), 409, "not_enough_tickets");
  });

  it("is released, not extended, when its own basket changes again", async () => {
    const { ticket, first } = await lastSeatRanOut();
    const b = ok(await first.add(1, 1));
    assert.deepEqual(
      b.events.flatMap((e) => e.tickets).map((t) => t.id),
      [1],
      "the ticket whose hold ran out has left the basket",
    );
    assert.ok(Date.parse(b.expires_at!) > clock.now() + 14 * 60_000, "the new hold runs from now");
    ok(await visitor.add(ticket, 1));
  });
});

describe("short hold time in real time", () => {
  it("expires with HOLD_MINUTES set to a fraction of a minute", async () => {
    const { app: quick } = await makeApp({ holdMinutes: 0.01 });
    try {
      const v = new Visitor(quick);
      const b = json<Basket>(await v.add(1, 2));
      assert.ok(Date.parse(b.expires_at!) - Date.now() <= 1000);
      await new Promise((r) => setTimeout(r, 1200));
      assert.equal(json<Basket>(await v.basket()).events.length, 0);
    } finally {
      await quick.close();
    }
  });
});
