/**
 * A page loads only its own language's date locale (src/kernel/date-locale.ts), and a client-side
 * switch to another language loads that one before the new page renders: after switching from
 * /ru/events/ to /ar/events/ in the same document, the day headings are written with
 * date-fns' Arabic locale, as the server render writes them, and nothing logged an error.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import "../../src/core/date-locales-all";
import { formatLongDate } from "../../src/core/format";
import { siteUrl, withPage } from "./support/browser";
import { text } from "./support/site";

const localeChunk = (lang: string) => new RegExp(`/date-locale-${lang}-[0-9a-f]+\\.js$`);

/** The day headings' dates shown in the page: [<time datetime="YYYY-MM-DD">, its text]. */
const DAY_HEADINGS = () =>
  [...document.querySelectorAll("main time[datetime]")]
    .filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.getAttribute("datetime") ?? ""))
    .map((t) => [t.getAttribute("datetime") ?? "", t.textContent ?? ""]);

describe("date locales in the browser", () => {
  it("a switch from /ru/events/ to /ar/events/ renders its dates with the Arabic date locale", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/ru/events/");
      assert.ok(
        tp.requests.some((url) => localeChunk("ru").test(url)),
        "a Russian page loads the Russian date locale",
      );
      assert.ok(!tp.requests.some((url) => localeChunk("ar").test(url)), "a Russian page loads no Arabic date locale");
      await page.evaluate(() => {
        (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      });

      const header = page.locator("header");
      await header.locator("summary").click();
      await header.getByRole("link", { name: text("ru", "nav.languageNames.ar"), exact: true }).click();
      await page.waitForURL(siteUrl("/ar/events/"));
      await page.waitForFunction(() => document.documentElement.lang === "ar");
      // the day headings of the new page, once it has rendered them in Arabic
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("main time[datetime]")].some((t) =>
            /[\u0600-\u06FF]/.test(t.textContent ?? ""),
          ),
        undefined,
        { timeout: 10_000 },
      );

      assert.equal(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
        true,
        "the switch navigated client-side",
      );
      assert.ok(
        tp.requests.some((url) => localeChunk("ar").test(url)),
        "the switch loaded the Arabic date locale",
      );
      const shown = await page.evaluate(DAY_HEADINGS);
      assert.ok(shown.length > 0, "/ar/events/ shows day headings");
      // each as the server render writes it with date-fns' Arabic locale (not a fallback's text)
      assert.deepEqual(
        shown,
        shown.map(([day]) => [day, formatLongDate(`${day}T12:00:00+04:00`, "ar")]),
        "the day headings after the switch are written with the Arabic date locale",
      );
      assert.deepEqual(tp.errors, []);
    });
  });
});
