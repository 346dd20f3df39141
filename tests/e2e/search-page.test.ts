/**
 * The search page when a search goes wrong: an empty result says what was searched and offers
 * what exists (drop a filter, nearby dates, popular events); "From" after "To" moves the other
 * date and says so; the placeholder suggests a text that finds something. A visit without a
 * query shows the first results from the built page and asks the catalogue only when the
 * visitor searches.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { href, localize } from "../../src/core/routes";
import { API_URL, siteUrl, withPage } from "./support/browser";
import { text } from "./support/site";

const resultsLoaded = "section[aria-busy='false']";

describe("search page help", () => {
  it("explains an empty result and offers nearby dates, fewer filters and popular events (ru)", async () => {
    await withPage(async (tp) => {
      const { page, errors } = tp;
      // a date range years away: nothing is on then
      await tp.open(
        `${localize(href.eventsSearch(), "ru")}?q=${encodeURIComponent("комедия")}&from=2031-03-10&to=2031-03-11`,
      );
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
    });
  });

  it("moves the end date when the start is set after it, and says so (en)", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/events/search/?from=2031-03-10&to=2031-03-12");
      await page.getByLabel(text("en", "search.dateFrom")).fill("2031-03-20");
      await page.waitForURL(
        (url) => url.searchParams.get("from") === "2031-03-20" && url.searchParams.get("to") === "2031-03-20",
      );
      await page.getByText(text("en", "search.datesMoved")).waitFor();
    });
  });

  it("suggests a text in the placeholder that finds events (ar)", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open(localize(href.eventsSearch(), "ar"));
      const input = page.getByLabel(text("ar", "search.textLabel"));
      const placeholder = (await input.getAttribute("placeholder")) ?? "";
      const prefix = text("ar", "search.textPlaceholderExample").replace("{{example}}", "");
      assert.ok(placeholder.startsWith(prefix), placeholder);
      await input.fill(placeholder.slice(prefix.length));
      await page.waitForURL((url) => url.searchParams.has("q"));
      await page.locator("article[data-event-id]").first().waitFor({ timeout: 10_000 });
    });
  });
});

describe("search page without a query", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`shows the first results from the built HTML and asks the catalogue only when the visitor searches (${lang})`, async () => {
      const path = localize(href.eventsSearch(), lang);
      const answer = (await (
        await fetch(`${API_URL}/v1/events?lang=${lang}&date_type=active&sort_by=started_at&page_size=1`)
      ).json()) as { results: Array<{ id: number }> };
      const first = answer.results[0];
      assert.ok(first, "the catalogue has an active event");
      const html = await (await fetch(siteUrl(path))).text();
      assert.ok(html.includes(`data-event-id="${first.id}"`), `the built page shows event ${first.id} first`);

      await withPage(async (tp) => {
        const { page, errors, requests } = tp;
        await tp.open(path);
        await page.waitForFunction(() => document.querySelector("section[aria-busy='false']") !== null);
        await page.waitForTimeout(1000);
        assert.deepEqual(
          requests.filter((r) => r.includes("/v1/events?")),
          [],
          "nothing is asked while the built results stand",
        );
        await page.getByLabel(text(lang, "search.starCast")).check();
        await page.waitForURL(/star=1/);
        await page.waitForFunction(() => document.querySelector("section[aria-busy='false']") !== null);
        assert.ok(
          requests.some((r) => r.includes("/v1/events?") && r.includes("label_id_in=3")),
          "a search asks the catalogue",
        );
        assert.deepEqual(errors, []);
      });
    });
  }
});
