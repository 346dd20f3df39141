/**
 * Page objects of the end-to-end tests, one style for all: a class over a test's page (see
 * `withPage`) in one language, whose methods open the page's own addresses and find
 * elements by role and by the label the visitor reads (taken from locales/, and from the
 * sandbox acquirer's texts on its page), so every language is driven the same way.
 *
 * - SitePage: any page: opening it, its texts, toasts.
 * - ShopPage: the event page's picker, the header's basket link and the cart.
 * - CheckoutPage: checkout → pay → the acquirer's hosted page → outcome, and the order pages.
 */
import assert from "node:assert/strict";
import jsQR from "jsqr";
import type { Locator } from "playwright-core";
import { PNG } from "pngjs";
import { TEXTS as ACQUIRER_TEXTS } from "../../../server/src/payment/texts";
import { href, type Lang, localize } from "../../../src/core/routes";
import { type ApiOrder, type OwnOrder, orderOwnTickets, seedBasket, startPayment } from "./api";
import { API_URL, siteUrl, type TestPage, waitForHydration, withPage } from "./browser";
import { type Claim, claim, offerTitle } from "./catalogue";
import { escapeRegExp, text } from "./site";

export const APPROVED_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";
export const THREE_D_SECURE_CARD = "4000 0000 0000 3220";
export const THREE_D_SECURE_CODE = "123456";

export class SitePage {
  constructor(
    readonly tp: TestPage,
    readonly lang: Lang = "en",
  ) {}

  get page() {
    return this.tp.page;
  }

  get context() {
    return this.tp.context;
  }

  /** `path` in this page's language: "/cart/" is "/ru/cart/" in Russian. */
  path(path: string): string {
    return localize(path, this.lang);
  }

  /** Opens a path of the site in this page's language and waits for hydration. */
  async open(path: string): Promise<void> {
    await this.tp.open(this.path(path));
  }

  /** Goes to a path in this page's language without waiting for hydration: the test waits for what it needs. */
  async goto(path: string): Promise<void> {
    await this.page.goto(siteUrl(this.path(path)));
  }

  /** A text of the site in this page's language (see `text`). */
  text(nsKey: string, values: Record<string, string | number> = {}): string {
    return text(this.lang, nsKey, values);
  }

  toast(message: string | RegExp): Locator {
    return this.page.locator(".Toastify__toast", { hasText: message });
  }

  async sessionItem(key: string): Promise<string | null> {
    return this.page.evaluate((k) => window.sessionStorage.getItem(k), key);
  }

  /** Every QR code drawn on the page, decoded from screenshots of them. */
  async qrCodes(): Promise<string[]> {
    const codes = this.page.locator("svg[data-qr]");
    const out: string[] = [];
    for (let i = 0; i < (await codes.count()); i++) {
      const el = codes.nth(i);
      await el.scrollIntoViewIfNeeded();
      const png = PNG.sync.read(await el.screenshot({ scale: "css" }));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      assert.ok(decoded, `QR code ${i + 1} did not decode`);
      out.push(decoded);
    }
    return out;
  }
}

export class ShopPage extends SitePage {
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

  /**
   * Waits until the server has confirmed the basket and the page mirrored it into
   * sessionStorage: the count the next page shows before (or without) the server.
   */
  async expectStoredCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      (n) => {
        const stored = JSON.parse(sessionStorage.getItem("basket_tickets") ?? "[]") as { count: number }[];
        return stored.reduce((sum, t) => sum + t.count, 0) === n;
      },
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

  /** From the event's page into an empty basket: `count` tickets of one category, once the header counts them. */
  async putInBasket(eventId: number, ticketId: number, count: number): Promise<void> {
    await this.open(href.event(eventId));
    await this.pick(ticketId, count);
    await this.addToBasket();
    await this.expectHeaderCount(count);
  }

