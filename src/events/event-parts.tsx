/**
 * Pieces every view of an event shares (card, row, the home page's hero, the event page, the
 * ticket picker's bar): its live "from" price and its venue line.
 */
import type React from "react";
import type { EventCardData } from "../core/catalogue";
import { listSeparator } from "../core/format";
import { usePageLanguage } from "../kernel/site-context";
import { LivePrice } from "../prices/live-price";

/** The event's lowest price, live in the visitor's currency, the build's price until then. */
export function EventPrice({
  event,
}: {
  event: Pick<EventCardData, "eventSourceId" | "minPrice" | "currencyCode">;
}): React.JSX.Element {
  return (
    <LivePrice
      eventSourceId={event.eventSourceId}
      fallbackPrice={event.minPrice}
      fallbackCurrency={event.currencyCode}
    />
  );
}

/** "Venue, City": each name isolated, so a Latin name keeps its order inside Arabic text. */
export function EventVenue({ event }: { event: Pick<EventCardData, "place" | "location"> }): React.JSX.Element {
  const lang = usePageLanguage();
  return (
    <>
      <bdi>{event.place.title}</bdi>
      {listSeparator(lang)}
      <bdi>{event.location.title}</bdi>
    </>
  );
}
