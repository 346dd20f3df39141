/**
 * Runs a search against the catalogue from the browser: the first page when the search
 * changes, more pages on demand. A text is first matched by the site's own forgiving search
 * (site-search.ts): the catalogue is asked for the events it found. A newer search aborts an older one still in flight, so
 * results never arrive out of order. The client (with axios) is loaded on first use.
 *
 * A search without filters starts from the first page the build rendered (`built`): it is
 * in the HTML, shown before any script runs, and the catalogue is asked only for more, or
 * once the visitor searches for something else.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { EventCardData, EventSummary, Lang } from "../core/catalogue";
import { SEARCH_PAGE_SIZE } from "../core/page-context";
import type { FuzzyMatch } from "./fuzzy-match";
import { EMPTY_SEARCH, type SearchState, searchFilter, stringifySearchQuery } from "./search-query";

export { SEARCH_PAGE_SIZE };

/** The query of a search without filters: the one the build rendered. */
const UNFILTERED = stringifySearchQuery(EMPTY_SEARCH);

/** The site's search (src/search/site-search.ts): a chunk of its own, loaded by the first search. */
function siteSearch() {
  return import(/* webpackChunkName: "site-search" */ "./site-search");
}

/** The catalogue's answer with the events already on (src/search/running-events.ts), loaded by the first search. */
function runningEvents() {
  return import(/* webpackChunkName: "running-events" */ "./running-events");
}

export type SearchStatus = "idle" | "loading" | "loaded" | "error";

export interface EventSearch {
  status: SearchStatus;
  /** false until the page's URL is read: the results shown may not be its search yet */
  urlRead: boolean;
  events: EventCardData[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  loadMore(): void;
  retry(): void;
}

/** Keeps the build-time card shape and nothing more, whatever the client returns. */
function summaries(events: EventSummary[]): EventSummary[] {
  return events.map(({ ...event }) => {
    delete (event as { descriptionHtml?: unknown }).descriptionHtml;
    return event;
  });
}

export function useEventSearch(
  state: SearchState | null,
  lang: Lang,
  built?: { events: EventCardData[]; total: number },
): EventSearch {
  const [status, setStatus] = useState<SearchStatus>(built ? "loaded" : "idle");
  const [events, setEvents] = useState<EventCardData[]>(built?.events ?? []);
  const [total, setTotal] = useState(built?.total ?? 0);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(built ? built.total > built.events.length : false);
  // the built page stands until the visitor searches for something else
  const showingBuilt = useRef(built !== undefined);
  /** the search whose results are shown */
  const [shownKey, setShownKey] = useState<string | null>(built ? UNFILTERED : null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  /** the events the site's search found for the text shown, for the later pages */
  const matched = useRef<FuzzyMatch[]>([]);
  const key = state === null ? null : stringifySearchQuery(state);

  useEffect(() => {
    if (state === null) return undefined; // the URL has not been read yet
    if (showingBuilt.current && key === UNFILTERED && attempt === 0) return undefined;
    showingBuilt.current = false;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setStatus("loading");
    setMoreFailed(false);
    const text = state.q.trim();
    // the site's search and its index load with the first search, not with the page (issue 36)
    Promise.all([loadCatalogueClient(), siteSearch(), runningEvents()])
      // the first page also holds the events already on when the chosen days begin
      .then(async ([client, { loadSiteSearch, withMatchedEvents }, { listEventsOnDuring }]) => {
        const found = text ? (await loadSiteSearch(lang)).events(text) : [];
        const filter = withMatchedEvents(searchFilter(state, 1, SEARCH_PAGE_SIZE), found);
        return { found, result: await listEventsOnDuring(client.listEvents, filter, lang, abort.signal) };
      })
      .then(({ found, result }) => {
        if (abort.signal.aborted) return;
        matched.current = found;
        setShownKey(key);
        setEvents(summaries(result.results));
        setTotal(result.count);
        setPage(1);
        setHasMore(result.next !== null && result.results.length > 0);
        setStatus("loaded");
      })
      .catch(() => {
        if (!abort.signal.aborted) setStatus("error");
      });
    return () => abort.abort();
    // `key` stands for `state`: a new object with the same filters is the same search
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, lang, attempt]);

  const loadMore = useCallback(() => {
    if (state === null || loadingMore) return;
    const signal = controller.current?.signal;
    setLoadingMore(true);
    setMoreFailed(false);
    Promise.all([loadCatalogueClient(), siteSearch()])
      .then(([client, { withMatchedEvents }]) =>
        client.listEvents(
          withMatchedEvents(searchFilter(state, page + 1, SEARCH_PAGE_SIZE), matched.current),
          lang,
          signal,
        ),
      )
      .then((result) => {
        if (signal?.aborted) return;
        setEvents((current) => {
          const known = new Set(current.map((e) => e.id));
          return [...current, ...summaries(result.results).filter((e) => !known.has(e.id))];
        });
        setPage((n) => n + 1);
        setHasMore(result.next !== null && result.results.length > 0);
      })
      .catch(() => {
        if (!signal?.aborted) setMoreFailed(true);
      })
      .finally(() => setLoadingMore(false));
  }, [state, page, lang, loadingMore]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // results of another search than the one asked for are never "loaded", not even for the
  // render before the request starts
  const current = status === "loaded" && state !== null && key !== shownKey ? "loading" : status;
  return {
    status: current,
    urlRead: state !== null,
    events,
    total,
    hasMore,
    loadingMore,
    moreFailed,
    loadMore,
    retry,
  };
}
