/** Cards for performers, venues and news: the same stretched-link pattern as EventCard. */
import type React from "react";
import { formatDate } from "../core/format";
import type { NewsSummary, PersonSummary, PlaceSummary } from "../core/page-context";
import { href } from "../core/routes";
import { usePageLanguage } from "../kernel/site-context";
import { CardTitle } from "./card-parts";
import { Media } from "./media";
import { StaticIsland } from "./static-island";
import * as styles from "./cards.module.css";

/** What every card of a list takes beside its item. */
interface CardOptions {
  /** load the image at once (the first row) */
  eager?: boolean;
  /** the title's heading level: 2 on a page that lists nothing else */
  level?: 2 | 3;
}

/** The title's look, alike on the three cards: its link stretches over the card. */
const titleStyles = { className: styles.title, linkClassName: styles.link };

export function PersonCard({
  person,
  eager = false,
  level,
}: { person: PersonSummary } & CardOptions): React.JSX.Element {
  return (
    <article className={`${styles.card} ${styles.person}`}>
      <Media image={person.image} alt={person.title} ratio="square" eager={eager} decorative className={styles.round} />
      <CardTitle to={href.person(person.id)} title={person.title} level={level} {...titleStyles} />
    </article>
  );
}

export function PlaceCard({ place, eager = false }: { place: PlaceSummary; eager?: boolean }): React.JSX.Element {
  return (
    <article className={styles.card}>
      <Media image={place.image} alt={place.title} eager={eager} decorative />
      <CardTitle to={href.place(place.id)} title={place.title} {...titleStyles} />
      {place.address && (
        <p className={styles.sub}>
          <bdi>{place.address}</bdi>
        </p>
      )}
    </article>
  );
}

export function NewsCard({ item, eager = false, level }: { item: NewsSummary } & CardOptions): React.JSX.Element {
  const lang = usePageLanguage();
  return (
    <article className={styles.card}>
      <Media image={item.image} alt={item.title} eager={eager} decorative />
      <p className={styles.kicker}>
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lang)}</time>
      </p>
      <CardTitle to={href.news(item.id)} title={item.title} level={level} {...titleStyles} />
      {item.lead && <p className={`${styles.sub} ${styles.lead}`}>{item.lead}</p>}
    </article>
  );
}

/**
 * A responsive grid of any cards. `island`: the cards are all the build made them (no price,
 * countdown or badge that changes later), so the grid is a static island and not hydrated.
 */
export function CardGrid({
  children,
  small = false,
  island = false,
}: {
  children: React.ReactNode;
  small?: boolean;
  island?: boolean;
}): React.JSX.Element {
  const className = small ? styles.gridSmall : styles.grid;
  return island ? (
    <StaticIsland as="ul" className={className}>
      {children}
    </StaticIsland>
  ) : (
    <ul className={className}>{children}</ul>
  );
}
