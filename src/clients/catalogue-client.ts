/**
 * The one catalogue client, used by the build (src/build/source-catalogue.ts) and, lazily
 * imported, by the browser (search page, live prices, ticket picker).
 *
 * axios + axios-retry + axios-rate-limit with the spec's numbers (sections 7-9): 60 s
 * timeout; 3 retries 1 s apart on network errors, and on 429/5xx for idempotent methods;
 * never on time-outs; `rateLimit` requests per second, spaced evenly. Every answer goes
 * through the injected contract validator (ajv at build time) and is reshaped into the
 * domain types; nothing outside src/clients and src/catalogue sees the wire shape.
 *
 * Keep this module light: the browser bundles it. The validator and the HTML sanitizer
 * are injected by the build so ajv, yaml and sanitize-html stay out of the browser.
 */
import axios, { AxiosError, type AxiosInstance } from "axios";
import axiosRetry from "axios-retry";
import rateLimit from "axios-rate-limit";
import {
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
  ShapeError,
  type HtmlSanitizer,
  type PageOf,
} from "../catalogue/reshape";
import type {
  Acquisition,
  DatePrices,
  EventDateFacet,
  EventDetail,
  EventFilter,
  EventPrice,
  Facet,
  Facets,
  Lang,
  Landing,
  NewsItem,
  Person,
  Place,
} from "../catalogue/types";
import { browserConfig } from "../config";
import { buildUrl, eventFilterToParams, idList, type QueryParams } from "./catalogue-params";
import { CatalogueError, httpError, malformedError, networkError, timeoutError } from "./catalogue-error";
import { isTimeout, RETRIES, RETRY_DELAY_MS, shouldRetry, TIMEOUT_MS } from "./retry-rule";

export { CatalogueError } from "./catalogue-error";
export type { PageOf } from "../catalogue/reshape";

/** The contract's operation ids (contracts/catalogue.openapi.yaml), one per answer shape. */
export type CatalogueOperation =
  | "listEvents"
  | "listPlaces"
  | "listPersons"
  | "listNews"
  | "listAcquisitions"
  | "listCategoryTypes"
  | "listCategories"
  | "listEventDates"
  | "listHalls"
  | "listEventPlaces"
  | "listLocations"
  | "getLanding"
  | "getEventsPrices"
  | "getDatesPrices";

/**
 * Checks a 200 answer against the contract. Returns null when it conforms, otherwise the
 * problems, each led by the JSON pointer of the field ("/results/3/started_at must be string").
 */
export type AnswerValidator = (operation: CatalogueOperation, data: unknown) => string | null;

export interface CatalogueClientOptions {
  baseUrl: string;
  /** requests per second (spec default 10) */
  rateLimit?: number;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  validate?: AnswerValidator;
  /** sanitizes editors' HTML; without it HTML fields come out null */
  sanitizeHtml?: HtmlSanitizer;
  /** page size used by the listAll* calls (the contract caps it at 100) */
  pageSize?: number;
  /**
   * Whole further rounds of the retry rule after a transient failure (429, 5xx, no answer),
   * `pauseMs` apart. The browser takes none (a visitor sees the error and may try again);
   * the build takes some: it makes hundreds of requests, and a server that answers 429 or
   * 5xx "now and then" would otherwise sink a build every few runs.
   */
  persistence?: { rounds: number; pauseMs: number };
}

