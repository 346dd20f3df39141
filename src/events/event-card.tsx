/**
 * An event as a card: image (1200x630 box), date badge, title (two lines at most), time,
 * venue and city, the live "from" price and status badges. The whole card is one link
 * target (the title's link stretches over it) so the tab order stays one stop per card.
 */
import type React from "react";
import { CardTitle, isInactive } from "../components/card-parts";
import { Media } from "../components/media";
import { StatusBadges } from "../components/status-badges";
import type { EventCardData } from "../core/catalogue";
import { dateBadge, formatTime, joinParts } from "../core/format";
import { href } from "../core/routes";
import { usePageLanguage } from "../kernel/site-context";
import { EventPrice, EventVenue } from "./event-parts";
import * as styles from "./event-card.module.css";

interface EventCardProps {
  event: EventCardData;
  eager?: boolean;
  /** heading level of the title inside the surrounding section */
  headingLevel?: 2 | 3 | 4;
}

export function EventCard({ event, eager = false, headingLevel = 3 }: EventCardProps): React.JSX.Element {
  const lang = usePageLanguage();
  const badge = dateBadge(event.startedAt, lang);
  const inactive = isInactive(event);
  return (
    <article className={`${styles.card} ${inactive ? styles.inactive : ""}`} data-event-id={event.id}>
      <Media image={event.image} alt={event.title} eager={eager} decorative className={styles.media}>
        <time className={styles.date} dateTime={event.startedAt}>
          <span className={styles.day}>{badge.day}</span>
          <span className={styles.month}>{badge.month}</span>
        </time>
        <StatusBadges event={event} className={styles.badges} />
      </Media>
      <div className={styles.body}>
        <CardTitle
          to={href.event(event.id)}
          title={event.title}
          level={headingLevel}
          className={styles.title}
          linkClassName={styles.link}
        />
        <p className={styles.meta}>
          <span>{joinParts([badge.weekday, formatTime(event.startedAt, lang)], lang)}</span>
          <span className={styles.venue}>
            <EventVenue event={event} />
          </span>
        </p>
        <div className={styles.price} data-price-slot={event.id}>
          <EventPrice event={event} />
        </div>
      </div>
    </article>
  );
}
