import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CatalogueError } from "../../src/clients/catalogue-error";
import { createCatalogueTransport, type TransportOptions } from "../../src/clients/catalogue-transport";
import { reshapeLanding, reshapePage, reshapePlace } from "../../src/core/reshape";
import { createContractValidator } from "../../src/sourcing/contract-validator";
import { deadPort, wirePage as page, sendJson, stubsForThisFile, wirePlace } from "./support/catalogue-stub";

const stub = stubsForThisFile();

/** GET a page of places from `baseUrl` through a transport with these options (fast rate unless said). */
function placesFrom(baseUrl: string, options: TransportOptions = {}) {
  const transport = createCatalogueTransport({ rateLimit: 100, ...options });
  return (query = "lang=en") =>
    transport.getJson("listPlaces", `${baseUrl}/v1/places?${query}`, (data) =>
      reshapePage(data, (v, at) => reshapePlace(v, at)),
    );
}

describe("catalogue transport: time-out, retries, rate limit, validation", () => {
  it("retries a 503 three times, 1000 ms apart, then succeeds", async () => {
    const s = await stub((_req, res, hit) =>
      hit < 4 ? sendJson(res, 503, { detail: "busy" }) : sendJson(res, 200, page([wirePlace(1)])),
    );
    const result = await placesFrom(s.baseUrl)();
    assert.equal(result.results[0]?.title, "Place 1");
    assert.equal(s.requests.length, 4);
    for (let i = 1; i < s.requests.length; i++) {
      const gap = s.requests[i]!.at - s.requests[i - 1]!.at;
      assert.ok(gap >= 950 && gap < 1600, `gap ${i} was ${gap} ms`);
    }
  });

  it("retries 429 and gives up after 3 retries with the last status", async () => {
    const s = await stub((_req, res) => sendJson(res, 429, { detail: "slow down" }));
    await assert.rejects(placesFrom(s.baseUrl, { retryDelayMs: 10 })(), (error: unknown) => {
      assert.ok(error instanceof CatalogueError);
      assert.equal(error.status, 429);
      return true;
    });
    assert.equal(s.requests.length, 4);
  });

  it("does not retry a 404 or a 400", async () => {
    for (const status of [404, 400]) {
      const s = await stub((_req, res) => sendJson(res, status, { detail: "no" }));
      await assert.rejects(placesFrom(s.baseUrl, { retryDelayMs: 10 })(), new RegExp(`status ${status}`));
      assert.equal(s.requests.length, 1, String(status));
    }
  });

  it("retries a dropped connection (network error)", async () => {
    const s = await stub((req, res, hit) => {
      if (hit < 3) req.socket.destroy();
      else sendJson(res, 200, page([]));
    });
    const result = await placesFrom(s.baseUrl, { retryDelayMs: 10 })();
    assert.equal(result.count, 0);
    assert.equal(s.requests.length, 3);
  });

  it("never retries a time-out", async () => {
    const s = await stub(() => {
      /* never answers */
    });
    await assert.rejects(placesFrom(s.baseUrl, { retryDelayMs: 10, timeoutMs: 300 })(), (error: unknown) => {
      assert.ok(error instanceof CatalogueError);
      assert.equal(error.kind, "timeout");
      assert.match(error.message, /timed out after 300 ms/);
      return true;
    });
    assert.equal(s.requests.length, 1);
  });

  it("hands a caller's abort back as the cancel error, without retrying", async () => {
    const s = await stub(() => {
      /* never answers */
    });
    const transport = createCatalogueTransport({ rateLimit: 100, retryDelayMs: 10 });
    const controller = new AbortController();
    const asked = transport.getJson("listPlaces", `${s.baseUrl}/v1/places`, (d) => d, controller.signal);
    // abort once the request is really out (a loaded machine may take a while to send it)
    for (let waited = 0; s.requests.length === 0 && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await assert.rejects(asked, (error: unknown) => {
      assert.ok(!(error instanceof CatalogueError));
      assert.equal((error as { code?: string }).code, "ERR_CANCELED");
      return true;
    });
    assert.equal(s.requests.length, 1);
  });

  it("spaces requests to the rate limit: N requests take at least (N-1)/rate seconds", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, page([])));
    const rate = 4;
    const get = placesFrom(s.baseUrl, { rateLimit: rate });
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_x, i) => get(`lang=en&page=${i + 1}`)));
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= ((5 - 1) / rate) * 1000 - 30, `5 requests at ${rate}/s took ${elapsed} ms`);
    const gaps = s.requests.slice(1).map((r, i) => r.at - s.requests[i]!.at);
    assert.ok(
      gaps.every((gap) => gap >= 1000 / rate - 30),
      `gaps ${gaps.join(", ")}`,
    );
  });

  it("checks the answer against the operation's schema and names the field that breaks it", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, page([wirePlace(1), { ...wirePlace(2), title: 7 }])));
    await assert.rejects(
      placesFrom(s.baseUrl, { validate: createContractValidator() })(),
      /^CatalogueError: Malformed answer from http:\/\/127\.0\.0\.1:\d+\/v1\/places\?lang=en: \/results\/1\/title must be string/,
    );
  });

  it("tolerates fields the contract does not list", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, { ...page([{ ...wirePlace(1), rating: 5 }]), took_ms: 3 }));
    assert.equal((await placesFrom(s.baseUrl, { validate: createContractValidator() })()).results.length, 1);
  });

  it("without a validator (the browser) turns garbage into a clear error, not a crash", async () => {
    const s = await stub((_req, res) => sendJson(res, 200, page([{ ...wirePlace(1), location: "nowhere" }])));
    const transport = createCatalogueTransport({ rateLimit: 100 });
    await assert.rejects(
      transport.getJson("listPlaces", `${s.baseUrl}/v1/places?lang=en`, (d) =>
        reshapePage(d, (v, at) => reshapePlace(v, at)),
      ),
      /Malformed answer from .*\/v1\/places\?lang=en: \/results\/0\/location must be object/,
    );
    const t = await stub((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
    });
    await assert.rejects(
      transport.getJson("getLanding", `${t.baseUrl}/v2/landings/1`, (d) => reshapeLanding(d)),
      /Malformed answer from .*\/v2\/landings\/1: \/ must be JSON/,
    );
  });

  it("with persistence (the build), tries whole further rounds after a transient failure", async () => {
    const s = await stub((_req, res, hit) =>
      hit <= 6 ? sendJson(res, 503, { detail: "flaky" }) : sendJson(res, 200, page([wirePlace(1)])),
    );
    const persistence = { rounds: 2, pauseMs: 50 };
    assert.equal((await placesFrom(s.baseUrl, { retryDelayMs: 10, persistence })()).results.length, 1);
    assert.equal(s.requests.length, 7, "a first round of four attempts, then a second that succeeds on its third");
    const t = await stub((_req, res) => sendJson(res, 400, { detail: "bad" }));
    await assert.rejects(placesFrom(t.baseUrl, { retryDelayMs: 10, persistence })(), /status 400/);
    assert.equal(t.requests.length, 1, "a 400 is not transient");
  });

  it("fails against a dead catalogue after the retries, in bounded time, naming the URL", async () => {
    const port = await deadPort();
    const started = Date.now();
    await assert.rejects(placesFrom(`http://127.0.0.1:${port}`)(), (error: unknown) => {
      assert.ok(error instanceof CatalogueError);
      assert.equal(error.kind, "network");
      assert.match(error.message, new RegExp(`http://127\\.0\\.0\\.1:${port}/v1/places\\?lang=en`));
      assert.match(error.message, /ECONNREFUSED/);
      return true;
    });
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 2900 && elapsed < 6000, `took ${elapsed} ms`);
  });
});
