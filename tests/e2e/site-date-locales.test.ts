/**
 * A page loads only its own language's date locale (src/app/date-locale.ts), and a client-side
 * switch to another language loads that one before the new page renders: after switching from
 * /ru/events/ to /ar/events/ in the same document, the day headings are the Arabic ones the
 * build wrote, and the page hydrated without a mismatch.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { siteUrl, withPage } from "./support/browser";
import { text } from "./support/site";
import { PUBLIC_DIR } from "./support/startup";

const localeChunk = (lang: string) => new RegExp(`/date-locale-${lang}-[0-9a-f]+\\.js$`);

/** The day headings' dates (<time datetime="YYYY-MM-DD">) the build wrote into a page. */
function builtDayHeadings(path: string): string[] {
  const html = readFileSync(join(PUBLIC_DIR, path, "index.html"), "utf8");
  return [...html.matchAll(/<time datetime="\d{4}-\d{2}-\d{2}">([^<]+)<\/time>/g)].map((m) => m[1] as string);
}

describe("date locales in the browser", () => {
  it("a switch from /ru/events/ to /ar/events/ renders Arabic dates, as the build wrote them", async () => {
    const arabic = builtDayHeadings("/ar/events/");
    assert.ok(arabic.length > 0, "the built /ar/events/ has day headings");
    assert.ok(
      arabic.every((d) => /[\u0600-\u06FF]/.test(d)),
      `the built Arabic day headings are Arabic: ${arabic[0]}`,
    );

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
      // the day headings of the new page, once it has rendered them
      await page.waitForFunction(
        (first) =>
          [...document.querySelectorAll("main time[datetime]")].some(
            (t) => /^\d{4}-\d{2}-\d{2}$/.test(t.getAttribute("datetime") ?? "") && t.textContent === first,
          ),
        arabic[0],
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
      const shown = await page
        .locator("main time[datetime]")
        .evaluateAll((times) =>
          times.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.getAttribute("datetime") ?? "")).map((t) => t.textContent),
        );
      assert.deepEqual(shown, arabic, "the day headings after the switch are the built Arabic ones");
      assert.deepEqual(tp.errors, []);
    });
  });
});
