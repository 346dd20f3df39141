/**
 * No script runs before a page's first paint (issue 18: LCP). Gatsby's scripts slice lists the
 * webpack runtime, the framework and the app as `<script async>`: the browser fetched them at
 * once and ran each as it arrived, often before the first paint, so a phone evaluated the
 * framework before it showed a page it already had. The tags now sit in an inert `<template
 * id="gatsby-scripts">` (patches/gatsby+5.16.1.patch), and a script after it
 * (src/app/first-paint-scripts.ts) adds them once the first frame is painted.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FIRST_PAINT_SCRIPTS, SCRIPTS_TEMPLATE_ID } from "../../src/app/first-paint-scripts";
import { siteUrl, withPage } from "./support/browser";
import { PAGE_TYPES, PUBLIC_DIR, pagePath } from "./support/startup";

const PAGES = Object.keys(PAGE_TYPES).flatMap((type) => ["en", "ar"].map((lang) => pagePath(type, lang)));
const TEMPLATE = new RegExp(`<template id="${SCRIPTS_TEMPLATE_ID}">([\\s\\S]*?)</template>`);

/** The time of the page's first frame: the first requestAnimationFrame callback, asked for at document start. */
const RECORD_FIRST_FRAME = `(() => {
  requestAnimationFrame(() => { window.__firstFrame = performance.now(); });
})();`;

describe("a page's scripts start after its first paint", () => {
  it("every page's scripts are in the inert template, and the script that starts them follows it", () => {
    for (const path of PAGES) {
      const html = readFileSync(join(PUBLIC_DIR, path, "index.html"), "utf8");
      const template = TEMPLATE.exec(html);
      assert.ok(template, `${path}: the scripts template`);
      const inside = [...(template[1] ?? "").matchAll(/<script src="([^"]+)" async><\/script>/g)].map((m) => m[1]);
      assert.ok(
        inside.some((src) => /^\/app-[0-9a-f]+\.js$/.test(src ?? "")),
        `${path}: the app is in the template (${inside.join(", ")})`,
      );
      assert.ok(
        inside.some((src) => /^\/framework-[0-9a-f]+\.js$/.test(src ?? "")),
        `${path}: the framework too`,
      );
      const outside = html.replace(TEMPLATE, "");
      assert.doesNotMatch(outside, /<script\b[^>]*\bsrc=/, `${path}: no script tag the parser would fetch and run`);
      const templateEnd = template.index + template[0].length;
      const starter = html.indexOf(`<script>${FIRST_PAINT_SCRIPTS}</script>`);
      assert.ok(starter >= templateEnd, `${path}: the starting script comes after the template`);
    }
  });

  it("the Content Security Policy lets the starting script run", () => {
    const hash = createHash("sha256").update(FIRST_PAINT_SCRIPTS, "utf8").digest("base64");
    const headers = readFileSync(join(PUBLIC_DIR, "_headers"), "utf8");
    const policies = headers.split("\n").filter((line) => line.includes("Content-Security-Policy"));
    assert.ok(policies.length > 0);
    for (const policy of policies) assert.ok(policy.includes(`'sha256-${hash}'`), policy.slice(0, 120));
  });

  for (const path of ["/", "/ar/events/1/", "/ar/news/", "/cart/"]) {
    it(`${path}: no script is fetched before the first frame, and the page hydrates`, async () => {
      await withPage(async (tp) => {
        const { page, errors } = tp;
        await page.addInitScript({ content: RECORD_FIRST_FRAME });
        await tp.open(path);
        const timing = await page.evaluate(() => ({
          firstFrame: (window as unknown as { __firstFrame?: number }).__firstFrame ?? null,
          scripts: performance
            .getEntriesByType("resource")
            .filter((e) => e.name.endsWith(".js") && (e as PerformanceResourceTiming).initiatorType === "script")
            .map((e) => ({ url: e.name, start: e.startTime })),
        }));
        assert.ok(timing.firstFrame !== null, "the page painted a frame");
        const own = timing.scripts.filter((s) => s.url.startsWith(siteUrl("/")));
        assert.ok(
          own.some((s) => /\/app-[0-9a-f]+\.js$/.test(s.url)),
          `the app was loaded: ${own.map((s) => s.url).join(", ")}`,
        );
        for (const script of own)
          assert.ok(
            script.start >= (timing.firstFrame as number),
            `${script.url} was fetched at ${script.start.toFixed(1)} ms, before the first frame at ${timing.firstFrame?.toFixed(1)} ms`,
          );
        assert.deepEqual(errors, []);
      });
    });
  }
});
