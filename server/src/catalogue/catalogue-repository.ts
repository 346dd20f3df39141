import { type Db, readMeta } from "../db/database";
import { type I18nText, parseI18n } from "../lib/i18n";

/**
 * Reads the whole (read-only) catalogue into memory. The catalogue answers are then
 * filtered, sorted and paginated in memory: it is small enough (10,000 events take a few
 * MB), language-aware search and collation are simpler in JS than in SQLite, and reads
 * never wait on the basket's write transactions.
 */
export interface ImageRow {
  id: number;
  path: string;
  width: number;
  height: number;
}
export interface RefRow {
  id: number;
  title: I18nText;
}
export interface CategoryRow extends RefRow {
  typeId: number;
}
export interface HallRow extends RefRow {
  placeId: number;
}
export interface PlaceRow extends RefRow {
  locationId: number;
  address: I18nText | null;
  description: I18nText | null;
  latitude: number | null;
  longitude: number | null;
  imageId: number | null;
  updatedAt: number;
  halls: number[];
}
export interface PersonRow extends RefRow {
  description: I18nText | null;
  imageId: number | null;
  updatedAt: number;
}
export interface EventRow extends RefRow {
  eventSourceId: number;
  short: I18nText | null;
  description: I18nText | null;
  placeId: number;
  hallId: number | null;
  imageId: number | null;
  ageLimit: number | null;
  status: "on_sale" | "sold_out" | "cancelled" | "postponed";
  popularity: number;
  updatedAt: number;
  startedAt: number;
  finishedAt: number | null;
  categories: number[];
  persons: number[];
  labels: number[];
  minPriceAed: number | null;
}
export interface NewsRow extends RefRow {
  lead: I18nText | null;
  body: I18nText | null;
  publishedAt: number;
  imageId: number | null;
  updatedAt: number;
  eventIds: number[];
}
export interface AcquisitionRow extends RefRow {
  type: "card" | "apple_pay" | "google_pay" | "bank_transfer" | "cash";
  currencies: string[];
  feePercent: number | null;
  description: I18nText | null;
}
export interface CurrencyRow {
  code: string;
  symbol: string;
  title: I18nText;
  decimals: number;
  rate: number;
}
export interface LandingRow {
  id: number;
  siteUrl: string | null;
  languages: string[];
  mainLang: string;
  currencies: string[];
  languageCurrency: Record<string, Array<{ value: string }>>;
  showCurrencies: boolean;
}

export interface CatalogueData {
  images: Map<number, ImageRow>;
  locations: Map<number, RefRow>;
  categoryTypes: RefRow[];
  categories: Map<number, CategoryRow>;
  labels: Map<number, RefRow>;
  halls: Map<number, HallRow>;
  places: Map<number, PlaceRow>;
  persons: Map<number, PersonRow>;
  events: EventRow[];
  eventsById: Map<number, EventRow>;
  eventsBySource: Map<number, EventRow>;
  news: NewsRow[];
  acquisitions: AcquisitionRow[];
  currencies: Map<string, CurrencyRow>;
  landings: Map<number, LandingRow>;
}

const t = (json: string): I18nText => parseI18n(json) as I18nText;

function groupIds(rows: Array<{ k: number; v: number }>): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (const r of rows) {
    const list = m.get(r.k);
    if (list) list.push(r.v);
    else m.set(r.k, [r.v]);
  }
  return m;
}

