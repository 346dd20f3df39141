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

/** The sessions a build starts from: those it keeps, and the events it has to ask about. */
export interface SessionsPlan {
  /** sessions of events unchanged since the last build, kept without a request */
  kept: Record<number, SessionTimes[]>;
  /** events whose sessions have to be read */
  toRead: EventDetail[];
}

/**
 * Which events may have several sessions, and of those which can keep the sessions the last
 * build read (`previous`): an event whose time of change, start and end are the same as then.
 */
export function planSessions(
  events: readonly EventDetail[],
  now: number,
  previous?: Pick<CatalogueSnapshot, "byLanguage" | "sessions"> | null,
): SessionsPlan {
  const kept: Record<number, SessionTimes[]> = {};
  const known = new Map((previous?.byLanguage.en?.events ?? []).map((e) => [e.id, sessionsKey(e)]));
  const toRead = events.filter((e) => {
    if (!mayHaveSessions(e, now)) return false;
    if (previous && known.get(e.id) === sessionsKey(e)) {
      const list = previous.sessions?.[e.id];
      if (list) kept[e.id] = list;
      return false;
    }
    return true;
  });
  return { kept, toRead };
}

/**
 * Asks /v2/dates_prices for the planned events: one request each, under the client's rate
 * limit, which at 10,000 events is about 1,400 requests, more than the lists themselves (two
 * minutes at 10 a second). Resolves to the kept sessions with those read; never rejects: a
 * failure leaves its event without sessions, and its page then shows the first start and last
 * end, as before.
 */
export async function readSessions(
  client: CatalogueClient,
  plan: SessionsPlan,
  currency: string,
  log: ProgressLog = () => {},
): Promise<Record<number, SessionTimes[]>> {
  const sessions: Record<number, SessionTimes[]> = { ...plan.kept };
  const kept = Object.keys(plan.kept).length;
  await Promise.all(
    plan.toRead.map(async (event) => {
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
    `catalogue: sessions of ${plan.toRead.length + kept} events spanning several days (${kept} unchanged since the last build, not asked again), ${Object.keys(sessions).length} with several sessions`,
  );
  return sessions;
}

/** planSessions, then readSessions. */
export function sourceSessions(
  client: CatalogueClient,
  events: readonly EventDetail[],
  currency: string,
  now: number,
  log: ProgressLog = () => {},
  previous?: Pick<CatalogueSnapshot, "byLanguage" | "sessions"> | null,
): Promise<Record<number, SessionTimes[]>> {
  return readSessions(client, planSessions(events, now, previous), currency, log);
}

/** The catalogue as read, and the sessions still on their way when they were left to follow. */
export interface CatalogueRead {
  /** with `sessionsLater`, its `sessions` are only those kept from the last build */
  snapshot: CatalogueSnapshot;
  /**
   * With `sessionsLater` and sessions to ask for: every session (kept and read), for the
   * caller to put into the snapshot before any page that shows them is made. Otherwise null.
   */
  sessionsToFollow: Promise<Record<number, SessionTimes[]>> | null;
}

/**
 * The whole catalogue. `previous`, the catalogue the last build read, only spares the
 * sessions of unchanged events (planSessions); everything else is read.
 *
 * The sessions are read last, after every list: at 10,000 events they are most of the
 * requests (1,363 of 1,745 in the generated catalogue, over two minutes at 10 a second) and
 * only event pages and calendar files show them. With `sessionsLater`, the lists are returned
 * as soon as they are read and the sessions follow in `sessionsToFollow`, so the build can
 * plan its pages and compile its code meanwhile (gatsby-node.ts).
 */
export async function sourceCatalogue(
  client: CatalogueClient,
  landingId: number,
  log: ProgressLog = () => {},
  previous?: CatalogueSnapshot | null,
  options: {
    sessionsLater?: boolean;
    /** how the sessions that follow are read: readSessions on `client` when not given */
    readLater?: (plan: SessionsPlan, currency: string, log: ProgressLog) => Promise<Record<number, SessionTimes[]>>;
  } = {},
): Promise<CatalogueRead> {
  const started = Date.now();
  // the landing alone first: a catalogue that is down fails on one request, in seconds,
  // rather than on hundreds queued behind the rate limit
  const landing = await client.landing(landingId);
  const perLanguage = await Promise.all(LANGUAGES.map((lang) => sourceLanguage(client, lang, log)));
  const byLanguage = Object.fromEntries(
    LANGUAGES.map((lang, i) => [lang, perLanguage[i] as LanguageSnapshot]),
  ) as Record<Lang, LanguageSnapshot>;
  const currency = (landing.currencies[0]?.code ?? byLanguage.en.events[0]?.currencyCode ?? "AED").toUpperCase();
  const plan = planSessions(byLanguage.en.events, Date.now(), previous);
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if (options.sessionsLater && plan.toRead.length > 0) {
    const listsRead = Date.now();
    log(
      `catalogue: read from ${client.baseUrl} in ${seconds()} s; the sessions of ${plan.toRead.length} events follow while the site builds`,
    );
    const readLater = options.readLater ?? ((p, c, l) => readSessions(client, p, c, l));
    const sessionsToFollow = readLater(plan, currency, log).then((sessions) => {
      log(`catalogue: sessions read in ${((Date.now() - listsRead) / 1000).toFixed(1)} s, while the site built`);
      return sessions;
    });
    return { snapshot: { landing, byLanguage, sessions: { ...plan.kept } }, sessionsToFollow };
  }
  const sessions = await readSessions(client, plan, currency, log);
  log(`catalogue: read from ${client.baseUrl} in ${seconds()} s`);
  return { snapshot: { landing, byLanguage, sessions }, sessionsToFollow: null };
}
