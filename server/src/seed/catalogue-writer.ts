import { type Db, writeMeta } from "../db/database";
import { i18n } from "../lib/i18n";
import type { Tr } from "./sample-reference";
import { ACQUISITIONS, CATEGORIES, CATEGORY_TYPES, CURRENCIES, LABELS, LOCATIONS } from "./sample-reference";

type Text = { en: string; ru?: string; ar?: string };
const opt = (t: Text | null | undefined): string | null => (t ? i18n(t) : null);

export type ImageKind = "events" | "places" | "persons" | "news";
export const IMAGE_SIZES: Record<ImageKind, [number, number]> = {
  events: [1200, 630],
  places: [1200, 800],
  persons: [800, 800],
  news: [1200, 630],
};

/** Prepared inserts shared by the sample and the scale seeders. */
export function catalogueWriter(db: Db) {
  const s = {
    image: "INSERT INTO images (path, width, height) VALUES (?, ?, ?) RETURNING id",
    location: "INSERT INTO locations (id, title) VALUES (?, ?)",
    place:
      "INSERT INTO places (id, location_id, title, address, description, latitude, longitude, image_id, updated_at) VALUES (?,?,?,?,?,?,?,?,?)",
    hall: "INSERT INTO halls (place_id, title) VALUES (?, ?) RETURNING id",
    person: "INSERT INTO persons (id, title, description, image_id, updated_at) VALUES (?,?,?,?,?)",
    event:
      "INSERT INTO events (id, event_source_id, title, short_description, description, place_id, hall_id, image_id, age_limit, status, popularity, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
    eventCategory: "INSERT INTO event_categories (event_id, category_id) VALUES (?, ?)",
    eventPerson: "INSERT INTO event_persons (event_id, person_id, position) VALUES (?, ?, ?)",
    eventLabel: "INSERT INTO event_labels (event_id, label_id) VALUES (?, ?)",
    session: "INSERT INTO event_sessions (event_id, started_at, finished_at) VALUES (?, ?, ?) RETURNING id",
    ticket:
      "INSERT INTO tickets (session_id, event_id, title, price_aed, service_fee_aed, total, sold, max_per_order, position) VALUES (?,?,?,?,?,?,?,?,?) RETURNING id",
    news: "INSERT INTO news (id, title, lead, body, published_at, image_id, updated_at) VALUES (?,?,?,?,?,?,?)",
    newsEvent: "INSERT INTO news_events (news_id, event_id) VALUES (?, ?)",
  };

  const insertId = async (text: string, params: unknown[]): Promise<number> =>
    ((await db.one<{ id: number }>(text, params)) as { id: number }).id;

  return {
    async image(kind: ImageKind, key: number): Promise<number> {
      const [w, h] = IMAGE_SIZES[kind];
      return insertId(s.image, [`/media/${kind}/${key}.svg`, w, h]);
    },
    /**
     * Facets, labels, currencies, ways to pay and the landing: the same in every database.
     * The landing's site_url is left empty so that the server answers its SITE_URL.
     */
    async reference(): Promise<void> {
      for (const [id, title] of LOCATIONS) await db.run(s.location, [id, i18n(title)]);
      for (const [id, title] of CATEGORY_TYPES)
        await db.run("INSERT INTO category_types (id, title) VALUES (?, ?)", [id, i18n(title)]);
      for (const [id, typeId, title] of CATEGORIES)
        await db.run("INSERT INTO categories (id, type_id, title) VALUES (?, ?, ?)", [id, typeId, i18n(title)]);
      for (const [id, title] of LABELS) await db.run("INSERT INTO labels (id, title) VALUES (?, ?)", [id, i18n(title)]);
      for (const [i, x] of CURRENCIES.entries())
        await db.run(
          "INSERT INTO currencies (code, symbol, title, decimals, rate_from_aed, position) VALUES (?,?,?,?,?,?)",
          [x.code, x.symbol, i18n(x.title), x.decimals, x.rate, i],
        );
      for (const [i, a] of ACQUISITIONS.entries())
        await db.run(
          "INSERT INTO acquisitions (id, title, type, currencies, fee_percent, description, position) VALUES (?,?,?,?,?,?,?)",
          [a.id, i18n(a.title), a.type, JSON.stringify(a.currencies), a.fee, i18n(a.description), i],
        );
      await db.run(
        "INSERT INTO landings (id, site_url, languages, main_lang, currencies, language_currency, ui_config_show_currencies) VALUES (?,?,?,?,?,?,?)",
        [
          1,
          null,
          JSON.stringify(["en", "ru", "ar"]),
          "en",
          JSON.stringify(["AED", "USD", "EUR", "RUB"]),
          JSON.stringify({ AED: [{ value: "ar" }, { value: "en" }], RUB: [{ value: "ru" }] }),
          1,
        ],
      );
    },
    async place(p: {
      id: number;
      location: number;
      title: Text;
      address: Text | null;
      description: Text | null;
      lat: number | null;
      lng: number | null;
      imageId: number | null;
      updatedAt: number;
    }): Promise<void> {
      await db.run(s.place, [
        p.id,
        p.location,
        i18n(p.title),
        opt(p.address),
        opt(p.description),
        p.lat,
        p.lng,
        p.imageId,
        p.updatedAt,
      ]);
    },
    async hall(placeId: number, title: Text): Promise<number> {
      return insertId(s.hall, [placeId, i18n(title)]);
    },
    async person(p: {
      id: number;
      title: Text;
      description: Text | null;
      imageId: number | null;
      updatedAt: number;
    }): Promise<void> {
      await db.run(s.person, [p.id, i18n(p.title), opt(p.description), p.imageId, p.updatedAt]);
    },
    async event(e: {
      id: number;
      eventSourceId: number;
      title: Text;
      short: Text | null;
      description: Text | null;
      placeId: number;
      hallId: number | null;
      imageId: number | null;
      age: number | null;
      status: string;
      popularity: number;
      updatedAt: number;
      categories: number[];
      persons: number[];
      labels: number[];
    }): Promise<void> {
      await db.run(s.event, [
        e.id,
        e.eventSourceId,
        i18n(e.title),
        opt(e.short),
        opt(e.description),
        e.placeId,
        e.hallId,
        e.imageId,
        e.age,
        e.status,
        e.popularity,
        e.updatedAt,
      ]);
      for (const c of e.categories) await db.run(s.eventCategory, [e.id, c]);
      for (const [i, p] of e.persons.entries()) await db.run(s.eventPerson, [e.id, p, i]);
      for (const l of e.labels) await db.run(s.eventLabel, [e.id, l]);
    },
    async session(eventId: number, startedAt: number, finishedAt: number | null): Promise<number> {
      return insertId(s.session, [eventId, startedAt, finishedAt]);
    },
    async ticket(t: {
      sessionId: number;
      eventId: number;
      title: Tr | Text;
      priceAed: number;
      feeAed: number;
      total: number;
      sold: number;
      maxPerOrder: number;
      position: number;
    }): Promise<number> {
      return insertId(s.ticket, [
        t.sessionId,
        t.eventId,
        i18n(t.title),
        t.priceAed,
        t.feeAed,
        t.total,
        t.sold,
        t.maxPerOrder,
        t.position,
      ]);
    },
    async news(n: {
      id: number;
      title: Text;
      lead: Text | null;
      body: Text | null;
      publishedAt: number;
      imageId: number | null;
      updatedAt: number;
      events: number[];
    }): Promise<void> {
      await db.run(s.news, [n.id, i18n(n.title), opt(n.lead), opt(n.body), n.publishedAt, n.imageId, n.updatedAt]);
      for (const e of n.events) await db.run(s.newsEvent, [n.id, e]);
    },
  };
}

