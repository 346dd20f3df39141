/**
 * Reading only what changed: the records a CMS said it changed are read again in every
 * language and merged into the catalogue snapshot the last build kept beside its cache.
 *
 * A publish triggered with a body naming changed records (ops/lib/hook-changes.ts) hands
 * them to the build in CATALOGUE_CHANGES (`[{"kind":"event","id":12}]`). Events are read by
 * id through the contract's `id_in` on /v1/events; places, persons and news have no id
 * filter in the contract, so a change to one of them reads that kind whole. The landing,
 * the ways to pay and the facets are a few requests and may follow from any change (an
 * event's new date is a new date facet), so they are always read again.
 *
 * Anything that does not fit (no snapshot, one for another catalogue, a record found in one
 * language but not another, an answer the contract does not allow) throws: the build then
 * reads everything, as without a body. Node only.
 */
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import type { CatalogueClient } from "../clients/catalogue-client";
import { type EventDetail, LANGUAGES, type Lang } from "../core/catalogue";
import type { ChangedRecord, RecordKind } from "../core/catalogue-changes";
import type { SessionTimes } from "../core/sessions";
import type { SiteConfig } from "../core/site-config";
import { readSessionsOnThread } from "./sessions-thread";
import {
  type CatalogueRead,
  type CatalogueSnapshot,
  type LanguageSnapshot,
  type ProgressLog,
  readSessions,
  type SessionsPlan,
  sourceCatalogue,
  sourceSessions,
} from "./source-catalogue";

export { SNAPSHOT_FILE } from "../../lib/snapshot-file";
export { parseChangesSetting } from "../core/catalogue-changes";

const SNAPSHOT_VERSION = 1;

/** What a snapshot file holds: the catalogue and which catalogue it came from. */
export interface StoredSnapshot {
  version: number;
  catalogueApiUrl: string;
  landingId: number;
  savedAt: string;
  snapshot: CatalogueSnapshot;
}

/** Ids per request: a long `id_in` stays well inside any URL length limit. */
const IDS_PER_REQUEST = 100;

/** What has to be read: event ids, and the kinds read whole. */
export interface ReadPlan {
  eventIds: number[];
  wholeKinds: Set<RecordKind>;
}

export function readPlan(changes: readonly ChangedRecord[]): ReadPlan {
  const wholeKinds = new Set<RecordKind>();
  const eventIds = new Set<number>();
  for (const change of changes) {
    if (change.kind === "event" && change.id !== undefined) eventIds.add(change.id);
    else wholeKinds.add(change.kind);
  }
  // the whole events list read again makes the ids moot
  return { eventIds: wholeKinds.has("event") ? [] : [...eventIds].sort((a, b) => a - b), wholeKinds };
}

/** Soonest first, as the catalogue sorts (started_at, then id): a merged list reads like a full one. */
export function sortEvents(events: EventDetail[]): EventDetail[] {
  return events.sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.id - b.id);
}

/**
 * The events of one language with the changed ones put in: `read` replaces or adds, and an
 * id asked for but not answered in any language is a removed event. An id answered in some
 * languages and not others is a catalogue in the middle of a change: that throws.
 */
export function mergeEvents(
  previous: Record<Lang, EventDetail[]>,
  read: Record<Lang, EventDetail[]>,
  askedIds: readonly number[],
): { events: Record<Lang, EventDetail[]>; removed: number[]; updated: number[] } {
  const foundIn = new Map<number, Lang[]>();
  for (const lang of LANGUAGES)
    for (const event of read[lang]) {
      if (!askedIds.includes(event.id))
        throw new Error(`the catalogue answered event ${event.id} (${lang}), which was not asked for`);
      foundIn.set(event.id, [...(foundIn.get(event.id) ?? []), lang]);
    }
  const removed: number[] = [];
  const updated: number[] = [];
  for (const id of askedIds) {
    const langs = foundIn.get(id) ?? [];
    if (langs.length === 0) removed.push(id);
    else if (langs.length < LANGUAGES.length)
      throw new Error(`event ${id} was answered in ${langs.join(", ")} but not in every language`);
    else updated.push(id);
  }
  const asked = new Set(askedIds);
  const events = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, sortEvents([...previous[lang].filter((e) => !asked.has(e.id)), ...read[lang]])]),
  ) as Record<Lang, EventDetail[]>;
  return { events, removed, updated };
}

