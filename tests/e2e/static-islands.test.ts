/**
 * Static islands: parts of a page the build fixes (the footer's links, the news and place
 * card lists) keep the server's HTML on the first load, React does not hydrate them, and
 * their links still open pages client-side. Navigating into such a page renders them; going
 * back and forth keeps them whole. In English and Arabic.
 */
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { href, localize } from "../../src/core/routes";
import { siteUrl, waitForHydration, withPage } from "./support/browser";
import { BUILT_DIR } from "./support/built-files";
import { pricesIn } from "./support/prices";
import { type Lang, text } from "./support/site";

/** Whether React owns this element (hydrated or rendered): React keeps its fiber on the node. */
function ownedByReact(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$")));
}

function companyLinks(page: Page, lang: Lang): Locator {
  return page.locator("footer").getByRole("navigation", { name: text(lang, "footer.company") });
}

/** A marker on window: it survives client-side navigation and is gone after a full load. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { islandMarker?: string }).islandMarker = "still here";
  });
}

async function sameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { islandMarker?: string }).islandMarker === "still here");
}

for (const lang of ["en", "ar"] as const) {
  describe(`static islands (${lang})`, () => {
    it("keeps the server's HTML on the first load: its links are there, not hydrated, and open pages client-side", async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await tp.open(localize(href.newsList(), lang));

        const company = companyLinks(page, lang);
        const about = company.getByRole("link", { name: text(lang, "footer.about"), exact: true });
        assert.equal(await about.getAttribute("href"), localize(href.info("about"), lang));
        assert.equal(await ownedByReact(company), true, "the island's wrapper is hydrated (it handles clicks)");
        assert.equal(await ownedByReact(about), false, "a link inside the island is the server's, not hydrated");
        const cards = page.locator("main ul a[href]");
        assert.ok((await cards.count()) > 0, "the news cards are there");
        assert.equal(await ownedByReact(cards.first()), false, "a news card is not hydrated");

        // what changes after the build stays hydrated: the footer's language links
        const languages = page.locator("footer").getByRole("navigation", { name: text(lang, "footer.languages") });
        assert.equal(await ownedByReact(languages.locator("a").first()), true);
        // the header's menu still works
        await page.locator("header summary").click();
        assert.equal(await page.locator("header details").getAttribute("open"), "");

        await markWindow(page);
        await about.click();
        await page.waitForURL(siteUrl(localize(href.info("about"), lang)));
        await waitForHydration(page);
        assert.equal(await sameWindow(page), true, "a click on an island's link is a client-side navigation");
        assert.deepEqual(errors, []);
      });
    });

    it("renders the islands of a page opened client-side, and again after going back and forth", async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await tp.open(localize(href.info("about"), lang));
        await markWindow(page);

        const newsLink = page.locator("header nav").getByRole("link", { name: text(lang, "nav.news"), exact: true });
        await newsLink.click();
        await page.waitForURL(siteUrl(localize(href.newsList(), lang)));
        const firstCard = page.locator("main ul a[href]").first();
        await firstCard.waitFor();
        assert.equal(await sameWindow(page), true, "opened without a full load");
        assert.equal(
          await ownedByReact(firstCard),
          true,
          "an island mounted after the first load renders its children",
        );
        const cardPath = new URL(await firstCard.evaluate((a) => (a as HTMLAnchorElement).href)).pathname;

        // out through an island's link, back, and forward again
        await firstCard.click();
        await page.waitForURL(siteUrl(cardPath));
        await page.goBack();
        await page.waitForURL(siteUrl(localize(href.newsList(), lang)));
        await page.locator("main ul a[href]").first().waitFor();
        assert.equal(
          await page.locator(`main ul a[href="${cardPath}"]`).count(),
          1,
          "the card list is whole after coming back",
        );
        const about = companyLinks(page, lang).getByRole("link", { name: text(lang, "footer.about"), exact: true });
        assert.equal(await about.count(), 1, "the footer's island is whole after coming back");
        await page.goForward();
        await page.waitForURL(siteUrl(cardPath));
        assert.equal(await companyLinks(page, lang).getByRole("link").count(), 4);
        assert.equal(await sameWindow(page), true, "all of it without a full load");
        assert.deepEqual(errors, []);
      });
    });
  });
}

/**
 * When the build wrote the events list (its page data). The list stays the server's only while
 * the reader's clock files its events on the same days as the build did (after the UAE's
 * midnight, an event on now moves to the new day and React renders the list), so the page is
 * read on the build's clock, not the clock of whenever the suite reaches this test.
 */
function eventsListBuiltAt(lang: Lang): Date {
  return statSync(join(BUILT_DIR, "page-data", localize(href.events(), lang), "page-data.json")).mtime;
}

/**
 * The page's `Date.now()` runs from `instant` on. Not Playwright's page.clock: its fake Date
 * constructor returns plain dates, so subclasses of Date (the site's UAE date) lose their
 * methods under it.
 */
async function readsOnTheClockOf(page: Page, instant: Date): Promise<void> {
  await page.addInitScript((at) => {
    const shift = at - Date.now();
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + shift;
  }, instant.getTime());
}

