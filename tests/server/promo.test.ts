/**
 * Promo codes (server/src/promo): entered into the session, shown with the basket, taken off the
 * order's price before the payment fee, counted per order under the code's lock, given back when
 * an unpaid order expires, refused with a reason, and guessing throttled.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { BasketJson } from "../../server/src/basket/basket-service";
import type { WireOrder } from "../../server/src/deps";
import { runPromoCommand } from "../../server/src/promo/cli";
import { promoRepository } from "../../server/src/promo/promo-repository";
import {
  assertFails,
  assertMatchesContract,
  BUYER,
  type Clock,
  createOrder,
  json,
  makeApp,
  placeOrder,
  type TestApp,
  Visitor,
  withApp,
} from "./helpers";

let app: TestApp;
let clock: Clock;
let visitor: Visitor;
before(async () => {
  ({ app, clock } = await makeApp());
});
after(async () => app.close());
beforeEach(() => {
  visitor = new Visitor(app);
});

let codes = 0;
/** A code of its own per test: `create` flags after the code. */
async function code(flags: string, on: TestApp = app): Promise<string> {
  const name = `TEST${++codes}`;
  await runPromoCommand(
    ["create", "--code", name, ...flags.split(" ").filter(Boolean)],
    promoRepository(on.deps.db),
    on.deps.now(),
  );
  return name;
}
let buyers = 0;
const buyer = (extra: Record<string, unknown> = {}) => ({ ...BUYER, email: `promo${++buyers}@example.ae`, ...extra });

const enter = (v: Visitor, c: string, query = "") => v.request("PUT", `/api/basket/promo${query}`, { code: c });
const basketOf = async (v: Visitor, query = "") =>
  assertMatchesContract("basket", "/api/basket", "get", await v.request("GET", `/api/basket${query}`)) as BasketJson;

describe("a percentage code in the basket and the order", () => {
  it("is entered in any case, shown per event and in all, and taken off before the payment fee", async () => {
    const c = await code("--percent 10 --event 1");
    await visitor.add(1, 2); // 2 x 195, event 1
    await visitor.add(4, 1); // 150, event 2: not for this code
    const res = await enter(visitor, `  ${c.toLowerCase()} `);
    assert.equal(res.statusCode, 200, res.body);
    const entered = assertMatchesContract("basket", "/api/basket/promo", "put", res) as BasketJson;
    assert.deepEqual(entered.promo, {
      code: c,
      refusal: null,
      discount: 39,
      events: [{ event_id: 1, ticket_ids: [1], discount: 39 }],
    });
    // every basket answer carries it while the session has it
    assert.equal((await basketOf(visitor)).promo?.discount, 39);
    assert.equal((await basketOf(visitor, "?currency_code=USD")).promo?.discount, 10.62);

    const acquisition = app.deps.catalogue.data.acquisitions.find((a) => a.id === 1) as { feePercent: number | null };
    const fee = acquisition.feePercent;
    acquisition.feePercent = 2;
    try {
      const o = await placeOrder(app, visitor, buyer());
      assert.equal(o.total.price, 540);
      assert.equal(o.total.discount, 39);
      // 2 % of what is charged before the fee: 540 + 27 - 39
      assert.equal(o.total.payment_fee, 10.56);
      assert.equal(o.total.amount, 538.56);
      assert.deepEqual(o.promo, { code: c, discount: 39, events: [{ event_id: 1, ticket_ids: [1], discount: 39 }] });
      const again = json<WireOrder>(await visitor.request("GET", `/api/orders/${o.id}`));
      assert.equal(again.promo?.code, c);
      assert.equal(again.total.discount, 39);
    } finally {
      acquisition.feePercent = fee;
    }
    // the order used the code: the new session has none
    assert.equal((await basketOf(visitor)).promo, undefined);
  });

  it("a fixed amount is converted like prices, a set price lowers each ticket it is for", async () => {
    const amount = await code("--amount 100 --categories 1");
    await visitor.add(1, 1);
    await enter(visitor, amount);
    assert.equal((await basketOf(visitor, "?currency_code=USD")).promo?.discount, 27.23);
    // never more than the tickets it is for cost
    await visitor.add(2, 1);
    const big = await code("--amount 1000 --categories 1");
    await enter(visitor, big);
    assert.equal((await basketOf(visitor)).promo?.discount, 195);
    const set = await code("--price 150");
    await enter(visitor, set);
    assert.equal((await basketOf(visitor)).promo?.discount, 45 + 245);
  });

  it("a code that takes the whole price off leaves the service fee to pay", async () => {
    const c = await code("--percent 100 --event 2");
    await visitor.add(4, 1);
    await enter(visitor, c);
    const o = await placeOrder(app, visitor, buyer());
    assert.equal(o.total.discount, 150);
    assert.equal(o.total.amount, 7.5);
    assert.equal(o.status, "awaiting_payment");
  });

  it("DELETE /api/basket/promo removes the code", async () => {
    const c = await code("--percent 5");
    await visitor.add(1, 1);
    await enter(visitor, c);
    const res = await visitor.request("DELETE", "/api/basket/promo");
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((assertMatchesContract("basket", "/api/basket/promo", "delete", res) as BasketJson).promo, undefined);
    const o = await placeOrder(app, visitor, buyer());
    assert.equal(o.total.discount, undefined);
    assert.equal(o.total.amount, 195 + 9.75);
  });
});

