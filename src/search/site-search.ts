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

/** The best matches the catalogue is asked for: more would be a list nobody reads to its end. */
export const MAX_MATCHED_EVENTS = 100;

export interface SiteSearch {
  /** the events a text means, best first; empty when the site does not know */
  eventIds(query: string): number[];
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
    eventIds: () => [],
    places: (query, limit) => searchEntries(index.places, query, limit),
    persons: (query, limit) => searchEntries(index.persons, query, limit),
  };
}

async function createSiteSearch(index: SearchIndex): Promise<SiteSearch> {
  const { createEventMatcher, createEntryMatcher } = await import(
    /* webpackChunkName: "fuzzy-match" */ "./fuzzy-match"
  );
  const events = createEventMatcher(index.events ?? []);
  const places = createEntryMatcher(index.places);
  const persons = createEntryMatcher(index.persons);
  const byId = (entries: SearchIndexEntry[]) => new Map(entries.map((entry) => [entry.id, entry]));
  const placeById = byId(index.places);
  const personById = byId(index.persons);
  const pick = (ids: number[], from: Map<number, SearchIndexEntry>, limit: number) =>
    ids.flatMap((id) => from.get(id) ?? []).slice(0, limit);
  return {
    eventIds: (query) => events.match(query).slice(0, MAX_MATCHED_EVENTS),
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
export function withMatchedEvents(filter: EventFilter, ids: readonly number[]): EventFilter {
  return ids.length > 0 ? { ...filter, search: undefined, ids: [...ids] } : filter;
}

/** A catalogue page of found events in the site's order of relevance. */
export function inMatchOrder<E extends { id: number }>(events: E[], ids: readonly number[]): E[] {
  if (ids.length === 0) return events;
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...events].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}
