import type { Db } from "../db/database";
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
    image: db.prepare("INSERT INTO images (path, width, height) VALUES (?, ?, ?)"),
    location: db.prepare("INSERT INTO locations (id, title) VALUES (?, ?)"),
    place: db.prepare(
      "INSERT INTO places (id, location_id, title, address, description, latitude, longitude, image_id, updated_at) VALUES (?,?,?,?,?,?,?,?,?)",
    ),
    hall: db.prepare("INSERT INTO halls (place_id, title) VALUES (?, ?)"),
    person: db.prepare("INSERT INTO persons (id, title, description, image_id, updated_at) VALUES (?,?,?,?,?)"),
    event: db.prepare(
      "INSERT INTO events (id, event_source_id, title, short_description, description, place_id, hall_id, image_id, age_limit, status, popularity, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
    ),
    eventCategory: db.prepare("INSERT INTO event_categories (event_id, category_id) VALUES (?, ?)"),
    eventPerson: db.prepare("INSERT INTO event_persons (event_id, person_id, position) VALUES (?, ?, ?)"),
    eventLabel: db.prepare("INSERT INTO event_labels (event_id, label_id) VALUES (?, ?)"),
    session: db.prepare("INSERT INTO event_sessions (event_id, started_at, finished_at) VALUES (?, ?, ?)"),
    ticket: db.prepare(
      "INSERT INTO tickets (session_id, event_id, title, price_aed, service_fee_aed, total, sold, max_per_order, position) VALUES (?,?,?,?,?,?,?,?,?)",
    ),
    news: db.prepare(
      "INSERT INTO news (id, title, lead, body, published_at, image_id, updated_at) VALUES (?,?,?,?,?,?,?)",
    ),
    newsEvent: db.prepare("INSERT INTO news_events (news_id, event_id) VALUES (?, ?)"),
  };

  return {
    image(kind: ImageKind, key: number): number {
      const [w, h] = IMAGE_SIZES[kind];
      return Number(s.image.run(`/media/${kind}/${key}.svg`, w, h).lastInsertRowid);
    },
    /**
     * Facets, labels, currencies, ways to pay and the landing: the same in every database.
     * The landing's site_url is left empty so that the server answers its SITE_URL.
     */
    reference(): void {
      for (const [id, title] of LOCATIONS) s.location.run(id, i18n(title));
      const ct = db.prepare("INSERT INTO category_types (id, title) VALUES (?, ?)");
      for (const [id, title] of CATEGORY_TYPES) ct.run(id, i18n(title));
      const c = db.prepare("INSERT INTO categories (id, type_id, title) VALUES (?, ?, ?)");
      for (const [id, typeId, title] of CATEGORIES) c.run(id, typeId, i18n(title));
      const l = db.prepare("INSERT INTO labels (id, title) VALUES (?, ?)");
      for (const [id, title] of LABELS) l.run(id, i18n(title));
      const cur = db.prepare(
        "INSERT INTO currencies (code, symbol, title, decimals, rate_from_aed, position) VALUES (?,?,?,?,?,?)",
      );
      CURRENCIES.forEach((x, i) => {
        cur.run(x.code, x.symbol, i18n(x.title), x.decimals, x.rate, i);
      });
      const acq = db.prepare(
        "INSERT INTO acquisitions (id, title, type, currencies, fee_percent, description, position) VALUES (?,?,?,?,?,?,?)",
      );
      ACQUISITIONS.forEach((a, i) => {
        acq.run(a.id, i18n(a.title), a.type, JSON.stringify(a.currencies), a.fee, i18n(a.description), i);
      });
      db.prepare(
        "INSERT INTO landings (id, site_url, languages, main_lang, currencies, language_currency, ui_config_show_currencies) VALUES (?,?,?,?,?,?,?)",
      ).run(
        1,
        null,
        JSON.stringify(["en", "ru", "ar"]),
        "en",
        JSON.stringify(["AED", "USD", "EUR", "RUB"]),
        JSON.stringify({ AED: [{ value: "ar" }, { value: "en" }], RUB: [{ value: "ru" }] }),
        1,
      );
    },
    place(p: {
      id: number;
      location: number;
      title: Text;
      address: Text | null;
      description: Text | null;
      lat: number | null;
      lng: number | null;
      imageId: number | null;
      updatedAt: number;
    }): void {
      s.place.run(
        p.id,
        p.location,
        i18n(p.title),
        opt(p.address),
        opt(p.description),
        p.lat,
        p.lng,
        p.imageId,
        p.updatedAt,
      );
    },
    hall(placeId: number, title: Text): number {
      return Number(s.hall.run(placeId, i18n(title)).lastInsertRowid);
    },
    person(p: { id: number; title: Text; description: Text | null; imageId: number | null; updatedAt: number }): void {
      s.person.run(p.id, i18n(p.title), opt(p.description), p.imageId, p.updatedAt);
    },
    event(e: {
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
    }): void {
      s.event.run(
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
      );
      for (const c of e.categories) s.eventCategory.run(e.id, c);
      e.persons.forEach((p, i) => {
        s.eventPerson.run(e.id, p, i);
      });
      for (const l of e.labels) s.eventLabel.run(e.id, l);
    },
    session(eventId: number, startedAt: number, finishedAt: number | null): number {
      return Number(s.session.run(eventId, startedAt, finishedAt).lastInsertRowid);
    },
    ticket(t: {
      sessionId: number;
      eventId: number;
      title: Tr | Text;
      priceAed: number;
      feeAed: number;
      total: number;
      sold: number;
      maxPerOrder: number;
      position: number;
    }): number {
      return Number(
        s.ticket.run(
          t.sessionId,
          t.eventId,
          i18n(t.title),
          t.priceAed,
          t.feeAed,
          t.total,
          t.sold,
          t.maxPerOrder,
          t.position,
        ).lastInsertRowid,
      );
    },
    news(n: {
      id: number;
      title: Text;
      lead: Text | null;
      body: Text | null;
      publishedAt: number;
      imageId: number | null;
      updatedAt: number;
      events: number[];
    }): void {
      s.news.run(n.id, i18n(n.title), opt(n.lead), opt(n.body), n.publishedAt, n.imageId, n.updatedAt);
      for (const e of n.events) s.newsEvent.run(n.id, e);
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

export function markSeeded(db: Db, kind: string, now: number): void {
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ?)").run(String(now));
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seed_kind', ?)").run(kind);
}
