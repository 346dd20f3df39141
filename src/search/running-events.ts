/**
 * Dated lists count an event that is on during the chosen days, not only one that starts in
 * them. The catalogue's date filter reads start dates (started_gte, started_lte), so the first
 * page of a dated list also asks which events began before the range and are not over yet,
 * keeps those still on during it, and puts them first: the festival week that opened on
 * Tuesday is found by "Today" on Thursday. Later pages are the catalogue's own.
 */
import type { EventFilter, EventSummary, Lang } from "../core/catalogue";
import { dayBefore, isOnDuring } from "../core/quick-dates";
import type { PageOf } from "../core/reshape";

/** More events than this running across a range's start would be a different shop. */
const RUNNING_PAGE_SIZE = 100;

/** The filter for the events that began before the range and may still be on: null without a range start. */
export function runningFilter(filter: EventFilter): EventFilter | null {
  const from = filter.date_gte?.slice(0, 10);
  if (!from || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return null;
  return {
    ...filter,
    date_gte: undefined,
    date_lte: dayBefore(from),
    date_type: "active",
    sort_by: "started_at",
    sort_on: "asc",
    page: 1,
    page_size: RUNNING_PAGE_SIZE,
  };
}

/** A page of a dated list, with the events running into the range before those starting in it (page 1 only). */
export async function listEventsOnDuring<E extends EventSummary>(
  list: (filter: EventFilter, lang: Lang, signal?: AbortSignal) => Promise<PageOf<E>>,
  filter: EventFilter,
  lang: Lang,
  signal?: AbortSignal,
): Promise<PageOf<E>> {
  const earlier = (filter.page ?? 1) === 1 ? runningFilter(filter) : null;
  const from = earlier?.date_lte === undefined ? undefined : filter.date_gte?.slice(0, 10);
  if (earlier === null || from === undefined) return list(filter, lang, signal);
  const range = { from, to: filter.date_lte?.slice(0, 10) || from };
  const [page, before] = await Promise.all([list(filter, lang, signal), list(earlier, lang, signal)]);
  const running = before.results.filter((event) => isOnDuring(event, range));
  return { ...page, count: page.count + running.length, results: [...running, ...page.results] };
}
