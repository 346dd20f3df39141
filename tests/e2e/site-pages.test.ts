/**
 * Every route type in every language: the page answers, shows its catalogue content under
 * a localized frame, has the right <html lang dir>, leaves the console clean and has no
 * serious or critical accessibility violation.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { seriousViolations } from "./support/axe";
import { siteUrl, waitForHydration, withPage } from "./support/browser";
import { apiList, LANGS, plain, routeSamples, text, untranslatedKeys } from "./support/site";

// The 404 page is, by design, a failed load of its own URL (document and page-data).
const NOT_FOUND_NOISE = [/status of 404/];

for (const lang of LANGS) {
  describe(`site pages in ${lang}`, () => {
    it("each route type shows its content in a localized frame", async (t) => {
      const samples = await routeSamples(lang);
      for (const sample of samples) {
        await t.test(`${sample.kind} ${sample.path}`, async () => {
          await withPage(
            async (tp) => {
              const { page, errors } = tp;
              const response = await page.goto(siteUrl(sample.path));
              assert.equal(response?.status(), sample.kind === "404" ? 404 : 200, `status of ${sample.path}`);
              await waitForHydration(page);

              const html = await page.evaluate(() => ({
                lang: document.documentElement.lang,
                dir: document.documentElement.dir,
              }));
              assert.deepEqual(html, { lang, dir: lang === "ar" ? "rtl" : "ltr" });

              const h1 = (await page.locator("h1").first().innerText()).trim();
              assert.equal(h1, sample.heading.trim(), `h1 of ${sample.path}`);

              // every text the page shows or announces is in its namespaces, not a bare key
              const shown = await page.evaluate(() =>
                [
                  document.body.innerText,
                  ...[...document.querySelectorAll("[aria-label],[title],[alt],[placeholder]")].flatMap((el) =>
                    ["aria-label", "title", "alt", "placeholder"].map((a) => el.getAttribute(a) ?? ""),
                  ),
                ].join("\n"),
              );
              assert.deepEqual(untranslatedKeys(shown), [], `untranslated texts on ${sample.path}`);

              // the frame speaks the page's language
              const nav = page.getByRole("navigation", { name: text(lang, "nav.mainNav") });
              assert.equal(await nav.count(), 1, "main navigation labelled in the page's language");
              assert.match(await page.locator("footer").innerText(), new RegExp(text(lang, "footer.guarantee")));
              assert.equal(await page.locator("#captcha-container[hidden]").count(), 1, "hidden captcha container");

              const title = await page.title();
              assert.ok(
                title.includes(
                  sample.kind === "home" ? text(lang, "seo.siteName") : sample.heading.trim().slice(0, 20),
                ),
                `<title> ${title}`,
              );

              if (sample.kind !== "404") {
                const head = await page.evaluate(() => ({
                  canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
                  alternates: [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')]
                    .map((l) => l.hreflang)
                    .sort(),
                  ogLocale: document.querySelector('meta[property="og:locale"]')?.getAttribute("content") ?? null,
                  description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
                }));
                assert.equal(head.canonical && new URL(head.canonical).pathname, sample.path, "canonical");
                assert.deepEqual(head.alternates, ["ar", "en", "ru", "x-default"], "hreflang alternates");
                assert.equal(head.ogLocale, { en: "en_US", ru: "ru_RU", ar: "ar_AE" }[lang]);
                assert.ok(head.description.length > 20, "a description");
              }
              if (sample.kind === "event") {
                const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
                const events = ld
                  .map((block) => JSON.parse(block) as { "@type"?: string; name?: string })
                  .filter((x) => x["@type"] === "Event");
                assert.equal(events.length, 1, "one schema.org Event");
                assert.equal(events[0]?.name, sample.heading);
              }

              assert.deepEqual(errors, [], `console of ${sample.path}`);
            },
            { allowErrors: sample.kind === "404" ? NOT_FOUND_NOISE : [] },
          );
        });
      }
    });

    it("no page type has a serious or critical accessibility violation", async (t) => {
      const samples = await routeSamples(lang);
      for (const sample of samples) {
        await t.test(`axe ${sample.kind} ${sample.path}`, async () => {
          await withPage(
            async (tp) => {
              await tp.open(sample.path);
              const violations = await seriousViolations(tp.page);
              assert.deepEqual(violations, [], `axe on ${sample.path}`);
            },
            { allowErrors: NOT_FOUND_NOISE },
          );
        });
      }
    });
  });
}

describe("phones", () => {
  it("the event page fits a 360 px screen and offers the sticky buy bar", async () => {
    const events = await apiList<{ id: number; title: string; status: string }>("/v1/events", "en", {
      date_type: "active",
    });
    const event = { path: `/events/${plain(events.filter((e) => e.status === "on_sale")).id}/` };
    await withPage(
      async (tp) => {
        const { page } = tp;
        await tp.open(event.path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
        const buy = page.getByRole("link", { name: text("en", "common.buyTickets") }).last();
        assert.ok(await buy.isVisible(), "a buy action is on screen");

        // a 300-character title without a single space does not break the layout
        await page.evaluate(() => {
          const long = "W".repeat(300);
          for (const el of document.querySelectorAll("h1 bdi, article h3 bdi")) el.textContent = long;
        });
        const overflowAfter = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflowAfter <= 0, `a long title makes the page scroll sideways by ${overflowAfter}px`);
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
