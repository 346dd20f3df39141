/**
 * Hostile HTML planted in the catalogue (server/src/seed/plant-hostile.ts, applied by the
 * test runner before the build) must not run anywhere on the site: descriptions, news
 * bodies and biographies keep their rich text without scripts, handlers, javascript: URLs
 * or iframes, and a title with markup is shown as text.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HOSTILE_TARGETS, HOSTILE_TITLE } from "../../server/src/seed/plant-hostile";
import { localize } from "../../src/core/routes";
import { type TestPage, withPage } from "./support/browser";
import { LANGS } from "./support/site";

/** Runs `use` on the page at `path` once any planted handler (an <img onerror>, a timer) had the chance to fire. */
function withVisit(path: string, use: (tp: TestPage) => Promise<void>): Promise<void> {
  return withPage(async (tp) => {
    await tp.open(path);
    await tp.page.waitForTimeout(300);
    await use(tp);
  });
}

async function assertInert(tp: TestPage, path: string): Promise<void> {
  const { page } = tp;
  assert.equal(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
    undefined,
    `script ran on ${path}`,
  );
  const leftovers = await page.evaluate(() => ({
    scripts: document.querySelectorAll("main script").length,
    handlers: [...document.querySelectorAll("main *")].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith("on")),
    ).length,
    javascriptLinks: document.querySelectorAll('main a[href^="javascript:" i]').length,
    iframes: document.querySelectorAll("main iframe").length,
  }));
  assert.deepEqual(leftovers, { scripts: 0, handlers: 0, javascriptLinks: 0, iframes: 0 }, `markup left on ${path}`);
}

for (const lang of LANGS) {
  describe(`hostile catalogue HTML in ${lang}`, () => {
    const richPages = [
      ["event description", `/events/${HOSTILE_TARGETS.descriptionEventId}/`],
      ["news body", `/news/${HOSTILE_TARGETS.newsId}/`],
      ["person biography", `/persons/person/${HOSTILE_TARGETS.personId}/`],
    ] as const;
    for (const [what, original] of richPages) {
      it(`the ${what} keeps its rich text and runs nothing`, async () => {
        const path = localize(original, lang);
        await withVisit(path, async (tp) => {
          await assertInert(tp, path);
          const bold = tp.page.locator(".prose strong", { hasText: "bold" });
          assert.equal(await bold.count(), 1, "ordinary rich text survives");
        });
      });
    }

    it("an event title with markup is shown literally, on its page and in lists", async () => {
      const eventPath = localize(`/events/${HOSTILE_TARGETS.titleEventId}/`, lang);
      await withVisit(eventPath, async (tp) => {
        await assertInert(tp, eventPath);
        assert.equal((await tp.page.locator("h1").innerText()).trim(), HOSTILE_TITLE);
        assert.ok((await tp.page.title()).includes(HOSTILE_TITLE), "the <title> shows the text");
        // the JSON-LD block is data, and still parses to the literal title
        const ld = await tp.page.locator('script[type="application/ld+json"]').allTextContents();
        for (const block of ld) {
          assert.ok(!block.includes("</"), "no closing tag inside JSON-LD");
          JSON.parse(block);
        }

        await tp.open(localize("/events/", lang));
        await tp.page.waitForTimeout(300);
        await assertInert(tp, "/events/");
        const card = tp.page.locator(`article[data-event-id="${HOSTILE_TARGETS.titleEventId}"] h3`);
        if ((await card.count()) > 0) assert.equal((await card.innerText()).trim(), HOSTILE_TITLE);
      });
    });
  });
}
