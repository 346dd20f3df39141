/**
 * Nothing moves while a page loads (issue 18: CLS 0). The header's tools sit at the inline
 * end of its bar, so a first paint of a half-parsed header (the parser yields mid-way on a slow
 * phone) showed the search button alone at the end, and each item parsed after it pushed it
 * back: a layout shift Lighthouse counted on some runs. Every page's head holds
 * `<link rel="expect" href="#main" blocking="render">` (gatsby-ssr.tsx): the browser paints
 * nothing before <main> is parsed, so the header is whole in the first frame.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { withPage } from "./support/browser";
import { PUBLIC_DIR, pagePath } from "./support/startup";

const PHONE = { width: 390, height: 844 };
const PAGES = ["home", "events", "event", "place"].flatMap((type) => ["en", "ar"].map((lang) => pagePath(type, lang)));

/** Records every layout shift from the first paint on, with the element that moved. */
const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__shifts.push(entry.value.toFixed(4) + " " + entry.sources.map((s) => s.node ? s.node.nodeName + "." + s.node.className : "?").join(", "));
  }).observe({ type: "layout-shift", buffered: true });
})();`;

describe("layout stability while a page loads", () => {
  it("every page's first paint waits for its header to be parsed whole", () => {
    for (const path of PAGES) {
      const html = readFileSync(join(PUBLIC_DIR, path, "index.html"), "utf8");
      const head = html.slice(0, html.indexOf("</head>"));
      assert.match(head, /<link rel="expect" href="#main" blocking="render"\/>/, `${path}: the head waits for #main`);
      const body = html.slice(html.indexOf("</head>"));
      const main = body.indexOf('<main id="main"');
      assert.ok(main > body.indexOf("</header>"), `${path}: #main comes after the whole header`);
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
          // three loads: a half-painted header showed up in about one load in six
          for (let load = 0; load < 3; load++) {
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
