/**
 * An event as a row of a day's list (the events page): thumbnail, time, title, venue and
 * city, status badges and the live "from" price. Rows stay compact whether a day has one
 * event or twenty, where cards would leave most of a wide screen empty.
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import { buyLabelKey } from "../catalogue/buy-label";
import { CardTitle, isInactive } from "../components/card-parts";
import { ArrowIcon } from "../components/icons";
import { Media } from "../components/media";
import { StatusBadges } from "../components/status-badges";
import type { EventCardData } from "../core/catalogue";
import { dateBadge, formatTime, formatUntilDay, joinParts } from "../core/format";
import { href } from "../core/routes";
import { usePageLanguage } from "../kernel/site-context";
import { EventPrice, EventVenue } from "./event-parts";
import * as styles from "./event-row.module.css";

export function EventRow({
  event,
  eager = false,
  onNow = false,
}: {
  event: EventCardData;
  eager?: boolean;
  /** filed under today while on since an earlier day: "On now, until 30 Nov" rather than its first evening */
  onNow?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const inactive = isInactive(event);
  return (
    <article className={`${styles.row} ${inactive ? styles.inactive : ""}`} data-event-id={event.id}>
      <Media image={event.image} alt={event.title} eager={eager} decorative className={styles.thumb} />
      <div className={styles.info}>
        <p className={styles.time}>
          {onNow && event.finishedAt ? (
            <time dateTime={event.finishedAt} data-testid="row-on-now">
              {t("event.onNowUntil", { date: formatUntilDay(event.finishedAt, lang) })}
            </time>
          ) : (
            <time dateTime={event.startedAt}>
              {joinParts([dateBadge(event.startedAt, lang).weekday, formatTime(event.startedAt, lang)], lang)}
            </time>
          )}
        </p>
        <CardTitle to={href.event(event.id)} title={event.title} className={styles.title} linkClassName={styles.link} />
        <p className={styles.venue}>
          <EventVenue event={event} />
        </p>
        <StatusBadges event={event} className={styles.badges} />
      </div>
      <div className={styles.side}>
        {!inactive && (
          <span className={styles.price} data-price-slot={event.id}>
            <EventPrice event={event} />
          </span>
        )}
        <span className={styles.cta} aria-hidden="true">
          {inactive ? t(`status.${event.status}`) : t(buyLabelKey(event.minPrice))}
          <ArrowIcon size={18} className="flip-rtl" />
        </span>
      </div>
    </article>
  );
}
