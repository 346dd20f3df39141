/**
 * The search page's state <-> its URL query, so a search can be shared, bookmarked and
 * survives reload. Parsed with qs under fixed limits (depth 5, array limit 20, parameter
 * limit 1000: a crafted address cannot make the parser build a huge object); anything malformed is dropped rather than sent on.
 */
import qs from "qs";
import { MAX_SEARCH_LENGTH } from "../clients/catalogue-params";
import type { EventFilter } from "../core/catalogue";

export const QUERY_PARSE_OPTIONS = {
  ignoreQueryPrefix: true,
  depth: 5,
  arrayLimit: 20,
  parameterLimit: 1000,
  comma: true,
} as const;

export interface SearchState {
  q: string;
  categories: number[];
  cities: number[];
  places: number[];
  /** YYYY-MM-DD (UAE day) */
  from: string;
  to: string;
  star: boolean;
}

export const EMPTY_SEARCH: SearchState = {
  q: "",
  categories: [],
  cities: [],
  places: [],
  from: "",
  to: "",
  star: false,
};

const MAX_IDS = 20;

function ids(value: unknown): number[] {
  const raw = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: number[] = [];
  for (const item of raw) {
    if (typeof item !== "string" || !/^\d{1,9}$/.test(item)) continue;
    const id = Number(item);
    if (id > 0 && !out.includes(id)) out.push(id);
  }
  return out.slice(0, MAX_IDS);
}

function isoDay(value: unknown): string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : "";
}

function text(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_SEARCH_LENGTH) : "";
}

export function parseSearchQuery(search: string): SearchState {
  const parsed = qs.parse(search, QUERY_PARSE_OPTIONS) as Record<string, unknown>;
  let from = isoDay(parsed.from);
  let to = isoDay(parsed.to);
  if (from && to && to < from) [from, to] = [to, from];
  return {
    q: text(parsed.q),
    categories: ids(parsed.categories),
    cities: ids(parsed.cities),
    places: ids(parsed.places),
    from,
    to,
    star: parsed.star === "1" || parsed.star === "true",
  };
}

/** "?q=jazz&categories=1,2&star=1", or "" when nothing is chosen. */
export function stringifySearchQuery(state: SearchState): string {
  const query = qs.stringify(
    {
      q: state.q.trim() || undefined,
      categories: state.categories.length ? state.categories : undefined,
      cities: state.cities.length ? state.cities : undefined,
      places: state.places.length ? state.places : undefined,
      from: state.from || undefined,
      to: state.to || undefined,
      star: state.star ? "1" : undefined,
    },
    { arrayFormat: "comma", encodeValuesOnly: true, addQueryPrefix: true },
  );
  return query;
}

/** The search as catalogue filters (mapped to parameters by catalogue-params.ts). */
export function searchFilter(state: SearchState, page: number, pageSize: number): EventFilter {
  return {
    search: state.q.trim() || undefined,
    categories: state.categories,
    cities: state.cities,
    places: state.places,
    date_gte: state.from || undefined,
    date_lte: state.to || undefined,
    is_star_cast: state.star || undefined,
    page,
    page_size: pageSize,
  };
}

export function isEmptySearch(state: SearchState): boolean {
  return stringifySearchQuery(state) === "";
}

/**
 * Sets one end of the date range. An end that would cross the other moves the other with it
 * ("From" after "To" would find nothing), and says so, so the page can explain the change.
 */
export function withDate(
  state: SearchState,
  end: "from" | "to",
  value: string,
): { state: SearchState; moved: boolean } {
  let { from, to } = state;
  if (end === "from") from = value;
  else to = value;
  let moved = false;
  if (from && to && to < from) {
    if (end === "from") to = from;
    else from = to;
    moved = true;
  }
  return { state: { ...state, from, to }, moved };
}

/** YYYY-MM-DD moved by whole days (calendar arithmetic in UTC, which has no DST). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same search over a range widened by `days` on each side of the chosen dates. */
export function widenDates(state: SearchState, days: number): SearchState {
  const from = state.from || state.to;
  const to = state.to || state.from;
  if (!from || !to) return state;
  return { ...state, from: shiftDay(from, -days), to: shiftDay(to, days) };
}
