/**
 * Page facts the site tests share: the languages, the texts from locales/, and the
 * catalogue records (read from the local server) each route type is checked against.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { href, LANGUAGE_INFO, LANGUAGES, type Lang, localize } from "../../../src/core/routes";
import { API_URL } from "./browser";

export const LANGS = LANGUAGES;
export type { Lang };

const ROOT = join(__dirname, "..", "..", "..");

/** the namespaces pages load by default; tickets.json belongs to the order pages alone */
const NAMESPACES = ["common", "pages", "forms"] as const;
const locales = new Map<string, Record<string, unknown>>();

/** locales/{lang}/{ns}.json, read once. */
function localeTree(lang: Lang, ns: string): Record<string, unknown> {
  const cacheKey = `${lang}/${ns}`;
  let tree = locales.get(cacheKey);
  if (!tree) {
    tree = JSON.parse(readFileSync(join(ROOT, "locales", lang, `${ns}.json`), "utf8")) as Record<string, unknown>;
    locales.set(cacheKey, tree);
  }
  return tree;
}

function lookup(lang: Lang, ns: string, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      localeTree(lang, ns),
    );
}

/**
 * A text of the site as a visitor reads it, from locales/{lang}/: "ns:a.b" from that
 * namespace, or "a.b" from the first namespace that has it; {{values}} filled in, and the
 * language's plural form when `values.count` is a number.
 */
export function text(lang: Lang, nsKey: string, values: Record<string, string | number> = {}): string {
  const [namespaces, key] = nsKey.includes(":")
    ? [[nsKey.slice(0, nsKey.indexOf(":"))], nsKey.slice(nsKey.indexOf(":") + 1)]
    : [[...NAMESPACES, "tickets"], nsKey];
  for (const ns of namespaces) {
    let found = lookup(lang, ns, key);
    if (found === undefined && typeof values.count === "number") {
      const rule =
        values.count === 0 && lookup(lang, ns, `${key}_zero`) !== undefined
          ? "zero"
          : new Intl.PluralRules(LANGUAGE_INFO[lang].locale.replace("_", "-")).select(values.count);
      found = lookup(lang, ns, `${key}_${rule}`) ?? lookup(lang, ns, `${key}_other`);
    }
    if (typeof found === "string")
      return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
        name in values ? String(values[name]) : whole,
      );
  }
  throw new Error(`no text ${nsKey} in locales/${lang}`);
}

/** `s` as a regular expression that matches it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface Titled {
  id: number;
  title: string;
}

export async function apiList<T extends Titled>(
  path: string,
  lang: Lang,
  params: Record<string, string> = {},
): Promise<T[]> {
  const url = new URL(`${API_URL}${path}`);
  url.searchParams.set("lang", lang);
  url.searchParams.set("page_size", "100");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = (await res.json()) as { results: T[] };
  return body.results;
}

/** A record with a plain title (the hostile fixtures have markup in theirs). */
export function plain<T extends Titled>(items: T[]): T {
  const found = items.find((i) => !/[<>]/.test(i.title));
  if (!found) throw new Error("no record with a plain title");
  return found;
}

export interface RouteSample {
  kind: string;
  path: string;
  /** the h1 must read exactly this (catalogue titles), or contain this locale text */
  heading: string;
}

/** One page of each route type in `lang`, with the heading it must show. */
export async function routeSamples(lang: Lang): Promise<RouteSample[]> {
  const [events, places, persons, news] = await Promise.all([
    apiList("/v1/events", lang, { date_type: "active", sort_by: "started_at", sort_on: "asc" }),
    apiList("/v1/places", lang),
    apiList("/v1/persons", lang),
    apiList("/v1/news", lang),
  ]);
  const event = plain(events);
  const place = plain(places);
  const person = plain(persons);
  const item = plain(news);
  const at = (path: string) => localize(path, lang);
  return [
    { kind: "home", path: at(href.home()), heading: text(lang, "home.title") },
    { kind: "events list", path: at(href.events()), heading: text(lang, "events.title") },
    { kind: "event", path: at(href.event(event.id)), heading: event.title },
    { kind: "places list", path: at(href.places()), heading: text(lang, "places.title") },
    { kind: "place", path: at(href.place(place.id)), heading: place.title },
    { kind: "persons list", path: at(href.persons()), heading: text(lang, "persons.title") },
    { kind: "person", path: at(href.person(person.id)), heading: person.title },
    { kind: "news list", path: at(href.newsList()), heading: text(lang, "news.title") },
    { kind: "news", path: at(href.news(item.id)), heading: item.title },
    { kind: "pay and delivery", path: at(href.payAndDelivery()), heading: text(lang, "payDelivery.title") },
    { kind: "info page", path: at(href.info("guarantee")), heading: text(lang, "info.guarantee.title") },
    { kind: "404", path: at("/no-such-page-here/"), heading: text(lang, "notFound.title") },
  ];
}

let keys: Set<string> | null = null;

/**
 * Every key of locales/ ("nav.events", "common.eventsCount"), plural suffixes folded: what
 * a page shows when a text is missing from the namespaces its query loads.
 */
export function translationKeys(): Set<string> {
  if (keys) return keys;
  keys = new Set();
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === "object" && !Array.isArray(node)) {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else if (prefix.includes(".")) {
      keys?.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
      keys?.add(prefix);
    }
  };
  for (const lang of LANGS) for (const ns of NAMESPACES) walk(localeTree(lang, ns), "");
  return keys;
}

/** The translation keys that appear as words of `text`, i.e. texts left untranslated. */
export function untranslatedKeys(text: string): string[] {
  const known = translationKeys();
  return [...new Set(text.match(/[A-Za-z][\w-]*(?:\.[\w-]+)+/g) ?? [])].filter((word) => known.has(word));
}
