/**
 * Work the first screen does not need stays out of a page's start (issues 18 and 36), and what
 * the visitor waits for does not wait for a touch (issue 33): until the page has hydrated it
 * makes no basket or live-price request and loads no script beyond its start-up scripts (the
 * API clients with axios, the basket's and prices' code stay unloaded); once the browser is
 * idle after that, both are asked for, with no interaction at all.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { siteUrl, withPage } from "./support/browser";
import { startupScripts } from "./support/startup";

const isBasketCall = (url: string) => url.includes("/api/basket") || url.includes("/api/orders");
const isPriceCall = (url: string) => url.includes("/v2/events_prices");

/** Records when React has taken over the page (gatsby-browser sets data-hydrated), on the page's clock. */
const RECORD_HYDRATED = `new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.hydrated !== "true") return;
  window.__hydratedAt = performance.now();
  observer.disconnect();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });`;

interface Loaded {
  url: string;
  startTime: number;
}

describe("start-up work of a page", () => {
  for (const path of ["/", "/ar/events/"]) {
    it(`${path}: no basket, no live prices, no extra script before hydration; both after it, untouched`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await page.addInitScript({ content: RECORD_HYDRATED });
        await tp.open(path);
        const until = Date.now() + 10_000;
        const loaded = async () =>
          page.evaluate(() =>
            performance
              .getEntriesByType("resource")
              .map((entry): { url: string; startTime: number } => ({ url: entry.name, startTime: entry.startTime })),
          );
        let entries: Loaded[] = await loaded();
        while (
          Date.now() < until &&
          !(entries.some((e) => isBasketCall(e.url)) && entries.some((e) => isPriceCall(e.url)))
        ) {
          await page.waitForTimeout(100);
          entries = await loaded();
        }
        const hydratedAt = await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt);
        const before = entries.filter((e) => e.startTime < hydratedAt);
        assert.deepEqual(
          before.filter((e) => isBasketCall(e.url) || isPriceCall(e.url)),
          [],
          "no API call before hydration",
        );
        const startup = new Set(startupScripts(path).map((s) => `/${s.file}`));
        const scriptsBefore = before
          .filter((e) => e.url.startsWith(siteUrl("/")) && e.url.endsWith(".js"))
          .map((e) => new URL(e.url).pathname);
        assert.deepEqual(
          scriptsBefore.filter((script) => !startup.has(script)),
          [],
          "only the page's start-up scripts load before it is interactive",
        );
        assert.ok(
          entries.some((e) => isBasketCall(e.url)),
          "the basket is asked for without an interaction",
        );
        assert.ok(
          entries.some((e) => isPriceCall(e.url)),
          "live prices are asked for without an interaction",
        );
        assert.deepEqual(errors, []);
      });
    });
  }

  /** Counts the Intl objects whose locale data is costly to load, made from the first script until hydration. */
  const COUNT_INTL = `(() => {
    const made = { NumberFormat: 0, DisplayNames: 0 };
    window.intlMade = made;
    for (const name of Object.keys(made)) {
      const Original = Intl[name];
      function Counting(...args) {
        if (document.documentElement.dataset.hydrated !== "true") made[name]++;
        return new Original(...args);
      }
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
    it(`${path}: makes no Intl.${kinds.join(" or Intl.")} until it has hydrated`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        // a string: nothing of the test runner's transpiling reaches the page
        await page.addInitScript({ content: COUNT_INTL });
        await tp.open(path);
        await page.waitForTimeout(1000);
        const made = await page.evaluate(() => (window as unknown as { intlMade: Record<string, number> }).intlMade);
        for (const kind of kinds) assert.equal(made[kind], 0, `no Intl.${kind} in the start-up task`);
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
