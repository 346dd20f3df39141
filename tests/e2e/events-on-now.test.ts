/**
 * An event on now (a festival week that began days ago) in the lists, in real Chromium against
 * the built site and the sample catalogue: the quick dates "Today", "Tomorrow", "This weekend"
 * and "This week" find it though the catalogue files it under its first day, the all-events
 * list files it under today saying until when, and a dated search finds it too. Its tickets say
 * what they admit to ("Any one day, 26 Nov – 2 Dec 2026, from 16:00") on the event page and in
 * the basket.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import "../../src/core/date-locales-all";
import { formatDayRange, formatTime, formatUntilDay, uaeDateKey } from "../../src/core/format";
import { isOnDuring, type QuickDate, quickDateRange } from "../../src/core/quick-dates";
import { href, localize } from "../../src/core/routes";
import { withPage } from "./support/browser";
import { catalogueEvents } from "./support/catalogue";
import { type Lang, text } from "./support/site";

interface OnNow {
  id: number;
  startedAt: string;
  finishedAt: string;
}

/** The sample catalogue's event whose one session began on an earlier day and runs for days yet. */
async function eventOnNow(): Promise<OnNow> {
  const now = Date.now();
  const today = uaeDateKey(new Date(now).toISOString());
  for (const event of await catalogueEvents()) {
    const session = event.dates.find(
      (d) => uaeDateKey(d.startedAt) < today && d.finishedAt !== null && Date.parse(d.finishedAt) - now > 24 * 3600_000,
    );
    if (session?.finishedAt) return { id: event.id, startedAt: session.startedAt, finishedAt: session.finishedAt };
  }
  throw new Error("the sample catalogue has no event on now since an earlier day (Marina Sunset Sessions)");
}

/** The day heading (its YYYY-MM-DD) the list files the event under, once it shows. */
async function dayOf(page: Page, id: number): Promise<string | null> {
  const row = page.locator(`section:has([data-event-id="${id}"])`).first();
  await row.waitFor();
  return row.locator("h2 time").getAttribute("datetime");
}

const LANGS_TRIED: Lang[] = ["en", "ar"];

