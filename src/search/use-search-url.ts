/**
 * The search state kept in the page's URL query. The static HTML has no query, so the URL
 * is read after hydration (state is null until then); changes replace the history entry so
 * Back leaves the search page instead of stepping through every keystroke.
 */
import { useCallback, useEffect, useState } from "react";
import { parseSearchQuery, type SearchState, stringifySearchQuery } from "./search-query";

export function useSearchUrl(): [SearchState | null, (next: SearchState) => void] {
  const [state, setState] = useState<SearchState | null>(null);

  useEffect(() => {
    const read = () => setState(parseSearchQuery(window.location.search));
    read();
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);

  const update = useCallback((next: SearchState) => {
    setState(next);
    const url = `${window.location.pathname}${stringifySearchQuery(next)}${window.location.hash}`;
    window.history.replaceState(window.history.state, "", url);
  }, []);

  return [state, update];
}
