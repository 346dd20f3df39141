/**
 * Reads the whole catalogue for the build: the landing, then for each language (en, ru, ar)
 * every event, place, person and news item, the ways to pay and the facets.
 *
 * Node only. Every answer is checked against the contract (ajv) and editors' HTML is
 * sanitized here, once. Progress goes to `log` per kind and language
 * ("catalogue: events ru 120/120") so whoever waits on a build knows where it is.
 */
import { type CatalogueClient, createCatalogueClient } from "../clients/catalogue-client";
import {
  type Acquisition,
  type EventDetail,
  type Facets,
  LANGUAGES,
  type Landing,
  type Lang,
  type NewsItem,
  type Person,
  type Place,
} from "../core/catalogue";
import { uaeDateKey } from "../core/format";
import type { SessionTimes } from "../core/sessions";
import type { SiteConfig } from "../core/site-config";
import { createContractValidator } from "./contract-validator";
import { sanitizeHtml } from "./sanitize";

export interface LanguageSnapshot {
  /** every event the catalogue holds (active and archived), soonest first */
  events: EventDetail[];
  places: Place[];
  persons: Person[];
  news: NewsItem[];
  acquisitions: Acquisition[];
  facets: Facets;
}

export interface CatalogueSnapshot {
  landing: Landing;
  byLanguage: Record<Lang, LanguageSnapshot>;
  /**
   * The sessions of upcoming events that span more than one UAE day, by event id (the
   * same in every language): two evening concerts are shown, and booked in calendars, as
   * two evenings rather than one 27-hour block. Absent for an event means one session.
   */
  sessions?: Record<number, SessionTimes[]>;
}

export type ProgressLog = (line: string) => void;

export function createBuildCatalogueClient(
  config: Pick<SiteConfig, "catalogueApiUrl" | "catalogueRateLimit">,
): CatalogueClient {
  return createCatalogueClient({
    baseUrl: config.catalogueApiUrl,
    rateLimit: config.catalogueRateLimit,
    validate: createContractValidator(),
    sanitizeHtml,
    // two more rounds of (1 + 3 retries): a dead catalogue still fails within seconds
    persistence: { rounds: 2, pauseMs: 2000 },
  });
}

/**
 * Logs "catalogue: <kind> <lang> loaded/total" as pages arrive, but not for every page of
 * a 10,000-event catalogue: roughly every tenth, and always the last.
 */
function progress(log: ProgressLog, kind: string, lang: Lang): (loaded: number, total: number) => void {
  let lastShown = 0;
  return (loaded, total) => {
    if (loaded >= total || loaded - lastShown >= Math.max(1, total / 10)) {
      lastShown = loaded;
      log(`catalogue: ${kind} ${lang} ${loaded}/${total}`);
    }
  };
}

async function sourceLanguage(client: CatalogueClient, lang: Lang, log: ProgressLog): Promise<LanguageSnapshot> {
  const [events, places, persons, news, acquisitions, facets] = await Promise.all([
    client.listAllEvents(
      { date_type: "all", sort_by: "started_at", sort_on: "asc" },
      lang,
      progress(log, "events", lang),
    ),
    client.listAllPlaces(lang, progress(log, "places", lang)),
    client.listAllPersons(lang, progress(log, "persons", lang)),
    client.listAllNews(lang, progress(log, "news", lang)),
    client.acquisitions(lang).then((list) => {
      log(`catalogue: acquisitions ${lang} ${list.length}/${list.length}`);
      return list;
    }),
    client.facets(lang).then((f) => {
      log(
        `catalogue: facets ${lang} ${f.categories.length} categories, ${f.locations.length} cities, ${f.places.length} places`,
      );
      return f;
    }),
  ]);
  // an empty list page (count 0) reports no progress: say so, so the log covers every kind
  for (const [kind, list] of [
    ["events", events],
    ["places", places],
    ["persons", persons],
    ["news", news],
  ] as const) {
    if (list.length === 0) log(`catalogue: ${kind} ${lang} 0/0`);
  }
  return { events, places, persons, news, acquisitions, facets };
}

/** Whether an event may have several sessions: it has not ended and spans UAE days. */
function mayHaveSessions(event: EventDetail, now: number): boolean {
  if (!event.finishedAt || Date.parse(event.finishedAt) < now) return false;
  return uaeDateKey(event.startedAt) !== uaeDateKey(event.finishedAt);
}

/** What an event's sessions are kept by: a change to them shows in its time of change, start or end. */
function sessionsKey(event: EventDetail): string {
  return `${event.updatedAt}|${event.startedAt}|${event.finishedAt ?? ""}`;
}

/**
 * Asks /v2/dates_prices for the events that may have several sessions: one request each,
 * under the client's rate limit, which at 10,000 events is about 1,400 requests, more than
 * the lists themselves (two minutes at 10 a second). With `previous` (the catalogue the last
 * build read), an event whose time of change, start and end are the same as then keeps the
 * sessions read then, without a request. A failure leaves the event without sessions: its
 * page then shows the first start and last end, as before.
 */
export async function sourceSessions(
  client: CatalogueClient,
  events: readonly EventDetail[],
  currency: string,
  now: number,
  log: ProgressLog = () => {},
  previous?: Pick<CatalogueSnapshot, "byLanguage" | "sessions"> | null,
): Promise<Record<number, SessionTimes[]>> {
  const sessions: Record<number, SessionTimes[]> = {};
  const known = new Map((previous?.byLanguage.en?.events ?? []).map((e) => [e.id, sessionsKey(e)]));
  let kept = 0;
  const candidates = events.filter((e) => {
    if (!mayHaveSessions(e, now)) return false;
    if (previous && known.get(e.id) === sessionsKey(e)) {
      const list = previous.sessions?.[e.id];
      if (list) sessions[e.id] = list;
      kept++;
      return false;
    }
    return true;
  });
  await Promise.all(
    candidates.map(async (event) => {
      try {
        const list = await client.datesPrices(event.eventSourceId, currency);
        if (list.length > 1)
          sessions[event.id] = list.map((s) => ({ startedAt: s.startedAt, finishedAt: s.finishedAt }));
      } catch {
        // shown as one span; the ticket picker still lists the sessions live
      }
    }),
  );
  log(
    `catalogue: sessions of ${candidates.length + kept} events spanning several days (${kept} unchanged since the last build, not asked again), ${Object.keys(sessions).length} with several sessions`,
  );
  return sessions;
}

/**
 * The whole catalogue. `previous`, the catalogue the last build read, only spares the
 * sessions of unchanged events (sourceSessions); everything else is read.
 */
export async function sourceCatalogue(
  client: CatalogueClient,
  landingId: number,
  log: ProgressLog = () => {},
  previous?: CatalogueSnapshot | null,
): Promise<CatalogueSnapshot> {
  const started = Date.now();
  // the landing alone first: a catalogue that is down fails on one request, in seconds,
  // rather than on hundreds queued behind the rate limit
  const landing = await client.landing(landingId);
  const perLanguage = await Promise.all(LANGUAGES.map((lang) => sourceLanguage(client, lang, log)));
  const byLanguage = Object.fromEntries(
    LANGUAGES.map((lang, i) => [lang, perLanguage[i] as LanguageSnapshot]),
  ) as Record<Lang, LanguageSnapshot>;
  const currency = landing.currencies[0]?.code ?? byLanguage.en.events[0]?.currencyCode ?? "AED";
  const sessions = await sourceSessions(
    client,
    byLanguage.en.events,
    currency.toUpperCase(),
    Date.now(),
    log,
    previous,
  );
  log(`catalogue: read from ${client.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { landing, byLanguage, sessions };
}
