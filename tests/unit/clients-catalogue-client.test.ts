import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createCatalogueClient } from "../../src/clients/catalogue-client";
import { createContractValidator } from "../../src/sourcing/contract-validator";
import { sanitizeHtml } from "../../src/sourcing/sanitize";
import { wirePage as page, sendJson, stubsForThisFile, wireEvent, wirePlace } from "./support/catalogue-stub";

const stub = stubsForThisFile();

describe("catalogue client: endpoints over HTTP", () => {
  it("rejects with the response data, the status and the full URL with its query", async () => {
    const s = await stub((_req, res) => sendJson(res, 500, { detail: "database is on fire" }));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, retries: 0 });
    await assert.rejects(client.listEvents({ categories: [4, 5], date_gte: "2026-12-01" }, "ru"), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /database is on fire/);
      assert.match(error.message, /\b500\b/);
      const url = `${s.baseUrl}/v1/events?lang=ru&category_id_in=4%2C5&started_gte=2026-12-01&started_lte=2026-12-01&date_type=active&sort_by=started_at&sort_on=asc`;
      assert.ok(error.message.includes(url), error.message);
      return true;
    });
  });

  it("reads a list page by page to the end by following next", async () => {
    const s = await stub((req, res) => {
      const url = new URL(req.url ?? "/", s.baseUrl);
      const n = Number(url.searchParams.get("page") ?? "1");
      const next =
        n < 3
          ? `${s.baseUrl}/v1/events?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(n + 1) })}`
          : null;
      sendJson(res, 200, page([wireEvent(n * 10 + 1), wireEvent(n * 10 + 2)], next, 6));
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    const progress: string[] = [];
    const events = await client.listAllEvents({ date_type: "all" }, "ar", (loaded, total) =>
      progress.push(`${loaded}/${total}`),
    );
    assert.deepEqual(
      events.map((e) => e.id),
      [11, 12, 21, 22, 31, 32],
    );
    assert.deepEqual(progress, ["2/6", "4/6", "6/6"]);
    assert.equal(s.requests.length, 3);
    assert.match(s.requests[0]!.url, /lang=ar/);
    assert.match(s.requests[0]!.url, /page_size=100/);
    assert.match(s.requests[0]!.url, /date_type=all/);
  });

  it("asks for the remaining numbered pages side by side, in order, within the rate limit", async () => {
    const s = await stub((req, res) => {
      const url = new URL(req.url ?? "/", s.baseUrl);
      const n = Number(url.searchParams.get("page") ?? "1");
      url.searchParams.set("page", String(n + 1));
      // answers out of order: later pages come back sooner
      setTimeout(() => sendJson(res, 200, page([wirePlace(n)], n < 9 ? url.toString() : null, 9)), (10 - n) * 15);
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 50 });
    const places = await client.listAllPlaces("en");
    assert.deepEqual(
      places.map((p) => p.id),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    assert.equal(s.requests.length, 9);
  });

  it("follows a next that is not page-numbered link by link", async () => {
    const s = await stub((req, res) => {
      const cursor = new URL(req.url ?? "/", s.baseUrl).searchParams.get("cursor");
      if (cursor === null) sendJson(res, 200, page([wirePlace(1)], `${s.baseUrl}/v1/places?cursor=b`, 3));
      else if (cursor === "b") sendJson(res, 200, page([wirePlace(2)], `${s.baseUrl}/v1/places?cursor=c`, 3));
      else sendJson(res, 200, page([wirePlace(3)], null, 3));
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    assert.deepEqual(
      (await client.listAllPlaces("en")).map((p) => p.id),
      [1, 2, 3],
    );
  });

  it("keeps reading when the list grew past the count the first page gave", async () => {
    const s = await stub((req, res) => {
      const url = new URL(req.url ?? "/", s.baseUrl);
      const n = Number(url.searchParams.get("page") ?? "1");
      url.searchParams.set("page", String(n + 1));
      // the first page promises 2 items, but a third appeared meanwhile
      sendJson(res, 200, page([wirePlace(n)], n < 3 ? url.toString() : null, n === 1 ? 2 : 3));
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    assert.deepEqual(
      (await client.listAllPlaces("en")).map((p) => p.id),
      [1, 2, 3],
    );
  });

  it("stops on a next that loops back instead of reading forever", async () => {
    const s = await stub((req, res) => sendJson(res, 200, page([wirePlace(1)], `${s.baseUrl}${req.url}`, 99)));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    await assert.rejects(client.listAllPlaces("en"), /already read/);
  });

  it("fails on a malformed answer naming the URL and the field (contract validation)", async () => {
    const bad = [wireEvent(1), wireEvent(2), wireEvent(3), wireEvent(4, { started_at: 1765555200 })];
    const s = await stub((_req, res) => sendJson(res, 200, page(bad, null, 4)));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, validate: createContractValidator() });
    await assert.rejects(client.listEvents({ page: 2 }, "ru"), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.match(
        error.message,
        /^Malformed answer from http:\/\/127\.0\.0\.1:\d+\/v1\/events\?lang=ru&[^ ]*page=2: \/results\/3\/started_at must be string/,
      );
      return true;
    });
  });

  it("asks for prices with event_source_id_in comma-joined, currency_code and source_id=2", async () => {
    const s = await stub((req, res) => {
      if (req.url?.startsWith("/v2/events_prices"))
        sendJson(res, 200, [{ id: 1001, min_price: 10, max_price: 20, currency_code: "AED" }]);
      else
        sendJson(res, 200, [
          {
            started_at: "2026-12-12T20:00:00+04:00",
            tickets: [{ id: 9, title: "VIP", price: 500, currency_code: "AED", available: 3 }],
          },
        ]);
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, validate: createContractValidator() });
    const prices = await client.eventsPrices([1001, 1002], "AED");
    assert.deepEqual(prices, [{ id: 1001, minPrice: 10, maxPrice: 20, currencyCode: "AED" }]);
    const dates = await client.datesPrices(1001, "RUB");
    assert.equal(dates[0]?.tickets[0]?.maxPerOrder, 10);
    assert.equal(dates[0]?.tickets[0]?.serviceFee, 0);
    const [first, second] = s.requests.map((r) => new URL(r.url, s.baseUrl));
    assert.equal(first?.pathname, "/v2/events_prices");
    assert.equal(first?.searchParams.get("event_source_id_in"), "1001,1002");
    assert.equal(first?.searchParams.get("currency_code"), "AED");
    assert.equal(first?.searchParams.get("source_id"), "2");
    assert.equal(second?.pathname, "/v2/dates_prices");
    assert.equal(second?.searchParams.get("event_source_id"), "1001");
    assert.equal(second?.searchParams.get("currency"), "RUB");
    assert.equal(second?.searchParams.get("source_id"), "2");
    assert.equal(second?.searchParams.has("lang"), false);
    assert.deepEqual(await client.eventsPrices([], "AED"), []);
    assert.equal(s.requests.length, 2);
    // the page's language goes along, for a catalogue that translates ticket categories
    await client.datesPrices(1001, "AED", "ar");
    assert.equal(new URL(s.requests[2]!.url, s.baseUrl).searchParams.get("lang"), "ar");
  });

  it("reads acquisitions from results and the landing with its defaults", async () => {
    const s = await stub((req, res) => {
      if (req.url?.startsWith("/v2/acquisitions")) {
        sendJson(
          res,
          200,
          page([
            {
              id: 1,
              title: "Card",
              type: "card",
              currencies: ["aed", "USD"],
              description: "<p>Visa &amp; <b>Mastercard</b></p><script>x</script>",
            },
          ]),
        );
      } else {
        sendJson(res, 200, {
          id: 1,
          site_url: "https://tickets.example",
          currencies: [{ code: "AED", symbol: "AED", title: "Dirham" }],
          language_currency: { AED: [{ value: "ar" }, { value: "en" }] },
          ui_config_show_currencies: true,
        });
      }
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, validate: createContractValidator() });
    const [acq] = await client.acquisitions("en");
    assert.deepEqual(acq?.currencies, ["AED", "USD"]);
    assert.equal(acq?.description, "Visa & Mastercard", "a description with markup becomes plain text");
    const landing = await client.landing(1);
    assert.deepEqual(landing.languages, ["ru"]);
    assert.deepEqual(landing.languageCurrency, { AED: ["ar", "en"] });
    assert.equal(landing.currencies[0]?.decimals, 2);
  });

  it("reshapes events to the domain type with sanitized HTML and the star-cast flag", async () => {
    const s = await stub((_req, res) =>
      sendJson(res, 200, page([wireEvent(7, { image: { url: "javascript:alert(1)", width: 1, height: 1 } })])),
    );
    const withSanitizer = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, sanitizeHtml });
    const [event] = (await withSanitizer.listEvents({}, "en")).results;
    assert.equal(event?.eventSourceId, 1007);
    assert.equal(event?.isStarCast, true);
    assert.equal(event?.descriptionHtml, "<p>Hello</p>");
    assert.equal(event?.image, null, "a non-http image URL is dropped");
    const withoutSanitizer = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    const [raw] = (await withoutSanitizer.listEvents({}, "en")).results;
    assert.equal(raw?.descriptionHtml, null, "HTML never passes unsanitized");
  });
});
