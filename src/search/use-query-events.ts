/**
 * The search page's side of the query events (query-events.ts): it takes QUERY_CHANGE
 * requests while it is open and announces QUERY_CHANGED after every search it finished.
 */
import { useEffect, useRef } from "react";
import { MAX_SEARCH_LENGTH } from "../core/catalogue";
import { announceQueryChanged, QUERY_CHANGE, queryOf } from "./query-events";
import type { SearchState } from "./search-query";
import type { EventSearch } from "./use-event-search";

export function useSearchPageQueryEvents(
  state: SearchState | null,
  setState: (next: SearchState) => void,
  search: EventSearch,
  /** a request was taken: the results should come into view */
  onTaken?: () => void,
): void {
  // The listener stays put; what it needs is read from refs at the time of the request.
  const latest = useRef({ state, setState, search, onTaken });
  latest.current = { state, setState, search, onTaken };

  useEffect(() => {
    const take = (event: Event) => {
      const query = queryOf(event);
      const { state: current, setState: update, search: running, onTaken: taken } = latest.current;
      if (query === null || current === null) return; // not a valid request, or the URL is not read yet
      event.preventDefault();
      taken?.();
      const q = query.trim().slice(0, MAX_SEARCH_LENGTH);
      if (q === current.q.trim()) {
        // Nothing to search again: answer with the query in force once it has loaded.
        if (running.status === "loaded") announceQueryChanged(q, running.total);
        return;
      }
      update({ ...current, q });
    };
    window.addEventListener(QUERY_CHANGE, take);
    return () => window.removeEventListener(QUERY_CHANGE, take);
  }, []);

  const q = state?.q ?? "";
  useEffect(() => {
    // the built results before the URL is read are nobody's query yet
    if (search.status === "loaded" && search.urlRead) announceQueryChanged(q, search.total);
    // once per finished search: status goes loading -> loaded for every new search
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.status, search.total, search.urlRead]);
}
