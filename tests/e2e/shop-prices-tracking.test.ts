/**
 * Live prices (one /v2/events_prices request per page view for all cards) and campaign
 * tracking (utm_* kept in sessionStorage when the query string starts with utm_source).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withPage } from "./support/browser";
import { ShopPage } from "./support/pages";

describe("shop: live prices", () => {
  for (const path of ["/events/", "/ru/events/", "/", "/ar/"]) {
    it(`${path} asks for every card's price in exactly one request`, async () => {
      await withPage(async (tp) => {
        const shop = new ShopPage(tp);
        await shop.open(path);
        // in the build's currency the prices shown are the build's: the live ones are asked
        // for once the visitor starts using the page (tests/e2e/site-startup-work.test.ts)
        await tp.page.mouse.wheel(0, 200);
        await tp.page.waitForFunction(
          () => {
            const prices = [...document.querySelectorAll('[data-testid="live-price"]')];
            return prices.length > 0 && prices.every((p) => !p.hasAttribute("data-pending"));
          },
          undefined,
          { timeout: 10_000 },
        );
        const until = Date.now() + 10_000;
        while (Date.now() < until && !tp.requests.some((u) => u.includes("/v2/events_prices")))
          await tp.page.waitForTimeout(100);
        await tp.page.waitForTimeout(500);
        const calls = tp.requests.filter((u) => u.includes("/v2/events_prices"));
        assert.equal(calls.length, 1, calls.join("\n"));
        const url = new URL(calls[0]!);
        assert.equal(url.searchParams.get("source_id"), "2");
        assert.match(url.searchParams.get("currency_code") ?? "", /^[A-Z]{3}$/);
        // the one request covers every price shown (the page may announce a few more events,
        // say sold-out ones that show no price)
        const shown = await tp.page.$$eval('[data-testid="live-price"]', (els) =>
          els.map((e) => e.getAttribute("data-event-source-id")),
        );
        const ids = (url.searchParams.get("event_source_id_in") ?? "").split(",");
        assert.ok(shown.length >= 1);
        for (const id of shown) assert.ok(id && ids.includes(id), `the price of ${id} was not asked for`);
        assert.equal(new Set(ids).size, ids.length, "each id once");
        // every price on the page says "from ..." with the number beside it
        const first = tp.page.locator('[data-testid="live-price"][data-value]:not([data-value=""])').first();
        assert.ok(Number(await first.getAttribute("data-value")) >= 0);
        assert.deepEqual(tp.errors, []);
      });
    });
  }
});

describe("shop: campaign tracking", () => {
  it("records utm_source, utm_campaign and utm_term of a campaign landing for the session", async () => {
    await withPage(async (tp) => {
      const shop = new ShopPage(tp);
      await shop.open("/?utm_source=x&utm_campaign=y&utm_term=z");
      await tp.page.waitForFunction(() => window.sessionStorage.getItem("utm") !== null);
      const expected = { utm_source: "x", utm_campaign: "y", utm_term: "z" };
      assert.deepEqual(JSON.parse((await shop.sessionItem("utm")) ?? "null"), expected);
      // kept while the visitor moves on, in the app and with full loads
      await tp.page.getByRole("link", { name: "Events" }).first().click();
      await tp.page.waitForURL(/\/events\/$/);
      await shop.open("/ru/events/?page=2");
      assert.deepEqual(JSON.parse((await shop.sessionItem("utm")) ?? "null"), expected);
      assert.deepEqual(tp.errors, []);
    });
  });

  it("ignores a query string that does not start with utm_source", async () => {
    await withPage(async (tp) => {
      const shop = new ShopPage(tp);
      await shop.open("/?ref=mail&utm_source=x&utm_campaign=y");
      await tp.page.waitForTimeout(300);
      assert.equal(await shop.sessionItem("utm"), null);
    });
  });
});