  async openCart(): Promise<void> {
    await this.open(href.cart());
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

  /** Waits until no basket change is in flight on the cart page. */
  async cartSettled(): Promise<void> {
    await this.page.waitForFunction(
      () => {
        const cart = document.querySelector('[data-testid="cart"]');
        return !cart || !cart.hasAttribute("data-busy");
      },
      undefined,
      { timeout: 10_000 },
    );
  }
}

export interface Buyer {
  name: string;
  email: string;
  phone?: string;
}

export class CheckoutPage extends ShopPage {
  /** An order of this test's own tickets, placed through the API in this page's language and browser session. */
  async placeOwnOrder(options: OwnOrder): Promise<ApiOrder> {
    return orderOwnTickets(this.context, { lang: this.lang, ...options });
  }

  /**
   * On the event page: `count` tickets of the claim's first category into the basket, then
   * on to the cart. `query` is added to the event page's address (say, a campaign's utm_
   * parameters).
   */
  async pickTickets(claim: Claim, count: number, query = ""): Promise<void> {
    const offer = claim.offers[0];
    assert.ok(offer);
    await this.open(`${href.event(claim.event.id)}${query}`);
    // The picker may title tickets in the catalogue's default language on a translated page;
    // this test is about buying, so it accepts either title.
    const increase = (title: string) =>
      this.page.getByRole("button", { name: this.text("picker.increase", { title }) });
    const more = increase(await offerTitle(claim.event, offer.id, this.lang)).or(increase(offer.title));
    for (let i = 0; i < count; i++) await more.click();
    await this.page.getByRole("button", { name: this.text("picker.add") }).click();
    await this.page.getByRole("link", { name: this.text("picker.goToCart") }).click();
    await this.page.waitForURL(`**${this.path(href.cart())}`);
  }

  /** Straight to the checkout with `count` of the claim's first category put in the basket through the API. */
  async openCheckoutWith(claim: Claim, count: number): Promise<void> {
    await seedBasket(this.context.request, claim.offer.id, count);
    await this.open(href.orderCheckout());
  }

  /** A visitor with `count` tickets of their own in the basket, on the checkout with the form filled in. */
  async atCheckout(count: number, buyer: Buyer): Promise<Claim> {
    const tickets = await claim({ tickets: count });
    await this.openCheckoutWith(tickets, count);
    await this.fillBuyer(buyer);
    return tickets;
  }

  /**
   * A visitor who picks `count` tickets of their own on the event page, goes through the cart
   * to the checkout and places the order; ends on the pay page and returns the order's id.
   */
  async orderFromEventPage(count: number, buyer: Buyer): Promise<string> {
    await this.pickTickets(await claim({ tickets: count }), count);
    await this.checkoutFromCart();
    await this.fillBuyer(buyer);
    return this.placeOrder();
  }

  async checkoutFromCart(submitKey = "forms:checkout.submit"): Promise<void> {
    await this.page.getByRole("link", { name: this.text("cart.checkout") }).click();
    await this.page.waitForURL(`**${this.path(href.orderCheckout())}`);
    await this.page.getByRole("button", { name: this.text(submitKey) }).waitFor();
  }

  async fillBuyer(buyer: Buyer): Promise<void> {
    await this.page.getByLabel(this.text("forms:checkout.name"), { exact: true }).fill(buyer.name);
    await this.page.getByLabel(this.text("forms:checkout.email"), { exact: true }).fill(buyer.email);
    await this.page.getByLabel(this.text("forms:checkout.phone"), { exact: true }).fill(buyer.phone ?? "");
  }

  /** The order's id at the end of the pay page's address. */
  orderIdOfPayPage(): string {
    const id = new URL(this.page.url()).pathname.split("/").filter(Boolean).at(-1);
    assert.ok(id, `no order id in ${this.page.url()}`);
    return decodeURIComponent(id);
  }

  /** The order's id in the outcome page's ?order= */
  orderIdOfOutcomePage(): string {
    return new URL(this.page.url()).searchParams.get("order") ?? "";
  }

  /**
   * Places the order with the preselected way to pay (the bank card) and waits for the pay
   * page; the captcha is solved by the page itself, unseen.
   */
  async placeOrder(): Promise<string> {
    await this.page.getByRole("button", { name: this.text("forms:checkout.submit") }).click();
    await this.page.waitForURL(new RegExp(`${this.path(href.order())}pay/[^/]+/$`));
    const id = this.orderIdOfPayPage();
    await this.payButton().waitFor();
    return id;
  }

