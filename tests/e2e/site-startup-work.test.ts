/**
 * Work nobody waits for stays out of a page's start (issue 18): a visitor who only reads a
 * page in the currency it was built with makes no basket or live-price request and loads no
 * script beyond the page's own start-up scripts (the basket client with axios stays unloaded)
 * until they touch, type or scroll; then both come at once. The basket's own pages ask for it
 * as soon as the browser is idle.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { siteUrl, withPage } from "./support/browser";
import { startupScripts } from "./support/startup";

const isBasketCall = (url: string) => url.includes("/api/basket") || url.includes("/api/orders");
const isPriceCall = (url: string) => url.includes("/v2/events_prices");
const scriptsOf = (requests: string[]) =>
  requests.filter((url) => url.startsWith(siteUrl("/")) && url.endsWith(".js")).map((url) => new URL(url).pathname);

describe("start-up work of a page that is only read", () => {
  for (const path of ["/", "/ar/events/"]) {
    it(`${path}: no basket, no live prices and no extra script until the visitor interacts`, async () => {
      await withPage(async (tp) => {
        const { page, requests, errors } = tp;
        await tp.open(path);
        await page.waitForTimeout(1000);
        assert.deepEqual(requests.filter(isBasketCall), [], "no basket request before an interaction");
        assert.deepEqual(requests.filter(isPriceCall), [], "no live price request before an interaction");
        const startup = new Set(startupScripts(path).map((s) => `/${s.file}`));
        assert.deepEqual(
          scriptsOf(requests).filter((script) => !startup.has(script)),
          [],
          "only the page's start-up scripts are loaded",
        );

        await page.mouse.wheel(0, 300);
        const until = Date.now() + 10_000;
        while (Date.now() < until && !(requests.some(isBasketCall) && requests.some(isPriceCall)))
          await page.waitForTimeout(100);
        assert.ok(requests.some(isBasketCall), "the basket is asked for after the first interaction");
        assert.ok(requests.some(isPriceCall), "live prices are asked for after the first interaction");
        assert.deepEqual(errors, []);
      });
    });
  }

  /** Counts the Intl objects whose locale data is costly to load, made from the first script on. */
  const COUNT_INTL = `(() => {
    const made = { NumberFormat: 0, DisplayNames: 0 };
    window.intlMade = made;
    for (const name of Object.keys(made)) {
      const Original = Intl[name];
      function Counting(...args) { made[name]++; return new Original(...args); }
      Counting.supportedLocalesOf = Original.supportedLocalesOf;
      Intl[name] = Counting;
    }
  })();`;
  const cases: Array<[string, string[]]> = [
    ["/events/", ["NumberFormat", "DisplayNames"]],
    ["/ar/events/", ["NumberFormat", "DisplayNames"]],
    // the cards' prices are the build's text until the currency or the catalogue changes them
    ["/", ["NumberFormat", "DisplayNames"]],
    ["/ar/places/1/", ["NumberFormat", "DisplayNames"]],
    // the event page shows prices: numbers are formatted, currency names are not needed
    ["/ar/events/1/", ["DisplayNames"]],
  ];
  for (const [path, kinds] of cases) {
    it(`${path}: makes no Intl.${kinds.join(" or Intl.")} at start-up`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        // a string: nothing of the test runner's transpiling reaches the page
        await page.addInitScript({ content: COUNT_INTL });
        await tp.open(path);
        await page.waitForTimeout(1000);
        const made = await page.evaluate(() => (window as unknown as { intlMade: Record<string, number> }).intlMade);
        for (const kind of kinds) assert.equal(made[kind], 0, `no Intl.${kind} before the visitor does anything`);
        assert.deepEqual(errors, []);
      });
    });
  }

  // The first Intl.NumberFormat of a page loads the browser's number data for the whole
  // process (25-90 ms of CPU); a worker started from the head pays it off the main thread.
  for (const path of ["/events/1/", "/ar/events/1/"]) {
    it(`${path}: number data is loaded on a worker started before the stylesheet`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        const workers: string[] = [];
        page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
        const violations: string[] = [];
        await page.exposeFunction("reportViolation", (what: string) => violations.push(what));
        await page.addInitScript({
          content: `document.addEventListener("securitypolicyviolation", (e) => window.reportViolation(e.violatedDirective + " " + e.blockedURI));`,
        });
        await tp.open(path);
        const html = await (await fetch(siteUrl(path))).text();
        const head = html.slice(0, html.indexOf("</head>"));
        const warm = head.indexOf('new Worker("/intl-warm.js")');
        assert.ok(warm >= 0, "the head starts the warm-up worker");
        assert.ok(warm < head.indexOf('rel="stylesheet"'), "before the stylesheet, so it does not wait for it");
        const until = Date.now() + 5_000;
        while (Date.now() < until && !workers.includes("/intl-warm.js")) await page.waitForTimeout(50);
        assert.deepEqual(workers, ["/intl-warm.js"], "the worker runs");
        assert.deepEqual(violations, [], "the site's CSP allows the script and the worker");
        assert.deepEqual(errors, []);
      });
    });
  }

  it("the cart asks for the basket at once, without an interaction", async () => {
    await withPage(async (tp) => {
      await tp.open("/cart/");
      const until = Date.now() + 10_000;
      while (Date.now() < until && !tp.requests.some(isBasketCall)) await tp.page.waitForTimeout(100);
      assert.ok(tp.requests.some(isBasketCall));
    });
  });
});
