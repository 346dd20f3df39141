/**
 * The events search page: its filters come from the catalogue's facets, its results from
 * the catalogue in the browser with the section-7 parameters, and the search lives in the
 * URL so a shared link shows the same results.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { href, localize } from "../../src/core/routes";
import { API_URL, withPage } from "./support/browser";
import { type Lang, text } from "./support/site";

interface WireEvent {
  id: number;
  title: string;
  location: { id: number; title: string };
}

async function catalogueEvents(params: Record<string, string>): Promise<{ count: number; results: WireEvent[] }> {
  const url = new URL(`${API_URL}/v1/events`);
  for (const [k, v] of Object.entries({ date_type: "active", sort_by: "started_at", sort_on: "asc", ...params }))
    url.searchParams.set(k, v);
  const res = await fetch(url);
  assert.ok(res.ok, `${url} answered ${res.status}`);
  return (await res.json()) as { count: number; results: WireEvent[] };
}

function foundText(lang: Lang, count: number): RegExp {
  // the plural form differs by language; the number is what matters here
  return lang === "ar" && count <= 2 ? /./ : new RegExp(String(count));
}

describe("events search", () => {
  for (const lang of ["en", "ru", "ar"] as const) {
    it(`filters by city from the URL and keeps the filters in the URL (${lang})`, async () => {
      const first = (await catalogueEvents({ lang, page_size: "1" })).results[0];
      assert.ok(first, "the catalogue has an active event");
      const cityId = first.location.id;
      const expected = await catalogueEvents({ lang, location_id_in: String(cityId), page_size: "100" });

      await withPage(async (tp) => {
        const { page, errors, requests } = tp;
        await tp.open(`${localize(href.eventsSearch(), lang)}?cities=${cityId}`);
        assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), text(lang, "search.title"));

        const status = page.getByRole("status").filter({ hasNotText: /^$/ }).first();
        await page.waitForFunction(() => document.querySelector("section[aria-busy='false']") !== null, undefined, {
          timeout: 15_000,
        });
        assert.match((await status.textContent()) ?? "", foundText(lang, expected.count));
        const cards = page.locator("article[data-event-id]");
        assert.equal(await cards.count(), Math.min(expected.count, 24));
        assert.equal(await page.getByLabel(text(lang, "search.city")).inputValue(), String(cityId));

        const eventCall = requests.find((r) => r.includes("/v1/events?"));
        assert.ok(eventCall, "the browser asked the catalogue");
        const params = new URL(eventCall).searchParams;
        assert.equal(params.get("location_id_in"), String(cityId));
        assert.equal(params.get("date_type"), "active");
        assert.equal(params.get("sort_by"), "started_at");
        assert.equal(params.get("lang"), lang);

        await page.getByLabel(text(lang, "search.starCast")).check();
        await page.waitForURL(/star=1/);
        await page.waitForFunction(() => document.querySelector("section[aria-busy='false']") !== null);
        assert.ok(
          requests.some((r) => r.includes("label_id_in=3")),
          "star cast maps to label_id_in=3",
        );
        assert.deepEqual(errors, []);
      });
    });
  }

  it("searches free text, shows an empty state and clears it", async () => {
    await withPage(async (tp) => {
      const { page, errors } = tp;
      await tp.open("/events/search/");
      await page.getByLabel(text("en", "search.textLabel")).fill("zzzz-no-such-event-zzzz");
      await page.waitForURL(/q=zzzz-no-such-event-zzzz/);
      // The empty result says what was searched, offers popular events, and drops the text on a click.
      await page.getByText(text("en", "search.emptyTitle")).waitFor();
      await page.getByRole("heading", { name: text("en", "search.emptyPopular") }).waitFor();
      assert.ok((await page.locator("article[data-event-id]").count()) > 0, "popular events are offered");
      await page.getByRole("button", { name: /zzzz-no-such-event-zzzz/ }).click();
      await page.waitForURL((url) => url.search === "");
      await page.locator("article[data-event-id]").first().waitFor();
      assert.deepEqual(errors, []);
    });
  });

  it("loads more results on demand", async () => {
    const all = await catalogueEvents({ lang: "en", page_size: "1" });
    assert.ok(
      all.count > 24,
      `the sample catalogue needs more than one page of results for this, it has ${all.count} events`,
    );
    await withPage(async (tp) => {
      const { page } = tp;
      await tp.open("/events/search/");
      const cards = page.locator("article[data-event-id]");
      await cards.first().waitFor();
      assert.equal(await cards.count(), 24);
      await page.getByRole("button", { name: text("en", "search.loadMore") }).click();
      await page.waitForFunction((n) => document.querySelectorAll("article[data-event-id]").length > n, 24);
      assert.equal(await cards.count(), Math.min(all.count, 48));
    });
  });
});
