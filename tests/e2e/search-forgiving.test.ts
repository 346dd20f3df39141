/**
 * Search forgives typos, spellings and word forms, in the header box and on the search page,
 * in real Chromium against the built site (its own index) and the sample catalogue: "desrt"
 * finds The Desert Echoes, "pucini" and "пучини" the Puccini gala, "фестиваля наследия" the
 * heritage festival, "فلامينكو" the flamenco night. On a phone, Enter on the search page brings
 * the results' count into view.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { href, localize } from "../../src/core/routes";
import { withPage } from "./support/browser";
import { getJson } from "./support/catalogue";
import { type Lang, text } from "./support/site";

interface Found {
  id: number;
  title: string;
}

/** The event the catalogue's exact search finds first for `query`, titled in `lang`. */
async function exactly(query: string, lang: Lang): Promise<Found> {
  const page = await getJson<{ results: Found[] }>(
    `/v1/events?lang=${lang}&search=${encodeURIComponent(query)}&date_type=active&page_size=1`,
  );
  const [first] = page.results;
  assert.ok(first, `the sample catalogue has "${query}"`);
  return first;
}

/**
 * What each language's visitor types, and the exact word it means. (The Rachmaninoff concert's
 * title is replaced by the hostile one in the test database: tests/unit/search-fuzzy-match.test.ts
 * holds its cases on the sample data.)
 */
const CASES: Array<{ lang: Lang; typed: string[]; means: string }> = [
  { lang: "en", typed: ["desrt"], means: "Desert Echoes" },
  { lang: "en", typed: ["pucini", "puccinni"], means: "Puccini" },
  { lang: "ru", typed: ["пучини", "гала-концерта Пуччини"], means: "Puccini" },
  { lang: "ru", typed: ["фестиваля наследия"], means: "Fujairah" },
  { lang: "ar", typed: ["فلامينكو"], means: "Flamenco" },
];

function headerBox(page: Page, lang: Lang) {
  return page.getByRole("combobox", { name: text(lang, "nav.search"), exact: true });
}

describe("forgiving search", () => {
  for (const { lang, typed, means } of CASES) {
    it(`the header box suggests "${means}" for ${typed.map((q) => `"${q}"`).join(", ")} (${lang})`, async () => {
      const event = await exactly(means, lang);
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await tp.open(localize(href.home(), lang));
        const box = headerBox(page, lang);
        for (const query of typed) {
          await box.fill("");
          await box.click();
          await box.pressSequentially(query, { delay: 15 });
          const option = page.getByRole("listbox").getByRole("option").filter({ hasText: event.title }).first();
          await option.waitFor({ timeout: 15_000 });
        }
        assert.deepEqual(errors, []);
      });
    });

    it(`the search page finds "${means}" for "${typed.at(-1)}" (${lang})`, async () => {
      const event = await exactly(means, lang);
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await tp.open(`${localize(href.eventsSearch(), lang)}?q=${encodeURIComponent(typed.at(-1)!)}`);
        await page.locator(`article[data-event-id="${event.id}"]`).first().waitFor({ timeout: 15_000 });
        const status = page.locator("section[aria-busy='false'] p[role='status']");
        assert.doesNotMatch((await status.textContent()) ?? "", /^0\b/, "something is found");
        assert.deepEqual(errors, []);
      });
    });
  }

  it("on a phone, Enter on the search page brings the results' count into view (ru, 390 px)", async () => {
    const viewport = { width: 390, height: 844 };
    await withPage(
      async (tp) => {
        const { page, errors } = tp;
        await tp.open(localize(href.eventsSearch(), "ru"));
        const input = page.getByLabel(text("ru", "search.textLabel"), { exact: true });
        await input.fill("пучини");
        await input.press("Enter");
        await page.waitForURL((url) => url.searchParams.get("q") === "пучини");
        const status = page.locator("section[aria-busy='false'] p[role='status']");
        await status.waitFor({ timeout: 15_000 });
        // the smooth scroll has time to end
        await page.waitForFunction(
          () => {
            const line = document.querySelector("section[aria-busy='false'] p[role='status']");
            const header = document.querySelector("header");
            if (!line || !header) return false;
            const box = line.getBoundingClientRect();
            return box.top >= header.getBoundingClientRect().bottom - 1 && box.bottom <= window.innerHeight;
          },
          undefined,
          { timeout: 5_000 },
        );
        assert.match((await status.textContent()) ?? "", /\d/, "the count is said");
        assert.notEqual(
          await page.evaluate(() => document.activeElement?.tagName),
          "INPUT",
          "the keyboard is put away",
        );
        assert.deepEqual(errors, []);
      },
      { viewport },
    );
  });
});