  /** The pay page's one button: "Pay" and the amount. */
  payButton(): Locator {
    return this.page.getByRole("button", {
      name: new RegExp(`^${escapeRegExp(this.text("forms:payment.payButton"))}\\s`),
    });
  }

  /** From the pay page to the acquirer's hosted page (an address outside the site). */
  async goToAcquirer(): Promise<void> {
    await this.payButton().click();
    await this.page.waitForURL((url) => url.href.startsWith(API_URL));
    await this.page.getByRole("heading", { name: ACQUIRER_TEXTS[this.lang].title }).waitFor();
  }

  /**
   * On the sandbox acquirer's page, in the order's language: the card form filled by its
   * labels, then Pay; with `otp`, the 3-D Secure step too. Ends back on the site: on the
   * success page, or (`lands: "fail"`) on the fail page a refused payment goes to at once.
   */
  async payOnAcquirer(
    card: string,
    options: { otp?: string; holder?: string; lands?: "success" | "fail" } = {},
  ): Promise<void> {
    const t = ACQUIRER_TEXTS[this.lang];
    await this.page.getByLabel(t.cardNumber, { exact: true }).fill(card);
    await this.page.getByLabel(t.expiry, { exact: true }).fill("12/34");
    await this.page.getByLabel(t.cvc, { exact: true }).fill("123");
    await this.page.getByLabel(t.cardholder, { exact: true }).fill(options.holder ?? "LAYLA HADDAD");
    await this.page.getByRole("button", { name: new RegExp(`^${escapeRegExp(t.pay)}\\s`) }).click();
    if (options.otp !== undefined) {
      await this.page.getByRole("heading", { name: t.challengeTitle }).waitFor();
      await this.page.getByLabel(t.otp, { exact: true }).fill(options.otp);
      await this.page.getByRole("button", { name: t.confirm, exact: true }).click();
    }
    await this.backOnSite(options.lands ?? "success");
  }

  /** Back from the acquirer on the page the outcome belongs on, hydrated. */
  async backOnSite(lands: "success" | "fail"): Promise<void> {
    const path = this.path(lands === "success" ? href.paymentSuccess() : href.orderFail());
    await this.page.waitForURL((url) => url.pathname === path && url.searchParams.has("order"));
    await waitForHydration(this.page);
  }

  /** On the acquirer's page: "Cancel and return to the shop". Ends on the fail page. */
  async cancelOnAcquirer(): Promise<void> {
    await this.page.getByRole("button", { name: ACQUIRER_TEXTS[this.lang].cancel, exact: true }).click();
    await this.backOnSite("fail");
  }

  /** Pays an order placed through the API with the approved card; ends on the site's success page. */
  async payThroughAcquirer(order: ApiOrder): Promise<void> {
    await this.page.goto(await startPayment(this.context, order));
    await this.payOnAcquirer(APPROVED_CARD);
  }

  /** The e-ticket codes shown on the payment success page, in the page's order (each card's code). */
  async shownCodes(): Promise<string[]> {
    const codes = this.page.getByTestId("ticket-code");
    await codes.first().waitFor();
    return (await codes.allTextContents()).map((s) => s.trim());
  }

  /** The order number the page shows. */
  async shownOrderNumber(): Promise<string | undefined> {
    return (await this.page.getByTestId("order-number").textContent())?.trim();
  }

  /** Asks the order look-up page (open already) for an order by its number and e-mail, as typed. */
  async lookUpOrder(number: string, email: string): Promise<void> {
    await this.page.getByLabel(this.text("tickets:lookup.number")).fill(number);
    await this.page.getByLabel(this.text("tickets:lookup.email")).fill(email);
    await this.page.getByRole("button", { name: this.text("tickets:lookup.submit") }).click();
  }
}

/** A free order placed in a browser of its own, by a buyer who then finds it from another. */
export function freeOrderElsewhere(lang: Lang, count: number, email: string): Promise<ApiOrder> {
  return withPage((buyer) => orderOwnTickets(buyer.context, { lang, count, free: true, email, acquisitionId: null }));
}
