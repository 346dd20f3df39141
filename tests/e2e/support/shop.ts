/**
 * Page objects and data helpers for the shop's end-to-end tests (basket, currency, live
 * prices, tracking). Events are chosen from the running server's catalogue, not hard-coded,
 * and each test works in a fresh browser context, i.e. a fresh server-side basket.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { API_URL, siteUrl, waitForHydration, type TestPage } from "./browser";

export interface OfferInfo {
  id: number;
  title: string;
  price: number;
  service_fee: number;
  available: number;
  max_per_order: number;
}

export interface ShopEvent {
  id: number;
  eventSourceId: number;
  status: string;
  sessions: number;
  offers: OfferInfo[];
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${API_URL}${path}`);
  assert.equal(res.ok, true, `${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Every event of the catalogue with its live ticket offers (AED). */
export async function catalogueEvents(): Promise<ShopEvent[]> {
  const list = await getJson<{ results: Array<{ id: number; event_source_id: number; status: string }> }>(
    "/v1/events?lang=en&page_size=100&date_type=active",
  );
  return Promise.all(
    list.results.map(async (e) => {
      const sessions = await getJson<Array<{ tickets: OfferInfo[] }>>(
        `/v2/dates_prices?event_source_id=${e.event_source_id}&currency=AED&source_id=2`,
      );
      return {
        id: e.id,
        eventSourceId: e.event_source_id,
        status: e.status,
        sessions: sessions.length,
        offers: sessions.flatMap((s) => s.tickets),
      };
    }),
  );
}

/**
 * An on-sale event with one session and at least `offers` roomy ticket categories;
 * `skip` picks a later one so test files running side by side use different events.
 */
export async function roomyEvent(skip = 0, offers = 2): Promise<ShopEvent> {
  const candidates = (await catalogueEvents()).filter(
    (e) =>
      e.status === "on_sale" &&
      e.sessions === 1 &&
      e.offers.filter((o) => o.available >= 30 && o.price > 0).length >= offers,
  );
  const event = candidates[skip % candidates.length];
  assert.ok(event, "no on-sale event with roomy ticket categories in the catalogue");
  return event;
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

export class ShopPage {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(siteUrl(path));
    await waitForHydration(this.page);
  }

  get basketLink(): Locator {
    return this.page.getByTestId("basket-link");
  }

  /** Waits until the header shows `count` tickets (data-count mirrors the badge). */
  async expectHeaderCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      (n) => document.querySelector('[data-testid="basket-link"]')?.getAttribute("data-count") === String(n),
      count,
      { timeout: 10_000 },
    );
  }

  offer(ticketId: number): Locator {
    return this.page.locator(`[data-testid="ticket-offer"][data-ticket-id="${ticketId}"]`);
  }

  /** On an event page: raises the stepper of one ticket category `times` times. */
  async pick(ticketId: number, times: number): Promise<void> {
    const offer = this.offer(ticketId);
    await offer.waitFor({ timeout: 10_000 });
    const more = offer.getByRole("button").last();
    for (let i = 0; i < times; i++) await more.click();
    await this.page.waitForFunction(
      ([id, n]) =>
        document.querySelector(`[data-ticket-id="${id}"] [data-testid="ticket-count"]`)?.textContent?.trim() ===
        String(n),
      [ticketId, times] as const,
    );
  }

  async addToBasket(): Promise<void> {
    await this.page.getByTestId("add-to-basket").click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator(".Toastify__toast", { hasText: text });
  }

  async openCart(lang = ""): Promise<void> {
    await this.open(`${lang}/cart/`);
    await this.page.waitForSelector('[data-testid="cart-total"], [data-testid="cart-empty"]', { timeout: 10_000 });
  }

  /** The cart's numbers as shown (data-value beside the formatted text). */
  async cartNumbers(): Promise<{ price: number; fee: number; total: number; count: number; currency: string }> {
    const num = async (id: string) => Number(await this.page.getByTestId(id).getAttribute("data-value"));
    return {
      price: await num("cart-price"),
      fee: await num("cart-fee"),
      total: await num("cart-total"),
      count: Number(await this.page.getByTestId("cart-total").getAttribute("data-count")),
      currency: (await this.page.getByTestId("cart-total").getAttribute("data-currency")) ?? "",
    };
  }

  cartTicket(ticketId: number): Locator {
    return this.page.locator(`[data-testid="cart-ticket"][data-ticket-id="${ticketId}"]`);
  }

  /** Waits for the cart to settle on what the server answered (no change in flight). */
  async waitForCartCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      (n) => document.querySelector('[data-testid="cart-total"]')?.getAttribute("data-count") === String(n),
      count,
      { timeout: 10_000 },
    );
  }

  async sessionItem(key: string): Promise<string | null> {
    return this.page.evaluate((k) => window.sessionStorage.getItem(k), key);
  }
}

/** Waits until no basket change is in flight on the cart page. */
export async function cartSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const cart = document.querySelector('[data-testid="cart"]');
      return !cart || !cart.hasAttribute("data-busy");
    },
    undefined,
    { timeout: 10_000 },
  );
}
