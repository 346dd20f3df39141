/**
 * The one catalogue client, used by the build (src/sourcing/source-catalogue.ts) and, lazily
 * loaded, by the browser (search page, live prices, ticket picker: load-catalogue-client.ts).
 *
 * This module is the endpoints: which path, which query, which contract operation and
 * which reshaping each call uses. How a request travels (time-out, retries, rate limit,
 * validation) is catalogue-transport.ts; reading a whole paged list is
 * catalogue-pagination.ts. Nothing outside src/clients and src/catalogue sees the wire shape.
 *
 * The language is an argument of every call that has one: the client holds no state
 * besides its settings, so one client serves every language of a build.
 */

import type {
  Acquisition,
  DatePrices,
  EventDateFacet,
  EventDetail,
  EventFilter,
  EventPrice,
  Facet,
  Facets,
  Landing,
  Lang,
  NewsItem,
  Person,
  Place,
} from "../core/catalogue";
import {
  type HtmlSanitizer,
  type PageOf,
  reshapeAcquisition,
  reshapeArray,
  reshapeDateFacet,
  reshapeDatePrices,
  reshapeEvent,
  reshapeEventPrice,
  reshapeFacet,
  reshapeLanding,
  reshapeNews,
  reshapePage,
  reshapePerson,
  reshapePlace,
  reshapeResults,
} from "../core/reshape";
import { type ListProgress, readWholeList } from "./catalogue-pagination";
import { buildUrl, eventFilterToParams, idList, type QueryParams } from "./catalogue-params";
import { type CatalogueOperation, createCatalogueTransport, type TransportOptions } from "./catalogue-transport";

export interface CatalogueClientOptions extends TransportOptions {
  baseUrl: string;
  /** sanitizes editors' HTML; without it HTML fields come out null */
  sanitizeHtml?: HtmlSanitizer;
  /** page size used by the listAll* calls (the contract caps it at 100) */
  pageSize?: number;
}

export interface CatalogueClient {
  readonly baseUrl: string;
  listEvents(filter: EventFilter, lang: Lang, signal?: AbortSignal): Promise<PageOf<EventDetail>>;
  listAllEvents(filter: EventFilter, lang: Lang, onProgress?: ListProgress): Promise<EventDetail[]>;
  listPlaces(lang: Lang, page?: number): Promise<PageOf<Place>>;
  listAllPlaces(lang: Lang, onProgress?: ListProgress): Promise<Place[]>;
  listPersons(lang: Lang, page?: number): Promise<PageOf<Person>>;
  listAllPersons(lang: Lang, onProgress?: ListProgress): Promise<Person[]>;
  listNews(lang: Lang, page?: number, extra?: QueryParams): Promise<PageOf<NewsItem>>;
  listAllNews(lang: Lang, onProgress?: ListProgress): Promise<NewsItem[]>;
  acquisitions(lang: Lang): Promise<Acquisition[]>;
  categoryTypes(lang: Lang): Promise<Facet[]>;
  categories(lang: Lang): Promise<Facet[]>;
  eventDates(): Promise<EventDateFacet[]>;
  halls(lang: Lang): Promise<Facet[]>;
  eventPlaces(lang: Lang): Promise<Facet[]>;
  locations(lang: Lang): Promise<Facet[]>;
  /** all six facet lists of one language */
  facets(lang: Lang): Promise<Facets>;
  landing(id: number): Promise<Landing>;
  eventsPrices(eventSourceIds: readonly number[], currency: string): Promise<EventPrice[]>;
  /**
   * `lang` is not in the contract's parameters for this path; it is sent so that a
   * catalogue that translates ticket categories can, and any other ignores it (the
   * contract: unknown query parameters are ignored).
   */
  datesPrices(eventSourceId: number, currency: string, lang?: Lang): Promise<DatePrices[]>;
}

/** The price endpoints take a `source_id`; this shop always asks with 2. */
const PRICE_SOURCE_ID = "2";
/** The contract's largest page. */
const MAX_PAGE_SIZE = 100;

