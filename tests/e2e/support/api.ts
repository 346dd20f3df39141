/**
 * The local server's basket and order API as one browser context sees it (its session
 * cookie): what the server holds, and the steps a test takes without the pages (a basket
 * filled, an order placed with the captcha solved, a payment started) so the pages then
 * opened in that context show them.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { APIRequestContext, BrowserContext } from "playwright-core";
import { href, type Lang, localize } from "../../../src/core/routes";
import { API_URL, siteUrl, type TestPage } from "./browser";
import { claim } from "./catalogue";

/** Ways to pay, by the server's acquisition ids. */
export const CARD = 1;
export const BANK_TRANSFER = 3;

/** Puts `count` tickets of one category into the basket of a session (a browser context's `request`), as the picker does. */
export async function seedBasket(request: APIRequestContext, ticketId: number, count: number): Promise<void> {
  const response = await request.post(`${API_URL}/api/basket`, {
    data: { type: "ADD_TICKET", ticket: { id: ticketId, count } },
  });
  assert.equal(response.status(), 200, `seeding the basket: ${await response.text()}`);
}

/** What the server holds for this browser context's session, priced in `currency`. */
export async function serverBasket(tp: TestPage, currency = "AED") {
  const res = await tp.context.request.get(`${API_URL}/api/basket?currency_code=${currency}`);
  assert.equal(res.ok(), true);
  const basket = (await res.json()) as {
    currency_code: string;
    events: Array<{
      event: { id: number };
      tickets: Array<{ id: number; price: number; count: number; extra?: { service_fee?: number } }>;
    }>;
  };
  let price = 0;
  let fee = 0;
  let count = 0;
  for (const e of basket.events)
    for (const t of e.tickets) {
      price += t.price * t.count;
      fee += (t.extra?.service_fee ?? 0) * t.count;
      count += t.count;
    }
  const round = (n: number) => Math.round(n * 100) / 100;
  return { basket, price: round(price), fee: round(fee), total: round(price + fee), count };
}

/**
 * The server's ticket count once it is `count`: the cart shows a change at once and
 * confirms it with the server after, so a check right after the screen changed can
 * still meet the request in flight. Fails when the server does not get there in 5 s.
 */
export async function serverCountReaches(tp: TestPage, count: number, currency = "AED"): Promise<void> {
  const deadline = Date.now() + 5_000;
  let last = await serverBasket(tp, currency);
  while (last.count !== count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await serverBasket(tp, currency);
  }
  assert.equal(last.count, count, "tickets in the server's basket");
}

/** ALTCHA's proof of work, solved the way the site's hidden widget does. */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${API_URL}/api/captcha`);
  assert.equal(res.status(), 200, await res.text());
  const c = (await res.json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge) {
      return Buffer.from(
        JSON.stringify({
          algorithm: c.algorithm,
          challenge: c.challenge,
          number: n,
          salt: c.salt,
          signature: c.signature,
        }),
      ).toString("base64");
    }
  }
  throw new Error("captcha without a solution");
}

export interface ApiOrder {
  id: string;
  number: string;
  status: string;
  email: string;
  lang: Lang;
  tickets: Array<{ code: string; qr?: string; event_id: number; title: string; started_at?: string | null }>;
  total: { price: number; service_fee: number; payment_fee: number; amount: number; count: number; discount?: number };
  expires_at: string | null;
  /** the promo code the order used (contract 2.3) */
  promo?: { code: string; discount: number };
}

/** The tickets into the context's basket, then the order, as the checkout page sends it. */
export async function orderThroughApi(
  context: BrowserContext,
  options: { lang: Lang; ticketId: number; count: number; email: string; acquisitionId: number | null; name?: string },
): Promise<ApiOrder> {
  const { request } = context;
  await seedBasket(request, options.ticketId, options.count);
  const res = await request.post(`${API_URL}/api/orders?lang=${options.lang}`, {
    data: {
      email: options.email,
      name: options.name ?? "Layla Haddad",
      currency_code: "AED",
      acquisition_id: options.acquisitionId,
      lang: options.lang,
      captcha: await solvedCaptcha(request),
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return (await res.json()) as ApiOrder;
}

/** The order as the API tells this browser context about it: 404 for another session's order. */
export async function orderViaApi(
  context: BrowserContext,
  id: string,
): Promise<{ status: number; order: ApiOrder | null }> {
  const response = await context.request.get(`${API_URL}/api/orders/${encodeURIComponent(id)}`);
  return { status: response.status(), order: response.ok() ? ((await response.json()) as ApiOrder) : null };
}

/** The order as it is now; fails unless the context may see it. */
export async function orderNow(context: BrowserContext, id: string): Promise<ApiOrder> {
  const { status, order } = await orderViaApi(context, id);
  assert.equal(status, 200, `order ${id}`);
  assert.ok(order);
  return order;
}

/** Starts paying a card order; the answer is the acquirer's hosted page, which returns to the site. */
export async function startPayment(context: BrowserContext, order: ApiOrder): Promise<string> {
  const start = await context.request.post(`${API_URL}/api/orders/${encodeURIComponent(order.id)}/payments`, {
    data: { return_url: siteUrl(localize(href.paymentSuccess(), order.lang)) },
  });
  assert.equal(start.status(), 201, await start.text());
  return ((await start.json()) as { redirect_url: string }).redirect_url;
}

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * An order of `count` tickets this test has to itself (see `claim`), placed through the API
 * in the context's session: free tickets make it paid at once, a card leaves it awaiting payment.
 */
/** What an order of a test's own tickets is: how many, free or not, by whom, paid how. */
export interface OwnOrder {
  count: number;
  free?: boolean;
  email: string;
  acquisitionId: number | null;
}

export async function orderOwnTickets(context: BrowserContext, options: OwnOrder & { lang: Lang }): Promise<ApiOrder> {
  const { offer } = await claim({ tickets: options.count, free: options.free });
  return orderThroughApi(context, { ...options, ticketId: offer.id });
}
