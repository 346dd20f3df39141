/**
 * A small site release of the real shape, for the deploy-to-S3 and CDN tests: pages in three
 * languages that load a hashed script and stylesheet and their page-data, client-only order
 * pages, the 404 page of each language, hashed static files, build artefacts, .br copies, and
 * the _headers/_redirects the build writes (src/sourcing/cdn-rules.ts). Seconds to deploy,
 * where a real build takes minutes.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { writeCdnRules } from "../../../lib/cdn-rule-files";
import { CLIENT_ONLY_ROUTES, href, LANGUAGES, localize, notFoundFile } from "../../../src/core/routes";
import { finishRelease, writeFiles } from "./release-fixture";

export const SITE_SETTINGS = {
  siteUrl: "https://tickets.example",
  catalogueApiUrl: "https://api.tickets.example",
  basketApiUrl: "https://api.tickets.example",
};

export interface SiteRelease {
  /** the hashed script and stylesheet its pages load */
  script: string;
  styles: string;
  /** the events it has */
  events: number[];
}

const hex = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 20);
const filler = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(6);

/** A page that loads its release's assets and data, as Gatsby's do. */
function page(title: string, dataPath: string, release: SiteRelease): string {
  return `<!doctype html><html><head><link rel="stylesheet" href="/${release.styles}"><script>window.x=1;</script></head><body><h1>${title}</h1><p>${filler}</p><script src="/${release.script}" async></script><script id="data" data-page-data="${dataPath}"></script></body></html>`;
}

/**
 * Writes release `name` under `root` and makes it live. `version` names its build (a new
 * version gives new hashed assets); `edition` per event changes that event's pages only.
 */
export async function writeSiteRelease(
  root: string,
  name: string,
  options: { version: string; events: number[]; edition?: Record<number, string> },
): Promise<SiteRelease> {
  const release: SiteRelease = {
    script: `app-${hex(`app ${options.version}`)}.js`,
    styles: `styles.${hex(`css ${options.version}`)}.css`,
    events: options.events,
  };
  const files: Record<string, string> = {
    [release.script]: `/* app ${options.version} */ ${filler}`,
    [`${release.script}.br`]: "compressed copy",
    [`${release.script}.map`]: "{}",
    [release.styles]: `/* css ${options.version} */ body{margin:0}`,
    [`static/${hex(`poster ${options.version}`)}/poster.png`]: "png",
    "~partytown/partytown.js": "/* partytown */",
    "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    "sitemap.xml": `<?xml version="1.0"?><urlset>${options.events.map((e) => `<url>${e}</url>`).join("")}</urlset>`,
    "webpack.stats.json": "{}",
    "chunk-map.json": "{}",
    "page-data/app-data.json": `{"webpackCompilationHash":"${hex(options.version)}"}`,
    "404.html": page("Not found", "/page-data/404.html/page-data.json", release),
  };
  const addPage = (sitePath: string, title: string) => {
    const dataPath = `/page-data${sitePath === "/" ? "/index/" : sitePath}page-data.json`;
    files[`${sitePath.slice(1)}index.html`] = page(title, dataPath, release);
    files[dataPath.slice(1)] = JSON.stringify({ path: sitePath, title });
  };
  for (const lang of LANGUAGES) {
    for (const sitePath of [href.home(), href.events(), href.places(), href.cart(), href.orderCheckout()])
      addPage(localize(sitePath, lang), `${lang} ${sitePath}`);
    if (lang !== "en") addPage(notFoundFile(lang).replace(/index\.html$/, ""), `${lang} not found`);
    for (const event of options.events) {
      const edition = options.edition?.[event] ?? "1";
      addPage(localize(href.event(event), lang), `${lang} event ${event} edition ${edition}`);
      files[href.ics(event, lang).slice(1)] = `BEGIN:VCALENDAR\nSUMMARY:event ${event} ${edition}\nEND:VCALENDAR\n`;
    }
  }
  for (const route of CLIENT_ONLY_ROUTES) files[`${route.path.slice(1)}index.html`] ??= page(route.path, "", release);
  const dir = path.join(root, name);
  writeFiles(dir, files);
  await writeCdnRules(dir, SITE_SETTINGS);
  finishRelease(root, name);
  return release;
}
