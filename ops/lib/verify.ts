/**
 * The verification gate between a finished build and going live. A release that fails it is
 * never switched to; the live site stays as it was.
 *
 * - every fixed page of the route table is there in every language (a template that broke
 *   silently, a language that failed to render);
 * - no kind of page (events, places, persons, news, the rest) lost more than `maxLoss` of the
 *   live release's count: a catalogue that answers half of its events for a moment must not
 *   unpublish the other half (`force` lets an editor through after a real clean-up);
 * - no control characters in the HTML (broken text from the catalogue, or a binary written
 *   where a page should be);
 * - sitemap.xml is well-formed and names only pages the release has;
 * - the 404 pages of every language exist (the origin and the CDN answer unknown paths with them).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { href, INFO_PAGES, LANGUAGES, localize, notFoundFile, ROUTES, recordRouteOf } from "../../src/core/routes";

/**
 * The pages every language has whatever the catalogue holds, as paths without language: every
 * entry of the route table but those of a catalogue record (":id"), the info pages for ":page".
 */
export const FIXED_PAGES: readonly string[] = [
  ...Object.values(ROUTES)
    .map((route) => route.path)
    .filter((routePath) => !routePath.includes(":")),
  ...INFO_PAGES.map((page) => href.info(page)),
];

export function requiredPages(): string[] {
  return LANGUAGES.flatMap((lang) => FIXED_PAGES.map((page) => localize(page, lang)));
}

export type PageKind = "event" | "place" | "person" | "news" | "page";
export const PAGE_KINDS: readonly PageKind[] = ["event", "place", "person", "news", "page"];

/** The kind of a page by its site path ("/ru/events/12/" is an event). */
export function pageKind(sitePath: string): PageKind {
  const kind = recordRouteOf(sitePath);
  return kind === "event" || kind === "place" || kind === "person" || kind === "news" ? kind : "page";
}

/** The site path of an HTML file of the release, "events/12/index.html" -> "/events/12/". */
export function pagePathOf(file: string): string | null {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"index.html".length)}`;
  return null;
}

export interface ReleaseScan {
  pages: Set<string>;
  byKind: Record<PageKind, number>;
}

export function scanPages(files: string[]): ReleaseScan {
  const pages = new Set<string>();
  const byKind: Record<PageKind, number> = { event: 0, place: 0, person: 0, news: 0, page: 0 };
  for (const file of files) {
    const page = pagePathOf(file);
    if (page === null) continue;
    pages.add(page);
    byKind[pageKind(page)]++;
  }
  return { pages, byKind };
}

// C0 controls but tab, line feed and carriage return; DEL; C1 controls
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function findControlCharacter(text: string): { offset: number; code: number } | null {
  const match = CONTROL.exec(text);
  return match ? { offset: match.index, code: match[0].charCodeAt(0) } : null;
}

/**
 * The <loc> URLs of a sitemap; throws when it is not a well-formed <urlset> of <url><loc>.
 * A small checker rather than a full XML parser: tags must nest and close, text may hold only
 * the five predefined entities and character references.
 */
export function parseSitemap(xml: string): string[] {
  const body = xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  const locs: string[] = [];
  let rootSeen = false;
  let text = "";
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<!--[\s\S]*?-->/g;
  let last = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const between = body.slice(last, match.index);
    if (between.includes("<"))
      throw new Error(`sitemap.xml: a malformed tag near offset ${last + between.indexOf("<")}`);
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(between))
      throw new Error(`sitemap.xml: a bare "&" near offset ${last}`);
    if (stack.length === 0 && between.trim() !== "") throw new Error("sitemap.xml: text outside the root element");
    text += between;
    last = tag.lastIndex;
    if (match[0].startsWith("<!--")) continue;
    const [, closing, name, , selfClosing] = match as unknown as [string, string, string, string, string];
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`sitemap.xml: </${name}> closes <${open ?? "nothing"}>`);
      if (name === "loc") {
        if (stack.at(-1) !== "url") throw new Error("sitemap.xml: <loc> outside <url>");
        locs.push(text.trim().replace(/&amp;/g, "&"));
      }
      continue;
    }
    if (stack.length === 0) {
      if (rootSeen) throw new Error("sitemap.xml: more than one root element");
      if (name !== "urlset") throw new Error(`sitemap.xml: the root is <${name}>, not <urlset>`);
      rootSeen = true;
    }
    text = "";
    if (!selfClosing) stack.push(name);
  }
  const rest = body.slice(last);
  if (rest.trim() !== "") throw new Error("sitemap.xml: text after the root element");
  if (!rootSeen) throw new Error("sitemap.xml: no <urlset>");
  if (stack.length > 0) throw new Error(`sitemap.xml: <${stack.at(-1)}> is never closed`);
  return locs;
}

export interface VerifyOptions {
  releaseDir: string;
  files: string[];
  /** HTML files to read for control characters; others were checked in an earlier release */
  htmlToCheck?: string[];
  /** page counts of the live release, by kind; none for the first release */
  live: Partial<Record<PageKind, number>> | null;
  maxLoss: number;
  force: boolean;
  required?: string[];
}

export interface VerifyResult {
  ok: boolean;
  problems: string[];
  /** losses over the limit that `force` let through */
  forced: string[];
  scan: ReleaseScan;
}

export function verifyRelease(options: VerifyOptions): VerifyResult {
  const problems: string[] = [];
  const forced: string[] = [];
  const scan = scanPages(options.files);
  const fileSet = new Set(options.files);

  const missing = (options.required ?? requiredPages()).filter((page) => !scan.pages.has(page));
  if (missing.length > 0)
    problems.push(
      `${missing.length} fixed page(s) missing: ${missing.slice(0, 8).join(", ")}${missing.length > 8 ? ", ..." : ""}`,
    );

  for (const file of LANGUAGES.map((lang) => notFoundFile(lang).slice(1))) {
    if (!fileSet.has(file)) problems.push(`the 404 page ${file} is missing`);
  }

  if (options.live) {
    for (const kind of PAGE_KINDS) {
      const before = options.live[kind] ?? 0;
      const after = scan.byKind[kind];
      if (before === 0 || after >= before) continue;
      const loss = (before - after) / before;
      if (loss > options.maxLoss) {
        const message = `${kind} pages would drop from ${before} to ${after} (${Math.round(loss * 100)} % lost, at most ${Math.round(options.maxLoss * 100)} % allowed without --force)`;
        (options.force ? forced : problems).push(message);
      }
    }
  }

  for (const file of options.htmlToCheck ?? options.files.filter((f) => f.endsWith(".html"))) {
    const text = readFileSync(path.join(options.releaseDir, file), "utf8");
    const found = findControlCharacter(text);
    if (found)
      problems.push(
        `control character U+${found.code.toString(16).toUpperCase().padStart(4, "0")} in ${file} at offset ${found.offset}`,
      );
  }

  if (!fileSet.has("sitemap.xml")) problems.push("sitemap.xml is missing");
  else {
    try {
      const locs = parseSitemap(readFileSync(path.join(options.releaseDir, "sitemap.xml"), "utf8"));
      const absent = locs.map((loc) => new URL(loc).pathname).filter((page) => !scan.pages.has(page));
      if (absent.length > 0)
        problems.push(
          `sitemap.xml names ${absent.length} page(s) the release does not have: ${absent.slice(0, 5).join(", ")}`,
        );
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  return { ok: problems.length === 0, problems, forced, scan };
}
