/**
 * Events filter -> catalogue query parameters.
 *
 * Pure, so the mapping is tested rule by rule and shared by the build and the search page.
 */
import { type EventFilter, type Lang, MAX_SEARCH_LENGTH, STAR_CAST_LABEL_ID } from "../core/catalogue";

export type QueryParams = Array<[string, string]>;

/** Keeps only positive integers, so a hand-edited URL cannot make the catalogue answer 400. */
export function idList(ids: readonly unknown[] | undefined): string | undefined {
  if (!ids) return undefined;
  const clean = [...new Set(ids.map((id) => Number(id)).filter((id) => Number.isSafeInteger(id) && id > 0))];
  return clean.length > 0 ? clean.join(",") : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The mapping: categories->category_id_in, halls->hall_id_in,
 * places->place_id_in, cities->location_id_in, date_gte->started_gte, date_lte->started_lte
 * (defaulting to date_gte), is_star_cast->label_id_in=3; defaults date_type=active,
 * sort_by=started_at, sort_on=asc; sort_by=started_at whenever a start date is given.
 * Absent or empty filters are left out rather than sent empty.
 */
export function eventFilterToParams(filter: EventFilter, lang: Lang): QueryParams {
  const params: QueryParams = [["lang", lang]];
  const add = (name: string, value: string | undefined): void => {
    if (value !== undefined) params.push([name, value]);
  };
  add("category_id_in", idList(filter.categories));
  add("hall_id_in", idList(filter.halls));
  add("place_id_in", idList(filter.places));
  add("location_id_in", idList(filter.cities));
  add("person_id_in", idList(filter.persons));
  add("id_in", idList(filter.ids));
  if (filter.is_star_cast === true) add("label_id_in", String(STAR_CAST_LABEL_ID));

  const dateGte = nonEmpty(filter.date_gte);
  const dateLte = nonEmpty(filter.date_lte) ?? dateGte;
  add("started_gte", dateGte);
  add("started_lte", dateLte);

  add("date_type", filter.date_type ?? "active");
  add("sort_by", dateGte !== undefined ? "started_at" : (filter.sort_by ?? "started_at"));
  add("sort_on", filter.sort_on ?? "asc");

  const search = nonEmpty(filter.search);
  add("search", search?.slice(0, MAX_SEARCH_LENGTH));
  if (filter.page !== undefined && Number.isSafeInteger(filter.page) && filter.page >= 1)
    add("page", String(filter.page));
  if (filter.page_size !== undefined && Number.isSafeInteger(filter.page_size) && filter.page_size >= 1) {
    add("page_size", String(Math.min(filter.page_size, 100)));
  }
  return params;
}

/** `base + path + ?query`, the query encoded the way the error messages show it. */
export function buildUrl(baseUrl: string, path: string, params: QueryParams = []): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [name, value] of params) url.searchParams.append(name, value);
  return url.toString();
}
