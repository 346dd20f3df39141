import type React from "react";
import { Section } from "../components/section";
import type { EventCardData } from "../core/catalogue";
import { EventGrid } from "./event-grid";

/** A page's "upcoming events" section: the grid, or a line saying there are none. */
export function UpcomingEvents({
  events,
  title,
  empty,
  more,
}: {
  events: EventCardData[];
  title: string;
  /** said when there are no upcoming events */
  empty: string;
  more?: { to: string; label: string };
}): React.JSX.Element {
  return (
    <Section id="upcoming" title={title} more={more}>
      {events.length > 0 ? <EventGrid events={events} island /> : <p className="empty">{empty}</p>}
    </Section>
  );
}
