/**
 * The site's own search index, written at build time as /search-index.<lang>.json and fetched
 * by the browser on the first use of a search box or the search page:
 * - places and persons, which the header box suggests;
 * - the words of every upcoming event (title, place and persons in every language), which the
 *   site matches forgivingly (typos, word forms, transliterations: src/search/fuzzy-match.ts)
 *   before asking the catalogue for the events found, live and with prices (`id_in`).
 *
 * Each entry carries its title in the page's language and, for matching, its titles in the
 * other languages: "Coca-Cola" typed on an Arabic page finds "كوكاكولا أرينا".
 * The exact matching here (`searchEntries`) follows the catalogue's rules where a browser can
 * without a stemmer: words match at their start, case, diacritics and Arabic spelling
 * variants do not matter.
 */
import type { Lang } from "./catalogue";

export interface SearchIndexEntry {
  id: number;
  /** the title in the index's language */
  title: string;
  /** the page address without language prefix, e.g. `href.place(3)` */
  path: string;
  /** normalized words of the titles in every language, for matching */
  words: string[];
}

/**
 * An event's words for matching; what is shown of it comes live from the catalogue. Its place
 * and persons are named by id: their words are in `places` and `persons` once, not once per
 * event (at 10,000 events that halves the index).
 */
export interface SearchIndexEvent {
  id: number;
  /** normalized words of its titles in every language, space-separated */
  title: string;
  place: number;
  persons: number[];
}

export interface SearchIndex {
  places: SearchIndexEntry[];
  persons: SearchIndexEntry[];
  events: SearchIndexEvent[];
}

/** What of an event in one language the index needs. */
export interface IndexedEventSource {
  id: number;
  title: string;
  place: { id: number };
  persons: Array<{ id: number }>;
}

/** The index file's address for a language. */
export function searchIndexPath(lang: Lang): string {
  return `/search-index.${lang}.json`;
}

/** Lower-cases and strips what a searcher does not type: accents, harakat, tatweel, ё, alef forms. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه");
}

/** Normalized words; punctuation and hyphens separate words; the Arabic article is a separate form. */
export function searchWordsOf(text: string): string[] {
  const words = normalizeSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const out = new Set<string>();
  for (const word of words) {
    out.add(word);
    const bare = word.replace(/^(?:[وف]?[بك]?ال|[وف]?لل)(?=\p{L}{2})/u, "");
    if (bare !== word) out.add(bare);
  }
  return [...out];
}

/** Every word of the query starts some word of the entry. */
export function entryMatches(entry: Pick<SearchIndexEntry, "words">, query: string): boolean {
  const tokens = normalizedTokens(query);
  if (tokens.length === 0) return false;
  return tokens.every((token) => token.some((form) => entry.words.some((word) => word.startsWith(form))));
}

/** Each query word with its forms (with and without the Arabic article). */
function normalizedTokens(query: string): string[][] {
  return normalizeSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => {
      const bare = word.replace(/^(?:[وف]?[بك]?ال|[وف]?لل)(?=\p{L}{2})/u, "");
      return bare === word ? [word] : [word, bare];
    });
}

/** The entries that match, titles starting with the query first, at most `limit`. */
export function searchEntries(entries: SearchIndexEntry[], query: string, limit: number): SearchIndexEntry[] {
  const matched = entries.filter((entry) => entryMatches(entry, query));
  const start = normalizeSearchText(query.trim());
  const starts = (e: SearchIndexEntry) => (normalizeSearchText(e.title).startsWith(start) ? 0 : 1);
  return matched.sort((a, b) => starts(a) - starts(b)).slice(0, limit);
}

/** What the index is built from, in each language. */
export type SearchIndexSources = Record<
  Lang,
  {
    places: Array<{ id: number; title: string }>;
    persons: Array<{ id: number; title: string }>;
    /** the events to be found; absent: none */
    events?: IndexedEventSource[];
  }
>;

/** Builds one language's index from the titles of every language. */
export function buildSearchIndex(
  lang: Lang,
  byLanguage: SearchIndexSources,
  paths: { place(id: number): string; person(id: number): string },
): SearchIndex {
  const langs = Object.keys(byLanguage) as Lang[];
  const entries = (kind: "places" | "persons", path: (id: number) => string): SearchIndexEntry[] => {
    const titlesById = new Map<number, string[]>();
    for (const l of langs)
      for (const item of byLanguage[l][kind]) titlesById.set(item.id, [...(titlesById.get(item.id) ?? []), item.title]);
    return byLanguage[lang][kind].map((item) => {
      const titles = titlesById.get(item.id) ?? [item.title];
      return {
        id: item.id,
        title: item.title,
        path: path(item.id),
        words: [...new Set(titles.flatMap(searchWordsOf))],
      };
    });
  };
  return {
    places: entries("places", paths.place),
    persons: entries("persons", paths.person),
    events: indexedEvents(langs.map((l) => byLanguage[l].events ?? [])),
  };
}

/** Each event once, with the words of its titles in all its languages (one missing in a language keeps the others). */
function indexedEvents(byLanguage: IndexedEventSource[][]): SearchIndexEvent[] {
  const events = new Map<number, SearchIndexEvent & { words: Set<string> }>();
  for (const list of byLanguage)
    for (const event of list) {
      const entry = events.get(event.id) ?? {
        id: event.id,
        title: "",
        place: event.place.id,
        persons: event.persons.map((p) => p.id),
        words: new Set<string>(),
      };
      events.set(event.id, entry);
      for (const word of searchWordsOf(event.title)) entry.words.add(word);
    }
  return [...events.values()].map(({ words, ...event }) => ({ ...event, title: [...words].join(" ") }));
}
