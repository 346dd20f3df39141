import type React from "react";
import { StaticIsland } from "../components/static-island";
import type { EventCardData } from "../core/catalogue";
import { IslandPrices } from "../prices/island-prices";
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
  /**
   * The build's list, which never changes while the page is shown: kept from the server's
   * HTML on the first load (a static island), only its prices follow the currency.
   */
  island?: boolean;
}

export function EventGrid({
  events,
  eagerCount = 0,
  headingLevel = 3,
  rail = false,
  island = false,
}: EventGridProps): React.JSX.Element {
  usePriceRefresh(events.map((e) => e.eventSourceId));
  const className = rail ? styles.rail : styles.grid;
  const cards = events.map((event, i) => (
    <li key={event.id}>
      <EventCard event={event} eager={i < eagerCount} headingLevel={headingLevel} />
    </li>
  ));
  return island ? (
    <StaticIsland as="ul" className={className} live={(kept) => <IslandPrices island={kept} events={events} />}>
      {cards}
    </StaticIsland>
  ) : (
    <ul className={className}>{cards}</ul>
  );
}
