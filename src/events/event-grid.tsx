import type React from "react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { EventCardData } from "../core/catalogue";
import { formatLongDate, uaeDateKey } from "../core/format";
import { usePriceRefresh } from "../prices/use-price-refresh";
import { EventCard } from "./event-card";
import { EventRow } from "./event-row";
import * as styles from "./event-grid.module.css";
import { usePageLanguage } from "../app/site-context";

interface EventGridProps {
  events: EventCardData[];
  /** how many cards from the top load their image at once (above the fold) */
  eagerCount?: number;
  headingLevel?: 2 | 3 | 4;
  /** one row that scrolls sideways on phones (home page rails) */
  rail?: boolean;
}

export function EventGrid({
  events,
  eagerCount = 0,
  headingLevel = 3,
  rail = false,
}: EventGridProps): React.JSX.Element {
  usePriceRefresh(events.map((e) => e.eventSourceId));
  return (
    <ul className={rail ? styles.rail : styles.grid}>
      {events.map((event, i) => (
        <li key={event.id}>
          <EventCard event={event} eager={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** One day's events as rows. */
function EventList({ events, eagerCount }: { events: EventCardData[]; eagerCount: number }): React.JSX.Element {
  usePriceRefresh(events.map((e) => e.eventSourceId));
  return (
    <ul className={styles.list}>
      {events.map((event, i) => (
        <li key={event.id}>
          <EventRow event={event} eager={i < eagerCount} />
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

/** Events grouped by their UAE calendar day, in the order given. */
export function groupByDay(events: EventCardData[]): EventDay[] {
  const days = new Map<string, EventDay>();
  for (const event of events) {
    const key = uaeDateKey(event.startedAt);
    const day = days.get(key);
    if (day) day.events.push(event);
    else days.set(key, { key, iso: event.startedAt, events: [event] });
  }
  return [...days.values()];
}

/**
 * Events under a heading per day ("Friday, 12 December 2026"); the count only where a day
 * has several, so a quiet month is not a column of "1 event" headings.
 */
export function EventsByDay({
  events,
  eagerCount = 0,
}: {
  events: EventCardData[];
  eagerCount?: number;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const days = useMemo(() => groupByDay(events), [events]);
  let seen = 0;
  return (
    <div className={styles.days}>
      {days.map((day) => {
        const eager = Math.max(0, eagerCount - seen);
        seen += day.events.length;
        return (
          <section key={day.key} aria-labelledby={`day-${day.key}`}>
            <h2 id={`day-${day.key}`} className={styles.dayHeading}>
              <time dateTime={day.key}>{formatLongDate(day.iso, lang)}</time>
              {day.events.length > 1 && (
                <span className={styles.dayCount}>{t("common.eventsCount", { count: day.events.length })}</span>
              )}
            </h2>
            <EventList events={day.events} eagerCount={eager} />
          </section>
        );
      })}
    </div>
  );
}
