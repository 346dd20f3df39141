/**
 * What an order says about its sessions (contract 2.1): when each ticket's session ends, no ticket
 * for a session that is over whatever the browser sends, the language the buyer pays in, and the
 * acquirer telling the shop at once how the visit ended.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import {
  assertFails,
  assertMatchesContract,
  BUYER,
  cardFields,
  createOrder,
  inputValue,
  json,
  offersOf,
  openAcquirer,
  placeOrder,
  SITE_ORIGIN,
  submitAcquirer,
  type TestApp,
  Visitor,
  withApp,
} from "./helpers";

/** Marina Sunset Sessions: one session that began two days before the seeding day and runs six days. */
const ON_NOW = 10007;
const RETURN = `${SITE_ORIGIN}/ru/payment/success/`;

/** Long holds and times to pay, so that a test can move the clock past a session's end with the order still open. */
const PATIENT = { holdMinutes: 30 * 24 * 60, cardPayMinutes: 30 * 24 * 60 };

async function onNowOffer(app: TestApp) {
  const [session] = await offersOf(app, ON_NOW);
  assert.ok(session?.finished_at, "the sample's multi-day event has an end");
  return { session, ticket: session.tickets[0]! };
}

const buyer = (extra: Record<string, unknown> = {}) => ({
  ...BUYER,
  email: `sessions${Math.random()}@example.ae`,
  ...extra,
});

async function startPayment(visitor: Visitor, id: string, body: Record<string, unknown> = { return_url: RETURN }) {
  return visitor.request("POST", `/api/orders/${id}/payments`, body);
}

describe("sessions on an order", () => {
  it("a multi-day event on now is sold, and its basket line and e-tickets say until when it admits", async () => {
    await withApp({}, async ({ app, clock }) => {
      const visitor = new Visitor(app);
      const { session, ticket } = await onNowOffer(app);
      assert.ok(Date.parse(session.started_at) < clock.now(), "it began before today");
      const basket = json<{ events: Array<{ tickets: Array<{ started_at: string; ends_at: string | null }> }> }>(
        await visitor.add(ticket.id, 2),
      );
      const line = basket.events[0]!.tickets[0]!;
      assert.equal(Date.parse(line.started_at), Date.parse(session.started_at));
      assert.equal(Date.parse(line.ends_at!), Date.parse(session.finished_at!));
      const order = await placeOrder(app, visitor, buyer());
      const start = await startPayment(visitor, order.id);
      const page = await openAcquirer(app, json<{ redirect_url: string }>(start).redirect_url);
      await submitAcquirer(app, page.path, cardFields(page.html, "4242424242424242"));
      const paid = assertMatchesContract(
        "basket",
        "/api/orders/{id}",
        "get",
        await visitor.request("GET", `/api/orders/${order.id}`),
      ) as WireOrder;
      assert.equal(paid.status, "paid");
      assert.equal(paid.tickets.length, 2);
      for (const e of paid.tickets) {
        assert.equal(Date.parse(e.started_at!), Date.parse(session.started_at));
        assert.equal(Date.parse(e.ends_at!), Date.parse(session.finished_at!));
      }
    });
  });

  it("refuses to add, order or charge a session that has ended (409 with the reason)", async () => {
    await withApp(PATIENT, async ({ app, clock }) => {
      const { session, ticket } = await onNowOffer(app);
      const end = Date.parse(session.finished_at!);

      // in the basket while it was on; over by the time the order is placed
      const late = new Visitor(app);
      await late.add(ticket.id, 1);
      // an order placed while it was on, paid only after
      const early = new Visitor(app);
      await early.add(ticket.id, 1);
      const unpaid = await placeOrder(app, early, buyer());
      // a payment page opened while it was on, completed only after
      const onPage = new Visitor(app);
      await onPage.add(ticket.id, 1);
      const paying = await placeOrder(app, onPage, buyer());
      const page = await openAcquirer(
        app,
        json<{ redirect_url: string }>(await startPayment(onPage, paying.id)).redirect_url,
      );

      clock.advance(end - clock.now() + 60_000);

      const added = await new Visitor(app).add(ticket.id, 1);
      assertFails(added, "/api/basket", "post", 409, "event_not_on_sale");
      const placed = await createOrder(app, late, buyer());
      assertFails(placed, "/api/orders", "post", 409, "event_not_on_sale");
      assert.match(json<{ detail: string }>(placed).detail, /Marina Sunset Sessions.*has ended/);
      const charged = await startPayment(early, unpaid.id);
      assertFails(charged, "/api/orders/{id}/payments", "post", 409, "event_not_on_sale");
      assert.match(json<{ detail: string }>(charged).detail, /has ended/);

      await submitAcquirer(app, page.path, cardFields(page.html, "4242424242424242"));
      const after = json<WireOrder>(await onPage.request("GET", `/api/orders/${paying.id}`));
      assert.equal(after.status, "failed", "the attempt fails");
      assert.deepEqual(after.tickets, [], "and no ticket is issued");
    });
  });
});

