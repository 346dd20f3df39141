/**
 * Pieces every card and event row is made of, written once: the title whose link covers
 * the whole card, and whether an event is greyed out. An event's venue and price are in event-parts.
 */
import type React from "react";
import type { EventCardData } from "../core/catalogue";
import { Link } from "../i18n/link";

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

/** Cancelled and sold-out events are shown greyed, without a price to buy at. */
export function isInactive(event: Pick<EventCardData, "status">): boolean {
  return event.status === "cancelled" || event.status === "sold_out";
}
