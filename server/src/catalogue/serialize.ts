import type { components } from "../../../src/core/generated/catalogue";
import { type I18nText, type Lang, pick } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import type { CatalogueData, EventRow, NewsRow, PersonRow, PlaceRow, RefRow } from "./catalogue-repository";

export type Schemas = components["schemas"];
export type EventJson = Schemas["Event"];
export type PlaceJson = Schemas["Place"];
export type PersonJson = Schemas["Person"];
export type NewsJson = Schemas["NewsItem"];
export type RefJson = Schemas["Ref"];
export type ImageJson = Schemas["Image"];

/** Shapes the in-memory catalogue rows into the contract's JSON, in one language. */
export class Serializer {
  constructor(
    private readonly data: CatalogueData,
    private readonly publicUrl: string,
  ) {}

  ref(row: RefRow | undefined, lang: Lang): RefJson {
    return row ? { id: row.id, title: pick(row.title, lang) } : { id: 0, title: "" };
  }

  /** The rows of `ids` that exist, as refs: an id whose row is gone is left out rather than sent empty. */
  refs(ids: readonly number[], rows: ReadonlyMap<number, RefRow>, lang: Lang): RefJson[] {
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [this.ref(row, lang)] : [];
    });
  }

  image(imageId: number | null, alt: I18nText, lang: Lang): ImageJson | null {
    if (imageId === null) return null;
    const img = this.data.images.get(imageId);
    if (!img) return null;
    return { url: this.publicUrl + img.path, width: img.width, height: img.height, alt: pick(alt, lang) };
  }

  event(e: EventRow, lang: Lang): EventJson {
    const d = this.data;
    const place = d.places.get(e.placeId);
    const hall = e.hallId === null ? undefined : d.halls.get(e.hallId);
    return {
      id: e.id,
      event_source_id: e.eventSourceId,
      title: pick(e.title, lang),
      short_description: pick(e.short, lang),
      description: pick(e.description, lang),
      started_at: toUaeIso(e.startedAt),
      finished_at: e.finishedAt === null ? null : toUaeIso(e.finishedAt),
      place: this.ref(place, lang),
      hall: hall ? this.ref(hall, lang) : null,
      location: this.ref(place ? d.locations.get(place.locationId) : undefined, lang),
      categories: e.categories.flatMap((id) => {
        const c = d.categories.get(id);
        return c ? [{ id: c.id, title: pick(c.title, lang), type_id: c.typeId }] : [];
      }),
      persons: this.refs(e.persons, d.persons, lang),
      labels: this.refs(e.labels, d.labels, lang),
      image: this.image(e.imageId, e.title, lang),
      age_limit: e.ageLimit,
      status: e.status,
      min_price: e.minPriceAed,
      currency_code: "AED",
      updated_at: toUaeIso(e.updatedAt),
    };
  }

  place(p: PlaceRow, lang: Lang): PlaceJson {
    return {
      id: p.id,
      title: pick(p.title, lang),
      address: pick(p.address, lang),
      description: pick(p.description, lang),
      location: this.ref(this.data.locations.get(p.locationId), lang),
      latitude: p.latitude,
      longitude: p.longitude,
      halls: this.refs(p.halls, this.data.halls, lang),
      image: this.image(p.imageId, p.title, lang),
      updated_at: toUaeIso(p.updatedAt),
    };
  }

  person(p: PersonRow, lang: Lang): PersonJson {
    return {
      id: p.id,
      title: pick(p.title, lang),
      description: pick(p.description, lang),
      image: this.image(p.imageId, p.title, lang),
      updated_at: toUaeIso(p.updatedAt),
    };
  }

  news(n: NewsRow, lang: Lang): NewsJson {
    return {
      id: n.id,
      title: pick(n.title, lang),
      lead: pick(n.lead, lang),
      body: pick(n.body, lang),
      published_at: toUaeIso(n.publishedAt),
      image: this.image(n.imageId, n.title, lang),
      event_ids: n.eventIds,
      updated_at: toUaeIso(n.updatedAt),
    };
  }
}
