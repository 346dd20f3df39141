import { graphql } from "gatsby";
import type React from "react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { deferredPart, KeptUntilLoaded, staticPart } from "../app/deferred-part";
import { Layout } from "../app/layout";
import { buyLabelKey } from "../catalogue/buy-label";
import { AboutSection } from "../components/about-section";
import { AlertIcon, CalendarIcon, ClockIcon, PinIcon, TicketIcon } from "../components/icons";
import { Media } from "../components/media";
import { Section } from "../components/section";
import { useIslandKey } from "../components/static-island";
import { StatusBadges } from "../components/status-badges";
import type { TemplateProps } from "../components/template-types";
import { contentHead } from "../components/text-head";
import { browserConfig } from "../config";
import type { EventDetail, Lang } from "../core/catalogue";
import {
  formatLongDate,
  formatShortDate,
  formatTime,
  formatUntilDay,
  isMultiDay,
  joinParts,
  listSeparator,
} from "../core/format";
import { openStreetMapUrl } from "../core/map-link";
import type { EventPageContext } from "../core/page-context";
import { absoluteUrl, href } from "../core/routes";
import { hasEnded, isSessionOver, type SessionTimes } from "../core/sessions";
import { EventPrice } from "../events/event-parts";
import { Link } from "../i18n/link";
import { usePageLanguage } from "../kernel/site-context";
import { useWaitingRoom } from "../onsale/waiting-room-gate";
import { IslandPrices } from "../prices/island-prices";
import { usePriceRefresh } from "../prices/use-price-refresh";
import { eventJsonLd } from "../site/json-ld";
import * as styles from "./event.module.css";

/**
 * What is below the first screen, or waits for a click, is a chunk of its own, loaded as soon
 * as the page has hydrated (src/app/deferred-part.tsx): the ticket choice with its steppers and
 * limits, the share button, the performers and the related events. Until then the server's
 * HTML of each stays, and a click on it is replayed.
 */
const ticketPicker = deferredPart(() =>
  import(/* webpackChunkName: "ticket-picker" */ "../basket/ticket-picker").then((m) => m.TicketPicker),
);
const shareButton = deferredPart(() =>
  import(/* webpackChunkName: "share-button" */ "../components/share-button").then((m) => m.ShareButton),
);
const eventPerformers = deferredPart(() =>
  import(/* webpackChunkName: "event-performers" */ "../events/event-performers").then((m) => m.EventPerformers),
);
const eventGrid = deferredPart(() =>
  import(/* webpackChunkName: "event-grid" */ "../events/event-grid").then((m) => m.EventGrid),
);

function StatusBanner({
  event,
  ended,
  hasRelated,
}: {
  event: EventDetail;
  ended: boolean;
  hasRelated: boolean;
}): React.JSX.Element | null {
  const { t } = useTranslation();
  if (ended && event.status !== "cancelled") {
    return (
      <div className={`${styles.banner} ${styles.ended}`} role="status" data-status="ended">
        <AlertIcon size={22} />
        <p>{hasRelated ? <a href="#related">{t("event.endedBanner")}</a> : t("picker.endedEvent")}</p>
      </div>
    );
  }
  const key = {
    cancelled: "event.cancelledBanner",
    postponed: "event.postponedBanner",
    sold_out: "event.soldOutBanner",
    on_sale: null,
  }[event.status];
  if (!key) return null;
  return (
    <div className={`${styles.banner} ${styles[event.status] ?? ""}`} role="status" data-status={event.status}>
      <AlertIcon size={22} />
      <p>{t(key)}</p>
    </div>
  );
}

/**
 * "On now, until 30 Nov": a session that has begun and not ended (a festival week, a show
 * running tonight), by the visitor's clock, after hydration (the build does not know when
 * the page is read). Null when none is running.
 */
function useOnNow(sessions: readonly SessionTimes[], lang: Lang): string | null {
  const { t } = useTranslation();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  if (now === null) return null;
  const running = sessions.find((s) => Date.parse(s.startedAt) <= now && !isSessionOver(s, now));
  if (!running?.finishedAt) return null;
  return isMultiDay(running.startedAt, running.finishedAt)
    ? t("event.onNowUntil", { date: formatUntilDay(running.finishedAt, lang) })
    : t("event.onNowUntilTime", { time: formatTime(running.finishedAt, lang) });
}

/**
 * Whether the event is over: as of the build first (so the server render and hydration
 * agree), then by the visitor's clock, since a page built last week outlives its event.
 */
