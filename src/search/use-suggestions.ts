/**
 * The header search box's suggestions for a text: events the site's search finds, asked of
 * the catalogue (live, with date and price), places and persons from the build-time index,
 * all forgiving typos and word forms (site-search.ts). Requests wait until
 * the visitor pauses typing (debounced), a newer text aborts the request of an older one, and
 * only the answer to the newest text is shown, whatever order answers arrive in.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { EventSummary, Lang } from "../core/catalogue";
import type { SearchIndexEntry } from "../core/search-index";
import { inMatchOrder, loadSiteSearch, withMatchedEvents } from "./site-search";

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

/** The catalogue is asked for this many of the events found, to show the most relevant of them. */
const EVENT_CANDIDATES = 20;

export function useSuggestions(text: string, lang: Lang): { suggestions: Suggestions; prepare(): void } {
  const [suggestions, setSuggestions] = useState<Suggestions>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const query = text.trim();

  const prepare = useCallback(() => {
    void loadSiteSearch(lang);
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
      const site = loadSiteSearch(lang);
      const events = Promise.all([loadCatalogueClient(), site]).then(async ([client, search]) => {
        const found = search.events(query);
        const page = await client.listEvents(
          withMatchedEvents(
            {
              search: query,
              page: 1,
              page_size: found.length > 0 ? EVENT_CANDIDATES : EVENT_SUGGESTIONS,
              sort_by: "popularity",
              sort_on: "desc",
            },
            found,
          ),
          lang,
          abort.signal,
        );
        return { ...page, results: inMatchOrder(page.results, found).slice(0, EVENT_SUGGESTIONS) };
      });
      Promise.all([events, site])
        .then(([page, search]) => {
          if (abort.signal.aborted) return;
          setSuggestions({
            query,
            status: "loaded",
            events: page.results,
            eventCount: page.count,
            places: search.places(query, ENTRY_SUGGESTIONS),
            persons: search.persons(query, ENTRY_SUGGESTIONS),
          });
        })
        .catch(() => {
          if (abort.signal.aborted) return;
          // Without the catalogue, the index still suggests places and persons.
          void site.then((search) => {
            if (abort.signal.aborted) return;
            setSuggestions({
              query,
              status: "error",
              events: [],
              eventCount: 0,
              places: search.places(query, ENTRY_SUGGESTIONS),
              persons: search.persons(query, ENTRY_SUGGESTIONS),
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
