import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sessionOpen } from "../basket/tickets-repository";
import type { EventFilter } from "../catalogue/catalogue-service";
import type { Schemas } from "../catalogue/serialize";
import type { AppDeps } from "../deps";
import {
  idList,
  integer,
  lang,
  oneOf,
  type PageParams,
  pageParams,
  type Query,
  required,
  softLang,
  str,
} from "../http/query";
import { badRequest, notFound } from "../lib/errors";
import { type Lang, pick } from "../lib/i18n";
import { currencyOf, findCurrency, fromAed } from "../lib/money";
import { parseBound, toUaeIso } from "../lib/time";
import type { RefRow } from "./catalogue-repository";

const JSON_TYPE = "application/json; charset=utf-8";
/** Answers that depend on "now" (active events) are kept this long. */
const CACHE_TTL_MS = 30_000;

const PAGE = ["lang", "page", "page_size"] as const;
/** The parameters each cached answer depends on: the cache key, and the links to other pages, are made of these alone. */
const PARAMS = {
  events: [
    ...PAGE,
    "category_id_in",
    "hall_id_in",
    "place_id_in",
    "location_id_in",
    "person_id_in",
    "label_id_in",
    "id_in",
    "started_gte",
    "started_lte",
    "date_type",
    "search",
    "sort_by",
    "sort_on",
  ],
  places: [...PAGE, "location_id_in"],
  pages: PAGE,
  lang: ["lang"],
  none: [],
} as const;

/**
 * The query reduced to the parameters that change the answer, in a fixed order: a parameter
 * the endpoint does not read (a cache-buster) neither makes a new cache entry nor shows up
 * in `next`/`previous`.
 */
function canonicalQuery(q: Query, names: readonly string[]): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of [...names].sort()) {
    const v = q[name];
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.append(name, one);
  }
  return out;
}

