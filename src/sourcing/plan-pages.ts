/**
 * The whole site as data: catalogue snapshot -> every page of every route (src/core/routes.ts) in
 * en (no prefix), ru and ar. Pure (the clock comes in as `now`), so it is tested without
 * Gatsby; gatsby-node only hands each planned page to createPage.
 */

import arInfo from "../content/info/ar.json";
import enInfo from "../content/info/en.json";
import ruInfo from "../content/info/ru.json";
import {
  DEFAULT_LANGUAGE,
  type EventCardData,
  type EventDetail,
  type EventSummary,
  type Facet,
  LANGUAGES,
  type Lang,
  type NewsItem,
  type Person,
  type Place,
} from "../core/catalogue";
import { uaeDateKey } from "../core/format";
import {
  type BasePageContext,
  type EventPageContext,
  type EventsListPageContext,
  type EventsSearchPageContext,
  type HomePageContext,
  INFO_PAGE_KEYS,
  type InfoPageContext,
  type InfoPageKey,
  type InfoSection,
  type NewsListPageContext,
  type NewsPageContext,
  type NewsSummary,
  type PayAndDeliveryPageContext,
  type PersonPageContext,
  type PersonSummary,
  type PersonsListPageContext,
  type PlacePageContext,
  type PlaceSummary,
  type PlacesListPageContext,
  SEARCH_PAGE_SIZE,
} from "../core/page-context";
import { CLIENT_ONLY_ROUTES, href, localize, ROUTES, type RouteEntry, type TemplateName } from "../core/routes";
import type { CatalogueSnapshot, LanguageSnapshot } from "./source-catalogue";

export type { TemplateName };

/** The info pages' texts (src/content/info/), each page handed only its own language's. */
const INFO_TEXTS: Record<Lang, Record<InfoPageKey, InfoSection[]>> = { en: enInfo, ru: ruInfo, ar: arInfo };

import { hasEnded } from "../core/sessions";

export interface PlannedPage<C extends BasePageContext = BasePageContext> {
  path: string;
  matchPath?: string;
  template: TemplateName;
  context: C;
  /** listed in sitemap.xml (false for cart, order, payment and 404 pages) */
  inSitemap: boolean;
}

export interface PlanOptions {
  /** the build's clock: what counts as upcoming, "this week" */
  now: Date;
}

export const LIMITS = {
  featured: 6,
  thisWeek: 12,
  upcoming: 24,
  latestNews: 6,
  eventsFirstPage: 48,
  // four cards: one row on a desktop, two on a phone; six made related lists three quarters of
  // every event page's context (page-data, build memory) at 10,000 events
  related: 4,
  placeUpcoming: 24,
  personUpcoming: 24,
  newsEvents: 12,
} as const;

function baseContext(lang: Lang, originalPath: string, path = localize(originalPath, lang)): BasePageContext {
  return {
    language: lang,
    i18n: {
      language: lang,
      languages: [...LANGUAGES],
      defaultLanguage: DEFAULT_LANGUAGE,
      generateDefaultLanguagePage: false,
      routed: lang !== DEFAULT_LANGUAGE,
      originalPath,
      path,
    },
  };
}

/** Only what a card shows, so lists stay small in the page-data of every page they are on. */
export function toCard(event: EventSummary): EventCardData {
  return {
    id: event.id,
    eventSourceId: event.eventSourceId,
    title: event.title,
    startedAt: event.startedAt,
    place: event.place,
    location: event.location,
    isStarCast: event.isStarCast,
    image: event.image,
    ageLimit: event.ageLimit,
    status: event.status,
    minPrice: event.minPrice,
    currencyCode: event.currencyCode,
    // only an event that runs into a later day can be on under another day's heading
    ...(event.finishedAt && uaeDateKey(event.finishedAt) > uaeDateKey(event.startedAt)
      ? { finishedAt: event.finishedAt }
      : {}),
  };
}