async function readEventsById(client: CatalogueClient, ids: readonly number[], lang: Lang): Promise<EventDetail[]> {
  const events: EventDetail[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const chunk = ids.slice(i, i + IDS_PER_REQUEST);
    events.push(...(await client.listAllEvents({ ids: chunk, date_type: "all" }, lang)));
  }
  return events;
}

/**
 * The previous snapshot with the changed records read again. Throws when the changes cannot
 * be merged; the caller then reads everything.
 */
export async function sourceChanges(
  client: CatalogueClient,
  previous: CatalogueSnapshot,
  changes: readonly ChangedRecord[],
  landingId: number,
  log: ProgressLog = () => {},
): Promise<CatalogueSnapshot> {
  const started = Date.now();
  const plan = readPlan(changes);
  const landing = await client.landing(landingId);
  const perLanguage = await Promise.all(
    LANGUAGES.map(async (lang) => {
      const before = previous.byLanguage[lang];
      if (!before) throw new Error(`the snapshot has no ${lang} catalogue`);
      const [events, places, persons, news, acquisitions, facets] = await Promise.all([
        plan.wholeKinds.has("event")
          ? client.listAllEvents({ date_type: "all", sort_by: "started_at", sort_on: "asc" }, lang)
          : readEventsById(client, plan.eventIds, lang),
        plan.wholeKinds.has("place") ? client.listAllPlaces(lang) : before.places,
        plan.wholeKinds.has("person") ? client.listAllPersons(lang) : before.persons,
        plan.wholeKinds.has("news") ? client.listAllNews(lang) : before.news,
        client.acquisitions(lang),
        client.facets(lang),
      ]);
      return { lang, events, rest: { places, persons, news, acquisitions, facets } };
    }),
  );
  const read = Object.fromEntries(perLanguage.map((p) => [p.lang, p.events])) as Record<Lang, EventDetail[]>;
  let events: Record<Lang, EventDetail[]>;
  let changedIds: number[];
  let summary: string;
  if (plan.wholeKinds.has("event")) {
    events = Object.fromEntries(LANGUAGES.map((lang) => [lang, read[lang]])) as Record<Lang, EventDetail[]>;
    changedIds = events.en.map((e) => e.id);
    summary = `all ${events.en.length} events`;
  } else {
    const before = Object.fromEntries(LANGUAGES.map((lang) => [lang, previous.byLanguage[lang].events])) as Record<
      Lang,
      EventDetail[]
    >;
    const merged = mergeEvents(before, read, plan.eventIds);
    events = merged.events;
    changedIds = merged.updated;
    summary = `${merged.updated.length} events read again${merged.removed.length > 0 ? `, ${merged.removed.length} removed (${merged.removed.join(", ")})` : ""}`;
  }
  const byLanguage = Object.fromEntries(
    perLanguage.map((p) => [p.lang, { events: events[p.lang], ...p.rest } satisfies LanguageSnapshot]),
  ) as Record<Lang, LanguageSnapshot>;

  // the sessions of the events read again; the others keep theirs
  const currency = landing.currencies[0]?.code ?? byLanguage.en.events[0]?.currencyCode ?? "AED";
  const changedSet = new Set(changedIds);
  const sessions: Record<number, SessionTimes[]> = {};
  const present = new Set(byLanguage.en.events.map((e) => e.id));
  for (const [id, list] of Object.entries(previous.sessions ?? {}))
    if (!changedSet.has(Number(id)) && present.has(Number(id))) sessions[Number(id)] = list;
  Object.assign(
    sessions,
    await sourceSessions(
      client,
      byLanguage.en.events.filter((e) => changedSet.has(e.id)),
      currency.toUpperCase(),
      Date.now(),
      log,
    ),
  );
  const kinds = [...plan.wholeKinds].filter((k) => k !== "event");
  // the same words as a full read's last line, which the publisher's progress looks for
  log(
    `catalogue: read from ${client.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (only the changes: ${summary}${kinds.length > 0 ? `; ${kinds.join(", ")} read whole` : ""})`,
  );
  return { landing, byLanguage, sessions };
}

