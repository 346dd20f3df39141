/**
 * The window events through which the header's search box, the search page and anything else
 * on the page (an embedding host, analytics) share the search query and the full-screen state
 * of the search widget. All are `CustomEvent`s dispatched on `window`.
 *
 * QUERY_CHANGE: a request: "search for this text". Dispatched by the header search box when
 * the visitor submits a text (Enter or "all results"), or by anyone else. It is cancelable:
 * the search page, when it is open, takes the request (its other filters stay) and calls
 * `preventDefault()`, so the sender knows the request was taken and need not open the search
 * page itself. A request whose text equals the query in force still answers QUERY_CHANGED.
 *   detail: { query: string }  (the text as typed; trimmed by the receiver)
 *
 * QUERY_CHANGED: a fact: "the query in force on the search page is now this, and it found
 * this many events". Dispatched by the search page after each search it ran finished loading,
 * whatever asked for it (its own text box, a filter, QUERY_CHANGE, the URL on load or Back).
 * The header box shows that text while the visitor is not typing in it.
 *   detail: { query: string; count: number }  (query trimmed, "" for none; count = total matches)
 *
 * WIDGET_FULLSCREEN: the search widget covered the whole screen (on a phone, after a tap on the
 * search icon) or gave it back. Hosts use it to hide their own floating elements (chat bubbles,
 * sticky bars) and to stop scrolling the page behind.
 *   detail: { open: boolean }
 */

export const QUERY_CHANGE = "QUERY_CHANGE";
export const QUERY_CHANGED = "QUERY_CHANGED";
export const WIDGET_FULLSCREEN = "WIDGET_FULLSCREEN";

export interface QueryChangeDetail {
  query: string;
}
export interface QueryChangedDetail {
  query: string;
  count: number;
}
export interface WidgetFullscreenDetail {
  open: boolean;
}

declare global {
  interface WindowEventMap {
    [QUERY_CHANGE]: CustomEvent<QueryChangeDetail>;
    [QUERY_CHANGED]: CustomEvent<QueryChangedDetail>;
    [WIDGET_FULLSCREEN]: CustomEvent<WidgetFullscreenDetail>;
  }
}

/** Asks for a new query; true when a listener (the search page) took the request. */
export function requestQueryChange(query: string): boolean {
  const event = new CustomEvent<QueryChangeDetail>(QUERY_CHANGE, { detail: { query }, cancelable: true });
  return !window.dispatchEvent(event);
}

export function announceQueryChanged(query: string, count: number): void {
  window.dispatchEvent(new CustomEvent<QueryChangedDetail>(QUERY_CHANGED, { detail: { query: query.trim(), count } }));
}

export function announceFullscreen(open: boolean): void {
  window.dispatchEvent(new CustomEvent<WidgetFullscreenDetail>(WIDGET_FULLSCREEN, { detail: { open } }));
}

/** Reads a QUERY_CHANGE detail from anyone, defensively: only a string query counts. */
export function queryOf(event: Event): string | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== "object" || detail === null) return null;
  const query = (detail as { query?: unknown }).query;
  return typeof query === "string" ? query : null;
}