function placeSummary(place: Place): PlaceSummary {
  return {
    id: place.id,
    title: place.title,
    address: place.address,
    location: place.location,
    latitude: place.latitude,
    longitude: place.longitude,
    image: place.image,
  };
}

function personSummary(person: Person): PersonSummary {
  return { id: person.id, title: person.title, image: person.image };
}

function newsSummary(item: NewsItem): NewsSummary {
  return { id: item.id, title: item.title, lead: item.lead, publishedAt: item.publishedAt, image: item.image };
}

const time = (iso: string): number => new Date(iso).getTime();

/** Not over yet: finished in the future, or (without an end) started today or later in UAE time. */
function isUpcoming(event: EventSummary, now: Date): boolean {
  if (event.finishedAt !== null) return time(event.finishedAt) >= now.getTime();
  return uaeDateKey(event.startedAt) >= uaeDateKey(now.toISOString());
}

const bySoonest = (a: EventSummary, b: EventSummary): number => time(a.startedAt) - time(b.startedAt) || a.id - b.id;

function collator(lang: Lang): Intl.Collator {
  return new Intl.Collator(lang === "en" ? "en" : lang, { sensitivity: "base", numeric: true });
}

/** Everything of one language the planner looks up more than once. */
class LanguageIndex {
  readonly upcoming: EventSummary[];
  /** one card per event, shared by every list it is in */
  private readonly cardsById = new Map<number, EventCardData>();
  readonly placesById: Map<number, Place>;
  readonly personsById: Map<number, Person>;
  readonly eventsById: Map<number, EventDetail>;
  private readonly upcomingByPlace = new Map<number, EventSummary[]>();
  private readonly upcomingByPerson = new Map<number, EventSummary[]>();
  private readonly upcomingByCategory = new Map<number, EventSummary[]>();

  constructor(
    readonly data: LanguageSnapshot,
    now: Date,
  ) {
    this.eventsById = new Map(data.events.map((e) => [e.id, e]));
    this.placesById = new Map(data.places.map((p) => [p.id, p]));
    this.personsById = new Map(data.persons.map((p) => [p.id, p]));
    this.upcoming = data.events.filter((e) => isUpcoming(e, now)).sort(bySoonest);
    for (const event of this.upcoming) {
      push(this.upcomingByPlace, event.place.id, event);
      for (const person of event.persons) push(this.upcomingByPerson, person.id, event);
      for (const category of event.categories) push(this.upcomingByCategory, category.id, event);
    }
  }

  cards(events: EventSummary[]): EventCardData[] {
    return events.map((event) => {
      let card = this.cardsById.get(event.id);
      if (!card) {
        card = toCard(event);
        this.cardsById.set(event.id, card);
      }
      return card;
    });
  }

  atPlace(placeId: number): EventSummary[] {
    return this.upcomingByPlace.get(placeId) ?? [];
  }
  withPerson(personId: number): EventSummary[] {
    return this.upcomingByPerson.get(personId) ?? [];
  }