/** The service fee per ticket: 5% of the price, in AED fils. */
/** A text as one HTML paragraph in each language; a language without the text stays empty. */
export const para = (x: Tr): Tr => ({
  en: `<p>${x.en}</p>`,
  ru: `<p>${x.ru}</p>`,
  ar: x.ar ? `<p>${x.ar}</p>` : "",
});

export function serviceFeeAed(priceAed: number): number {
  return Math.round(priceAed * 5) / 100;
}

/** Deterministic pseudo-random numbers (mulberry32) so that every seeding gives the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tables the seeders fill with ids of their own: PostgreSQL's identities must start after them. */
const SEEDED_IDS = [
  "locations",
  "category_types",
  "categories",
  "labels",
  "places",
  "persons",
  "events",
  "news",
  "acquisitions",
  "landings",
];

/**
 * Records that the catalogue was seeded, and when. On PostgreSQL, the identities of the tables the
 * seeders gave ids to are moved past those ids, so that a row added later gets a free one.
 */
export async function markSeeded(db: Db, kind: string, now: number): Promise<void> {
  await writeMeta(db, "seeded_at", String(now));
  await writeMeta(db, "seed_kind", kind);
  if (db.engine !== "postgres") return;
  for (const table of SEEDED_IDS)
    await db.run(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT MAX(id) FROM ${table}), 1))`,
    );
}
