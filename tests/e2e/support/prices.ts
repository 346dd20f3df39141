/** Waiting for the live prices of a page. */
import type { Page } from "playwright-core";

/**
 * Waits until every live price in `scope` (a CSS selector; the whole page by default) is in
 * `code`; a price the catalogue does not give has no currency and is not counted.
 */
export async function pricesIn(page: Page, code: string, scope = ""): Promise<void> {
  await page.waitForFunction(
    ([c, selector]) => {
      const prices = [...document.querySelectorAll(selector)];
      return prices.length > 0 && prices.every((p) => p.getAttribute("data-currency") === c);
    },
    [code, `${scope} [data-testid="live-price"][data-currency]`.trim()] as const,
    { timeout: 10_000 },
  );
}