describe("a code that does not apply says why", () => {
  it("unknown, not yet valid, expired, disabled, used up, not for these tickets", async () => {
    await visitor.add(1, 1);
    assertFails(await enter(visitor, "NOSUCHCODE"), "/api/basket/promo", "put", 404, "promo_unknown");
    assertFails(
      await enter(visitor, await code("--percent 5 --from 2099-01-01")),
      "/api/basket/promo",
      "put",
      409,
      "promo_not_yet_valid",
    );
    assertFails(
      await enter(visitor, await code("--percent 5 --until 2001-01-01")),
      "/api/basket/promo",
      "put",
      409,
      "promo_expired",
    );
    const disabled = await code("--percent 5");
    await runPromoCommand(["disable", "--code", disabled.toLowerCase()], promoRepository(app.deps.db), app.deps.now());
    assertFails(await enter(visitor, disabled), "/api/basket/promo", "put", 409, "promo_expired");
    assertFails(
      await enter(visitor, await code("--percent 5 --event 2")),
      "/api/basket/promo",
      "put",
      409,
      "promo_not_applicable",
    );
    assertFails(
      await enter(visitor, await code("--percent 5 --categories 2")),
      "/api/basket/promo",
      "put",
      409,
      "promo_not_applicable",
    );
    assert.equal((await basketOf(visitor)).promo, undefined, "a refused code is not kept");
  });

  it("a code kept with an empty basket shows why it takes nothing off the tickets added later", async () => {
    const c = await code("--percent 5 --event 2");
    assert.equal((await enter(visitor, c)).statusCode, 200);
    await visitor.add(1, 1);
    const b = await basketOf(visitor);
    assert.deepEqual(b.promo, { code: c, refusal: "not_applicable", discount: 0, events: [] });
    assertFails(await createOrder(app, visitor, buyer()), "/api/orders", "post", 409, "promo_not_applicable");
  });

  it("a code that expires while in the basket refuses the order instead of changing the price silently", async () => {
    const until = new Date(clock.now() + 60_000).toISOString();
    const c = await code(`--percent 5 --until ${until}`);
    await visitor.add(1, 1);
    await enter(visitor, c);
    clock.advance(2 * 60_000);
    assert.equal((await basketOf(visitor)).promo?.refusal, "expired");
    assertFails(await createOrder(app, visitor, buyer()), "/api/orders", "post", 409, "promo_expired");
  });
});

describe("uses", () => {
  it("a use is counted when the order is made and given back when the unpaid order expires", async () => {
    const c = await code("--percent 10 --uses 1");
    const count = async () => runPromoCommand(["count", "--code", c], promoRepository(app.deps.db), app.deps.now());
    await visitor.add(1, 1);
    await enter(visitor, c);
    await placeOrder(app, visitor, buyer());
    assert.equal(await count(), "1");
    const second = new Visitor(app);
    await second.add(1, 1);
    assertFails(await enter(second, c), "/api/basket/promo", "put", 409, "promo_used_up");
    clock.advance(31 * 60_000);
    await app.deps.releaseExpired(app.deps.now());
    assert.equal(await count(), "0");
    const third = new Visitor(app);
    await third.add(1, 1);
    assert.equal((await enter(third, c)).statusCode, 200);
    assert.equal((await placeOrder(app, third, buyer())).promo?.code, c);
  });

  it("a buyer uses a code at most --per-buyer times", async () => {
    const c = await code("--percent 10 --per-buyer 1");
    const same = buyer();
    await visitor.add(1, 1);
    await enter(visitor, c);
    await placeOrder(app, visitor, same);
    await visitor.add(1, 1);
    await enter(visitor, c);
    assertFails(
      await createOrder(app, visitor, { ...same, email: same.email.toUpperCase() }),
      "/api/orders",
      "post",
      409,
      "promo_used_up",
    );
    assert.equal((await placeOrder(app, visitor, buyer())).promo?.code, c);
  });

  it("twelve concurrent orders with a code of 3 uses: exactly 3 use it", async () => {
    const c = await code("--percent 10 --uses 3");
    // every basket takes the code while it is unused; the orders then race for its uses
    const visitors = Array.from({ length: 12 }, () => new Visitor(app));
    for (const v of visitors) {
      await v.add(1, 1);
      assert.equal((await enter(v, c)).statusCode, 200);
    }
    const results = await Promise.all(visitors.map((v) => createOrder(app, v, buyer())));
    const made = results.filter((r) => r.statusCode === 201);
    assert.equal(made.length, 3, results.map((r) => r.statusCode).join(" "));
    for (const r of results.filter((r) => r.statusCode !== 201))
      assert.equal(json<{ code: string }>(r).code, "promo_used_up");
    assert.equal(await runPromoCommand(["count", "--code", c], promoRepository(app.deps.db), app.deps.now()), "3");
  });
});

describe("guessing", () => {
  it("refused codes from one address are throttled like the order look-up: 429 with Retry-After", async () => {
    await withApp({ lookupFailMax: 3, lookupLockedTryMs: 30_000 }, async ({ app: small, clock: c }) => {
      const real = await code("--percent 10", small);
      const tries = () => new Visitor(small);
      for (let i = 0; i < 3; i++) assert.equal((await enter(tries(), `GUESS${i}`)).statusCode, 404);
      const locked = await enter(tries(), real);
      assertFails(locked, "/api/basket/promo", "put", 429, "too_many_requests");
      assert.equal(locked.headers["retry-after"], "30");
      c.advance(31_000);
      // one try per locked period: the right code gets through
      assert.equal((await enter(tries(), real)).statusCode, 200);
    });
  });
});
