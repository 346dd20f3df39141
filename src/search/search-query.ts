/**
 * The search page's state <-> its URL query, so a search can be shared, bookmarked and
 * survives reload. Read with the browser's URLSearchParams under fixed limits (the first
 * 1000 parameters, 20 ids a list): lists come as "categories=1,2", "categories=1&categories=2"
 * or "categories[]=1"; anything malformed (a value where one is wanted twice, a name with
 * brackets in it) is dropped rather than sent on. No query library: qs was 7 KB gzipped of
 * the search page's start-up JavaScript.
 */
import { type EventFilter, MAX_SEARCH_LENGTH } from "../core/catalogue";

/** Parameters read from a query; the rest are ignored (a crafted address cannot make us read more). */
const PARAMETER_LIMIT = 1000;

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

function ids(values: readonly string[] | undefined): number[] {
  const out: number[] = [];
  for (const item of (values ?? []).flatMap((value) => value.split(","))) {
    if (!/^\d{1,9}$/.test(item)) continue;
    const id = Number(item);
    if (id > 0 && !out.includes(id)) out.push(id);
  }
  return out.slice(0, MAX_IDS);
}

/** The one value of a parameter; none when it is missing or given more than once. */
function single(values: readonly string[] | undefined): string | undefined {
  return values?.length === 1 ? values[0] : undefined;
}

function isoDay(value: string | undefined): string {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : "";
}

function text(value: string | undefined): string {
  return value === undefined ? "" : value.slice(0, MAX_SEARCH_LENGTH);
}

/** name -> its values, in order; "name[]" and "name[3]" count as "name", other brackets not at all. */
function readQuery(search: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  let read = 0;
  for (const [rawName, value] of new URLSearchParams(search)) {
    if (++read > PARAMETER_LIMIT) break;
    const name = /^([^[\]]+)(?:\[\d*\])?$/.exec(rawName)?.[1];
    if (!name) continue;
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  return values;
}

export function parseSearchQuery(search: string): SearchState {
  const query = readQuery(search);
  let from = isoDay(single(query.get("from")));
  let to = isoDay(single(query.get("to")));
  if (from && to && to < from) [from, to] = [to, from];
  const star = single(query.get("star"));
  return {
    q: text(single(query.get("q"))),
    categories: ids(query.get("categories")),
    cities: ids(query.get("cities")),
    places: ids(query.get("places")),
    from,
    to,
    star: star === "1" || star === "true",
  };
}

/** encodeURIComponent, and !'()* too: the query carries letters, digits and -_.~ as they are. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** "?q=jazz&categories=1,2&star=1", or "" when nothing is chosen. */
export function stringifySearchQuery(state: SearchState): string {
  const parts: Array<[string, string]> = [
    ["q", encodeValue(state.q.trim())],
    ["categories", state.categories.join(",")],
    ["cities", state.cities.join(",")],
    ["places", state.places.join(",")],
    ["from", encodeValue(state.from)],
    ["to", encodeValue(state.to)],
    ["star", state.star ? "1" : ""],
  ];
  const query = parts
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return query ? `?${query}` : "";
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
