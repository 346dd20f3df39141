import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { buyLabelKey } from "../catalogue/buy-label";
import { CardList } from "../components/card-list";
import { NewsCard } from "../components/cards";
import { CalendarIcon, PinIcon } from "../components/icons";
import { Media } from "../components/media";
import { Section } from "../components/section";
import { StaticIsland } from "../components/static-island";
import { StatusBadges } from "../components/status-badges";
import type { TemplateProps } from "../components/template-types";
import { contentHead } from "../components/text-head";
import type { EventCardData } from "../core/catalogue";
import { formatLongDate, formatTime, joinParts } from "../core/format";
import type { HomePageContext } from "../core/page-context";
import { href } from "../core/routes";
import { EventGrid } from "../events/event-grid";
import { EventPrice, EventVenue } from "../events/event-parts";
import { UpcomingEvents } from "../events/upcoming-events";
import { Link } from "../i18n/link";
import { firstScreenEnd } from "../kernel/first-screen";
import { usePageLanguage } from "../kernel/site-context";
import { IslandPrices } from "../prices/island-prices";
import { usePriceRefresh } from "../prices/use-price-refresh";
import * as styles from "./home.module.css";

function Hero({ event }: { event: EventCardData }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  usePriceRefresh([event.eventSourceId]);
  // fixed by the build: kept from the server's HTML on the first load, only its price follows the currency
  return (
    <StaticIsland
      as="section"
      className={styles.hero}
      aria-labelledby="hero-title"
      live={(island) => <IslandPrices island={island} events={[event]} />}
    >
      <Media image={event.image} alt={event.title} eager decorative className={styles.heroMedia} />
      <div className={styles.heroText}>
        <p className={styles.kicker}>{t("home.heroKicker")}</p>
        <h2 id="hero-title" className={styles.heroTitle}>
          <bdi>{event.title}</bdi>
        </h2>
        <StatusBadges event={event} />
        <p className={styles.heroMeta}>
          <CalendarIcon size={18} />
          <span>{joinParts([formatLongDate(event.startedAt, lang), formatTime(event.startedAt, lang)], lang)}</span>
        </p>
        <p className={styles.heroMeta}>
          <PinIcon size={18} />
          <span>
            <EventVenue event={event} />
          </span>
        </p>
        <div className={styles.heroActions}>
          <Link to={href.event(event.id)} className="btn">
            {t(buyLabelKey(event.minPrice))}
          </Link>
          <span className={styles.heroPrice} data-price-slot={event.id}>
            <EventPrice event={event} />
          </span>
        </div>
      </div>
    </StaticIsland>
  );
}

export default function HomeTemplate({ pageContext }: TemplateProps<HomePageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { featured, thisWeek, upcoming, categories, latestNews } = pageContext;
  const hero = featured[0] ?? upcoming[0];
  const moreFeatured = featured.filter((e) => e.id !== hero?.id);
  return (
    <PageShell marksFirstScreen>
      <h1 className="visually-hidden">{t("home.title")}</h1>
      {hero ? <Hero event={hero} /> : <p className={styles.intro}>{t("home.description")}</p>}

      {moreFeatured.length > 0 && (
        <Section id="featured" title={t("home.featured")}>
          <EventGrid events={moreFeatured} rail island />
        </Section>
      )}
      {/* a phone's first screen: the hero and the featured events' rail */}
      {firstScreenEnd()}

      {thisWeek.length > 0 && (
        <Section id="this-week" title={t("home.thisWeek")} more={{ to: href.events(), label: t("home.allEvents") }}>
          <EventGrid events={thisWeek} rail island />
        </Section>
      )}

      {categories.length > 0 && (
        <Section id="categories" title={t("home.categories")}>
          <ul className="chips">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={href.eventsSearch(`categories=${c.id}`)} className="chip">
                  <bdi>{c.title}</bdi>
                  {c.eventsCount !== null && <small>{c.eventsCount}</small>}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <UpcomingEvents
        events={upcoming}
        title={t("home.upcoming")}
        empty={t("home.emptyUpcoming")}
        more={{ to: href.events(), label: t("home.allEvents") }}
      />

      {latestNews.length > 0 && (
        <Section id="news" title={t("home.latestNews")} more={{ to: href.newsList(), label: t("home.allNews") }}>
          <CardList items={latestNews} island card={(item) => <NewsCard item={item} />} />
        </Section>
      )}
    </PageShell>
  );
}

export const Head = contentHead<HomePageContext>(({ featured, upcoming }) => ({
  image: (featured[0] ?? upcoming[0])?.image ?? null,
}));

export const query = graphql`
  query HomePage($language: String!) {
    ...LocalesPages
  }
`;
