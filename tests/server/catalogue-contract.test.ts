/** Every catalogue path, in every language, answers what contracts/catalogue.openapi.yaml says. */

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertMatchesContract, contracts, json, makeApp, type TestApp } from "./helpers";

let app: TestApp;
before(async () => {
  ({ app } = await makeApp({ siteUrl: "http://site.test" }));
});
after(async () => app.close());

const LANGS = ["en", "ru", "ar"] as const;

async function check(path: string, url: string, status = 200): Promise<unknown> {
  const res = await app.inject(url);
  assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 300)}`);
  assert.equal(res.headers["access-control-allow-origin"], "*", `${url} lacks CORS`);
  return assertMatchesContract("catalogue", path, "get", res);
}

/** Follows `next` to the end, validating each page; returns every result. */
async function walk(path: string, firstUrl: string): Promise<Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  let url: string | null = firstUrl;
  let count = -1;
  while (url) {
    const page = (await check(path, url)) as {
      count: number;
      next: string | null;
      results: Array<Record<string, unknown>>;
    };
    if (count === -1) count = page.count;
    assert.equal(page.count, count, "count is stable across pages");
    all.push(...page.results);
    url = page.next ? page.next.replace("http://api.test", "") : null;
  }
  assert.equal(all.length, count);
  return all;
}

describe("catalogue contract", () => {
  it("covers every path of the contract in this test", () => {
    const tested = [
      "/v1/events",
      "/v1/places",
      "/v1/persons",
      "/v1/news",
      "/v2/acquisitions",
      "/v1/events_category_types",
      "/v1/events_categories",
      "/v1/events_dates",
      "/v1/events_halls",
      "/v1/events_places",
      "/v1/events_locations",
      "/v2/landings/{id}",
      "/v2/events_prices",
      "/v2/dates_prices",
    ];
    assert.deepEqual(Object.keys(contracts.catalogue.paths).sort(), tested.sort());
  });

  for (const lang of LANGS) {
    it(`lists every event, place, person and news item in ${lang}`, async () => {
      const events = await walk("/v1/events", `/v1/events?date_type=all&page_size=7&lang=${lang}`);
      assert.ok(events.length >= 40);
      assert.equal((await walk("/v1/places", `/v1/places?page_size=9&lang=${lang}`)).length >= 25, true);
      assert.equal((await walk("/v1/persons", `/v1/persons?page_size=5&lang=${lang}`)).length >= 13, true);
      assert.equal((await walk("/v1/news", `/v1/news?page_size=4&lang=${lang}`)).length >= 10, true);
    });

    it(`answers the facets and acquisitions in ${lang}`, async () => {
      for (const path of [
        "/v1/events_category_types",
        "/v1/events_categories",
        "/v1/events_halls",
        "/v1/events_places",
        "/v1/events_locations",
      ]) {
        const body = (await check(path, `${path}?lang=${lang}`)) as { results: unknown[] };
        assert.ok(body.results.length > 0, path);
      }
      const acq = (await check("/v2/acquisitions", `/v2/acquisitions?lang=${lang}`)) as {
        results: Array<{ type: string }>;
      };
      assert.ok(acq.results.length >= 3);
      assert.ok(acq.results.some((a) => a.type === "card"));
      assert.ok(acq.results.some((a) => a.type === "bank_transfer" || a.type === "cash"));
    });
  }

  it("answers event dates, the landing and live prices", async () => {
    const dates = (await check("/v1/events_dates", "/v1/events_dates")) as { results: Array<{ date: string }> };
    assert.ok(dates.results.length > 10);
    const landing = (await check("/v2/landings/{id}", "/v2/landings/1")) as Record<string, unknown>;
    assert.deepEqual(
      (landing.currencies as Array<{ code: string }>).map((c) => c.code),
      ["AED", "USD", "EUR", "RUB"],
    );
    assert.equal(landing.ui_config_show_currencies, true);
    assert.equal(landing.site_url, "http://site.test", "the server's SITE_URL");
    assert.deepEqual(landing.languages, ["en", "ru", "ar"]);
    assert.deepEqual(landing.language_currency, { AED: [{ value: "ar" }, { value: "en" }], RUB: [{ value: "ru" }] });
    const events = json<{ results: Array<{ event_source_id: number }> }>(
      await app.inject("/v1/events?page_size=100&date_type=all"),
    ).results;
    const ids = events.map((e) => e.event_source_id).join(",");
    for (const cur of ["AED", "USD", "EUR", "RUB", "usd"]) {
      const prices = (await check(
        "/v2/events_prices",
        `/v2/events_prices?event_source_id_in=${ids}&currency_code=${cur}&source_id=2`,
      )) as unknown[];
      assert.equal(prices.length, events.length);
    }
    for (const e of events) {
      await check("/v2/dates_prices", `/v2/dates_prices?event_source_id=${e.event_source_id}&currency=EUR&source_id=2`);
    }
  });

  it("answers errors with {detail} as the contract says", async () => {
    await check("/v1/events", "/v1/events?page=0", 400);
    await check("/v1/places", "/v1/places?location_id_in=1,x", 400);
    await check("/v1/persons", "/v1/persons?lang=fr", 400);
    await check("/v1/news", "/v1/news?page=abc", 400);
    await check("/v2/acquisitions", "/v2/acquisitions?lang=xx", 400);
    await check("/v1/events_categories", "/v1/events_categories?lang=xx", 400);
    await check("/v2/landings/{id}", "/v2/landings/999", 404);
    await check("/v2/events_prices", "/v2/events_prices?currency_code=AED&source_id=2", 400);
    await check("/v2/dates_prices", "/v2/dates_prices?event_source_id=1&currency=AED&source_id=2", 404);
    await check("/v2/dates_prices", "/v2/dates_prices?event_source_id=10001&currency=AED&source_id=3", 400);
  });

  it("serves the images it links to, at their stated size", async () => {
    const events = json<{ results: Array<{ image: { url: string; width: number; height: number } | null }> }>(
      await app.inject("/v1/events?page_size=100&date_type=all"),
    ).results;
    const withImage = events.filter((e) => e.image);
    assert.ok(withImage.length > 0 && withImage.length < events.length, "some events have no image");
    for (const e of withImage.slice(0, 5)) {
      const url = e.image!.url;
      assert.match(url, /^http:\/\/api\.test\/media\//);
      const res = await app.inject(url.replace("http://api.test", ""));
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["content-type"], "image/svg+xml");
      assert.match(res.body, new RegExp(`width="${e.image!.width}" height="${e.image!.height}"`));
    }
  });
});
