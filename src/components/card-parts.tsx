/**
 * Pieces every card and event row is made of, written once: the title whose link covers
 * the whole card, an event's venue and city, and its live "from" price.
 */
import type React from "react";
import type { EventCardData, Lang } from "../catalogue/types";
import { listSeparator } from "../i18n/format";
import { Link } from "../i18n/link";
import { LivePrice } from "../prices/live-price";

interface CardTitleProps {
  /** the page the card stands for */
  to: string;
  title: string;
  /** heading level inside the surrounding section */
  level?: 2 | 3 | 4;
  className?: string;
  /** the link's class: its ::after stretches over the card, one tab stop per card */
  linkClassName?: string;
}

export function CardTitle({ to, title, level = 3, className, linkClassName }: CardTitleProps): React.JSX.Element {
  const Heading = `h${level}` as "h3";
  return (
    <Heading className={className}>
      <Link to={to} className={linkClassName}>
        <bdi>{title}</bdi>
      </Link>
    </Heading>
  );
}

/** "Coca-Cola Arena, Dubai": each name isolated, the separator in the page's language. */
export function EventVenue({ event, lang }: { event: Pick<EventCardData, "place" | "location">; lang: Lang }) {
  return (
    <>
      <bdi>{event.place.title}</bdi>
      {listSeparator(lang)}
      <bdi>{event.location.title}</bdi>
    </>
  );
}

/** The event's live "from" price, the build's price until the live one arrives. */
export function EventPrice({ event }: { event: Pick<EventCardData, "eventSourceId" | "minPrice" | "currencyCode"> }) {
  return (
    <LivePrice
      eventSourceId={event.eventSourceId}
      fallbackPrice={event.minPrice}
      fallbackCurrency={event.currencyCode}
    />
  );
}

/** Cancelled and sold-out events are shown greyed, without a price to buy at. */
export function isInactive(event: Pick<EventCardData, "status">): boolean {
  return event.status === "cancelled" || event.status === "sold_out";
}
