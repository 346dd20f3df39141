/**
 * The search page when a search goes wrong: an empty result says what was searched and offers
 * what exists (drop a filter, nearby dates, popular events); "From" after "To" moves the other
 * date and says so; the placeholder suggests a text that finds something.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { closeBrowser, newPage, siteUrl, waitForHydration } from "./support/browser";
import { localized, text } from "./support/site";

after(closeBrowser);

const resultsLoaded = "section[aria-busy='false']";

describe("search page help", () => {
  it("explains an empty result and offers nearby dates, fewer filters and popular events (ru)", async () => {
    const tp = await newPage();
    try {
      const { page, errors } = tp;
      // a date range years away: nothing is on then
      await page.goto(
        siteUrl(
          `${localized("ru", "/events/search/")}?q=${encodeURIComponent("комедия")}&from=2031-03-10&to=2031-03-11`,
        ),
      );
      await waitForHydration(page);
      await page.getByText(text("ru", "search.emptyTitle")).waitFor();
      assert.ok(await page.getByRole("button", { name: /«комедия»/ }).isVisible(), "the text searched for is named");
      const nearby = page
        .getByRole("button", { name: /2031/ })
        .filter({ hasText: new RegExp(text("ru", "search.emptyNearby").split(" ")[0]!) });
      await nearby.click();
      await page.waitForURL(
        (url) => url.searchParams.get("from") === "2031-03-07" && url.searchParams.get("to") === "2031-03-14",
      );
      await page.getByRole("heading", { name: text("ru", "search.emptyPopular") }).waitFor();
      // dropping the dates finds the comedies
      await page.getByRole("button", { name: /2031/ }).first().click();
      await page.waitForURL((url) => !url.searchParams.has("from") && url.searchParams.get("q") === "комедия");
      await page.waitForFunction((sel) => document.querySelector(sel) !== null, resultsLoaded);
      await page.locator("article[data-event-id]").first().waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await tp.close();
    }
  });

  it("moves the end date when the start is set after it, and says so (en)", async () => {
    const tp = await newPage();
    try {
      const { page } = tp;
      await page.goto(siteUrl("/events/search/?from=2031-03-10&to=2031-03-12"));
      await waitForHydration(page);
      await page.getByLabel(text("en", "search.dateFrom")).fill("2031-03-20");
      await page.waitForURL(
        (url) => url.searchParams.get("from") === "2031-03-20" && url.searchParams.get("to") === "2031-03-20",
      );
      await page.getByText(text("en", "search.datesMoved")).waitFor();
    } finally {
      await tp.close();
    }
  });

  it("suggests a text in the placeholder that finds events (ar)", async () => {
    const tp = await newPage();
    try {
      const { page } = tp;
      await page.goto(siteUrl(localized("ar", "/events/search/")));
      await waitForHydration(page);
      const input = page.getByLabel(text("ar", "search.textLabel"));
      const placeholder = (await input.getAttribute("placeholder")) ?? "";
      const prefix = text("ar", "search.textPlaceholderExample").replace("{{example}}", "");
      assert.ok(placeholder.startsWith(prefix), placeholder);
      await input.fill(placeholder.slice(prefix.length));
      await page.waitForURL((url) => url.searchParams.has("q"));
      await page.locator("article[data-event-id]").first().waitFor({ timeout: 10_000 });
    } finally {
      await tp.close();
    }
  });
});
