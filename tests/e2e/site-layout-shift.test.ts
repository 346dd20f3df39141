/**
 * Nothing moves while a page loads (issue 18: CLS 0). A phone paints whatever the parser has
 * reached when it yields: half a hero, the header's end-aligned tools before the last of them,
 * a row of share buttons before its second line, a bottom bar before its second line; each
 * element parsed after that moved the ones painted before it (layout shifts Lighthouse and CI
 * caught on some loads). Every page's head holds
 * `<link rel="expect" href="#first-screen-end" blocking="render">` (gatsby-ssr.tsx): the
 * browser paints nothing before the marker (src/kernel/first-screen.tsx) is parsed, which comes
 * after the footer, or on a long page (home, the events list) after what a phone's first
 * screen shows.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { withPage } from "./support/browser";
import { PUBLIC_DIR, pagePath } from "./support/startup";

const PHONE = { width: 390, height: 844 };
const PAGES = ["home", "events", "event", "place"].flatMap((type) => ["en", "ar"].map((lang) => pagePath(type, lang)));
/** the long pages, which mark the end of their first screen themselves */
const LONG = new Set(["home", "events"].flatMap((type) => ["en", "ar"].map((lang) => pagePath(type, lang))));

/** Records every layout shift from the first paint on, with the element that moved. */
const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__shifts.push(entry.value.toFixed(4) + " " + entry.sources.map((s) => s.node ? s.node.nodeName + "." + s.node.className : "?").join(", "));
  }).observe({ type: "layout-shift", buffered: true });
})();`;

describe("layout stability while a page loads", () => {
  it("every page's first paint waits for its first screen to be parsed whole", () => {
    for (const path of PAGES) {
      const html = readFileSync(join(PUBLIC_DIR, path, "index.html"), "utf8");
      const head = html.slice(0, html.indexOf("</head>"));
      assert.match(head, /<link rel="expect" href="#first-screen-end" blocking="render"\/>/, `${path}: the head waits`);
      const body = html.slice(html.indexOf("</head>"));
      const markers = body.split('id="first-screen-end"').length - 1;
      assert.equal(markers, 1, `${path}: one marker`);
      const marker = body.indexOf('<span id="first-screen-end" hidden=""></span>');
      assert.ok(marker > body.indexOf("</header>"), `${path}: the marker comes after the whole header`);
      if (LONG.has(path)) {
        // painting waits for the first screen only, not for the whole list
        const main = body.indexOf('<main id="main"');
        const mainEnd = body.indexOf("</main>");
        assert.ok(marker > main && marker < mainEnd, `${path}: the marker is in <main>`);
        assert.ok(marker - main < (mainEnd - main) / 2, `${path}: the marker comes before most of <main>`);
      } else {
        assert.ok(marker > body.indexOf("</footer>"), `${path}: the marker comes after the footer`);
      }
    }
  });

  for (const path of PAGES) {
    it(`${path}: no layout shift on a phone with a 4x slower CPU`, async () => {
      await withPage(
        async (tp) => {
          const { page, context, errors } = tp;
          await page.addInitScript({ content: RECORD_SHIFTS });
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
          // four loads, fresh and from the cache: a half-painted first screen showed up in about
          // one load in ten
          for (let load = 0; load < 4; load++) {
            await tp.open(path);
            await page.waitForTimeout(500);
            const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
            assert.deepEqual(shifts, [], `load ${load + 1} of ${path}`);
          }
          assert.deepEqual(errors, []);
        },
        { viewport: PHONE },
      );
    });
  }
});