  /** Upcoming events at the same venue first, then in the same categories; not itself. */
  related(event: EventDetail, limit: number): EventSummary[] {
    const picked = new Map<number, EventSummary>();
    const take = (list: EventSummary[]) => {
      for (const candidate of list) {
        if (picked.size >= limit) return;
        if (candidate.id !== event.id && !picked.has(candidate.id)) picked.set(candidate.id, candidate);
      }
    };
    take(this.atPlace(event.place.id));
    for (const category of event.categories) take(this.upcomingByCategory.get(category.id) ?? []);
    return [...picked.values()];
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** What a page's context holds beside the base every page has (language, path). */
type PageFields<C extends BasePageContext> = Omit<C, keyof BasePageContext>;

function homeContext(index: LanguageIndex, now: Date): PageFields<HomePageContext> {
  const weekEnd = now.getTime() + 7 * 24 * 60 * 60 * 1000;
  const onSaleFirst = index.upcoming.filter((e) => e.status !== "cancelled");
  const news = [...index.data.news].sort((a, b) => time(b.publishedAt) - time(a.publishedAt) || b.id - a.id);
  const thisWeek = onSaleFirst.filter((e) => time(e.startedAt) <= weekEnd).slice(0, LIMITS.thisWeek);
  // "upcoming" goes on from where "this week" stops: no event twice on one page
  const inThisWeek = new Set(thisWeek.map((e) => e.id));
  return {
    featured: index.cards(onSaleFirst.filter((e) => e.isStarCast).slice(0, LIMITS.featured)),
    thisWeek: index.cards(thisWeek),
    upcoming: index.cards(index.upcoming.filter((e) => !inThisWeek.has(e.id)).slice(0, LIMITS.upcoming)),
    categories: nonEmptyFacets(index.data.facets.categories),
    latestNews: news.slice(0, LIMITS.latestNews).map(newsSummary),
  };
}

/** Facets without events make dead-end chips; a facet without a count is kept. */
function nonEmptyFacets(facets: Facet[]): Facet[] {
  return facets.filter((f) => f.eventsCount === null || f.eventsCount > 0);
}

function placesByCity(lang: Lang, places: Place[], locations: Facet[]): PlacesListPageContext["cities"] {
  const compare = collator(lang).compare;
  const facetById = new Map(locations.map((l) => [l.id, l]));
  const groups = new Map<number, { location: Facet | Place["location"]; places: PlaceSummary[] }>();
  for (const place of places) {
    const group = groups.get(place.location.id) ?? {
      location: facetById.get(place.location.id) ?? place.location,
      places: [],
    };
    group.places.push(placeSummary(place));
    groups.set(place.location.id, group);
  }
  const cities = [...groups.values()].sort((a, b) => compare(a.location.title, b.location.title));
  for (const city of cities) city.places.sort((a, b) => compare(a.title, b.title));
  return cities;
}

/**
 * A client-only page: one HTML file at `/ru/order/pay/` serving every `/ru/order/pay/*`.
 * The matchPath carries exactly one language prefix (the i18n plugin's own would double it).
 */
function clientOnlyPage(lang: Lang, originalPath: string, template: TemplateName, prefix: string): PlannedPage {
  return {
    path: prefix,
    matchPath: `${prefix}*`,
    template,
    context: baseContext(lang, originalPath, prefix),
    inSitemap: false,
  };
}

function planLanguage(lang: Lang, snapshot: CatalogueSnapshot, now: Date): PlannedPage[] {
  const data = snapshot.byLanguage[lang];
  const index = new LanguageIndex(data, now);
  const pages: PlannedPage[] = [];
  /** The page of `route` in this language; per-record routes give the record's path. */
  const add = <C extends BasePageContext>(route: RouteEntry, fields: PageFields<C>, originalPath = route.path) => {
    const context = { ...baseContext(lang, originalPath), ...fields };
    pages.push({ path: localize(originalPath, lang), template: route.template, context, inSitemap: route.inSitemap });
  };

  add<HomePageContext>(ROUTES.home, homeContext(index, now));

  add<EventsListPageContext>(ROUTES.events, {
    events: index.cards(index.upcoming.slice(0, LIMITS.eventsFirstPage)),
    totalCount: index.upcoming.length,
    categories: nonEmptyFacets(data.facets.categories),
    locations: nonEmptyFacets(data.facets.locations),
    listedOn: uaeDateKey(now.toISOString()),
  });

  add<EventsSearchPageContext>(ROUTES.eventsSearch, {
    categoryTypes: data.facets.categoryTypes,
    categories: nonEmptyFacets(data.facets.categories),
    locations: nonEmptyFacets(data.facets.locations),
    places: nonEmptyFacets(data.facets.places),
    firstResults: {
      events: index.cards(index.upcoming.slice(0, SEARCH_PAGE_SIZE)),
      total: index.upcoming.length,
    },
  });

  for (const event of data.events) {
    const place = index.placesById.get(event.place.id);
    add<EventPageContext>(
      ROUTES.event,
      {
        id: event.id,
        event,
        place: place ? placeSummary(place) : null,
        persons: event.persons.map((ref) => {
          const person = index.personsById.get(ref.id);
          return person ? personSummary(person) : { id: ref.id, title: ref.title, image: null };
        }),
        related: index.cards(index.related(event, LIMITS.related)),
        icsPath: href.ics(event.id, lang),
        sessions: snapshot.sessions?.[event.id] ?? [],
        endedAtBuild: hasEnded(event, now.getTime()),
      },
      href.event(event.id),
    );
  }

  add<PlacesListPageContext>(ROUTES.places, {
    cities: placesByCity(lang, data.places, data.facets.locations),
  });
  for (const place of data.places) {
    const upcoming = index.cards(index.atPlace(place.id).slice(0, LIMITS.placeUpcoming));
    add<PlacePageContext>(ROUTES.place, { id: place.id, place, upcoming }, href.place(place.id));
  }

  const compare = collator(lang).compare;
  add<PersonsListPageContext>(ROUTES.persons, {
    persons: [...data.persons].sort((a, b) => compare(a.title, b.title)).map(personSummary),
  });
  for (const person of data.persons) {
    const upcoming = index.cards(index.withPerson(person.id).slice(0, LIMITS.personUpcoming));
    add<PersonPageContext>(ROUTES.person, { id: person.id, person, upcoming }, href.person(person.id));
  }

  const newest = [...data.news].sort((a, b) => time(b.publishedAt) - time(a.publishedAt) || b.id - a.id);
  add<NewsListPageContext>(ROUTES.newsList, {
    news: newest.map(newsSummary),
  });
  for (const item of data.news) {
    add<NewsPageContext>(
      ROUTES.news,
      {
        id: item.id,
        item,
        events: index.cards(
          item.eventIds
            .map((id) => index.eventsById.get(id))
            .filter((e): e is EventDetail => e !== undefined)
            .slice(0, LIMITS.newsEvents),
        ),
      },
      href.news(item.id),
    );
  }

  add<PayAndDeliveryPageContext>(ROUTES.payAndDelivery, {
    acquisitions: data.acquisitions,
  });
  for (const key of INFO_PAGE_KEYS) {
    add<InfoPageContext>(ROUTES.info, { pageKey: key, sections: INFO_TEXTS[lang][key] }, href.info(key));
  }

  add(ROUTES.cart, {});
  // the checkout and the pages of a placed order word cash and bank-transfer orders by their way to pay
  const acquisitions = { acquisitions: data.acquisitions };
  add<PayAndDeliveryPageContext>(ROUTES.orderCheckout, acquisitions);
  add<PayAndDeliveryPageContext>(ROUTES.orderSuccess, acquisitions);
  add(ROUTES.orderFail, {});
  add(ROUTES.paymentSuccess, {});
  // the client-only order pages of this language (the route module's table, which also
  // gives English its second bill address under /en/)
  for (const route of CLIENT_ONLY_ROUTES.filter((r) => r.lang === lang)) {
    const page = clientOnlyPage(lang, route.originalPath, route.template, route.path);
    pages.push(
      route.template === ROUTES.orderPay.template ? { ...page, context: { ...page.context, ...acquisitions } } : page,
    );
  }
  add(ROUTES.orderLookup, {});
  add(ROUTES.orderTickets, {});
  add(ROUTES.myOrders, {});
  add(ROUTES.scan, {});

  // The 404 page in the visitor's language: the CDN (and scripts/serve.ts) answers
  // /ru/anything with /ru/404/ and status 404, and Gatsby then shows it at /ru/404/.
  // No `/ru/*` matchPath, although the i18n plugin would set one: Gatsby lists every
  // static page a wildcard shadows in match-paths.json inside app.js, which made app.js
  // 1.6 MB at 10,000 events and pushed the sample event page past its JavaScript budget.
  add(ROUTES.notFound, {});

  return pages;
}

export function planPages(snapshot: CatalogueSnapshot, options: PlanOptions): PlannedPage[] {
  return LANGUAGES.flatMap((lang) => planLanguage(lang, snapshot, options.now));
}