describe("paying", () => {
  it("the language the buyer pays in becomes the order's: the acquirer's page speaks it", async () => {
    await withApp({}, async ({ app }) => {
      const visitor = new Visitor(app);
      await visitor.add(1, 1);
      const order = await placeOrder(app, visitor, buyer({ lang: "ru" }));
      assertFails(
        await startPayment(visitor, order.id, { return_url: RETURN, lang: "de" }),
        "/api/orders/{id}/payments",
        "post",
        400,
        "invalid_lang",
      );
      const start = await startPayment(visitor, order.id, { return_url: RETURN, lang: "en" });
      assert.equal(start.statusCode, 201, start.body);
      const page = await openAcquirer(app, json<{ redirect_url: string }>(start).redirect_url);
      assert.match(page.html, /<html lang="en"/);
      assert.match(page.html, /Cancel and return to the shop/);
      assert.equal(json<WireOrder>(await visitor.request("GET", `/api/orders/${order.id}`)).lang, "en");
    });
  });

  it("back at the shop, the address says how the visit ended: cancelled, declined or approved", async () => {
    await withApp({}, async ({ app }) => {
      const visitor = new Visitor(app);
      await visitor.add(1, 1);
      const order = await placeOrder(app, visitor, buyer());
      const outcome = (res: { statusCode: number; headers: Record<string, unknown> }) => {
        assert.equal(res.statusCode, 303);
        const url = new URL(String(res.headers.location));
        assert.equal(url.pathname, "/ru/payment/success/");
        assert.equal(url.searchParams.get("order"), order.id);
        return url.searchParams.get("payment");
      };
      const status = async () => json<WireOrder>(await visitor.request("GET", `/api/orders/${order.id}`)).status;
      /** A new payment of the order, on the acquirer's page. */
      const acquirerPage = async () =>
        openAcquirer(app, json<{ redirect_url: string }>(await startPayment(visitor, order.id)).redirect_url);
      /** How the visit ends when this card is paid with on a new acquirer's page. */
      const payWith = async (card: string) => {
        const page = await acquirerPage();
        return outcome(await submitAcquirer(app, page.path, cardFields(page.html, card)));
      };

      const page = await acquirerPage();
      const forged = await submitAcquirer(app, `${page.path}/cancel`, { csrf: "forged" });
      assert.equal(forged.statusCode, 403, "a cancel needs the page's form token");
      assert.equal(await status(), "awaiting_payment");
      const cancelled = await submitAcquirer(app, `${page.path}/cancel`, { csrf: inputValue(page.html, "csrf") });
      assert.equal(outcome(cancelled), "cancelled");
      assert.equal(await status(), "failed", "the shop reads a failed attempt at once, not a wait");

      assert.equal(await payWith("4000000000000002"), "declined");
      assert.equal(await payWith("4242424242424242"), "approved");
      assert.equal(await status(), "paid");
    });
  });
});
