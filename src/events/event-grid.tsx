import type React from "react";
import type { EventCardData } from "../core/catalogue";
import { usePriceRefresh } from "../prices/use-price-refresh";
import { EventCard } from "./event-card";
import * as styles from "./event-grid.module.css";

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