export async function readSnapshotFile(
  file: string,
  expected: { catalogueApiUrl: string; landingId: number },
): Promise<CatalogueSnapshot> {
  const stored = JSON.parse(await readFile(file, "utf8")) as StoredSnapshot;
  if (stored.version !== SNAPSHOT_VERSION) throw new Error(`the snapshot is of version ${stored.version}`);
  if (stored.catalogueApiUrl !== expected.catalogueApiUrl || stored.landingId !== expected.landingId)
    throw new Error(`the snapshot is of ${stored.catalogueApiUrl} landing ${stored.landingId}`);
  for (const lang of LANGUAGES)
    if (!Array.isArray(stored.snapshot?.byLanguage?.[lang]?.events))
      throw new Error(`the snapshot has no ${lang} events`);
  return stored.snapshot;
}

/** Written aside and renamed: a build cut short never leaves half a snapshot. */
export async function writeSnapshotFile(
  file: string,
  snapshot: CatalogueSnapshot,
  source: { catalogueApiUrl: string; landingId: number },
): Promise<void> {
  const stored: StoredSnapshot = {
    version: SNAPSHOT_VERSION,
    catalogueApiUrl: source.catalogueApiUrl,
    landingId: source.landingId,
    savedAt: new Date().toISOString(),
    snapshot,
  };
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(stored));
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

export interface ReadCatalogueOptions {
  catalogueApiUrl: string;
  landingId: number;
  /** the changed records; null: read everything */
  changes: readonly ChangedRecord[] | null;
  snapshotFile: string;
  /**
   * When everything is read: return once the lists are read and let the sessions follow
   * (sourceCatalogue). A read of the changes only asks for a few sessions and waits for them.
   */
  sessionsLater?: boolean;
  /** with sessionsLater: read them on a thread of their own, with a client of this setting (sessions-thread.ts) */
  sessionsThread?: Pick<SiteConfig, "catalogueApiUrl" | "catalogueRateLimit">;
}

/**
 * The catalogue for this build: the changes merged into the kept snapshot when the publish
 * named them and that works, otherwise everything read. `delta` says which it was.
 */
export async function readCatalogue(
  client: CatalogueClient,
  options: ReadCatalogueOptions,
  log: ProgressLog = () => {},
): Promise<CatalogueRead & { delta: boolean }> {
  let why = "";
  // also without changes: a full read keeps the sessions of events unchanged since then
  const previous = await readSnapshotFile(options.snapshotFile, options).catch((error: unknown) => {
    why = error instanceof Error ? error.message : String(error);
    return null;
  });
  if (options.changes && options.changes.length > 0) {
    try {
      if (!previous) throw new Error(`no snapshot of the last build: ${why}`);
      const snapshot = await sourceChanges(client, previous, options.changes, options.landingId, log);
      return { snapshot, sessionsToFollow: null, delta: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(
        `catalogue: the changes could not be merged into the last snapshot (${message.split("\n")[0]}); reading everything`,
      );
    }
  }
  const thread = options.sessionsThread;
  const read = await sourceCatalogue(client, options.landingId, log, previous, {
    sessionsLater: options.sessionsLater ?? false,
    ...(thread && {
      readLater: (plan: SessionsPlan, currency: string, log: ProgressLog) =>
        readSessionsOnThread(thread, plan, currency, log).catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          log(`catalogue: the sessions could not be read on a thread of their own (${message}); reading them here`);
          return readSessions(client, plan, currency, log);
        }),
    }),
  });
  return { ...read, delta: false };
}
