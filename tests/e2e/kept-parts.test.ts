/**
 * Parts whose code loads after the page's start (src/app/deferred-part.tsx's KeptUntilLoaded:
 * the header's search box, the search page's filters, the event page's ticket choice and share
 * button) keep the server's HTML until their code is here, then are hydrated over that same
 * HTML: the elements the browser parsed stay, now React's, and none is replaced. What the
 * visitor typed or clicked before the code came is not lost.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page, Route } from "playwright-core";
import { href, localize } from "../../src/core/routes";
import { siteUrl, waitForHydration, withPage } from "./support/browser";
import { type Lang, text } from "./support/site";

/** What each page's kept parts are found by, in the HTML the browser parsed. */
const PARTS: ReadonlyArray<{ path: string; parts: Record<string, string> }> = [
  {
    path: href.eventsSearch(),
    parts: { "header search": "header [role=combobox]", filters: "main form[role=search]" },
  },
  {
    path: href.event(1),
    parts: { "ticket choice": "[data-testid=ticket-picker]", "share button": "main [class*=share]" },
  },
];

/**
 * Keeps, on window, the elements the selectors find once the HTML is parsed: before any script
 * of the page ran, so they are the server's.
 */
async function keepParsed(page: Page, selectors: Record<string, string>): Promise<void> {
  await page.addInitScript((wanted: Record<string, string>) => {
    document.addEventListener("DOMContentLoaded", () => {
      const parsed: Record<string, Element | null> = {};
      for (const [name, selector] of Object.entries(wanted)) parsed[name] = document.querySelector(selector);
      (window as unknown as { parsed: typeof parsed }).parsed = parsed;
    });
  }, selectors);
}

/** For each kept element: whether it is still in the page, and whether React owns it now. */
function parsedNow(page: Page): Promise<Record<string, { found: boolean; connected: boolean; react: boolean }>> {
  return page.evaluate(() => {
    const parsed = (window as unknown as { parsed: Record<string, Element | null> }).parsed;
    return Object.fromEntries(
      Object.entries(parsed).map(([name, element]) => [
        name,
        {
          found: element !== null,
          connected: element?.isConnected ?? false,
          react: element ? Object.keys(element).some((key) => key.startsWith("__reactFiber$")) : false,
        },
      ]),
    );
  });
}

/** Holds back the requests of one deferred part's chunk until `release` is called. */
async function holdChunk(page: Page, chunk: string): Promise<{ release(): Promise<void>; asked(): boolean }> {
  const held: Route[] = [];
  let open = false;
  await page.route(new RegExp(`/${chunk}-[0-9a-f]+\\.js$`), async (route) => {
    if (open) await route.continue();
    else held.push(route);
  });
  return {
    asked: () => held.length > 0,
    async release() {
      open = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  describe(`parts kept from the server until their code is here (${lang})`, () => {
    for (const { path, parts } of PARTS) {
      it(`${localize(path, lang)}: ${Object.keys(parts).join(", ")} hydrated over the server's elements`, async () => {
        await withPage(async ({ page, errors }) => {
          await keepParsed(page, parts);
          await page.goto(siteUrl(localize(path, lang)));
          await waitForHydration(page);
          for (const [name, state] of Object.entries(await parsedNow(page))) {
            assert.equal(state.found, true, `${name}: in the server's HTML`);
            assert.equal(state.connected, true, `${name}: the server's element is still in the page, not replaced`);
            assert.equal(state.react, true, `${name}: and React's now`);
          }
          assert.deepEqual(errors, []);
        });
      });
    }

    it("the home page's kept prices keep the server's text where the live price is the same", async () => {
      await withPage(async ({ page, errors }) => {
        await page.addInitScript(() => {
          document.addEventListener("DOMContentLoaded", () => {
            const spans = Array.from(document.querySelectorAll("[data-price-slot] [data-event-source-id]"));
            (window as unknown as { slots: unknown }).slots = spans.map((span) => ({
              span,
              slot: span.parentElement,
              value: span.getAttribute("data-value"),
              pending: span.hasAttribute("data-pending"),
            }));
          });
        });
        await page.goto(siteUrl(localize(href.home(), lang)));
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        // every placeholder settled: the live prices are known
        await page.waitForFunction(() => !document.querySelector("[data-price-slot] [data-pending]"));
        const slots = await page.evaluate(() =>
          (
            (window as unknown as { slots: Array<{ span: Element; slot: Element; value: string; pending: boolean }> })
              .slots ?? []
          ).map(({ span, slot, value, pending }) => ({
            kept: span.isConnected,
            pending,
            before: value,
            now: slot.querySelector("[data-event-source-id]")?.getAttribute("data-value") ?? null,
          })),
        );
        assert.ok(slots.length > 10, `${slots.length} price slots`);
        for (const slot of slots) {
          if (slot.pending) assert.equal(slot.kept, false, "a placeholder gives way to its price");
          else if (slot.kept) assert.equal(slot.now, slot.before);
          else assert.notEqual(slot.now, slot.before, "a slot is rewritten only for another price");
        }
        assert.ok(
          slots.some((slot) => slot.kept),
          "prices the build already had are kept",
        );
        assert.deepEqual(errors, []);
      });
    });

    it("a filter checked in the hydrated part is checked when the click returns, not a task later", async () => {
      await withPage(async ({ page, errors }) => {
        await page.goto(siteUrl(localize(href.eventsSearch(), lang)));
        await waitForHydration(page);
        const star = page.getByLabel(text(lang, "search.starCast"));
        // The filters' state is the page's, in another root: React puts a controlled box back to
        // what it last rendered once the click's handlers ran, so the page's new state has to
        // reach the part's root in that same click.
        const checkedThen = await star.evaluate((input: HTMLInputElement) => {
          input.click();
          return input.checked;
        });
        assert.equal(checkedThen, true, "checked right after the click");
        await page.waitForURL(/star=1/);
        assert.equal(await star.isChecked(), true);
        assert.deepEqual(errors, []);
      });
    });

    it("the header's search box takes the text typed before its code came", async () => {
      await withPage(async ({ page, errors }) => {
        const chunk = await holdChunk(page, "header-search");
        await page.goto(siteUrl(localize(href.home(), lang)));
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        const box = page.getByRole("combobox", { name: text(lang, "nav.search"), exact: true });
        await box.click();
        await box.pressSequentially("desert", { delay: 10 });
        await page.waitForFunction(() => document.querySelector("header [data-kept]") !== null);
        assert.equal(chunk.asked(), true, "the box asked for its code, which is held back");
        await chunk.release();
        await waitForHydration(page);
        assert.equal(await box.inputValue(), "desert");
        // the part's own state has the text: its list offers all results for it
        const all = page.getByRole("listbox").getByRole("option").last();
        await all.waitFor({ state: "visible", timeout: 10_000 });
        const offered = (await all.textContent()) ?? "";
        assert.ok(offered.includes(text(lang, "searchBox.allResults")) && offered.includes("desert"), offered);
        assert.equal(await box.evaluate((input) => input === document.activeElement), true, "the focus stayed");
        assert.deepEqual(errors, []);
      });
    });
  });
}