describe("the events list as a static island", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`${lang}: its rows are the server's, their prices follow the currency, and a filter renders the list`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await readsOnTheClockOf(page, eventsListBuiltAt(lang));
        await tp.open(localize(href.events(), lang));
        const rows = page.locator("main article[data-event-id]");
        const count = await rows.count();
        assert.ok(count > 1, "the build's rows are there");
        assert.equal(await ownedByReact(rows.first()), false, "a row is kept from the server's HTML, not hydrated");
        const slots = page.locator("main [data-price-slot]");
        const slotCount = await slots.count();
        assert.ok(slotCount > 0, "rows carry their price slots");
        assert.equal(
          await page.locator('main [data-price-slot] [data-testid="live-price"]').count(),
          slotCount,
          "one price in each slot, the build's",
        );

        await page.getByTestId("currency-switcher").selectOption("USD");
        await pricesIn(page, "USD", "main [data-price-slot]");
        assert.equal(
          await page.locator('main [data-price-slot] [data-testid="live-price"]').count(),
          slotCount,
          "each slot's price was replaced, not added to",
        );
        assert.equal(await ownedByReact(rows.first()), false, "the rows themselves stay the server's");

        // a filter: the list React renders, then back to the build's list
        await page.getByRole("button", { name: text(lang, "events.quick.weekend"), exact: true }).click();
        await page.waitForFunction(
          () => document.querySelector('[data-testid="events-found"]')?.getAttribute("aria-busy") === "false",
        );
        const filtered = page.locator("main article[data-event-id]");
        if ((await filtered.count()) > 0)
          assert.equal(await ownedByReact(filtered.first()), true, "a filtered row is React's");
        await page.getByRole("button", { name: text(lang, "events.quick.all"), exact: true }).click();
        await page.waitForFunction((n) => document.querySelectorAll("main article[data-event-id]").length === n, count);
        assert.equal(await ownedByReact(page.locator("main article[data-event-id]").first()), true);
        assert.deepEqual(errors, []);
      });
    });
  }
});

describe("island prices when the currency goes and comes back", () => {
  it("each slot keeps one price when the currency is changed and changed back before prices arrive", async () => {
    await withPage(async (tp) => {
      const { page, errors } = tp;
      // the catalogue's prices are held back until the currency is the build's again
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/v2/events_prices**", async (route) => {
        await held;
        await route.continue();
      });
      await tp.open(localize(href.events(), "en"));
      const slots = await page.locator("main [data-price-slot]").count();
      const switcher = page.getByTestId("currency-switcher");
      await switcher.selectOption("USD");
      await switcher.selectOption("AED");
      release();
      await pricesIn(page, "AED", "main [data-price-slot]");
      const perSlot = await page.$$eval("main [data-price-slot]", (all) =>
        all.map((slot) => slot.querySelectorAll('[data-testid="live-price"]').length),
      );
      assert.equal(perSlot.length, slots);
      assert.deepEqual(new Set(perSlot), new Set([1]), "one price in every slot");
      assert.deepEqual(errors, []);
    });
  });
});

describe("the search page's built results as a static island", () => {
  it("ar: the build's results are the server's; a search's results are React's", async () => {
    await withPage(async (tp) => {
      const { page, errors } = tp;
      await tp.open(localize(href.eventsSearch(), "ar"));
      const cards = page.locator("main article[data-event-id]");
      assert.ok((await cards.count()) > 1);
      assert.equal(await ownedByReact(cards.first()), false, "a built result is the server's");

      // from today on: the same events, found by the catalogue in the browser
      const today = new Date().toISOString().slice(0, 10);
      await tp.open(localize(href.eventsSearch(`from=${today}`), "ar"));
      await page.waitForFunction(() => {
        const card = document.querySelector("main article[data-event-id]");
        return !!card && Object.keys(card).some((key) => key.startsWith("__reactFiber$"));
      });
      assert.deepEqual(errors, []);
    });
  });
});

describe("the home page's event cards as static islands", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`${lang}: the hero and the cards are the server's, and every price follows the currency`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await tp.open(localize(href.home(), lang));
        const hero = page.locator('main section[aria-labelledby="hero-title"]');
        assert.equal(await ownedByReact(hero.locator("h2")), false, "the hero's title is the server's");
        const cards = page.locator("main article[data-event-id]");
        assert.ok((await cards.count()) > 1);
        assert.equal(await ownedByReact(cards.first()), false, "a card is the server's");
        const slotPrices = page.locator('main [data-price-slot] [data-testid="live-price"]');
        const slots = await page.locator("main [data-price-slot]").count();
        assert.ok(slots > 1);

        await page.getByTestId("currency-switcher").selectOption("USD");
        await pricesIn(page, "USD", "main [data-price-slot]");
        assert.equal(await slotPrices.count(), slots, "one price in each slot");
        assert.equal(
          await hero.locator('[data-testid="live-price"]').getAttribute("data-currency"),
          "USD",
          "the hero's price too",
        );

        // the hero's button still opens the event client-side
        await markWindow(page);
        const buy = hero.locator("a.btn");
        const target = await buy.getAttribute("href");
        await buy.click();
        await page.waitForURL(siteUrl(target ?? ""));
        await waitForHydration(page);
        assert.equal(await sameWindow(page), true);
        assert.deepEqual(errors, []);
      });
    });
  }
});
