/** Cards for performers, venues and news: the same stretched-link pattern as EventCard. */
import type React from "react";
import { useTranslation } from "react-i18next";
import type { NewsSummary, PersonSummary, PlaceSummary } from "../site/page-context";
import { formatDate } from "../i18n/format";
import { Link } from "../i18n/link";
import { Media } from "./media";
import * as styles from "./cards.module.css";
import { href, asLang } from "../site/routes";

export function PersonCard({ person, eager = false }: { person: PersonSummary; eager?: boolean }): React.JSX.Element {
  return (
    <article className={`${styles.card} ${styles.person}`}>
      <Media image={person.image} alt={person.title} ratio="square" eager={eager} decorative className={styles.round} />
      <h3 className={styles.title}>
        <Link to={href.person(person.id)} className={styles.link}>
          <bdi>{person.title}</bdi>
        </Link>
      </h3>
    </article>
  );
}

export function PlaceCard({ place, eager = false }: { place: PlaceSummary; eager?: boolean }): React.JSX.Element {
  return (
    <article className={styles.card}>
      <Media image={place.image} alt={place.title} eager={eager} decorative />
      <h3 className={styles.title}>
        <Link to={href.place(place.id)} className={styles.link}>
          <bdi>{place.title}</bdi>
        </Link>
      </h3>
      {place.address && (
        <p className={styles.sub}>
          <bdi>{place.address}</bdi>
        </p>
      )}
    </article>
  );
}

export function NewsCard({ item, eager = false }: { item: NewsSummary; eager?: boolean }): React.JSX.Element {
  const { i18n } = useTranslation();
  return (
    <article className={styles.card}>
      <Media image={item.image} alt={item.title} eager={eager} decorative />
      <p className={styles.kicker}>
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, asLang(i18n.language))}</time>
      </p>
      <h3 className={styles.title}>
        <Link to={href.news(item.id)} className={styles.link}>
          <bdi>{item.title}</bdi>
        </Link>
      </h3>
      {item.lead && <p className={`${styles.sub} ${styles.lead}`}>{item.lead}</p>}
    </article>
  );
}

/** A responsive grid of any cards. */
export function CardGrid({
  children,
  small = false,
}: {
  children: React.ReactNode;
  small?: boolean;
}): React.JSX.Element {
  return <ul className={small ? styles.gridSmall : styles.grid}>{children}</ul>;
}
