/**
 * The header search box in a real Chromium against the built site and the local server:
 * suggestions while typing (events live, places and persons from the build-time index),
 * the combobox keyboard, the full-screen box on a phone, the window events it shares with
 * the search page, and the catalogue's matching rules seen through it: a Russian word form,
 * an Arabic spelling variant and a query in another language than the page.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { href, localize } from "../../src/core/routes";
import { API_URL, type TestPage, withPage } from "./support/browser";
import { type Lang, text } from "./support/site";

type Viewport = { width: number; height: number };

interface WireEvent {
  id: number;
  title: string;
  place: { title: string };
}

async function apiSearch(query: string, lang: Lang): Promise<{ count: number; results: WireEvent[] }> {
  const url = new URL(`${API_URL}/v1/events`);
  for (const [k, v] of Object.entries({ lang, search: query, page_size: "5", sort_by: "popularity", sort_on: "desc" }))
    url.searchParams.set(k, v);
  const res = await fetch(url);
  assert.ok(res.ok, `${url} answered ${res.status}`);
  return (await res.json()) as { count: number; results: WireEvent[] };
}

/** Records the search window events the page dispatches, across client-side navigations. */
async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __searchEvents: Array<{ type: string; detail: unknown }> };
    w.__searchEvents = [];
    for (const type of ["QUERY_CHANGE", "QUERY_CHANGED", "WIDGET_FULLSCREEN"]) {
      window.addEventListener(type, (event) => w.__searchEvents.push({ type, detail: (event as CustomEvent).detail }));
    }
  });
}

async function recorded(page: Page, type: string): Promise<unknown[]> {
  return page.evaluate(
    (t) =>
      (window as unknown as { __searchEvents: Array<{ type: string; detail: unknown }> }).__searchEvents
        .filter((e) => e.type === t)
        .map((e) => e.detail),
    type,
  );
}

/** Runs `use` on the home page in `lang`, on a phone-sized screen when `viewport` says so. */
function withHome(lang: Lang, use: (tp: TestPage) => Promise<void>): Promise<void>;
function withHome(lang: Lang, viewport: Viewport, use: (tp: TestPage) => Promise<void>): Promise<void>;
function withHome(
  lang: Lang,
  ...rest: [(tp: TestPage) => Promise<void>] | [Viewport, (tp: TestPage) => Promise<void>]
): Promise<void> {
  const [viewport, use] = rest.length === 1 ? [undefined, rest[0]] : rest;
  return withPage(
    async (tp) => {
      await tp.open(localize(href.home(), lang));
      await use(tp);
    },
    viewport ? { viewport } : {},
  );
}

/** The header's search box (the search page's own filters are comboboxes too). */
function searchBox(page: Page, lang: Lang) {
  return page.getByRole("combobox", { name: text(lang, "nav.search"), exact: true });
}

/** The option texts of the open listbox, once suggestions for the current text arrived. */
async function optionTexts(page: Page): Promise<string[]> {
  const list = page.getByRole("listbox");
  await list.waitFor({ state: "visible", timeout: 10_000 });
  await page.waitForFunction(
    () => (document.querySelector("[data-search-count]")?.textContent ?? "") !== "",
    undefined,
    {
      timeout: 10_000,
    },
  );
  return list.getByRole("option").allTextContents();
}

/** Types into the header's search box as a person does, a key at a time, and waits for the suggestions. */
async function typeInSearch(page: Page, lang: Lang, typed: string, delay = 20) {
  const box = searchBox(page, lang);
  await box.click();
  await box.pressSequentially(typed, { delay });
  return { box, options: await optionTexts(page) };
}

