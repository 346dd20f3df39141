import type { Db } from "../db/database";
import { LANGS, type Lang, pick } from "../lib/i18n";
import { toUaeDate } from "../lib/time";
import { type CatalogueData, dataVersion, type EventRow, loadCatalogue } from "./catalogue-repository";
import { type EventSearchIndex, indexTexts, matchRank, queryTokens } from "./search-match";
import { Serializer } from "./serialize";

export { normalizeForSearch } from "./search-match";

export interface EventFilter {
  lang: Lang;
  categoryIds?: number[];
  hallIds?: number[];
  placeIds?: number[];
  locationIds?: number[];
  personIds?: number[];
  labelIds?: number[];
  ids?: number[];
  startedGte?: number;
  startedLte?: number;
  dateType: "active" | "archive" | "all";
  search?: string;
  sortBy: "started_at" | "title" | "popularity";
  sortOn: "asc" | "desc";
  now: number;
}

const intersects = (have: number[], want: Set<number>): boolean => have.some((x) => want.has(x));

/**
 * The read-only catalogue held in memory, reloaded when another connection changes the
 * database (a seeder or the hostile planter), with each event's JSON kept serialized per language.
 */
export class CatalogueService {
  data!: CatalogueData;
  serializer!: Serializer;
  private eventJson = new Map<string, string>();
  private searchIndex = new Map<number, EventSearchIndex>();
  private collators = new Map<Lang, Intl.Collator>(
    LANGS.map((l) => [l, new Intl.Collator(l, { sensitivity: "base", numeric: true })]),
  );
  private version = "";
  private checkedAt = 0;
  private reloading: Promise<void> | undefined;
  /** bumped on every reload, so that caches of answers know they are stale */
  generation = 0;

  private constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** The catalogue as the database holds it now. */
  static async open(db: Db, publicUrl: string): Promise<CatalogueService> {
    const service = new CatalogueService(db, publicUrl);
    await service.reload();
    return service;
  }

  /** Reads the whole catalogue again; readers keep the previous one until the new one is complete. */
  async reload(): Promise<void> {
    const version = await dataVersion(this.db);
    const data = await loadCatalogue(this.db);
    this.version = version;
    this.data = data;
    this.serializer = new Serializer(data, this.publicUrl);
    this.eventJson.clear();
    this.searchIndex.clear();
    this.generation++;
  }

  /**
   * Cheap check (at most once a second) whether the catalogue was changed from outside: by a
   * command, or by another instance of the server. Requests that arrive while it reloads wait for
   * the one reload.
   */
  async refreshIfChanged(now = Date.now()): Promise<void> {
    if (this.reloading) return this.reloading;
    if (now - this.checkedAt < 1000) return;
    this.checkedAt = now;
    this.reloading = (async () => {
      if ((await dataVersion(this.db)) !== this.version) await this.reload();
    })().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  eventJsonText(e: EventRow, lang: Lang): string {
    const key = `${lang}:${e.id}`;
    let text = this.eventJson.get(key);
    if (text === undefined) {
      text = JSON.stringify(this.serializer.event(e, lang));
      this.eventJson.set(key, text);
    }
    return text;
  }

  /** The words an event is found by, in all three languages (see search-match.ts). */
  private searchIndexOf(e: EventRow): EventSearchIndex {
    let index = this.searchIndex.get(e.id);
    if (index === undefined) {
      const d = this.data;
      const place = d.places.get(e.placeId);
      index = {
        title: indexTexts([e.title]),
        other: indexTexts([place?.title, ...e.persons.map((pid) => d.persons.get(pid)?.title)]),
      };
      this.searchIndex.set(e.id, index);
    }
    return index;
  }

  isActive(e: EventRow, now: number): boolean {
    return (e.finishedAt ?? e.startedAt) >= now;
  }

  filterEvents(f: EventFilter): EventRow[] {
    const d = this.data;
    const cats = f.categoryIds && new Set(f.categoryIds);
    const halls = f.hallIds && new Set(f.hallIds);
    const places = f.placeIds && new Set(f.placeIds);
    const locs = f.locationIds && new Set(f.locationIds);
    const persons = f.personIds && new Set(f.personIds);
    const labels = f.labelIds && new Set(f.labelIds);
    const ids = f.ids && new Set(f.ids);
    const tokens = f.search ? queryTokens(f.search) : [];
    // With a query, events whose title matches come before those found by place or persons.
    const rank = new Map<number, number>();
    const out = d.events.filter((e) => {
      if (f.dateType === "active" && !this.isActive(e, f.now)) return false;
      if (f.dateType === "archive" && this.isActive(e, f.now)) return false;
      if (ids && !ids.has(e.id)) return false;
      if (cats && !intersects(e.categories, cats)) return false;
      if (halls && (e.hallId === null || !halls.has(e.hallId))) return false;
      if (places && !places.has(e.placeId)) return false;
      if (locs) {
        const p = d.places.get(e.placeId);
        if (!p || !locs.has(p.locationId)) return false;
      }
      if (persons && !intersects(e.persons, persons)) return false;
      if (labels && !intersects(e.labels, labels)) return false;
      if (f.startedGte !== undefined && e.startedAt < f.startedGte) return false;
      if (f.startedLte !== undefined && e.startedAt > f.startedLte) return false;
      if (tokens.length > 0) {
        const r = matchRank(this.searchIndexOf(e), tokens);
        if (r === null) return false;
        rank.set(e.id, r);
      }
      return true;
    });
    const dir = f.sortOn === "desc" ? -1 : 1;
    const collator = this.collators.get(f.lang) as Intl.Collator;
    out.sort((a, b) => {
      if (tokens.length > 0) {
        const byRank = (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0);
        if (byRank !== 0) return byRank;
      }
      let c = 0;
      if (f.sortBy === "started_at") c = a.startedAt - b.startedAt;
      else if (f.sortBy === "popularity") c = a.popularity - b.popularity;
      else c = collator.compare(pick(a.title, f.lang), pick(b.title, f.lang));
      return c !== 0 ? c * dir : (a.id - b.id) * dir;
    });
    return out;
  }

  activeEvents(now: number): EventRow[] {
    return this.data.events.filter((e) => this.isActive(e, now));
  }

  /** Facet counts over active events. */
  facetCounts(now: number) {
    const d = this.data;
    const byType = new Map<number, number>();
    const byCategory = new Map<number, number>();
    const byHall = new Map<number, number>();
    const byPlace = new Map<number, number>();
    const byLocation = new Map<number, number>();
    const byDate = new Map<string, number>();
    const inc = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
    for (const e of this.activeEvents(now)) {
      const types = new Set<number>();
      for (const c of e.categories) {
        inc(byCategory, c);
        const cat = d.categories.get(c);
        if (cat) types.add(cat.typeId);
      }
      for (const tp of types) inc(byType, tp);
      if (e.hallId !== null) inc(byHall, e.hallId);
      inc(byPlace, e.placeId);
      const p = d.places.get(e.placeId);
      if (p) inc(byLocation, p.locationId);
      inc(byDate, toUaeDate(e.startedAt));
    }
    return { byType, byCategory, byHall, byPlace, byLocation, byDate };
  }
}
