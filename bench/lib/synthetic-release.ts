/**
 * A release tree of the real site's shape, written fast, for `npm run bench:deploy`: per record
 * page and language an index.html and its page-data.json, per event and language an .ics file,
 * the lists, hashed scripts and styles, static images. At 10,000 events it has the 105,000 files
 * of a real 10,000-event build (docs/PUBLISHING.md) without the build's 40 minutes; the .br/.gz
 * copies a publish adds are left out (a bucket gets none: docs/adr/0009-compressed-copies-in-a-bucket.md).
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCdnRules, formatHeaders, formatRedirects } from "../../src/core/cdn-rules";
import { href, LANGUAGES, localize, notFoundFile } from "../../src/core/routes";

export interface Shape {
  events: number;
  places: number;
  persons: number;
  news: number;
}

/** The sample catalogue's shape (373 pages), and a catalogue of `events` events. */
export const SAMPLE: Shape = { events: 43, places: 40, persons: 30, news: 8 };
export const scaled = (events: number): Shape => ({
  events,
  places: Math.round(events * 0.06),
  persons: Math.round(events * 0.15),
  news: Math.round(events * 0.04),
});

const hex = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 20);

/** The pages of `shape` by language-free path: record pages and lists. */
function pagePaths(shape: Shape): string[] {
  const paths = [href.home(), href.events(), href.places(), href.persons(), href.newsList(), href.cart()];
  for (let i = 1; i <= shape.events; i++) paths.push(href.event(i));
  for (let i = 1; i <= shape.places; i++) paths.push(href.place(i));
  for (let i = 1; i <= shape.persons; i++) paths.push(href.person(i));
  for (let i = 1; i <= shape.news; i++) paths.push(href.news(i));
  return paths;
}

/** An event page's text; `edition` changes one event's pages only. */
function pageHtml(sitePath: string, edition: string, assets: string[]): string {
  const body = `<main><h1>${sitePath} ${edition}</h1>${"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>".repeat(100)}</main>`;
  return `<!doctype html><html><head>${assets.map((a) => `<link rel="preload" href="/${a}">`).join("")}</head><body>${body}</body></html>`;
}

const ASSETS = [`app-${hex("app")}.js`, `framework-${hex("framework")}.js`, `styles.${hex("styles")}.css`];

/** The files of one page in one language: its HTML and its page data; an event's .ics too. */
function pageFiles(page: string, lang: (typeof LANGUAGES)[number], edition: string): Array<[string, string]> {
  const sitePath = localize(page, lang);
  const dataPath = sitePath === "/" ? "/index/" : sitePath;
  const files: Array<[string, string]> = [
    [`${sitePath.slice(1)}index.html`, pageHtml(sitePath, edition, ASSETS)],
    [`page-data${dataPath}page-data.json`, JSON.stringify({ path: sitePath, edition, text: "d".repeat(2000) })],
  ];
  const event = /^\/events\/(\d+)\/$/.exec(page)?.[1];
  if (event)
    files.push([
      href.ics(Number(event), lang).slice(1),
      `BEGIN:VCALENDAR\nSUMMARY:${event} ${edition}\nEND:VCALENDAR\n`,
    ]);
  return files;
}

function writer(dir: string) {
  const made = new Set<string>();
  return (file: string, text: string) => {
    const full = path.join(dir, file);
    const parent = path.dirname(full);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    // never into a file another release shares by a hard link
    rmSync(full, { force: true });
    writeFileSync(full, text);
  };
}

/** Writes the tree into `dir`; returns its file count. */
export function writeSyntheticRelease(dir: string, shape: Shape): number {
  let files = 0;
  const toDisk = writer(dir);
  const write = (file: string, text: string) => {
    toDisk(file, text);
    files++;
  };
  for (const [i, asset] of ASSETS.entries()) write(asset, `/* ${asset} */${"x".repeat(50_000 * (i + 1))}`);
  for (let i = 0; i < 40; i++) write(`static/${hex(`img ${i}`)}/poster-${i}.jpg`, "j".repeat(30_000));
  write("page-data/app-data.json", `{"webpackCompilationHash":"${hex("build")}"}`);
  write("sitemap.xml", `<?xml version="1.0"?><urlset>${"<url/>".repeat(shape.events)}</urlset>`);
  write("404.html", pageHtml("/404.html", "1", ASSETS));
  for (const lang of LANGUAGES) {
    if (lang !== "en") write(notFoundFile(lang).slice(1), pageHtml("404", "1", ASSETS));
    for (const page of pagePaths(shape)) for (const [file, text] of pageFiles(page, lang, "1")) write(file, text);
  }
  const rules = buildCdnRules(
    { siteUrl: "https://tickets.example", catalogueApiUrl: "https://api.example", basketApiUrl: "https://api.example" },
    { hashedAssets: ASSETS.map((a) => `/${a}`), hiddenFiles: [] },
  );
  writeFileSync(path.join(dir, "_headers"), formatHeaders(rules));
  writeFileSync(path.join(dir, "_redirects"), formatRedirects(rules));
  writeFileSync(path.join(dir, "release.json"), "{}\n");
  return files;
}

/** What an editor's change of one event gives: its pages, data and calendar files in every language. */
export function changeEvent(dir: string, event: number, edition: string): number {
  const write = writer(dir);
  let files = 0;
  for (const lang of LANGUAGES)
    for (const [file, text] of pageFiles(href.event(event), lang, edition)) {
      write(file, text);
      files++;
    }
  return files;
}