/** The public read-only catalogue (contracts/catalogue.openapi.yaml). */
export async function catalogueRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { catalogue, tickets, config } = deps;
  const cache = deps.responseCache;
  const canonical = new WeakMap<FastifyRequest, URLSearchParams>();

  function pageUrl(req: FastifyRequest, page: number): string {
    const path = req.url.split("?", 1)[0]!;
    const params = new URLSearchParams(canonical.get(req));
    params.set("page", String(page));
    return `${config.publicUrl}${path}?${params.toString()}`;
  }

  /** `{count, next, previous, results}` with absolute links; a page past the end is a 404. */
  function pageOf(req: FastifyRequest, count: number, p: PageParams, results: string[]): string {
    const last = Math.max(1, Math.ceil(count / p.size));
    if (p.page > last) throw notFound(`page ${p.page} is past the last page (${last})`);
    const next = p.page < last ? JSON.stringify(pageUrl(req, p.page + 1)) : "null";
    const previous = p.page > 1 ? JSON.stringify(pageUrl(req, p.page - 1)) : "null";
    return `{"count":${count},"next":${next},"previous":${previous},"results":[${results.join(",")}]}`;
  }

  function slice<T>(items: readonly T[], p: PageParams): T[] {
    return items.slice((p.page - 1) * p.size, p.page * p.size);
  }

  /** Read-only answers are served from memory once computed, keyed by the parameters they depend on, bounded by size. */
  function cached(params: readonly string[], handler: (req: FastifyRequest<{ Querystring: Query }>) => string) {
    return async (req: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const now = deps.now();
      await catalogue.refreshIfChanged(now);
      const query = canonicalQuery(req.query, params);
      canonical.set(req, query);
      const key = `${req.url.split("?", 1)[0]}?${query.toString()}`;
      const hit = cache.get(key);
      if (hit && hit.generation === catalogue.generation && hit.expires > now)
        return reply.type(JSON_TYPE).send(hit.body);
      const body = handler(req);
      cache.set(key, { generation: catalogue.generation, expires: now + CACHE_TTL_MS, body });
      return reply.type(JSON_TYPE).send(body);
    };
  }

  // Reading a long list page by page filters and sorts once: the result is kept per query without its page.
  const lists = new Map<
    string,
    { generation: number; expires: number; rows: ReturnType<typeof catalogue.filterEvents> }
  >();
  function filteredEvents(req: FastifyRequest, filter: EventFilter) {
    const params = new URLSearchParams(canonical.get(req));
    params.delete("page");
    params.delete("page_size");
    const key = params.toString();
    const hit = lists.get(key);
    if (hit && hit.generation === catalogue.generation && hit.expires > filter.now) return hit.rows;
    const rows = catalogue.filterEvents(filter);
    if (lists.size >= 200) lists.delete(lists.keys().next().value as string);
    lists.set(key, { generation: catalogue.generation, expires: filter.now + CACHE_TTL_MS, rows });
    return rows;
  }

  app.get(
    "/v1/events",
    cached(PARAMS.events, (req) => {
      const q = req.query;
      const gteText = str(q, "started_gte");
      const lteText = str(q, "started_lte");
      const startedGte = gteText === undefined ? undefined : parseBound(gteText, "lower");
      const startedLte = lteText === undefined ? undefined : parseBound(lteText, "upper");
      if (startedGte === null) throw badRequest(`started_gte is not a date or date-time: "${gteText?.slice(0, 100)}"`);
      if (startedLte === null) throw badRequest(`started_lte is not a date or date-time: "${lteText?.slice(0, 100)}"`);
      const search = str(q, "search");
      if (search !== undefined && search.length > 200) throw badRequest("search is longer than 200 characters");
      const filter: EventFilter = {
        lang: lang(q),
        categoryIds: idList(q, "category_id_in"),
        hallIds: idList(q, "hall_id_in"),
        placeIds: idList(q, "place_id_in"),
        locationIds: idList(q, "location_id_in"),
        personIds: idList(q, "person_id_in"),
        labelIds: idList(q, "label_id_in"),
        ids: idList(q, "id_in"),
        startedGte,
        startedLte,
        dateType: oneOf(q, "date_type", ["active", "archive", "all"] as const, "active"),
        search,
        sortBy: oneOf(q, "sort_by", ["started_at", "title", "popularity"] as const, "started_at"),
        sortOn: oneOf(q, "sort_on", ["asc", "desc"] as const, "asc"),
        now: deps.now(),
      };
      const p = pageParams(q);
      const rows = filteredEvents(req, filter);
      return pageOf(
        req,
        rows.length,
        p,
        slice(rows, p).map((e) => catalogue.eventJsonText(e, filter.lang)),
      );
    }),
  );

  /** A paginated list of one kind of row, each shaped by the serializer in the language asked for. */
  function list<T>(
    path: string,
    params: readonly string[],
    rows: (q: Query) => readonly T[],
    json: (row: T, l: Lang) => unknown,
  ): void {
    app.get(
      path,
      cached(params, (req) => {
        const l = lang(req.query);
        const all = rows(req.query);
        const p = pageParams(req.query);
        return pageOf(
          req,
          all.length,
          p,
          slice(all, p).map((x) => JSON.stringify(json(x, l))),
        );
      }),
    );
  }
  list(
    "/v1/places",
    PARAMS.places,
    (q) => {
      const locs = idList(q, "location_id_in");
      const want = locs && new Set(locs);
      return [...catalogue.data.places.values()].filter((pl) => !want || want.has(pl.locationId));
    },
    (pl, l) => catalogue.serializer.place(pl, l),
  );
  list(
    "/v1/persons",
    PARAMS.pages,
    () => [...catalogue.data.persons.values()],
    (x, l) => catalogue.serializer.person(x, l),
  );
  list(
    "/v1/news",
    PARAMS.pages,
    () => catalogue.data.news,
    (x, l) => catalogue.serializer.news(x, l),
  );

  app.get(
    "/v2/acquisitions",
    cached(PARAMS.lang, (req) => {
      const l = lang(req.query);
      const results: Schemas["Acquisition"][] = catalogue.data.acquisitions.map((a) => ({
        id: a.id,
        title: pick(a.title, l),
        type: a.type,
        currencies: a.currencies,
        fee_percent: a.feePercent ?? 0,
        description: pick(a.description, l),
      }));
      return JSON.stringify({ count: results.length, next: null, previous: null, results });
    }),
  );

  type Counts = ReturnType<typeof catalogue.facetCounts>;
  /**
   * A facet lists one kind of reference row with the number of active events under each;
   * `link` adds the row's parent id, and `onlyUsed` leaves out rows no active event uses.
   */
  function facet<T extends RefRow>(
    path: string,
    rows: () => Iterable<T>,
    count: (c: Counts) => Map<number, number>,
    opts: { link?: (x: T) => Record<string, number>; onlyUsed?: boolean } = {},
  ): void {
    app.get(
      path,
      cached(PARAMS.lang, (req) => {
        const l = lang(req.query);
        const counts = count(catalogue.facetCounts(deps.now()));
        const results: Schemas["Facet"][] = [...rows()]
          .filter((x) => !opts.onlyUsed || counts.has(x.id))
          .map((x) => ({ id: x.id, title: pick(x.title, l), ...opts.link?.(x), events_count: counts.get(x.id) ?? 0 }));
        return JSON.stringify({ results });
      }),
    );
  }
  // rows are read through catalogue.data on every call: a refresh replaces the whole object
  facet(
    "/v1/events_category_types",
    () => catalogue.data.categoryTypes,
    (c) => c.byType,
  );
  facet(
    "/v1/events_categories",
    () => catalogue.data.categories.values(),
    (c) => c.byCategory,
    {
      link: (x) => ({ type_id: x.typeId }),
    },
  );
  facet(
    "/v1/events_halls",
    () => catalogue.data.halls.values(),
    (c) => c.byHall,
    { link: (x) => ({ place_id: x.placeId }) },
  );
  facet(
    "/v1/events_places",
    () => catalogue.data.places.values(),
    (c) => c.byPlace,
    {
      link: (x) => ({ location_id: x.locationId }),
      onlyUsed: true,
    },
  );
  facet(
    "/v1/events_locations",
    () => catalogue.data.locations.values(),
    (c) => c.byLocation,
    { onlyUsed: true },
  );
  app.get(
    "/v1/events_dates",
    cached(PARAMS.none, () => {
      const c = catalogue.facetCounts(deps.now());
      const results = [...c.byDate.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, events_count]) => ({ date, events_count }));
      return JSON.stringify({ results });
    }),
  );

  app.get<{ Params: { id: string }; Querystring: Query }>("/v2/landings/:id", async (req, reply) => {
    await catalogue.refreshIfChanged(deps.now());
    if (!/^[0-9]{1,15}$/.test(req.params.id)) throw notFound(`no landing "${req.params.id.slice(0, 100)}"`);
    const landing = catalogue.data.landings.get(Number(req.params.id));
    if (!landing) throw notFound(`no landing ${req.params.id}`);
    const l = softLang(req.query);
    const body: Schemas["Landing"] = {
      id: landing.id,
      site_url: landing.siteUrl ?? config.siteUrl,
      languages: landing.languages,
      main_lang: landing.mainLang,
      currencies: landing.currencies.flatMap((code) => {
        const c = currencyOf(catalogue.data.currencies, code);
        return c ? [{ code: c.code, symbol: c.symbol, title: pick(c.title, l), decimals: c.decimals }] : [];
      }),
      language_currency: landing.languageCurrency,
      ui_config_show_currencies: landing.showCurrencies,
    };
    return reply.type(JSON_TYPE).send(JSON.stringify(body));
  });

  function currencyParam(q: Query, name: string) {
    return findCurrency(catalogue.data.currencies, required(q, name));
  }
  function sourceIdParam(q: Query): void {
    const v = required(q, "source_id");
    if (v !== "2") throw badRequest(`source_id must be 2; got "${v.slice(0, 20)}"`);
  }

  app.get<{ Querystring: Query }>("/v2/events_prices", async (req, reply) => {
    const q = req.query;
    await catalogue.refreshIfChanged(deps.now());
    const ids = idList(q, "event_source_id_in");
    if (ids === undefined) throw badRequest("event_source_id_in is required");
    const currency = currencyParam(q, "currency_code");
    sourceIdParam(q);
    const now = deps.now();
    await deps.releaseExpired(now);
    const events = [...new Set(ids)].flatMap((sid) => {
      const e = catalogue.data.eventsBySource.get(sid);
      return e ? [e] : [];
    });
    const ranges = await tickets.priceRanges(
      events.filter((e) => e.status === "on_sale" || e.status === "postponed").map((e) => e.id),
      now,
    );
    const body: Schemas["EventPrice"][] = events.map((e) => {
      const r = ranges.get(e.id);
      return {
        id: e.eventSourceId,
        min_price: r ? fromAed(r.min, currency) : null,
        max_price: r ? fromAed(r.max, currency) : null,
        currency_code: currency.code,
      };
    });
    return reply.type(JSON_TYPE).send(JSON.stringify(body));
  });

  app.get<{ Querystring: Query }>("/v2/dates_prices", async (req, reply) => {
    const q = req.query;
    await catalogue.refreshIfChanged(deps.now());
    const sourceId = integer(q, "event_source_id", 0);
    if (sourceId === undefined) throw badRequest("event_source_id is required");
    const currency = currencyParam(q, "currency");
    sourceIdParam(q);
    const event = catalogue.data.eventsBySource.get(sourceId);
    if (!event) throw notFound(`no event with event_source_id ${sourceId}`);
    const l = lang(q);
    const now = deps.now();
    await deps.releaseExpired(now);
    const onSale = event.status === "on_sale" || event.status === "postponed";
    const offers = await tickets.ofEvent(event.id, now);
    const body: Schemas["DatePrices"][] = (await tickets.sessionsOf(event.id)).map((s) => ({
      started_at: toUaeIso(s.startedAt),
      finished_at: s.finishedAt === null ? null : toUaeIso(s.finishedAt),
      tickets: offers
        .filter((t) => t.sessionId === s.id)
        .map((t) => ({
          id: t.id,
          title: pick(t.title, l),
          price: fromAed(t.priceAed, currency),
          service_fee: fromAed(t.feeAed, currency),
          currency_code: currency.code,
          available: onSale && sessionOpen(t, now) ? Math.max(0, t.available) : 0,
          max_per_order: t.maxPerOrder,
        })),
    }));
    return reply.type(JSON_TYPE).send(JSON.stringify(body));
  });
}
