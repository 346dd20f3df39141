/**
 * Currency end to end: the four-step currency rule (language, cookie, rouble, first) on a fresh visit per language, the
 * switcher (cookie with path /), and every price re-priced: cards, the event page, the cart.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { serverBasket } from "./support/api";
import { withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { ShopPage } from "./support/pages";
import { pricesIn } from "./support/prices";

/** Waits until every live price on the page is settled, and returns their currencies and values. */
async function livePrices(page: Page): Promise<Array<{ currency: string | null; value: string | null }>> {
  await page.waitForFunction(
    () => {
      const prices = [...document.querySelectorAll('[data-testid="live-price"]')];
      return prices.length > 0 && prices.every((p) => !p.hasAttribute("data-pending"));
    },
    undefined,
    { timeout: 10_000 },
  );
  return page.$$eval('[data-testid="live-price"][data-value]:not([data-value=""])', (els) =>
    els.map((e) => ({ currency: e.getAttribute("data-currency"), value: e.getAttribute("data-value") })),
  );
}

describe("shop: currency", () => {
  for (const [lang, code] of [
    ["", "AED"],
    ["/ru", "RUB"],
    ["/ar", "AED"],
  ] as const) {
    it(`a first visit to ${lang || "/"} (no cookie) prices everything in ${code}`, async () => {
      await withPage(async (tp) => {
        const shop = new ShopPage(tp);
        await shop.open(`${lang}/events/`);
        const prices = await livePrices(tp.page);
        assert.ok(prices.length >= 3);
        assert.ok(
          prices.every((p) => p.currency === code),
          JSON.stringify(prices.slice(0, 3)),
        );
        assert.equal(await tp.page.getByTestId("currency-switcher").inputValue(), code);
        assert.equal(
          (await tp.context.cookies()).some((c) => c.name === "currency"),
          false,
          "choosing is not setting",
        );
        assert.deepEqual(tp.errors, []);
      });
    });
  }

  for (const [lang, dollar] of [
    ["", "US Dollar"],
    ["/ar", "دولار أمريكي"],
  ] as const) {
    it(`${lang || "/"}: the switcher names each currency in the page's language once the visitor reaches for it`, async () => {
      await withPage(async (tp) => {
        const shop = new ShopPage(tp);
        await shop.open(`${lang}/events/`);
        const switcher = tp.page.getByTestId("currency-switcher");
        const usd = switcher.locator('option[value="USD"]');
        assert.equal(await usd.getAttribute("title"), null, "not named at start-up");
        await switcher.focus();
        await tp.page.waitForFunction(() => document.querySelector('option[value="USD"]')?.hasAttribute("title"));
        assert.equal(await usd.getAttribute("title"), dollar);
        assert.deepEqual(tp.errors, []);
      });
    });
  }

  it("a currency cookie wins over the language's currency", async () => {
    await withPage(
      async (tp) => {
        const shop = new ShopPage(tp);
        await shop.open("/ru/events/");
        await pricesIn(tp.page, "USD");
        assert.equal(await tp.page.getByTestId("currency-switcher").inputValue(), "USD");
        assert.deepEqual(tp.errors, []);
      },
      { cookies: [{ name: "currency", value: "usd" }] },
    );
  });

  it("the switcher sets the cookie and re-prices cards, the event page and the cart", async () => {
    await withPage(async (tp) => {
      const shop = new ShopPage(tp);
      const { event, offer } = await claim({ tickets: 2, oneSession: true });

      await shop.open("/events/");
      const aed = await livePrices(tp.page);
      await tp.page.getByTestId("currency-switcher").selectOption("USD");
      await pricesIn(tp.page, "USD");
      const usd = await livePrices(tp.page);
      const cheaper = usd.filter((p, i) => Number(p.value) > 0 && Number(p.value) < Number(aed[i]?.value));
      assert.ok(cheaper.length > 0, "dollar figures are smaller than dirham figures");
      const cookie = (await tp.context.cookies()).find((c) => c.name === "currency");
      assert.equal(cookie?.value, "USD");
      assert.equal(cookie?.path, "/");
      // dirhams are the build's: asked for only once the visitor interacts (the select is not
      // a pointer or key event here); dollars at once
      const priced = (code: string) =>
        tp.requests.filter((u) => u.includes("/v2/events_prices") && u.includes(`currency_code=${code}`)).length;
      assert.equal(priced("USD"), 1, "once in dollars");
      assert.ok(priced("AED") <= 1, "at most once in dirhams");

      // the event page: its "from" price and the ticket picker in dollars
      await shop.open(`/events/${event.id}/`);
      await pricesIn(tp.page, "USD");
      const picked = shop.offer(offer.id).locator("[data-currency]").first();
      await picked.waitFor();
      assert.equal(await picked.getAttribute("data-currency"), "USD");
      const usdPrice = Number(await picked.getAttribute("data-value"));
      assert.ok(usdPrice > 0 && usdPrice < offer.price);

      await shop.pick(offer.id, 2);
      await shop.addToBasket();
      await shop.expectHeaderCount(2);

      // the cart in dollars, as the server prices it
      await shop.openCart();
      const shown = await shop.cartNumbers();
      const server = await serverBasket(tp, "USD");
      assert.equal(shown.currency, "USD");
      assert.equal(shown.total, server.total);
      assert.equal(shown.price, Math.round(usdPrice * 2 * 100) / 100);
      assert.match((await tp.page.getByTestId("cart-total").textContent()) ?? "", /\$/);

      // and back to dirhams from the cart
      await tp.page.getByTestId("currency-switcher").selectOption("AED");
      await tp.page.waitForFunction(
        () => document.querySelector('[data-testid="cart-total"]')?.getAttribute("data-currency") === "AED",
      );
      assert.equal((await shop.cartNumbers()).total, (await serverBasket(tp, "AED")).total);
      assert.deepEqual(tp.errors, []);
    });
  });
});