export interface ListProgress {
  (loaded: number, total: number): void;
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

/** source_id the price calls take (spec section 9). */
export const PRICE_SOURCE_ID = "2";

function makeHttp(options: Required<Pick<CatalogueClientOptions, "rateLimit" | "timeoutMs" | "retries" | "retryDelayMs">>): AxiosInstance {
  // One request every 1000/rate ms rather than bursts of `rate` per second: the catalogue
  // sees an even load and the limit holds over any window.
  const http = rateLimit(axios.create({ timeout: options.timeoutMs }), {
    maxRequests: 1,
    perMilliseconds: 1000 / options.rateLimit,
  });
  axiosRetry(http, {
    retries: options.retries,
    retryDelay: () => options.retryDelayMs,
    retryCondition: (error) => shouldRetry(error),
    shouldResetTimeout: true,
  });
  return http;
}

function toCatalogueError(error: unknown, url: string, timeoutMs: number): Error {
  if (error instanceof CatalogueError) return error;
  if (error instanceof AxiosError) {
    if (error.response) return httpError(url, error.response.status, error.response.data);
    if (isTimeout(error)) return timeoutError(url, timeoutMs);
    if (error.code === "ERR_CANCELED") return error;
    return networkError(url, error.code, error.message);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Lists read side by side per list (the rate limit spaces them anyway). */
const PAGE_CONCURRENCY = 4;
/** No list of this site is near this long; a `next` chain past it is a broken server. */
export const MAX_LIST_PAGES = 10_000;

/**
 * The URLs of pages 2..last when `next` is the contract's page-numbered link (page=2 on
 * the same path), so they can be asked for at once; null for any other kind of `next`
 * (a cursor, say), which is then followed link by link.
 */
export function numberedPages(next: string, count: number, perPage: number): string[] | null {
  const url = new URL(next);
  if (url.searchParams.get("page") !== "2" || perPage <= 0 || !Number.isSafeInteger(count)) return null;
  const last = Math.ceil(count / perPage);
  if (last > MAX_LIST_PAGES) return null;
  const urls: string[] = [];
  for (let page = 2; page <= last; page++) {
    url.searchParams.set("page", String(page));
    urls.push(url.toString());
  }
  return urls;
}

async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let nextIndex = 0;
  const worker = async (): Promise<void> => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Worth asking again later: the server was busy or failing, or did not answer at all. */
function isTransient(error: Error): boolean {
  if (!(error instanceof CatalogueError)) return false;
  if (error.kind === "network") return true;
  return error.kind === "http" && error.status !== null && (error.status === 429 || error.status >= 500);
}

/**
 * `next` is an absolute URL per the contract. A server behind a proxy may name another
 * origin; read it against ours so the build keeps talking to the catalogue it was given.
 */
export function resolveNext(next: string, currentUrl: string, baseUrl: string): string {
  const url = new URL(next, currentUrl);
  const base = new URL(baseUrl);
  if (url.origin !== base.origin) {
    url.protocol = base.protocol;
    url.host = base.host;
  }
  return url.toString();
}

export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const pageSize = String(options.pageSize ?? 100);
  const http = makeHttp({
    rateLimit: options.rateLimit ?? 10,
    timeoutMs,
    retries: options.retries ?? RETRIES,
    retryDelayMs: options.retryDelayMs ?? RETRY_DELAY_MS,
  });
  const sanitizeHtml = options.sanitizeHtml;
  const persistence = options.persistence;
  const reshapeOptions = sanitizeHtml ? { sanitizeHtml } : {};

  async function fetchJson<T>(
    operation: CatalogueOperation,
    url: string,
    reshape: (data: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    let data: unknown;
    for (let round = 0; ; round++) {
      try {
        const response = await http.get<unknown>(url, { signal, responseType: "json" });
        data = response.data;
        break;
      } catch (error) {
        const failure = toCatalogueError(error, url, timeoutMs);
        if (!persistence || round >= persistence.rounds || !isTransient(failure)) throw failure;
        await new Promise((resolve) => setTimeout(resolve, persistence.pauseMs));
      }
    }
    // axios hands back a string when the body is not JSON
    if (typeof data === "string") throw malformedError(url, `/ must be JSON, got ${JSON.stringify(data.slice(0, 200))}`);
    const problems = options.validate?.(operation, data);
    if (problems) throw malformedError(url, problems);
    try {
      return reshape(data);
    } catch (error) {
      if (error instanceof ShapeError) throw malformedError(url, error.message);
      throw error;
    }
  }

  async function listAll<T>(
    operation: CatalogueOperation,
    firstUrl: string,
    item: (v: unknown, at: string) => T,
    onProgress?: ListProgress,
  ): Promise<T[]> {
    const readPage = (url: string): Promise<PageOf<T>> => fetchJson(operation, url, (data) => reshapePage(data, item));
    const all: T[] = [];
    const seen = new Set<string>([firstUrl]);
    const first = await readPage(firstUrl);
    all.push(...first.results);
    onProgress?.(all.length, Math.max(first.count, all.length));
    if (first.next !== null && first.results.length === 0) throw malformedError(firstUrl, "/results is empty but /next is set");
    let url: string | null = first.next === null ? null : resolveNext(first.next, firstUrl, baseUrl);

    // A 10,000-event catalogue is a hundred pages per language: when `next` is the
    // contract's page-numbered link, ask for the remaining pages side by side (the rate
    // limit still holds) instead of waiting for each answer before asking the next.
    const planned = url === null ? null : numberedPages(url, first.count, first.results.length);
    if (planned !== null && planned.length > 0) {
      const pages: Array<PageOf<T> | null> = new Array(planned.length).fill(null);
      let loaded = all.length;
      await inParallel(planned, PAGE_CONCURRENCY, async (pageUrl, i) => {
        seen.add(pageUrl);
        try {
          pages[i] = await readPage(pageUrl);
        } catch (error) {
          // the list shrank since the first page: "a page past the end is a 404"
          if (error instanceof CatalogueError && error.status === 404 && i > 0) return;
          throw error;
        }
        loaded += pages[i]?.results.length ?? 0;
        onProgress?.(loaded, Math.max(first.count, loaded));
      });
      url = null;
      for (const [i, page] of pages.entries()) {
        if (page === null) break;
        all.push(...page.results);
        const pageUrl = planned[i] as string;
        if (page.next === null) break;
        if (page.results.length === 0) throw malformedError(pageUrl, "/results is empty but /next is set");
        // more than `count` promised (the list grew meanwhile): go on from the last page
        if (i === pages.length - 1) url = resolveNext(page.next, pageUrl, baseUrl);
      }
    }

    while (url !== null) {
      const currentUrl: string = url;
      if (seen.has(currentUrl)) throw malformedError(currentUrl, `/next points back to a page already read (${currentUrl})`);
      if (seen.size >= MAX_LIST_PAGES) throw malformedError(currentUrl, `/next still set after ${MAX_LIST_PAGES} pages`);
      seen.add(currentUrl);
      const page = await readPage(currentUrl);
      all.push(...page.results);
      onProgress?.(all.length, Math.max(page.count, all.length));
      if (page.results.length === 0 && page.next !== null) throw malformedError(currentUrl, "/results is empty but /next is set");
      url = page.next === null ? null : resolveNext(page.next, currentUrl, baseUrl);
    }
    return all;
  }

  const langParams = (lang: Lang, page?: number): QueryParams => {
    const params: QueryParams = [["lang", lang]];
    if (page !== undefined) params.push(["page", String(page)]);
    return params;
  };
  const allParams = (lang: Lang): QueryParams => [["lang", lang], ["page_size", pageSize]];

  const event = (v: unknown, at: string) => reshapeEvent(v, at, reshapeOptions);
  const place = (v: unknown, at: string) => reshapePlace(v, at, reshapeOptions);
  const person = (v: unknown, at: string) => reshapePerson(v, at, reshapeOptions);
  const news = (v: unknown, at: string) => reshapeNews(v, at, reshapeOptions);
  const facetList = (operation: CatalogueOperation, path: string, lang?: Lang) =>
    fetchJson(operation, buildUrl(baseUrl, path, lang ? [["lang", lang]] : []), (data) => reshapeResults(data, reshapeFacet));

  const client: CatalogueClient = {
    baseUrl,
    listEvents: (filter, lang, signal) =>
      fetchJson("listEvents", buildUrl(baseUrl, "/v1/events", eventFilterToParams(filter, lang)), (d) => reshapePage(d, event), signal),
    listAllEvents: (filter, lang, onProgress) => {
      const params = eventFilterToParams({ ...filter, page: undefined, page_size: Number(pageSize) }, lang);
      return listAll("listEvents", buildUrl(baseUrl, "/v1/events", params), event, onProgress);
    },
    listPlaces: (lang, page) => fetchJson("listPlaces", buildUrl(baseUrl, "/v1/places", langParams(lang, page)), (d) => reshapePage(d, place)),
    listAllPlaces: (lang, onProgress) => listAll("listPlaces", buildUrl(baseUrl, "/v1/places", allParams(lang)), place, onProgress),
    listPersons: (lang, page) => fetchJson("listPersons", buildUrl(baseUrl, "/v1/persons", langParams(lang, page)), (d) => reshapePage(d, person)),
    listAllPersons: (lang, onProgress) => listAll("listPersons", buildUrl(baseUrl, "/v1/persons", allParams(lang)), person, onProgress),
    // section 7: news params are passed through
    listNews: (lang, page, extra = []) =>
      fetchJson("listNews", buildUrl(baseUrl, "/v1/news", [...langParams(lang, page), ...extra]), (d) => reshapePage(d, news)),
    listAllNews: (lang, onProgress) => listAll("listNews", buildUrl(baseUrl, "/v1/news", allParams(lang)), news, onProgress),
    // section 7: "result read from results field"
    acquisitions: (lang) =>
      fetchJson("listAcquisitions", buildUrl(baseUrl, "/v2/acquisitions", [["lang", lang]]), (d) => reshapePage(d, reshapeAcquisition).results),
    categoryTypes: (lang) => facetList("listCategoryTypes", "/v1/events_category_types", lang),
    categories: (lang) => facetList("listCategories", "/v1/events_categories", lang),
    eventDates: () => fetchJson("listEventDates", buildUrl(baseUrl, "/v1/events_dates"), (d) => reshapeResults(d, reshapeDateFacet)),
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
    landing: (id) => fetchJson("getLanding", buildUrl(baseUrl, `/v2/landings/${encodeURIComponent(String(id))}`), (d) => reshapeLanding(d)),
    eventsPrices: async (eventSourceIds, currency) => {
      const ids = idList(eventSourceIds);
      if (ids === undefined) return [];
      const params: QueryParams = [
        ["event_source_id_in", ids],
        ["currency_code", currency],
        ["source_id", PRICE_SOURCE_ID],
      ];
      return fetchJson("getEventsPrices", buildUrl(baseUrl, "/v2/events_prices", params), (d) => reshapeArray(d, reshapeEventPrice));
    },
    datesPrices: (eventSourceId, currency, lang) => {
      const params: QueryParams = [
        ["event_source_id", String(eventSourceId)],
        ["currency", currency],
        ["source_id", PRICE_SOURCE_ID],
        ...(lang ? ([["lang", lang]] as QueryParams) : []),
      ];
      return fetchJson("getDatesPrices", buildUrl(baseUrl, "/v2/dates_prices", params), (d) => reshapeArray(d, reshapeDatePrices));
    },
  };
  return client;
}

let browserClient: CatalogueClient | null = null;

/**
 * The client as the browser uses it: settings inlined at build time (browserConfig), no
 * validator, no sanitizer. One per page load, so the rate limit holds across all callers.
 */
export function browserCatalogueClient(): CatalogueClient {
  if (browserClient === null) {
    const config = browserConfig();
    browserClient = createCatalogueClient({ baseUrl: config.catalogueApiUrl, rateLimit: config.catalogueRateLimit });
  }
  return browserClient;
}

/** Live prices for the browser's price refresh (spec section 4). */
export function eventsPrices(eventSourceIds: readonly number[], currency: string): Promise<EventPrice[]> {
  return browserCatalogueClient().eventsPrices(eventSourceIds, currency);
}

/** Sessions and ticket offers of one event, for the ticket picker. */
export function datesPrices(eventSourceId: number, currency: string, lang?: Lang): Promise<DatePrices[]> {
  return browserCatalogueClient().datesPrices(eventSourceId, currency, lang);
}

/** Events for the search page. */
export function searchEvents(filter: EventFilter, lang: Lang, signal?: AbortSignal): Promise<PageOf<EventDetail>> {
  return browserCatalogueClient().listEvents(filter, lang, signal);
}
