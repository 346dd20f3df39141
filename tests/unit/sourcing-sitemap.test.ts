import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { planPages } from "../../src/sourcing/plan-pages";
import { robotsTxt, sitemapXml } from "../../src/sourcing/sitemap";
import { fixtureSnapshot } from "./support/catalogue-fixture";

describe("sitemap and robots", () => {
  const pages = planPages(fixtureSnapshot(), { now: new Date("2026-12-01T08:00:00Z") });
  const xml = sitemapXml(pages, "https://tickets.example/");

  it("lists every localized content URL with its alternates", () => {
    for (const path of [
      "/",
      "/ru/",
      "/ar/",
      "/events/2/",
      "/ru/events/2/",
      "/ar/places/1/",
      "/persons/person/5/",
      "/news/1/",
      "/ru/about/",
    ]) {
      assert.ok(xml.includes(`<loc>https://tickets.example${path}</loc>`), path);
    }
    assert.ok(xml.includes(`<xhtml:link rel="alternate" hreflang="ar" href="https://tickets.example/ar/events/2/"/>`));
    assert.ok(
      xml.includes(`<xhtml:link rel="alternate" hreflang="x-default" href="https://tickets.example/events/2/"/>`),
    );
  });

  it("leaves out cart, order, payment and 404 pages", () => {
    assert.doesNotMatch(xml, /\/(cart|order|payment|404)\//);
  });

  it("points robots.txt at the sitemap", () => {
    assert.match(robotsTxt("https://tickets.example"), /\nSitemap: https:\/\/tickets\.example\/sitemap\.xml\n/);
  });
});
