import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, describe, it } from "node:test";
import { createCatalogueClient } from "../../src/clients/catalogue-client";
import { CatalogueError } from "../../src/clients/catalogue-error";
import { createContractValidator } from "../../src/clients/contract-validator";
import { sanitizeHtml } from "../../src/catalogue/sanitize";
import { sendJson, startStub, wireEvent, wirePlace, type CatalogueStub } from "./support/catalogue-stub";

const stubs: CatalogueStub[] = [];
after(async () => {
  await Promise.all(stubs.map((s) => s.close()));
});
async function stub(...args: Parameters<typeof startStub>): Promise<CatalogueStub> {
  const s = await startStub(...args);
  stubs.push(s);
  return s;
}

const page = (results: unknown[], next: string | null = null, count = results.length) => ({ count, next, previous: null, results });

/** A port nobody listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("catalogue client over HTTP", () => {
  it("retries a 503 three times, 1000 ms apart, then succeeds", async () => {
    const s = await stub((_req, res, hit) => (hit < 4 ? sendJson(res, 503, { detail: "busy" }) : sendJson(res, 200, page([wirePlace(1)]))));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    const result = await client.listPlaces("en");
    assert.equal(result.results[0]?.title, "Place 1");
    assert.equal(s.requests.length, 4);
    for (let i = 1; i < s.requests.length; i++) {
      const gap = s.requests[i]!.at - s.requests[i - 1]!.at;
      assert.ok(gap >= 950 && gap < 1600, `gap ${i} was ${gap} ms`);
    }
  });

  it("retries 429 and gives up after 3 retries with the last status", async () => {
    const s = await stub((_req, res) => sendJson(res, 429, { detail: "slow down" }));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, retryDelayMs: 10 });
    await assert.rejects(client.listPersons("en"), (error: unknown) => {
      assert.ok(error instanceof CatalogueError);
      assert.equal(error.status, 429);
      return true;
    });
    assert.equal(s.requests.length, 4);
  });

  it("does not retry a 404 or a 400", async () => {
    const s = await stub((_req, res) => sendJson(res, 404, { detail: "no such landing" }));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, retryDelayMs: 10 });
    await assert.rejects(client.landing(99));
    assert.equal(s.requests.length, 1);
  });

  it("retries a dropped connection (network error)", async () => {
    const s = await stub((req, res, hit) => {
      if (hit < 3) req.socket.destroy();
      else sendJson(res, 200, page([]));
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, retryDelayMs: 10 });
    const result = await client.listNews("en");
    assert.equal(result.count, 0);
    assert.equal(s.requests.length, 3);
  });

  it("never retries a time-out", async () => {
    const s = await stub(() => {
      /* never answers */
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, retryDelayMs: 10, timeoutMs: 300 });
    await assert.rejects(client.listPlaces("en"), (error: unknown) => {
      assert.ok(error instanceof CatalogueError);
      assert.equal(error.kind, "timeout");
      assert.match(error.message, /timed out after 300 ms/);
      return true;
    });
    assert.equal(s.requests.length, 1);
  });

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

  it("spaces requests to the rate limit: N requests take at least (N-1)/rate seconds", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, page([])));
    const rate = 4;
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: rate });
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_x, i) => client.listPlaces("en", i + 1)));
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= ((5 - 1) / rate) * 1000 - 30, `5 requests at ${rate}/s took ${elapsed} ms`);
    const gaps = s.requests.slice(1).map((r, i) => r.at - s.requests[i]!.at);
    assert.ok(gaps.every((gap) => gap >= 1000 / rate - 30), `gaps ${gaps.join(", ")}`);
  });

  it("reads a list page by page to the end by following next", async () => {
    const s = await stub((req, res) => {
      const url = new URL(req.url ?? "/", s.baseUrl);
      const n = Number(url.searchParams.get("page") ?? "1");
      const next = n < 3 ? `${s.baseUrl}/v1/events?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(n + 1) })}` : null;
      sendJson(res, 200, page([wireEvent(n * 10 + 1), wireEvent(n * 10 + 2)], next, 6));
    });
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    const progress: string[] = [];
    const events = await client.listAllEvents({ date_type: "all" }, "ar", (loaded, total) => progress.push(`${loaded}/${total}`));
    assert.deepEqual(events.map((e) => e.id), [11, 12, 21, 22, 31, 32]);
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
    assert.deepEqual(places.map((p) => p.id), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
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
    assert.deepEqual((await client.listAllPlaces("en")).map((p) => p.id), [1, 2, 3]);
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
    assert.deepEqual((await client.listAllPlaces("en")).map((p) => p.id), [1, 2, 3]);
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
      assert.match(error.message, /^Malformed answer from http:\/\/127\.0\.0\.1:\d+\/v1\/events\?lang=ru&[^ ]*page=2: \/results\/3\/started_at must be string/);
      return true;
    });
  });

  it("tolerates fields the contract does not list", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, { ...page([{ ...wirePlace(1), rating: 5 }]), took_ms: 3 }));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, validate: createContractValidator() });
    assert.equal((await client.listPlaces("en")).results.length, 1);
  });

  it("without a validator (the browser) turns garbage into a clear error, not a crash", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, page([wireEvent(1, { place: "nowhere" })])));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100 });
    await assert.rejects(client.listEvents({}, "en"), /Malformed answer from .*\/v1\/events\?lang=en.*: \/results\/0\/place must be object/);
    const t = await stub((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
    });
    const client2 = createCatalogueClient({ baseUrl: t.baseUrl, rateLimit: 100 });
    await assert.rejects(client2.landing(1), /Malformed answer from .*\/v2\/landings\/1: \/ must be JSON/);
  });

  it("with persistence (the build), tries whole further rounds after a transient failure", async () => {
    const s = await stub((_req, res, hit) => (hit <= 6 ? sendJson(res, 503, { detail: "flaky" }) : sendJson(res, 200, page([wirePlace(1)]))));
    const client = createCatalogueClient({ baseUrl: s.baseUrl, rateLimit: 100, retryDelayMs: 10, persistence: { rounds: 2, pauseMs: 50 } });
    assert.equal((await client.listPlaces("en")).results.length, 1);
    assert.equal(s.requests.length, 7, "a first round of four attempts, then a second that succeeds on its third");
    const t = await stub((_req, res) => sendJson(res, 400, { detail: "bad" }));
    const strict = createCatalogueClient({ baseUrl: t.baseUrl, rateLimit: 100, retryDelayMs: 10, persistence: { rounds: 2, pauseMs: 50 } });
    await assert.rejects(strict.listPlaces("en"), /status 400/);
    assert.equal(t.requests.length, 1, "a 400 is not transient");
  });

  it("fails against a dead catalogue after the retries, in bounded time, naming the URL", async () => {
    const port = await deadPort();
    const client = createCatalogueClient({ baseUrl: `http://127.0.0.1:${port}`, rateLimit: 100 });
    const started = Date.now();
    await assert.rejects(client.landing(1), (error: unknown) => {
      assert.ok(error instanceof CatalogueError);
      assert.equal(error.kind, "network");
      assert.match(error.message, new RegExp(`http://127\\.0\\.0\\.1:${port}/v2/landings/1`));
      assert.match(error.message, /ECONNREFUSED/);
      return true;
    });
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 2900 && elapsed < 6000, `took ${elapsed} ms`);
  });

  it("asks for prices with event_source_id_in comma-joined, currency_code and source_id=2", async () => {
    const s = await stub((req, res) => {
      if (req.url?.startsWith("/v2/events_prices")) sendJson(res, 200, [{ id: 1001, min_price: 10, max_price: 20, currency_code: "AED" }]);
      else sendJson(res, 200, [{ started_at: "2026-12-12T20:00:00+04:00", tickets: [{ id: 9, title: "VIP", price: 500, currency_code: "AED", available: 3 }] }]);
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
        sendJson(res, 200, page([{ id: 1, title: "Card", type: "card", currencies: ["aed", "USD"], description: "<p>Visa &amp; <b>Mastercard</b></p><script>x</script>" }]));
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
    const s = await stub((_req, res) => sendJson(res, 200, page([wireEvent(7, { image: { url: "javascript:alert(1)", width: 1, height: 1 } })])));
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
