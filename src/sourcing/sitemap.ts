/**
 * sitemap.xml of every localized URL, each with its en/ru/ar/x-default alternates, and the
 * robots.txt that points at it. Pure: the planned pages in, file texts out.
 */
import { DEFAULT_LANGUAGE, href, LANGUAGES, localize } from "../core/routes";
import type { PlannedPage } from "./plan-pages";

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, "") + path;
}

export function sitemapXml(pages: PlannedPage[], siteUrl: string): string {
  const listed = pages.filter((p) => p.inSitemap && !p.matchPath);
  // an alternate only where that language really has the page
  const existing = new Set(listed.map((p) => p.path));
  const entries = listed.map((page) => {
    const original = page.context.i18n.originalPath;
    const alternates = LANGUAGES.filter((lang) => existing.has(localize(original, lang))).map(
      (lang) =>
        `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(absoluteUrl(siteUrl, localize(original, lang)))}"/>`,
    );
    if (existing.has(localize(original, DEFAULT_LANGUAGE))) {
      alternates.push(
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(absoluteUrl(siteUrl, localize(original, DEFAULT_LANGUAGE)))}"/>`,
      );
    }
    return [`  <url>`, `    <loc>${xmlEscape(absoluteUrl(siteUrl, page.path))}</loc>`, ...alternates, `  </url>`].join(
      "\n",
    );
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...entries,
    `</urlset>`,
    "",
  ].join("\n");
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart/",
    "Disallow: /order/",
    "Disallow: /payment/",
    ...LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).flatMap((l) => [
      `Disallow: /${l}/cart/`,
      `Disallow: /${l}/order/`,
      `Disallow: /${l}/payment/`,
    ]),
    "Disallow: /en/order/",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, href.sitemap())}`,
    "",
  ].join("\n");
}
