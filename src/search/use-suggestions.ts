/**
 * The header search box's suggestions for a text: events from the catalogue's search (live,
 * with date and price), places and persons from the build-time index. Requests wait until
 * the visitor pauses typing (debounced), a newer text aborts the request of an older one, and
 * only the answer to the newest text is shown, whatever order answers arrive in.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { EventSummary, Lang } from "../core/catalogue";
import { type SearchIndex, type SearchIndexEntry, searchEntries, searchIndexPath } from "../core/search-index";

export const SUGGEST_DELAY_MS = 200;
export const MIN_QUERY_LENGTH = 2;
export const EVENT_SUGGESTIONS = 5;
export const ENTRY_SUGGESTIONS = 3;

export interface Suggestions {
  /** the text these suggestions answer */
  query: string;
  status: "idle" | "loading" | "loaded" | "error";
  events: EventSummary[];
  /** all events matching, beyond those suggested */
  eventCount: number;
  places: SearchIndexEntry[];
  persons: SearchIndexEntry[];
}

const IDLE: Suggestions = { query: "", status: "idle", events: [], eventCount: 0, places: [], persons: [] };

/** One fetch of each language's index per page load, shared by every box. */
const indexes = new Map<Lang, Promise<SearchIndex>>();
function loadIndex(lang: Lang): Promise<SearchIndex> {
  let index = indexes.get(lang);
  if (!index) {
    index = fetch(searchIndexPath(lang))
      .then((res) => (res.ok ? (res.json() as Promise<SearchIndex>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .catch(() => {
        indexes.delete(lang); // try again on the next focus
        return { places: [], persons: [] };
      });
    indexes.set(lang, index);
  }
  return index;
}

export function useSuggestions(text: string, lang: Lang): { suggestions: Suggestions; prepare(): void } {
  const [suggestions, setSuggestions] = useState<Suggestions>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const query = text.trim();

  const prepare = useCallback(() => {
    void loadIndex(lang);
  }, [lang]);

  useEffect(() => {
    controller.current?.abort();
    if (query.length < MIN_QUERY_LENGTH) {
      setSuggestions(IDLE);
      return undefined;
    }
    const abort = new AbortController();
    controller.current = abort;
    const timer = window.setTimeout(() => {
      setSuggestions((current) => ({ ...current, query, status: "loading" }));
      const events = loadCatalogueClient().then((client) =>
        client.listEvents(
          { search: query, page: 1, page_size: EVENT_SUGGESTIONS, sort_by: "popularity", sort_on: "desc" },
          lang,
          abort.signal,
        ),
      );
      Promise.all([events, loadIndex(lang)])
        .then(([page, index]) => {
          if (abort.signal.aborted) return;
          setSuggestions({
            query,
            status: "loaded",
            events: page.results,
            eventCount: page.count,
            places: searchEntries(index.places, query, ENTRY_SUGGESTIONS),
            persons: searchEntries(index.persons, query, ENTRY_SUGGESTIONS),
          });
        })
        .catch(() => {
          if (abort.signal.aborted) return;
          // Without the catalogue, the index still suggests places and persons.
          void loadIndex(lang).then((index) => {
            if (abort.signal.aborted) return;
            setSuggestions({
              query,
              status: "error",
              events: [],
              eventCount: 0,
              places: searchEntries(index.places, query, ENTRY_SUGGESTIONS),
              persons: searchEntries(index.persons, query, ENTRY_SUGGESTIONS),
            });
          });
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [query, lang]);

  return { suggestions, prepare };
}
