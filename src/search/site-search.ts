/**
 * The site's own search (its build-time index with the forgiving match of fuzzy-match.ts),
 * loaded once per language on the first use of a search box or the search page.
 *
 * Events: the site finds which events a text means, and the catalogue is asked for those
 * (`id_in`, with every other filter, sort and page of the search), so what is shown stays live
 * and priced. Where the site finds nothing (an event newer than the index, or no index at
 * all), the catalogue's own text search answers as before.
 */
import type { EventFilter, Lang } from "../core/catalogue";
import { type SearchIndex, type SearchIndexEntry, searchEntries, searchIndexPath } from "../core/search-index";
import type { FuzzyMatch } from "./fuzzy-match";

/** The best matches the catalogue is asked for: more would be a list nobody reads to its end. */
export const MAX_MATCHED_EVENTS = 100;

export interface SiteSearch {
  /** the events a text means, best first; empty when the site does not know */
  events(query: string): FuzzyMatch[];
  places(query: string, limit: number): SearchIndexEntry[];
  persons(query: string, limit: number): SearchIndexEntry[];
}

const EMPTY_INDEX: SearchIndex = { places: [], persons: [], events: [] };

function fetchIndex(lang: Lang): Promise<SearchIndex> {
  return fetch(searchIndexPath(lang)).then((res) =>
    res.ok ? (res.json() as Promise<SearchIndex>) : Promise.reject(new Error(`HTTP ${res.status}`)),
  );
}

/** The exact start-of-word match, while (or if) the forgiving one cannot load. */
function exactSearch(index: SearchIndex): SiteSearch {
  return {
    events: () => [],
    places: (query, limit) => searchEntries(index.places, query, limit),
    persons: (query, limit) => searchEntries(index.persons, query, limit),
  };
}

async function createSiteSearch(index: SearchIndex): Promise<SiteSearch> {
  const { createEventMatcher, createEntryMatcher } = await import(
    /* webpackChunkName: "fuzzy-match" */ "./fuzzy-match"
  );
  const events = createEventMatcher(index);
  const places = createEntryMatcher(index.places);
  const persons = createEntryMatcher(index.persons);
  const byId = (entries: SearchIndexEntry[]) => new Map(entries.map((entry) => [entry.id, entry]));
  const placeById = byId(index.places);
  const personById = byId(index.persons);
  const pick = (found: FuzzyMatch[], from: Map<number, SearchIndexEntry>, limit: number) =>
    found.flatMap(({ id }) => from.get(id) ?? []).slice(0, limit);
  return {
    events: (query) => events.match(query).slice(0, MAX_MATCHED_EVENTS),
    places: (query, limit) => pick(places.match(query), placeById, limit),
    persons: (query, limit) => pick(persons.match(query), personById, limit),
  };
}

/** One load per language and page view; a failed index is tried again on the next use. */
const loaded = new Map<Lang, Promise<SiteSearch>>();

export function loadSiteSearch(lang: Lang): Promise<SiteSearch> {
  let search = loaded.get(lang);
  if (!search) {
    search = fetchIndex(lang).then(
      (index) => createSiteSearch(index).catch(() => exactSearch(index)),
      () => {
        loaded.delete(lang);
        return exactSearch(EMPTY_INDEX);
      },
    );
    loaded.set(lang, search);
  }
  return search;
}

/** The catalogue filter for a search: the events the site found, else the catalogue's own text search. */
export function withMatchedEvents(filter: EventFilter, found: readonly FuzzyMatch[]): EventFilter {
  return found.length > 0 ? { ...filter, search: undefined, ids: found.map((m) => m.id) } : filter;
}

/**
 * A catalogue page of found events with those whose title holds the query first, as the
 * catalogue's own search ranks them; otherwise in the catalogue's order (popularity, date).
 */
export function inMatchOrder<E extends { id: number }>(events: E[], found: readonly FuzzyMatch[]): E[] {
  const titled = new Set(found.filter((m) => m.inTitle).map((m) => m.id));
  if (titled.size === 0) return events;
  return [...events].sort((a, b) => Number(titled.has(b.id)) - Number(titled.has(a.id)));
}
