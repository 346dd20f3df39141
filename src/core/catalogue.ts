/**
 * Domain types of the catalogue, as the rest of the site sees it.
 *
 * The wire shapes live in ../clients/generated/catalogue.ts (generated from
 * contracts/catalogue.openapi.yaml). The catalogue client reshapes every answer into
 * these types at the boundary (camelCase, optional fields made explicit, editors' HTML
 * sanitized): nothing outside src/clients/ and src/catalogue/ sees the wire shape.
 */

export const LANGUAGES = ["en", "ru", "ar"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Lang = "en";

export type EventStatus = "on_sale" | "sold_out" | "cancelled" | "postponed";

/** The catalogue label that marks an event as "star cast" (featured on the home page, filterable). */
export const STAR_CAST_LABEL_ID = 3;

/** Search text the contract accepts (maxLength 200). */
export const MAX_SEARCH_LENGTH = 200;

export interface Ref {
  id: number;
  title: string;
}

export interface CatalogueImage {
  /** absolute URL */
  url: string;
  width: number;
  height: number;
  alt: string | null;
}

export interface CategoryRef extends Ref {
  typeId: number | null;
}

/** What a card needs: lists, related events, search results. */
export interface EventSummary {
  id: number;
  /** the id that prices and tickets are keyed by */
  eventSourceId: number;
  title: string;
  shortDescription: string | null;
  /** ISO 8601 with offset */
  startedAt: string;
  finishedAt: string | null;
  place: Ref;
  hall: Ref | null;
  location: Ref;
  categories: CategoryRef[];
  persons: Ref[];
  labels: Ref[];
  isStarCast: boolean;
  image: CatalogueImage | null;
  ageLimit: number | null;
  status: EventStatus;
  /** the build-time "from" price in `currencyCode`; the browser refreshes it live */
  minPrice: number | null;
  currencyCode: string | null;
  updatedAt: string;
}

/**
 * What an event card, row or hero shows: an event in a list on another page. Build-time
 * lists carry only this, since every field here is written into the page-data of every
 * page that lists the event.
 */
export type EventCardData = Pick<
  EventSummary,
  | "id"
  | "eventSourceId"
  | "title"
  | "startedAt"
  | "place"
  | "location"
  | "isStarCast"
  | "image"
  | "ageLimit"
  | "status"
  | "minPrice"
  | "currencyCode"
> &
  // when it has an end: a dated list files an event still on under today
  Partial<Pick<EventSummary, "finishedAt">>;

export interface EventDetail extends EventSummary {
  /** sanitized HTML (allowlist), safe to inject */
  descriptionHtml: string | null;
}

export interface Place {
  id: number;
  title: string;
  address: string | null;
  /** sanitized HTML */
  descriptionHtml: string | null;
  location: Ref;
  latitude: number | null;
  longitude: number | null;
  halls: Ref[];
  image: CatalogueImage | null;
  updatedAt: string;
}

export interface Person {
  id: number;
  title: string;
  /** sanitized HTML */
  descriptionHtml: string | null;
  image: CatalogueImage | null;
  updatedAt: string;
}

export interface NewsItem {
  id: number;
  title: string;
  lead: string | null;
  /** sanitized HTML */
  bodyHtml: string | null;
  publishedAt: string;
  image: CatalogueImage | null;
  eventIds: number[];
  updatedAt: string;
}

export type AcquisitionType = "card" | "apple_pay" | "google_pay" | "bank_transfer" | "cash";

export interface Acquisition {
  id: number;
  title: string;
  type: AcquisitionType;
  /** upper-case currency codes it accepts */
  currencies: string[];
  feePercent: number | null;
  description: string | null;
}

export interface Facet {
  id: number;
  title: string;
  typeId: number | null;
  placeId: number | null;
  locationId: number | null;
  eventsCount: number | null;
}

export interface EventDateFacet {
  /** YYYY-MM-DD, UAE time */
  date: string;
  eventsCount: number;
}

export interface Facets {
  categoryTypes: Facet[];
  categories: Facet[];
  halls: Facet[];
  places: Facet[];
  locations: Facet[];
  dates: EventDateFacet[];
}

export interface Currency {
  /** ISO 4217 as the catalogue gave it; compare case-insensitively */
  code: string;
  symbol: string;
  title: string;
  decimals: number;
}

/** The landing: the theme settings of this site (languages, currencies, which currency each language defaults to). */
export interface Landing {
  id: number;
  siteUrl: string;
  /** absent on the wire means ["ru"] */
  languages: string[];
  mainLang: string | null;
  currencies: Currency[];
  /** currency code -> languages that default to it */
  languageCurrency: Record<string, string[]>;
  showCurrencies: boolean;
}

/** Live price range of one event (GET /v2/events_prices), keyed by event_source_id. */
export interface EventPrice {
  id: number;
  minPrice: number | null;
  maxPrice: number | null;
  currencyCode: string;
}

export interface TicketOffer {
  id: number;
  title: string;
  price: number;
  serviceFee: number;
  currencyCode: string;
  available: number;
  maxPerOrder: number;
}

/** One session of an event with its ticket categories (GET /v2/dates_prices). */
export interface DatePrices {
  startedAt: string;
  finishedAt: string | null;
  tickets: TicketOffer[];
}

/** Filters of the events list, mapped to catalogue query parameters by clients/catalogue-params.ts. */
export interface EventFilter {
  categories?: number[];
  halls?: number[];
  places?: number[];
  cities?: number[];
  persons?: number[];
  ids?: number[];
  /** YYYY-MM-DD or date-time */
  date_gte?: string;
  date_lte?: string;
  is_star_cast?: boolean;
  search?: string;
  date_type?: "active" | "archive" | "all";
  sort_by?: "started_at" | "title" | "popularity";
  sort_on?: "asc" | "desc";
  page?: number;
  page_size?: number;
}
