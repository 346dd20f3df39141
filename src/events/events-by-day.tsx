/**
 * The events page's list: events under a heading per day, each a compact row; on a wide screen
 * single-event days pair up side by side. Apart from the card grid (event-grid.tsx) so the
 * pages that show cards only do not load it.
 */
import type React from "react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageLanguage } from "../app/site-context";
import type { EventCardData } from "../core/catalogue";
import { formatLongDate, uaeDateKey } from "../core/format";
import { listDayOf } from "../core/quick-dates";
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
  usePriceRefresh(events.map((e) => e.eventSourceId));
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
 * Events grouped by UAE calendar day, in the order given: each under its start day, or, once
 * the reader's clock is known (`now`), one still on since an earlier day under today (or
 * under `firstDay`, the first of a list's chosen days, when that is later).
 */
export function groupByDay(events: EventCardData[], now: number | null = null, firstDay?: string): EventDay[] {
  const days = new Map<string, EventDay>();
  for (const event of events) {
    const own = now === null ? uaeDateKey(event.startedAt) : listDayOf(event, now);
    // a list of chosen days files one on since before them under the first of them
    const key = firstDay && own < firstDay ? firstDay : own;
    const day = days.get(key);
    if (day) day.events.push(event);
    else days.set(key, { key, iso: `${key}T12:00:00+04:00`, events: [event] });
  }
  return [...days.values()];
}

/** The reader's clock, after hydration (the build does not know when the page is read). */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  return now;
}

/**
 * Events under a heading per day ("Friday, 12 December 2026"); the count only where a day
 * has several, so a quiet month is not a column of "1 event" headings.
 */
export function EventsByDay({
  events,
  eagerCount = 0,
  firstDay,
}: {
  events: EventCardData[];
  eagerCount?: number;
  /** YYYY-MM-DD: the first of the days the list was narrowed to, if any */
  firstDay?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const now = useNow();
  const days = useMemo(() => groupByDay(events, now, firstDay), [events, now, firstDay]);
  const wide = useMemo(() => wideDays(days.map((d) => d.events.length)), [days]);
  let seen = 0;
  return (
    <div className={styles.days}>
      {days.map((day, i) => {
        const eager = Math.max(0, eagerCount - seen);
        seen += day.events.length;
        return (
          <section
            key={day.key}
            aria-labelledby={`day-${day.key}`}
            className={wide[i] ? styles.dayWide : undefined}
            data-day={day.key}
          >
            <h2 id={`day-${day.key}`} className={styles.dayHeading}>
              <time dateTime={day.key}>{formatLongDate(day.iso, lang)}</time>
              {day.events.length > 1 && (
                <span className={styles.dayCount}>{t("common.eventsCount", { count: day.events.length })}</span>
              )}
            </h2>
            <EventList events={day.events} eagerCount={eager} dayKey={day.key} />
          </section>
        );
      })}
    </div>
  );
}