function useEnded(event: EventDetail, endedAtBuild: boolean): boolean {
  const [ended, setEnded] = useState(endedAtBuild);
  useEffect(() => {
    const check = () => setEnded(hasEnded(event, Date.now()));
    check();
    const timer = window.setInterval(check, 60_000);
    return () => window.clearInterval(timer);
  }, [event]);
  return ended;
}

/**
 * "Hall: Auditorium", but not "Hall: Sheikh Saeed Hall" nor "القاعة: القاعة": the label
 * goes when the hall's own name already says it (ignoring case and the Arabic article).
 */
function hallText(title: string, label: string): string {
  const norm = (text: string) => text.toLocaleLowerCase().replace(/(^|\s)ال/gu, "$1");
  return norm(title).includes(norm(label)) ? title : `${label}: ${title}`;
}

function When({
  event,
  sessions,
  lang,
}: {
  event: EventDetail;
  sessions: SessionTimes[];
  lang: Lang;
}): React.JSX.Element {
  const { t } = useTranslation();
  if (sessions.length > 1) {
    // several sessions: each one, not a span from the first start to the last end
    return (
      <div>
        <span className="visually-hidden">{t("event.sessions")}: </span>
        <ul className={styles.sessionList} data-testid="event-sessions">
          {sessions.map((s) => (
            <li key={s.startedAt}>
              <time dateTime={s.startedAt} className={styles.capitalize}>
                {joinParts([formatShortDate(s.startedAt, lang), formatTime(s.startedAt, lang)], lang)}
              </time>
            </li>
          ))}
        </ul>
        <span className={styles.tz}>({t("event.uaeTime")})</span>
      </div>
    );
  }
  const sameDayEnd =
    event.finishedAt && formatLongDate(event.finishedAt, lang) === formatLongDate(event.startedAt, lang);
  return (
    <span>
      <time dateTime={event.startedAt}>
        <span className={styles.capitalize}>{formatLongDate(event.startedAt, lang)}</span>
        {listSeparator(lang)}
        {formatTime(event.startedAt, lang)}
      </time>
      {event.finishedAt && (
        <>
          {" – "}
          <time dateTime={event.finishedAt}>
            {sameDayEnd
              ? formatTime(event.finishedAt, lang)
              : joinParts([formatLongDate(event.finishedAt, lang), formatTime(event.finishedAt, lang)], lang)}
          </time>
        </>
      )}{" "}
      <span className={styles.tz}>({t("event.uaeTime")})</span>
    </span>
  );
}

