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
  /**
   * the card's CSS module: its `title` class goes on the heading, its `link` class on the link
   * (whose ::after stretches over the card, one tab stop per card)
   */
  classes: { readonly [className: string]: string };
}

export function CardTitle({ to, title, level = 3, classes }: CardTitleProps): React.JSX.Element {
  const Heading = `h${level}` as "h3";
  return (
    <Heading className={classes.title}>
      <Link to={to} className={classes.link}>
        <bdi>{title}</bdi>
      </Link>
    </Heading>
  );
}

/** Cancelled and sold-out events are shown greyed, without a price to buy at. */
export function isInactive(event: Pick<EventCardData, "status">): boolean {
  return event.status === "cancelled" || event.status === "sold_out";
}