describe("an event on now", () => {
  for (const lang of LANGS_TRIED) {
    it(`${lang}: every quick date it runs through finds it, and the list files it under today`, async () => {
      const event = await eventOnNow();
      const today = uaeDateKey(new Date().toISOString());
      await withPage(async (t) => {
        const { page } = t;
        await t.open(localize(href.events(), lang));
        // the whole list, unnarrowed: under today, saying until when, not under its first day
        assert.equal(await dayOf(page, event.id), today, "the all-events list files it under today");
        const row = page.locator(`[data-event-id="${event.id}"]`);
        assert.equal(
          (await row.getByTestId("row-on-now").textContent())?.trim(),
          text(lang, "pages:event.onNowUntil", { date: formatUntilDay(event.finishedAt, lang) }),
        );

        const chips: QuickDate[] = ["today", "tomorrow", "weekend", "week"];
        for (const when of chips) {
          const range = quickDateRange(when, Date.now());
          assert.ok(range);
          // both of the dated list's questions answered: events starting in the range, and those begun before it
          const answered = (earlier: boolean) =>
            page.waitForResponse((r) => {
              const q = new URL(r.url()).searchParams;
              return (
                r.url().includes("/v1/events") &&
                (earlier ? !q.has("started_gte") && q.has("started_lte") : q.get("started_gte") === range.from)
              );
            });
          await Promise.all([
            answered(false),
            answered(true),
            page.getByRole("button", { name: text(lang, `pages:events.quick.${when}`), exact: true }).click(),
          ]);
          const found = page.getByTestId("events-found");
          await page.waitForFunction(() => document.querySelector('[data-testid="events-found"][aria-busy="false"]'));
          const expected = isOnDuring(event, range);
          assert.equal(
            await page.locator(`[data-event-id="${event.id}"]`).count(),
            expected ? 1 : 0,
            `'${when}' (${range.from} to ${range.to}) ${expected ? "finds" : "leaves out"} the event`,
          );
          if (expected) {
            // filed under the first of the chosen days it is on: today, or tomorrow for "Tomorrow"
            assert.equal(await dayOf(page, event.id), range.from > today ? range.from : today);
            // the count follows the filter, the event included
            const rows = await page.locator("[data-event-id]").count();
            assert.equal(Number(await found.getAttribute("data-count")), rows, `'${when}': one count, the rows'`);
          }
        }
        assert.deepEqual(t.errors, []);
      });
    });

    it(`${lang}: a search for today's date finds it`, async () => {
      const event = await eventOnNow();
      const today = uaeDateKey(new Date().toISOString());
      await withPage(async (t) => {
        await t.open(`${localize(href.eventsSearch(), lang)}?from=${today}&to=${today}`);
        await t.page.locator(`[data-event-id="${event.id}"]`).first().waitFor();
        assert.deepEqual(t.errors, []);
      });
    });
  }

  it("a desktop list uses the width: days side by side, none beside an empty cell", async () => {
    await withPage(
      async (t) => {
        await t.open(href.events());
        await t.page.locator("section[data-day]").nth(1).waitFor();
        // no named functions inside evaluate: tsx would wrap them in a helper the page lacks
        const layout = await t.page.evaluate(() => {
          const grid = document.querySelector("section[data-day]")!.parentElement!.getBoundingClientRect();
          return {
            width: grid.width,
            days: [...document.querySelectorAll("section[data-day]")].map((el) => {
              const box = el.getBoundingClientRect();
              return { top: Math.round(box.top), width: box.width };
            }),
          };
        });
        const rows = new Map<number, number[]>();
        for (const day of layout.days) rows.set(day.top, [...(rows.get(day.top) ?? []), day.width]);
        assert.ok(
          [...rows.values()].some((widths) => widths.length === 2),
          "some days stand side by side",
        );
        for (const [top, widths] of rows) {
          const used = widths.reduce((a, b) => a + b, 0);
          // two days and the gap between them, or one day across the whole row
          assert.ok(
            used >= layout.width * 0.9,
            `the row at ${top}px is filled (${widths.join(" + ")} of ${layout.width})`,
          );
        }
        assert.deepEqual(t.errors, []);
      },
      { viewport: { width: 1366, height: 900 } },
    );
  });
});

describe("what a ticket of an event on now admits to", () => {
  for (const lang of ["en", "ru", "ar"] as const) {
    it(`${lang}: each ticket says it is good for any one day of the week, on the event page and in the basket`, async () => {
      const event = await eventOnNow();
      const admits = text(lang, "common:admission.anyDay", {
        range: formatDayRange(event.startedAt, event.finishedAt, lang),
        time: formatTime(event.startedAt, lang),
      });
      await withPage(async (t) => {
        const { page } = t;
        await t.open(localize(href.event(event.id), lang));
        const offers = page.getByTestId("ticket-offer");
        await offers.first().waitFor({ timeout: 15_000 });
        const said = (await page.getByTestId("ticket-admits").allTextContents()).map((s) => s.trim());
        assert.equal(said.length, await offers.count(), "every ticket says it");
        for (const line of said) assert.equal(line, admits);

        await page.locator("[data-testid='ticket-offer']:not([data-sold-out]) button[data-step='up']").first().click();
        await page.getByRole("button", { name: text(lang, "common:picker.add") }).click();
        await page.getByTestId("picker-added").waitFor();
        await t.open(localize(href.cart(), lang));
        const basketEvent = page.locator(`[data-testid="cart-event"][data-event-id="${event.id}"]`);
        await basketEvent.waitFor({ timeout: 15_000 });
        assert.ok(((await basketEvent.textContent()) ?? "").includes(admits), "the basket says it too");
        assert.deepEqual(t.errors, []);
      });
    });
  }
});