describe("header search box", () => {
  for (const lang of ["en", "ru", "ar"] as const) {
    it(`suggests events, places and all results, chosen with the keyboard (${lang})`, async () => {
      const expected = await apiSearch("Coca-Cola", lang);
      assert.ok(expected.count > 0, "the sample has events at the Coca-Cola Arena");
      await withHome(lang, async ({ page, errors }) => {
        const box = searchBox(page, lang);
        assert.equal(await box.getAttribute("placeholder"), text(lang, "searchBox.placeholder"));
        await box.click();
        await box.pressSequentially("Coca-Cola", { delay: 20 });
        const options = await optionTexts(page);
        assert.equal(await box.getAttribute("aria-expanded"), "true");
        // the first suggestions are the catalogue's own answer, in its order
        assert.ok(options[0]!.includes(expected.results[0]!.title), `${options[0]} vs ${expected.results[0]!.title}`);
        assert.ok(
          options.some((o) => o.includes(lang === "ar" ? "كوكاكولا أرينا" : "Coca-Cola Arena")),
          "the arena itself, from the index",
        );
        assert.ok(options.at(-1)!.includes(text(lang, "searchBox.allResults")));
        // date and time are joined with the language's own comma
        assert.ok(options[0]!.includes(lang === "ar" ? "، " : ", "), options[0]);
        if (lang === "ar") assert.ok(!options[0]!.includes(", "), `no Latin comma in Arabic: ${options[0]}`);
        const status = await page.locator("[data-search-count]").textContent();
        assert.ok(status && status.length > 3, "the number of suggestions is announced");

        await box.press("ArrowDown");
        const first = page.getByRole("listbox").getByRole("option").first();
        assert.equal(await box.getAttribute("aria-activedescendant"), await first.getAttribute("id"));
        assert.equal(await first.getAttribute("aria-selected"), "true");
        await box.press("ArrowUp");
        assert.equal(
          await box.getAttribute("aria-activedescendant"),
          await page.getByRole("listbox").getByRole("option").last().getAttribute("id"),
          "Up from the first wraps to the last",
        );
        await box.press("ArrowDown");
        await box.press("Enter");
        await page.waitForURL((url) => url.pathname === localize(`/events/${expected.results[0]!.id}/`, lang), {
          timeout: 10_000,
        });
        assert.deepEqual(errors, []);
      });
    });
  }

  it("closes the list with Escape, then clears the text", async () => {
    await withHome("en", async ({ page }) => {
      const { box } = await typeInSearch(page, "en", "layla");
      await box.press("Escape");
      assert.equal(await box.getAttribute("aria-expanded"), "false");
      assert.equal(await page.getByRole("listbox").isVisible(), false);
      assert.equal(await box.inputValue(), "layla");
      await box.press("Escape");
      assert.equal(await box.inputValue(), "");
    });
  });

  it("waits for a pause in typing and asks the catalogue once", async () => {
    await withHome("en", async ({ page, requests }) => {
      await typeInSearch(page, "en", "sandstorm", 25);
      // the text itself, or the events the site's own index found for it (id_in)
      const searches = requests.filter(
        (u) => u.startsWith(API_URL) && ["search", "id_in"].some((p) => new URL(u).searchParams.has(p)),
      );
      // One request per pause, not per key (a slow machine may pause once mid-word); the
      // suggestions shown answer the last text.
      assert.ok(searches.length >= 1 && searches.length <= 3, `requests: ${searches.join(", ")}`);
      assert.ok((await page.getByRole("listbox").getByRole("option").first().textContent())?.includes("Sandstorm"));
    });
  });

  it("finds a Russian title by another form of its word", async () => {
    const expected = await apiSearch("комедия", "ru");
    assert.ok(
      expected.results.some((e) => /комедии/i.test(e.title)),
      "the catalogue answers with the form комедии",
    );
    await withHome("ru", async ({ page }) => {
      const { options } = await typeInSearch(page, "ru", "комедия");
      assert.ok(
        options.some((o) => /комедии/i.test(o)),
        options.join(" | "),
      );
    });
  });

  it("finds Arabic names written with another spelling, and places typed in another language", async () => {
    await withHome("ar", async ({ page }) => {
      // ى typed as ي, as many keyboards and people write it
      const { options } = await typeInSearch(page, "ar", "ليلي حداد");
      assert.ok(
        options.some((o) => o.includes("ليلى حداد") && o.includes(text("ar", "searchBox.person"))),
        options.join(" | "),
      );
      assert.ok(
        options.some((o) => o.includes("ليلى") && !o.includes(text("ar", "searchBox.person"))),
        "and her events",
      );
    });
  });

  it("opens the search page with the text and shares the query with it through window events", async () => {
    await withHome("ru", async ({ page }) => {
      await recordEvents(page);
      const box = searchBox(page, "ru");
      await box.click();
      await box.pressSequentially("комедия", { delay: 20 });
      await box.press("Enter");
      await page.waitForURL((url) => url.pathname === "/ru/events/search/" && url.searchParams.get("q") === "комедия", {
        timeout: 10_000,
      });
      const expected = await apiSearch("комедия", "ru");
      await page.waitForFunction(
        () =>
          (window as unknown as { __searchEvents: Array<{ type: string }> }).__searchEvents.some(
            (e) => e.type === "QUERY_CHANGED",
          ),
        undefined,
        { timeout: 10_000 },
      );
      assert.deepEqual((await recorded(page, "QUERY_CHANGED")).at(-1), { query: "комедия", count: expected.count });

      // Someone else asks for a query: the page takes it (the event is cancelled), searches, and says so.
      const taken = await page.evaluate(
        () =>
          !window.dispatchEvent(new CustomEvent("QUERY_CHANGE", { detail: { query: "Sandstorm" }, cancelable: true })),
      );
      assert.equal(taken, true);
      const sandstorm = await apiSearch("Sandstorm", "ru");
      await page.waitForFunction(
        () =>
          (
            window as unknown as { __searchEvents: Array<{ type: string; detail: { query?: string } }> }
          ).__searchEvents.some((e) => e.type === "QUERY_CHANGED" && e.detail.query === "Sandstorm"),
        undefined,
        { timeout: 10_000 },
      );
      assert.deepEqual((await recorded(page, "QUERY_CHANGED")).at(-1), { query: "Sandstorm", count: sandstorm.count });
      assert.equal(new URL(page.url()).searchParams.get("q"), "Sandstorm");
      assert.equal(await box.inputValue(), "Sandstorm", "the header box shows the query in force");

      // From the header box on the search page: the page takes the request, no navigation.
      await box.fill("");
      await box.pressSequentially("джаз", { delay: 20 });
      await box.press("Escape");
      await box.press("Enter");
      await page.waitForFunction(() => new URL(location.href).searchParams.get("q") === "джаз", undefined, {
        timeout: 10_000,
      });
      assert.ok((await recorded(page, "QUERY_CHANGE")).some((d) => (d as { query: string }).query === "джаз"));
    });
  });

  for (const lang of ["en", "ar"] as const) {
    it(`opens full screen behind an icon at phone width and says so on the window (${lang})`, async () => {
      const viewport = { width: 390, height: 844 };
      await withHome(lang, viewport, async ({ page, errors }) => {
        await recordEvents(page);
        const box = searchBox(page, lang);
        assert.equal(await box.isVisible(), false, "only the icon shows on a phone");
        const icon = page.getByRole("button", { name: text(lang, "nav.search") });
        await icon.click();
        await box.waitFor({ state: "visible" });
        assert.deepEqual(await recorded(page, "WIDGET_FULLSCREEN"), [{ open: true }]);
        const dialog = page.getByRole("dialog");
        const rect = await dialog.boundingBox();
        assert.ok(
          rect && rect.width >= viewport.width - 1 && rect.height >= viewport.height - 1,
          `covers the screen: ${JSON.stringify(rect)}`,
        );
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute("role")),
          "combobox",
          "focus moves into the box",
        );

        await box.pressSequentially("Coca", { delay: 20 });
        const options = await optionTexts(page);
        assert.ok(options.length >= 2);
        await box.press("Escape"); // closes the list
        await box.press("Escape"); // closes the full screen
        await page.waitForFunction(() => document.activeElement?.tagName === "BUTTON", undefined, { timeout: 5_000 });
        assert.deepEqual(await recorded(page, "WIDGET_FULLSCREEN"), [{ open: true }, { open: false }]);
        assert.equal(await box.isVisible(), false);
        assert.equal(await icon.getAttribute("aria-expanded"), "false");
        assert.deepEqual(errors, []);
      });
    });
  }
});