export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const pageSize = String(options.pageSize ?? MAX_PAGE_SIZE);
  const transport = createCatalogueTransport(options);
  const reshapeOptions = options.sanitizeHtml ? { sanitizeHtml: options.sanitizeHtml } : {};
  const url = (path: string, params?: QueryParams): string => buildUrl(baseUrl, path, params);

  function listAll<T>(
    operation: CatalogueOperation,
    firstUrl: string,
    item: (v: unknown, at: string) => T,
    onProgress?: ListProgress,
  ) {
    const readPage = (pageUrl: string) => transport.getJson(operation, pageUrl, (data) => reshapePage(data, item));
    return readWholeList(readPage, firstUrl, baseUrl, onProgress);
  }

  const langParams = (lang: Lang, page?: number): QueryParams => {
    const params: QueryParams = [["lang", lang]];
    if (page !== undefined) params.push(["page", String(page)]);
    return params;
  };
  const allParams = (lang: Lang): QueryParams => [
    ["lang", lang],
    ["page_size", pageSize],
  ];

  const event = (v: unknown, at: string) => reshapeEvent(v, at, reshapeOptions);
  const place = (v: unknown, at: string) => reshapePlace(v, at, reshapeOptions);
  const person = (v: unknown, at: string) => reshapePerson(v, at, reshapeOptions);
  const news = (v: unknown, at: string) => reshapeNews(v, at, reshapeOptions);
  const facetList = (operation: CatalogueOperation, path: string, lang?: Lang) =>
    transport.getJson(operation, url(path, lang ? [["lang", lang]] : []), (data) => reshapeResults(data, reshapeFacet));

  const client: CatalogueClient = {
    baseUrl,
    listEvents: (filter, lang, signal) =>
      transport.getJson(
        "listEvents",
        url("/v1/events", eventFilterToParams(filter, lang)),
        (d) => reshapePage(d, event),
        signal,
      ),
    listAllEvents: (filter, lang, onProgress) => {
      const params = eventFilterToParams({ ...filter, page: undefined, page_size: Number(pageSize) }, lang);
      return listAll("listEvents", url("/v1/events", params), event, onProgress);
    },
    listPlaces: (lang, page) =>
      transport.getJson("listPlaces", url("/v1/places", langParams(lang, page)), (d) => reshapePage(d, place)),
    listAllPlaces: (lang, onProgress) => listAll("listPlaces", url("/v1/places", allParams(lang)), place, onProgress),
    listPersons: (lang, page) =>
      transport.getJson("listPersons", url("/v1/persons", langParams(lang, page)), (d) => reshapePage(d, person)),
    listAllPersons: (lang, onProgress) =>
      listAll("listPersons", url("/v1/persons", allParams(lang)), person, onProgress),
    // news takes further query parameters (a landing's news filter, say) as they are
    listNews: (lang, page, extra = []) =>
      transport.getJson("listNews", url("/v1/news", [...langParams(lang, page), ...extra]), (d) =>
        reshapePage(d, news),
      ),
    listAllNews: (lang, onProgress) => listAll("listNews", url("/v1/news", allParams(lang)), news, onProgress),
    // the ways to pay come as one page; only its results matter
    acquisitions: (lang) =>
      transport.getJson(
        "listAcquisitions",
        url("/v2/acquisitions", [["lang", lang]]),
        (d) => reshapePage(d, reshapeAcquisition).results,
      ),
    categoryTypes: (lang) => facetList("listCategoryTypes", "/v1/events_category_types", lang),
    categories: (lang) => facetList("listCategories", "/v1/events_categories", lang),
    eventDates: () =>
      transport.getJson("listEventDates", url("/v1/events_dates"), (d) => reshapeResults(d, reshapeDateFacet)),
    halls: (lang) => facetList("listHalls", "/v1/events_halls", lang),
    eventPlaces: (lang) => facetList("listEventPlaces", "/v1/events_places", lang),
    locations: (lang) => facetList("listLocations", "/v1/events_locations", lang),
    facets: async (lang) => {
      const [categoryTypes, categories, dates, halls, places, locations] = await Promise.all([
        client.categoryTypes(lang),
        client.categories(lang),
        client.eventDates(),
        client.halls(lang),
        client.eventPlaces(lang),
        client.locations(lang),
      ]);
      return { categoryTypes, categories, dates, halls, places, locations };
    },
    landing: (id) =>
      transport.getJson("getLanding", url(`/v2/landings/${encodeURIComponent(String(id))}`), (d) => reshapeLanding(d)),
    eventsPrices: async (eventSourceIds, currency) => {
      const ids = idList(eventSourceIds);
      if (ids === undefined) return [];
      const params: QueryParams = [
        ["event_source_id_in", ids],
        ["currency_code", currency],
        ["source_id", PRICE_SOURCE_ID],
      ];
      return transport.getJson("getEventsPrices", url("/v2/events_prices", params), (d) =>
        reshapeArray(d, reshapeEventPrice),
      );
    },
    datesPrices: (eventSourceId, currency, lang) => {
      const params: QueryParams = [
        ["event_source_id", String(eventSourceId)],
        ["currency", currency],
        ["source_id", PRICE_SOURCE_ID],
        ...(lang ? ([["lang", lang]] as QueryParams) : []),
      ];
      return transport.getJson("getDatesPrices", url("/v2/dates_prices", params), (d) =>
        reshapeArray(d, reshapeDatePrices),
      );
    },
  };
  return client;
}