export default function EventTemplate({ pageContext }: TemplateProps<EventPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { event, place, persons, related, icsPath, sessions, endedAtBuild } = pageContext;
  // the related events' prices (their cards are kept from the server's HTML: staticPart)
  usePriceRefresh(useMemo(() => related.map((e) => e.eventSourceId), [related]));
  const islandKey = useIslandKey();
  const ended = useEnded(event, endedAtBuild);
  const onNow = useOnNow(sessions, lang);
  const buyable = !ended && (event.status === "on_sale" || event.status === "postponed");
  const mapUrl = place ? openStreetMapUrl(place, event.location.title) : null;
  // an on-sale's waiting room, found after start-up, stands in front of the ticket choice
  const room = useWaitingRoom(event.id);

  return (
    <Layout>
      <article className={`container ${styles.page}`} data-event-id={event.id}>
        <StatusBanner event={event} ended={ended} hasRelated={related.length > 0} />
        <div className={styles.top}>
          <Media image={event.image} alt={event.title} eager className={styles.hero} />
          <div className={styles.summary}>
            <StatusBadges event={event} />
            {onNow && !ended && (
              <p className={styles.onNow} data-testid="on-now">
                {onNow}
              </p>
            )}
            <h1 className={styles.title}>
              <bdi>{event.title}</bdi>
            </h1>
            <ul className={styles.facts}>
              <li>
                <CalendarIcon size={20} />
                <span className="visually-hidden">{t("event.when")}: </span>
                <When event={event} sessions={sessions} lang={lang} />
              </li>
              <li>
                <PinIcon size={20} />
                <span className="visually-hidden">{t("event.where")}: </span>
                <span>
                  <Link to={href.place(event.place.id)}>
                    <bdi>{event.place.title}</bdi>
                  </Link>
                  {event.hall && (
                    <>
                      {" · "}
                      <bdi>{event.hall.title}</bdi>
                    </>
                  )}
                  {listSeparator(lang)}
                  <bdi>{event.location.title}</bdi>
                </span>
              </li>
              {event.ageLimit !== null && (
                <li>
                  <ClockIcon size={20} />
                  <span>
                    {t("event.ageLimit")}: <bdi dir="ltr">{t("event.ageLimitValue", { age: event.ageLimit })}</bdi>
                  </span>
                </li>
              )}
            </ul>
            {event.categories.length > 0 && (
              <ul className="chips" aria-label={t("event.categories")}>
                {event.categories.map((c) => (
                  <li key={c.id}>
                    <Link to={href.eventsSearch(`categories=${c.id}`)} className={`chip ${styles.smallChip}`}>
                      <bdi>{c.title}</bdi>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {buyable && (
              <div className={styles.buy}>
                <div className={styles.price}>
                  <EventPrice event={event} />
                </div>
                <a href="#tickets" className={`btn ${styles.buyButton}`}>
                  <TicketIcon size={20} /> {t(buyLabelKey(event.minPrice))}
                </a>
              </div>
            )}
            <div className={styles.actions}>
              {!ended && (
                <a href={icsPath} download className="btn btn-ghost">
                  <CalendarIcon size={20} /> {t("event.addToCalendar")}
                </a>
              )}
              <KeptUntilLoaded part={shareButton} props={{ title: event.title, className: "btn btn-ghost" }} atOnce />
            </div>
          </div>
        </div>

        <div className={styles.columns}>
          <div className={styles.main}>
            <section id="tickets" className={`section ${styles.tickets}`} aria-labelledby="tickets-title">
              <h2 id="tickets-title">{t("event.tickets")}</h2>
              {ended ? (
                <p className={styles.endedNote} role="status">
                  {t("picker.endedEvent")}
                </p>
              ) : room ? (
                <room.Room eventId={event.id} first={room.first}>
                  <KeptUntilLoaded part={ticketPicker} props={{ event }} atOnce />
                </room.Room>
              ) : (
                <KeptUntilLoaded part={ticketPicker} props={{ event }} atOnce />
              )}
            </section>

            <AboutSection title={t("event.about")} html={event.descriptionHtml} />

            {persons.length > 0 && (
              <Section id="performers" title={t("event.performers")}>
                {staticPart(islandKey, eventPerformers, { persons })}
              </Section>
            )}
          </div>

          <aside className={styles.aside} aria-labelledby="venue-title">
            <h2 id="venue-title">{t("event.where")}</h2>
            <p className={styles.venueName}>
              <Link to={href.place(event.place.id)}>
                <bdi>{event.place.title}</bdi>
              </Link>
            </p>
            {event.hall && (
              <p>
                <bdi>{hallText(event.hall.title, t("event.hall"))}</bdi>
              </p>
            )}
            {place?.address && (
              <p className="muted">
                <bdi>{place.address}</bdi>
              </p>
            )}
            <p>
              {t("event.city")}: <bdi>{event.location.title}</bdi>
            </p>
            {mapUrl && (
              <a href={mapUrl} target="_blank" rel="noopener noreferrer" className="btn btn-ghost">
                <PinIcon size={20} /> {t("event.map")}
              </a>
            )}
          </aside>
        </div>

        {related.length > 0 && (
          <Section id="related" title={ended ? t("event.similarUpcoming") : t("event.related")}>
            {staticPart(islandKey, eventGrid, { events: related }, (island) => (
              <IslandPrices island={island} events={related} />
            ))}
          </Section>
        )}
      </article>
    </Layout>
  );
}

export const Head = contentHead<EventPageContext>((pageContext, t) => {
  const { event } = pageContext;
  // the Head is rendered apart from the page's providers, so it reads the language from its page context
  const lang = pageContext.language;
  const description =
    event.shortDescription ||
    t("event.metaDescription", {
      title: event.title,
      date: joinParts([formatLongDate(event.startedAt, lang), formatTime(event.startedAt, lang)], lang),
      place: event.place.title,
      city: event.location.title,
    });
  const { siteUrl } = browserConfig();
  const absolute = (path: string) => absoluteUrl(siteUrl, path, lang);
  const jsonLd = eventJsonLd({
    event,
    place: pageContext.place,
    persons: pageContext.persons,
    url: absolute(href.event(event.id)),
    placeUrl: absolute(href.place(event.place.id)),
    personUrl: (id) => absolute(href.person(id)),
    organizer: { name: t("seo.siteName"), url: absolute(href.home()) },
  });
  return { title: event.title, description, image: event.image, type: "article", jsonLd };
});

export const query = graphql`
  query EventPage($language: String!) {
    ...LocalesPages
  }
`;