function byId<T extends { id: number }>(rows: T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

export async function loadCatalogue(db: Db): Promise<CatalogueData> {
  const all = <T>(sql: string): Promise<T[]> => db.all<T>(sql);
  /** A link table read as "owner id → linked ids"; the query names the two columns k and v. */
  const links = async (sql: string) => groupIds(await all<{ k: number; v: number }>(sql));
  /** A table of id + title: the reference rows the facets are made of. */
  const refs = async (table: string): Promise<RefRow[]> =>
    (await all<{ id: number; title: string }>(`SELECT id, title FROM ${table} ORDER BY id`)).map((r) => ({
      id: r.id,
      title: t(r.title),
    }));

  const images = byId(await all<ImageRow>("SELECT id, path, width, height FROM images"));
  const locations = byId(await refs("locations"));
  const categoryTypes = await refs("category_types");
  const labels = byId(await refs("labels"));
  const categories = byId(
    (
      await all<{ id: number; type_id: number; title: string }>("SELECT id, type_id, title FROM categories ORDER BY id")
    ).map((r): CategoryRow => ({ id: r.id, typeId: r.type_id, title: t(r.title) })),
  );
  const halls = byId(
    (
      await all<{ id: number; place_id: number; title: string }>("SELECT id, place_id, title FROM halls ORDER BY id")
    ).map((r): HallRow => ({ id: r.id, placeId: r.place_id, title: t(r.title) })),
  );
  const hallsByPlace = groupIds([...halls.values()].map((h) => ({ k: h.placeId, v: h.id })));

  // the columns every record with a page of its own has (places, persons, events, news)
  type RecordDb = { id: number; title: string; image_id: number | null; updated_at: number };
  type PlaceDb = RecordDb & {
    location_id: number;
    address: string | null;
    description: string | null;
    latitude: number | null;
    longitude: number | null;
  };
  const places = byId(
    (await all<PlaceDb>("SELECT * FROM places ORDER BY id")).map(
      (r): PlaceRow => ({
        id: r.id,
        locationId: r.location_id,
        title: t(r.title),
        address: parseI18n(r.address),
        description: parseI18n(r.description),
        latitude: r.latitude,
        longitude: r.longitude,
        imageId: r.image_id,
        updatedAt: r.updated_at,
        halls: hallsByPlace.get(r.id) ?? [],
      }),
    ),
  );

  type PersonDb = RecordDb & { description: string | null };
  const persons = byId(
    (await all<PersonDb>("SELECT * FROM persons ORDER BY id")).map(
      (r): PersonRow => ({
        id: r.id,
        title: t(r.title),
        description: parseI18n(r.description),
        imageId: r.image_id,
        updatedAt: r.updated_at,
      }),
    ),
  );

  const evCats = await links(
    "SELECT event_id AS k, category_id AS v FROM event_categories ORDER BY event_id, category_id",
  );
  const evPersons = await links("SELECT event_id AS k, person_id AS v FROM event_persons ORDER BY event_id, position");
  const evLabels = await links("SELECT event_id AS k, label_id AS v FROM event_labels ORDER BY event_id, label_id");
  const spans = new Map<number, { s: number; f: number | null }>();
  for (const r of await all<{ event_id: number; s: number; f: number | null }>(
    "SELECT event_id, MIN(started_at) AS s, MAX(COALESCE(finished_at, started_at)) AS f FROM event_sessions GROUP BY event_id",
  ))
    spans.set(r.event_id, { s: r.s, f: r.f });
  const minPrices = new Map<number, number>();
  for (const r of await all<{ event_id: number; p: number }>(
    "SELECT event_id, MIN(price_aed) AS p FROM tickets WHERE total - sold - held > 0 GROUP BY event_id",
  ))
    minPrices.set(r.event_id, r.p);

  type EventDb = RecordDb & {
    event_source_id: number;
    short_description: string | null;
    description: string | null;
    place_id: number;
    hall_id: number | null;
    age_limit: number | null;
    status: EventRow["status"];
    popularity: number;
  };
  const events: EventRow[] = [];
  for (const r of await all<EventDb>("SELECT * FROM events ORDER BY id")) {
    const span = spans.get(r.id);
    if (!span) continue; // an event without a date cannot be listed
    events.push({
      id: r.id,
      eventSourceId: r.event_source_id,
      title: t(r.title),
      short: parseI18n(r.short_description),
      description: parseI18n(r.description),
      placeId: r.place_id,
      hallId: r.hall_id,
      imageId: r.image_id,
      ageLimit: r.age_limit,
      status: r.status,
      popularity: r.popularity,
      updatedAt: r.updated_at,
      startedAt: span.s,
      finishedAt: span.f,
      categories: evCats.get(r.id) ?? [],
      persons: evPersons.get(r.id) ?? [],
      labels: evLabels.get(r.id) ?? [],
      minPriceAed: r.status === "cancelled" ? null : (minPrices.get(r.id) ?? null),
    });
  }

  const newsEvents = await links("SELECT news_id AS k, event_id AS v FROM news_events ORDER BY news_id, event_id");
  type NewsDb = RecordDb & {
    lead: string | null;
    body: string | null;
    published_at: number;
  };
  const news = (await all<NewsDb>("SELECT * FROM news ORDER BY published_at DESC, id DESC")).map((r) => ({
    id: r.id,
    title: t(r.title),
    lead: parseI18n(r.lead),
    body: parseI18n(r.body),
    publishedAt: r.published_at,
    imageId: r.image_id,
    updatedAt: r.updated_at,
    eventIds: newsEvents.get(r.id) ?? [],
  }));

  type AcqDb = {
    id: number;
    title: string;
    type: AcquisitionRow["type"];
    currencies: string;
    fee_percent: number | null;
    description: string | null;
  };
  const acquisitions = (await all<AcqDb>("SELECT * FROM acquisitions ORDER BY position, id")).map((r) => ({
    id: r.id,
    title: t(r.title),
    type: r.type,
    currencies: JSON.parse(r.currencies) as string[],
    feePercent: r.fee_percent,
    description: parseI18n(r.description),
  }));

  const currencies = new Map<string, CurrencyRow>();
  for (const r of await all<{
    code: string;
    symbol: string;
    title: string;
    decimals: number;
    rate_from_aed: number;
  }>("SELECT * FROM currencies ORDER BY position"))
    currencies.set(r.code.toUpperCase(), {
      code: r.code,
      symbol: r.symbol,
      title: t(r.title),
      decimals: r.decimals,
      rate: r.rate_from_aed,
    });

  type LandingDb = {
    id: number;
    site_url: string | null;
    languages: string;
    main_lang: string;
    currencies: string;
    language_currency: string;
    ui_config_show_currencies: number;
  };
  const landings = new Map<number, LandingRow>();
  for (const r of await all<LandingDb>("SELECT * FROM landings ORDER BY id"))
    landings.set(r.id, {
      id: r.id,
      siteUrl: r.site_url,
      languages: JSON.parse(r.languages) as string[],
      mainLang: r.main_lang,
      currencies: JSON.parse(r.currencies) as string[],
      languageCurrency: JSON.parse(r.language_currency) as LandingRow["languageCurrency"],
      showCurrencies: r.ui_config_show_currencies === 1,
    });

  return {
    images,
    locations,
    categoryTypes,
    categories,
    labels,
    halls,
    places,
    persons,
    events,
    eventsById: new Map(events.map((e) => [e.id, e])),
    eventsBySource: new Map(events.map((e) => [e.eventSourceId, e])),
    news,
    acquisitions,
    currencies,
    landings,
  };
}

/**
 * A number that changes whenever the catalogue is changed from elsewhere. SQLite: the file's data
 * version, bumped by every other connection's commit (a seeder, the hostile planter, an editor).
 * PostgreSQL: a counter in meta that triggers on the catalogue's tables bump in the same commit as
 * the change, whichever instance or command makes it (migration 0005).
 */
export async function dataVersion(db: Db): Promise<string> {
  if (db.sqlite) return String(db.sqlite.pragma("data_version", { simple: true }));
  return (await readMeta(db, "catalogue_version")) ?? "0";
}
