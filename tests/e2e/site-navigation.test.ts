/**
 * Moving around the site: the language switcher keeps the page (and flips the document
 * to right-to-left for Arabic without a reload), unknown paths get the 404 page in their
 * language, and the header works from the keyboard.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localize } from "../../src/core/routes";
import { siteUrl, waitForHydration, withPage } from "./support/browser";
import { apiList, plain, text } from "./support/site";

async function anEventPath(): Promise<string> {
  const events = await apiList("/v1/events", "en", { date_type: "active" });
  return `/events/${plain(events).id}/`;
}

describe("language switcher", () => {
  it("keeps the page when switching to Russian, Arabic and back to English", async () => {
    const path = await anEventPath();
    await withPage(async (tp) => {
      const { page, errors } = tp;
      await tp.open(path);

      const switchTo = async (from: "en" | "ru" | "ar", to: "en" | "ru" | "ar") => {
        const header = page.locator("header");
        await header.locator("summary").click();
        await header.getByRole("link", { name: text(from, `nav.languageNames.${to}`), exact: true }).click();
        await page.waitForURL(siteUrl(localize(path, to)));
        await page.waitForFunction((lang) => document.documentElement.lang === lang, to);
        const dir = await page.evaluate(() => document.documentElement.dir);
        assert.equal(dir, to === "ar" ? "rtl" : "ltr", `dir after switching to ${to}`);
        const nav = page.getByRole("navigation", { name: text(to, "nav.mainNav") });
        assert.equal(await nav.count(), 1, `navigation in ${to}`);
      };

      await switchTo("en", "ru");
      await switchTo("ru", "ar");
      await switchTo("ar", "en");
      assert.deepEqual(errors, []);
    });
  });

  it("lists every language of the current page in the footer with hreflang", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await page.goto(siteUrl("/ru/places/"));
      const languages = page.locator("footer").getByRole("navigation", { name: text("ru", "footer.languages") });
      const links = await languages
        .locator("a")
        .evaluateAll((as) =>
          as.map((a) => ({ lang: a.getAttribute("hreflang"), href: new URL((a as HTMLAnchorElement).href).pathname })),
        );
      assert.deepEqual(links, [
        { lang: "en", href: "/places/" },
        { lang: "ru", href: "/ru/places/" },
        { lang: "ar", href: "/ar/places/" },
      ]);
    });
  });
});

describe("unknown paths", () => {
  for (const [path, lang] of [
    ["/nothing-here/", "en"],
    ["/ru/nothing", "ru"],
    ["/ar/deep/unknown/path/", "ar"],
    ["/events/999999999/", "en"],
  ] as const) {
    it(`${path} answers 404 with the ${lang} not-found page`, async () => {
      await withPage(
        async (tp) => {
          const { page, errors } = tp;
          const response = await page.goto(siteUrl(path));
          assert.equal(response?.status(), 404);
          await waitForHydration(page);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          assert.equal((await page.locator("h1").innerText()).trim(), text(lang, "notFound.title"));
          // the address typed stays, in every language, so the visitor can correct it
          assert.equal(new URL(page.url()).pathname, path);
          // ways forward
          assert.ok(await page.getByRole("link", { name: text(lang, "notFound.events") }).isVisible());
          assert.deepEqual(errors, []);
        },
        { allowErrors: [/status of 404/] },
      );
    });
  }
});

describe("keyboard", () => {
  it("skip link first, then the header reaches the language switcher and its links", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/events/");

      await page.keyboard.press("Tab");
      const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
      assert.equal(first, text("en", "nav.skipToContent"));
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => location.hash), "#main");

      // from the top again: Tab through the header to the switcher
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tp.open("/events/");
      let onSwitcher = false;
      for (let i = 0; i < 25 && !onSwitcher; i++) {
        await page.keyboard.press("Tab");
        onSwitcher = await page.evaluate(() => document.activeElement?.tagName === "SUMMARY");
      }
      assert.ok(onSwitcher, "the language switcher can be reached with Tab");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("hreflang"));
      assert.equal(focused, "en", "the first language link takes focus");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.waitForURL(siteUrl("/ru/events/"));
      await page.waitForFunction(() => document.documentElement.lang === "ru");
    });
  });

  it("Escape closes the language menu and returns focus to its button", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/news/");
      const summary = page.locator("header summary");
      await summary.focus();
      await page.keyboard.press("Enter");
      assert.equal(await page.locator("header details").evaluate((d) => (d as HTMLDetailsElement).open), true);
      // the menu listens for Escape from React's effect after the open state's commit, which
      // runs after the next paint: a person cannot press a key sooner, a script can
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
      await page.keyboard.press("Escape");
      assert.equal(await page.locator("header details").evaluate((d) => (d as HTMLDetailsElement).open), false);
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), "SUMMARY");
    });
  });

  it("the focused element is visibly outlined", async () => {
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
      });
      assert.ok(outline.width >= 2 && outline.style !== "none", `outline ${JSON.stringify(outline)}`);
    });
  });
});

describe("a page that is slow to open", () => {
  it("shows the delayed-route notice after 1 s and takes it away when the page is there", async () => {
    await withPage(async (tp) => {
      const { page, errors } = tp;
      await tp.open("/ru/");
      // the next page's data arrives 2.5 s late, as on a slow connection
      await tp.context.route("**/page-data/ru/places/page-data.json", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.continue();
      });
      const notice = () =>
        page.evaluate(() => ({
          marked: document.documentElement.dataset.routeDelayed === "true",
          busy: document.body.getAttribute("aria-busy"),
          bar: getComputedStyle(document.body, "::before").content !== "none",
        }));
      await page
        .getByRole("navigation", { name: text("ru", "nav.mainNav") })
        .getByRole("link", { name: text("ru", "nav.places") })
        .click();
      await page.waitForTimeout(400);
      assert.deepEqual(await notice(), { marked: false, busy: null, bar: false }, "nothing in the first second");
      await page.waitForFunction(() => document.documentElement.dataset.routeDelayed === "true", undefined, {
        timeout: 3_000,
      });
      assert.deepEqual(await notice(), { marked: true, busy: "true", bar: true }, "the notice after 1 s");
      await page.waitForURL(siteUrl("/ru/places/"));
      await page.getByRole("heading", { level: 1, name: text("ru", "places.title") }).waitFor();
      assert.deepEqual(await notice(), { marked: false, busy: null, bar: false }, "gone once the page is there");
      assert.deepEqual(errors, []);
    });
  });
});

describe("the sticky header", () => {
  it("stays on top while the page scrolls, and no text shows through it (ru, 390 px)", async () => {
    await withPage(
      async (tp) => {
        const { page } = tp;
        await tp.open(localize("/events/", "ru"));
        await page.evaluate(() => window.scrollTo(0, 700));
        await page.waitForFunction(() => window.scrollY >= 600);
        const header = await page.evaluate(() => {
          const el = document.querySelector("header");
          if (!el) return null;
          const box = el.getBoundingClientRect();
          return { top: box.top, height: box.height, background: getComputedStyle(el).backgroundColor };
        });
        assert.ok(header, "the page has a header");
        assert.equal(header.top, 0, "stuck to the top");
        // opaque: rgb(...), or rgba(...) with alpha 1
        const alpha = /^rgba\([^)]*,\s*([\d.]+)\)$/.exec(header.background)?.[1];
        assert.ok(
          header.background.startsWith("rgb") && (alpha === undefined || Number(alpha) === 1),
          header.background,
        );
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});
