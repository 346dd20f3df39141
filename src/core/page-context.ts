/**
 * What gatsby-node hands each template, per page and language.
 *
 * Every page is created by gatsby-node from the plan in plan-pages.ts, with `i18n`
 * already set, so gatsby-plugin-react-i18next leaves it alone (its own page
 * generation doubles the language prefix of a client-only route, /ru/ru/order/...).
 */
import type { Acquisition, EventCardData, EventDetail, Facet, Lang, NewsItem, Person, Place } from "./catalogue";
import type { SessionTimes } from "./sessions";

/** The shape gatsby-plugin-react-i18next reads from pageContext.i18n. */
export interface I18nPageContext {
  language: Lang;
  languages: Lang[];
  defaultLanguage: Lang;
  generateDefaultLanguagePage: boolean;
  routed: boolean;
  /** the path without language prefix, e.g. `href.event(12)` */
  originalPath: string;
  /** the path of this page, e.g. "/ru/events/12/" */
  path: string;
}

export interface BasePageContext {
  /** used by every template's `allLocale` page query */
  language: Lang;
  i18n: I18nPageContext;
}

export interface PlaceSummary {
  id: number;
  title: string;
  address: string | null;
  location: Place["location"];
  latitude: number | null;
  longitude: number | null;
  image: Place["image"];
}

export interface PersonSummary {
  id: number;
  title: string;
  image: Person["image"];
}

export interface NewsSummary {
  id: number;
  title: string;
  lead: string | null;
  publishedAt: string;
  image: NewsItem["image"];
}

export interface HomePageContext extends BasePageContext {
  /** star cast events, soonest first */
  featured: EventCardData[];
  /** events starting in the next 7 days (UAE time) */
  thisWeek: EventCardData[];
  /** upcoming events, soonest first (a bounded number) */
  upcoming: EventCardData[];
  categories: Facet[];
  latestNews: NewsSummary[];
}

export interface EventsListPageContext extends BasePageContext {
  /** first page of active events, soonest first; more are loaded in the browser */
  events: EventCardData[];
  totalCount: number;
  categories: Facet[];
  locations: Facet[];
  /**
   * The UAE day (YYYY-MM-DD) the build filed the first page's events under their days: one
   * on since an earlier day is under this one. The browser renders the same until it knows
   * the reader's clock.
   */
  listedOn: string;
}

export interface EventPageContext extends BasePageContext {
  id: number;
  event: EventDetail;
  place: PlaceSummary | null;
  persons: PersonSummary[];
  /** same category or venue, upcoming, a bounded number */
  related: EventCardData[];
  /** site path of the .ics file made at build time, e.g. "/ics/event-12-en.ics" */
  icsPath: string;
  /** the sessions when there are several (empty: one session, startedAt to finishedAt) */
  sessions: SessionTimes[];
  /** whether the event had ended when the site was built (the browser checks again) */
  endedAtBuild: boolean;
}

export interface PlacesListPageContext extends BasePageContext {
  /** places grouped by city, cities by title */
  cities: Array<{ location: Facet | Place["location"]; places: PlaceSummary[] }>;
}

export interface PlacePageContext extends BasePageContext {
  id: number;
  place: Place;
  upcoming: EventCardData[];
}

export interface PersonsListPageContext extends BasePageContext {
  persons: PersonSummary[];
}

export interface PersonPageContext extends BasePageContext {
  id: number;
  person: Person;
  upcoming: EventCardData[];
}

export interface NewsListPageContext extends BasePageContext {
  news: NewsSummary[];
}

export interface NewsPageContext extends BasePageContext {
  id: number;
  item: NewsItem;
  events: EventCardData[];
}

export interface PayAndDeliveryPageContext extends BasePageContext {
  acquisitions: Acquisition[];
}

/** Info pages, cart, search, order pages, 404: the text comes from locales/. */
export type StaticPageContext = BasePageContext;

/**
 * The informational pages: title and description in locales/{lng}/pages.json under
 * `info.<key>`, the text in src/content/info/{lng}.json.
 */
export const INFO_PAGE_KEYS = [
  "about",
  "contacts",
  "guarantee",
  "license",
  "offer",
  "privacy-policy",
  "selltickets",
] as const;
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number];

/** A part of an info page's text: an optional heading and its paragraphs. */
export interface InfoSection {
  heading?: string;
  paragraphs: string[];
}

export interface InfoPageContext extends BasePageContext {
  pageKey: InfoPageKey;
  /** the page's text in the page's language, from src/content/info/ */
  sections: InfoSection[];
}

/** /events/search/: the filters' choices come from the catalogue's facets at build time. */
/** Results per page of the search page, the built first page included. */
export const SEARCH_PAGE_SIZE = 24;

export interface EventsSearchPageContext extends BasePageContext {
  categoryTypes: Facet[];
  categories: Facet[];
  /** cities */
  locations: Facet[];
  places: Facet[];
  /**
   * The first page of a search without filters, as the build knew it: a visit without a
   * query shows it at once, from the HTML, and asks the catalogue only for more.
   */
  firstResults: { events: EventCardData[]; total: number };
}
