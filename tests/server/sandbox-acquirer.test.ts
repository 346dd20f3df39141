/** Paying on the sandbox acquirer's hosted page: approve, 3-D Secure, decline and retry, unknown cards, wallets, safety. */

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import {
  assertFails,
  assertMatchesContract,
  BUYER,
  cardFields,
  inputValue,
  json,
  makeApp,
  openAcquirer,
  payByCard,
  placeOrder,
  SITE_ORIGIN,
  submitAcquirer,
  type TestApp,
  Visitor,
} from "./helpers";

let app: TestApp;
let visitor: Visitor;
before(async () => {
  ({ app } = await makeApp());
});
after(async () => app.close());
beforeEach(() => {
  visitor = new Visitor(app);
});

let buyers = 0;
async function newOrder(extra: Record<string, unknown> = {}, count = 1): Promise<WireOrder> {
  await visitor.add(1, count);
  return placeOrder(app, visitor, { ...BUYER, email: `payer${++buyers}@example.ae`, ...extra });
}
const status = async (id: string) => json<WireOrder>(await visitor.request("GET", `/api/orders/${id}`));
const RETURN = `${SITE_ORIGIN}/ru/order/pay/?step=pay&x=1`;

async function start(id: string, returnUrl = RETURN) {
  const res = await visitor.request("POST", `/api/orders/${id}/payments`, { return_url: returnUrl });
  assert.equal(res.statusCode, 201, res.body);
  const { redirect_url } = assertMatchesContract("basket", "/api/orders/{id}/payments", "post", res) as {
    redirect_url: string;
  };
  return openAcquirer(app, redirect_url);
}
/** The 3-D Secure form as the buyer fills it. */
const otp = (html: string, code: string) => ({ csrf: inputValue(html, "csrf"), code });
function backToShop(res: { statusCode: number; headers: Record<string, unknown> }, id: string): URL {
  assert.equal(res.statusCode, 303);
  const url = new URL(String(res.headers.location));
  assert.equal(url.origin, SITE_ORIGIN);
  assert.equal(url.pathname, "/ru/order/pay/");
  assert.equal(url.searchParams.get("step"), "pay", "the return URL's own query is kept");
  assert.equal(url.searchParams.get("x"), "1");
  assert.equal(url.searchParams.get("order"), id);
  return url;
}

describe("starting a payment", () => {
  it("answers 201 with the acquirer's page, which shows the order in its language with a card form", async () => {
    const o = await newOrder({ lang: "ru" });
    const page = await start(o.id);
    assert.equal(page.status, 200);
    assert.match(String(page.headers["content-type"]), /text\/html/);
    assert.match(page.html, /<html lang="ru" dir="ltr">/);
    assert.match(page.html, /Номер карты/);
    assert.ok(page.html.includes(o.number));
    for (const token of ["cc-number", "cc-exp", "cc-csc", "cc-name"])
      assert.match(page.html, new RegExp(`autocomplete="${token}"`));
    for (const id of ["card-number", "card-expiry", "card-cvc", "card-name"])
      assert.match(page.html, new RegExp(`<label for="${id}">`));
    const csp = String(page.headers["content-security-policy"]);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /default-src 'none'/);
    assert.equal(page.headers["x-frame-options"], "DENY");
    // with no-referrer, browsers send "Origin: null" on the page's own posts and the origin check would refuse them
    assert.equal(page.headers["referrer-policy"], "same-origin");
    // one script, the page's own file (the expiry's slash); nothing inline
    assert.deepEqual(page.html.match(/<script[^>]*>/g), ['<script src="/sandbox-acquirer/acquirer.js" defer>']);
    assert.match(csp, /script-src 'self';/);
  });

  it("is in Arabic, right to left, for an Arabic order", async () => {
    const o = await newOrder({ lang: "ar" });
    const page = await start(o.id);
    assert.match(page.html, /<html lang="ar" dir="rtl">/);
    assert.match(page.html, /رقم البطاقة/);
    assert.match(page.html, /<bdi>/);
  });

  it("refuses a return_url outside the site's origins", async () => {
    const o = await newOrder();
    for (const bad of [
      "https://evil.example/back",
      "javascript:alert(1)",
      "/order/",
      "http://user:pw@127.0.0.1:9000/",
      "x".repeat(2001),
      42,
    ]) {
      const res = await visitor.request("POST", `/api/orders/${o.id}/payments`, { return_url: bad });
      assertFails(res, "/api/orders/{id}/payments", "post", 400, "invalid_return_url");
    }
  });
});

