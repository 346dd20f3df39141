/**
 * Prices in the visitor's currency come without a touch (issue 33, item 5): a Russian page is
 * built with the catalogue's prices, and the visitor's currency (roubles, from the language)
 * needs live prices. They used to wait for the first scroll or tap, up to 6 s after the page
 * loaded; now they are asked for once the browser is idle after the page's start.
 *
 * The browser is only told to open the page: no pointer, key, wheel or scroll event reaches it.
 * The time from navigation to the last price in roubles is printed; the limit (5 s) is generous
 * for a loaded machine (about 1 s here) and below the old 6 s wait for a touch.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { siteUrl, withPage } from "./support/browser";

const ARRIVAL_LIMIT_MS = 5_000;

/** Milliseconds from navigation until every live price is settled and in `code`; false until then. */
function pricesSettledIn(code: string): number | false {
  const prices = [...document.querySelectorAll('[data-testid="live-price"]')];
  const settled =
    prices.length > 0 &&
    prices.every((p) => !p.hasAttribute("data-pending")) &&
    prices.some((p) => p.getAttribute("data-currency") === code) &&
    prices.every((p) => p.getAttribute("data-currency") === code || p.getAttribute("data-value") === "");
  return settled ? performance.now() : false;
}

describe("prices in the visitor's currency on arrival, without an interaction", () => {
  for (const path of ["/ru/", "/ru/events/", "/ru/events/1/"]) {
    it(`${path}: prices turn to roubles on their own`, async (t) => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await page.goto(siteUrl(path));
        const handle = await page.waitForFunction(pricesSettledIn, "RUB", {
          polling: "raf",
          timeout: ARRIVAL_LIMIT_MS + 5_000,
        });
        const arrivedMs = Math.round((await handle.jsonValue()) as number);
        t.diagnostic(`${path}: prices in RUB ${arrivedMs} ms after navigation, with no interaction`);
        assert.ok(
          arrivedMs <= ARRIVAL_LIMIT_MS,
          `prices in RUB came ${arrivedMs} ms after navigation, over ${ARRIVAL_LIMIT_MS} ms: do they wait for a touch?`,
        );
        const placeholders = await page.locator('[data-testid="live-price"][data-pending]').count();
        assert.equal(placeholders, 0, "no price is left a placeholder");
        assert.equal(
          await page.evaluate(() => document.documentElement.hasAttribute("data-currency-pending")),
          false,
          "the currency is settled",
        );
        assert.deepEqual(errors, []);
      });
    });
  }
});
