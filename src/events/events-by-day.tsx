/**
 * The events page's list: events under a heading per day, each a compact row; on a wide screen
 * single-event days pair up side by side. Apart from the card grid (event-grid.tsx) so the
 * pages that show cards only do not load it.
 */
import type React from "react";
import { Fragment, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { StaticIsland } from "../components/static-island";
import type { EventCardData } from "../core/catalogue";
import { formatLongDate, uaeDateKey } from "../core/format";
import { listDayOf } from "../core/quick-dates";
import { firstScreenEnd } from "../kernel/first-screen";
import { usePageLanguage } from "../kernel/site-context";
import { IslandPrices } from "../prices/island-prices";
import { usePriceRefresh } from "../prices/use-price-refresh";
import { wideDays } from "./day-layout";
import { EventRow } from "./event-row";
import * as styles from "./event-grid.module.css";

/** One day's events as rows; those filed under it while on since an earlier day say until when. */
function EventList({
  events,
  eagerCount,
  dayKey,
}: {
  events: EventCardData[];
  eagerCount: number;
  dayKey: string;
}): React.JSX.Element {
  return (
    <ul className={styles.list}>
      {events.map((event, i) => (
        <li key={event.id}>
          <EventRow event={event} eager={i < eagerCount} onNow={uaeDateKey(event.startedAt) < dayKey} />
        </li>
      ))}
    </ul>
  );
}

export interface EventDay {
  /** YYYY-MM-DD in UAE time */
  key: string;
  /** the first event's start, for formatting the day */
  iso: string;
  events: EventCardData[];
}

/**
 * The day an event is filed under on `today` (YYYY-MM-DD) by a list whose events had not
 * ended when it was made: one on since an earlier day under today, the rest under their
 * start. The build's rule (its events are those not ended at its clock).
 */
function dayAsListedOn(today: string): (event: EventCardData) => string {
  return (event) => {
    const start = uaeDateKey(event.startedAt);
    return start >= today || !event.finishedAt ? start : today;
  };
}

/**
 * Events grouped by UAE calendar day, in the order given, each under `dayOf` it (its start
 * day, or for a list read at a known clock, `listDayOf`), or under `firstDay`, the first of
 * a list's chosen days, when that is later.
 */
export function groupByDay(
  events: EventCardData[],
  dayOf: (event: EventCardData) => string,
  firstDay?: string,
): EventDay[] {
  const days = new Map<string, EventDay>();
  for (const event of events) {
    const own = dayOf(event);
    // a list of chosen days files one on since before them under the first of them
    const key = firstDay && own < firstDay ? firstDay : own;
    const day = days.get(key);
    if (day) day.events.push(event);
    else days.set(key, { key, iso: `${key}T12:00:00+04:00`, events: [event] });
  }
  return [...days.values()];
}

/** Whether two groupings put the same events under the same days in the same order. */
function sameDays(a: EventDay[], b: EventDay[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (day, i) =>
        day.key === b[i]?.key &&
        day.events.length === b[i].events.length &&
        day.events.every((event, j) => event.id === b[i]?.events[j]?.id),
    )
  );
}

/** The reader's clock, after hydration (the build does not know when the page is read). */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  return now;
}

function Days({
  events,
  dayOf,
  firstDay,
  eagerCount,
  marksFirstScreen,
}: {
  events: EventCardData[];
  dayOf: (event: EventCardData) => string;
  firstDay?: string;
  eagerCount: number;
  marksFirstScreen: boolean;
}): React.JSX.Element[] {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const days = groupByDay(events, dayOf, firstDay);
  const wide = wideDays(days.map((d) => d.events.length));
  let seen = 0;
  return days.map((day, i) => {
    const eager = Math.max(0, eagerCount - seen);
    seen += day.events.length;
    // the first screen ends with the day of the last eager event (the last day if fewer)
    const marksHere = marksFirstScreen && (eager > 0 || i === 0) && (seen >= eagerCount || i === days.length - 1);
    return (
      <Fragment key={day.key}>
        <section aria-labelledby={`day-${day.key}`} className={wide[i] ? styles.dayWide : undefined} data-day={day.key}>
          <h2 id={`day-${day.key}`} className={styles.dayHeading}>
            <time dateTime={day.key}>{formatLongDate(day.iso, lang)}</time>
            {day.events.length > 1 && (
              <span className={styles.dayCount}>{t("common.eventsCount", { count: day.events.length })}</span>
            )}
          </h2>
          <EventList events={day.events} eagerCount={eager} dayKey={day.key} />
        </section>
        {marksHere && firstScreenEnd()}
      </Fragment>
    );
  });
}

/**
 * Events under a heading per day ("Friday, 12 December 2026"); the count only where a day
 * has several, so a quiet month is not a column of "1 event" headings.
 *
 * The list the build rendered (`built`, filed on `listedOn`) is a static island on the first
 * load: React does not hydrate its rows (nor group them again), only its prices follow the
 * currency (IslandPrices). It is rendered by React instead once it differs from what the
 * build rendered: other events (a filter, more pages), or other days at the reader's clock
 * (a build of an earlier day).
 */
export function EventsByDay({
  events,
  built,
  listedOn,
  eagerCount = 0,
  firstDay,
  marksFirstScreen = false,
}: {
  events: EventCardData[];
  /** the events the build rendered, the list kept from its HTML while `events` is this list */
  built: EventCardData[];
  /** YYYY-MM-DD: the UAE day the build filed them on (EventsListPageContext.listedOn) */
  listedOn: string;
  eagerCount?: number;
  /** YYYY-MM-DD: the first of the days the list was narrowed to, if any */
  firstDay?: string;
  /** renders firstScreenEnd() after the day of the last eager event (the page's PageShell is told) */
  marksFirstScreen?: boolean;
}): React.JSX.Element {
  const now = useNow();
  usePriceRefresh(useMemo(() => events.map((e) => e.eventSourceId), [events]));
  const asListed = useMemo(() => dayAsListedOn(listedOn), [listedOn]);
  const dayOf = useMemo(
    () => (now === null ? asListed : (event: EventCardData) => listDayOf(event, now)),
    [now, asListed],
  );
  const asBuilt = events === built && firstDay === undefined;
  // compared once the reader's clock is known: before, the list is the build's
  const keep = useMemo(
    () => asBuilt && (dayOf === asListed || sameDays(groupByDay(built, asListed), groupByDay(built, dayOf))),
    [asBuilt, built, dayOf, asListed],
  );
  if (keep) {
    return (
      <StaticIsland className={styles.days} live={(island) => <IslandPrices island={island} events={built} />}>
        <Days events={built} dayOf={asListed} eagerCount={eagerCount} marksFirstScreen={marksFirstScreen} />
      </StaticIsland>
    );
  }
  return (
    <div className={styles.days}>
      <Days
        events={events}
        dayOf={dayOf}
        firstDay={firstDay}
        eagerCount={eagerCount}
        marksFirstScreen={marksFirstScreen}
      />
    </div>
  );
}