describe("card outcomes", () => {
  it("4242… is approved: back to the shop, the order paid with one e-ticket per person", async () => {
    const o = await newOrder({}, 3);
    const page = await start(o.id);
    backToShop(await submitAcquirer(app, page.path, cardFields(page.html, "4242 4242 4242 4242")), o.id);
    const res = await visitor.request("GET", `/api/orders/${o.id}`);
    const paid = assertMatchesContract("basket", "/api/orders/{id}", "get", res) as WireOrder;
    assert.equal(paid.status, "paid");
    assert.equal(paid.tickets.length, 3);
    assert.equal(new Set(paid.tickets.map((t) => t.code)).size, 3);
    assert.equal(paid.expires_at, null);
    assert.ok(paid.paid_at);
    const again = await visitor.request("POST", `/api/orders/${o.id}/payments`, { return_url: RETURN });
    assert.equal(again.statusCode, 409);
    assert.equal(json<{ code: string }>(again).code, "already_paid");
  });

  it("4000 0000 0000 3220 asks for a 3-D Secure code: 123456 approves", async () => {
    const o = await newOrder({ lang: "ar" });
    const page = await start(o.id);
    const challenge = await submitAcquirer(app, page.path, cardFields(page.html, "4000000000003220"));
    assert.equal(challenge.statusCode, 200);
    assert.match(challenge.body, /autocomplete="one-time-code"/);
    assert.match(challenge.body, /dir="rtl"/);
    const reopened = await openAcquirer(app, `http://api.test${page.path}`);
    assert.match(reopened.html, /one-time-code/, "reopening the page shows the challenge again");
    const bad = await submitAcquirer(app, `${page.path}/3ds`, otp(page.html, "12"));
    assert.equal(bad.statusCode, 400, "a code of the wrong shape is asked again");
    assert.equal((await status(o.id)).status, "awaiting_payment");
    backToShop(await submitAcquirer(app, `${page.path}/3ds`, otp(page.html, "123456")), o.id);
    assert.equal((await status(o.id)).status, "paid");
  });

  it("a wrong 3-D Secure code declines", async () => {
    const o = await newOrder();
    const page = await start(o.id);
    await submitAcquirer(app, page.path, cardFields(page.html, "4000000000003220"));
    backToShop(await submitAcquirer(app, `${page.path}/3ds`, otp(page.html, "654321")), o.id);
    assert.equal((await status(o.id)).status, "failed");
  });

  it("4000…0002 is declined: the order is failed, keeps its tickets, and a new attempt can pay it", async () => {
    const o = await newOrder();
    const first = await payByCard(app, visitor, o.id, "4000 0000 0000 0002", RETURN);
    backToShop(first.result!, o.id);
    const failed = await status(o.id);
    assert.equal(failed.status, "failed");
    assert.deepEqual(failed.tickets, []);
    assert.ok(failed.expires_at, "can still be paid until then");
    const second = await payByCard(app, visitor, o.id, "4242424242424242", RETURN);
    backToShop(second.result!, o.id);
    assert.equal((await status(o.id)).status, "paid");
  });

  it("any other number is refused on the page with a message, and the order stays as it was", async () => {
    const o = await newOrder({ lang: "ru" });
    const page = await start(o.id);
    const res = await submitAcquirer(app, page.path, cardFields(page.html, "5555 5555 5555 4444"));
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Эта карта здесь не принимается/);
    assert.match(res.body, /aria-invalid="true"/);
    assert.equal((await status(o.id)).status, "awaiting_payment");
  });

  it("checks expiry (MM/YY, not past), CVC and cardholder", async () => {
    const o = await newOrder();
    const page = await start(o.id);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ expiry: "13/30" }, /MM\/YY/],
      [{ expiry: "01/20" }, /expired/],
      [{ cvc: "12" }, /3 or 4 digits/],
      [{ cardholder: "  " }, /name as it is written/],
    ];
    for (const [more, message] of cases) {
      const res = await submitAcquirer(app, page.path, cardFields(page.html, "4242424242424242", more));
      assert.equal(res.statusCode, 400, JSON.stringify(more));
      assert.match(res.body, message);
    }
    assert.equal((await status(o.id)).status, "awaiting_payment");
  });

  it("escapes whatever was typed when it shows the form again", async () => {
    const o = await newOrder();
    const page = await start(o.id);
    const res = await submitAcquirer(
      app,
      page.path,
      cardFields(page.html, '"><script>alert(1)</script>', { cardholder: "<img src=x onerror=alert(1)>" }),
    );
    assert.equal(res.statusCode, 400);
    assert.doesNotMatch(res.body, /<script>alert|<img src=x/);
    assert.match(res.body, /&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  it("refuses a post without the page's form token or from another origin, and charges nothing", async () => {
    const o = await newOrder();
    const page = await start(o.id);
    const forged = await submitAcquirer(app, page.path, {
      ...cardFields(page.html, "4242424242424242"),
      csrf: "guessed",
    });
    assert.equal(forged.statusCode, 403);
    const crossSite = await submitAcquirer(
      app,
      page.path,
      cardFields(page.html, "4242424242424242"),
      "https://evil.example",
    );
    assert.equal(crossSite.statusCode, 403);
    assert.equal((await status(o.id)).status, "awaiting_payment");
  });

  it("accepts the page's own post when the browser hides its origin (Origin: null)", async () => {
    const o = await newOrder();
    const page = await start(o.id);
    backToShop(await submitAcquirer(app, page.path, cardFields(page.html, "4242424242424242"), "null"), o.id);
    assert.equal((await status(o.id)).status, "paid");
  });

  it("charges once when the form is sent twice at the same moment", async () => {
    const o = await newOrder({}, 2);
    const page = await start(o.id);
    const fields = cardFields(page.html, "4242424242424242");
    const results = await Promise.all([1, 2, 3].map(() => submitAcquirer(app, page.path, fields)));
    for (const r of results) assert.equal(r.statusCode, 303);
    const row = await app.deps.db.one<{ charges: number }>("SELECT charges FROM orders WHERE id = ?", [o.id]);
    assert.equal(row?.charges, 1);
    assert.equal((await status(o.id)).tickets.length, 2);
  });

  it("an unknown payment link is a 404 page", async () => {
    const res = await app.inject("/sandbox-acquirer/pay/not-a-token");
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /not valid/);
  });
});

describe("wallets", () => {
  it("Apple Pay shows one sandbox approve button and no card fields; approving pays", async () => {
    const o = await newOrder({ acquisition_id: 2 });
    const page = await start(o.id);
    assert.match(page.html, /Apple Pay/);
    assert.doesNotMatch(page.html, /cc-number/);
    assert.equal(
      page.html.match(/<button(?![^>]*class="cancel")/g)?.length,
      1,
      "one approve button beside the way back",
    );
    backToShop(await submitAcquirer(app, page.path, { csrf: inputValue(page.html, "csrf"), wallet: "approve" }), o.id);
    assert.equal((await status(o.id)).status, "paid");
  });
});
