/**
 * What a publish hook's body says was changed, so the build reads only that (see
 * src/sourcing/catalogue-delta.ts). Understood, also inside a JSON array of them:
 *
 *   ours        {"changes": [{"kind": "event", "id": 12}, {"kind": "place"}]}
 *   Strapi      {"event": "entry.update", "model": "event", "entry": {"id": 12, ...}}
 *   Directus    {"event": "items.update", "collection": "events", "keys": ["12"]}  (or "key")
 *   Contentful  {"sys": {"id": "12", "type": "Entry", "contentType": {"sys": {"id": "event"}}}, ...}
 *   Sanity      {"_id": "12", "_type": "event", ...}  (a GROQ webhook sending the document)
 *
 * Kinds are matched by name: event(s); place(s), venue(s); person(s), performer(s), artist(s);
 * news, article(s), post(s). An event needs a numeric id (the catalogue's); another kind needs
 * none, since the contract reads it whole anyway. Anything else, an empty body included, is
 * `null`: the build reads the whole catalogue, as without a body. Pure.
 */
import {
  type ChangedRecord,
  isRecordKind,
  MAX_CHANGES,
  type RecordKind,
  unionChanges,
} from "../../src/core/catalogue-changes";

export { unionChanges };

const KIND_NAMES: Record<string, RecordKind> = {
  event: "event",
  events: "event",
  place: "place",
  places: "place",
  venue: "place",
  venues: "place",
  person: "person",
  persons: "person",
  people: "person",
  performer: "person",
  performers: "person",
  artist: "person",
  artists: "person",
  news: "news",
  article: "news",
  articles: "news",
  post: "news",
  posts: "news",
};

function kindOf(name: unknown): RecordKind | null {
  if (typeof name !== "string") return null;
  // "api::event.event" (Strapi's uid), "Event", "events"
  const simple =
    name
      .replace(/^api::/, "")
      .split(".")[0]
      ?.trim()
      .toLowerCase() ?? "";
  return KIND_NAMES[simple] ?? null;
}

/** A catalogue id: a positive whole number, or such a number written as text. */
function idOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === "string" && /^[1-9]\d{0,15}$/.test(value.trim())) {
    const id = Number(value.trim());
    return Number.isSafeInteger(id) ? id : null;
  }
  return null;
}

/** One record of `kind` with an optional id; an event without a usable id is not understood. */
function record(kind: RecordKind | null, rawId: unknown): ChangedRecord[] | null {
  if (!kind) return null;
  const id = idOf(rawId);
  if (kind === "event") return id === null ? null : [{ kind, id }];
  return [id === null ? { kind } : { kind, id }];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function fromOne(body: Json): ChangedRecord[] | null {
  // ours
  if (Array.isArray(body.changes)) {
    const all: ChangedRecord[] = [];
    for (const change of body.changes) {
      if (!isObject(change)) return null;
      const kind = isRecordKind(change.kind) ? change.kind : kindOf(change.kind);
      const one = record(kind, change.id);
      if (!one) return null;
      all.push(...one);
    }
    return all.length > 0 ? all : null;
  }
  // Strapi: model + entry
  if (typeof body.model === "string" && isObject(body.entry)) return record(kindOf(body.model), body.entry.id);
  // Directus: collection + key / keys
  if (typeof body.collection === "string") {
    const kind = kindOf(body.collection);
    const keys = Array.isArray(body.keys) ? body.keys : body.key !== undefined ? [body.key] : [];
    if (!kind || keys.length === 0) return null;
    const all: ChangedRecord[] = [];
    for (const key of keys) {
      const one = record(kind, key);
      if (!one) return null;
      all.push(...one);
    }
    return all;
  }
  // Contentful: sys.id and sys.contentType.sys.id
  if (isObject(body.sys)) {
    const contentType =
      isObject(body.sys.contentType) && isObject(body.sys.contentType.sys) ? body.sys.contentType.sys.id : null;
    return record(kindOf(contentType), body.sys.id);
  }
  // Sanity: _id and _type (a draft, "drafts.12", names the document it drafts)
  if (typeof body._type === "string") {
    const id = typeof body._id === "string" ? body._id.replace(/^drafts\./, "") : body._id;
    return record(kindOf(body._type), id);
  }
  return null;
}

/**
 * The records a hook body names, or null when it names none we can read by themselves
 * (no body, not JSON, an unknown shape, an event without a catalogue id, a huge batch).
 */
export function changesFromHookBody(body: Buffer | string | null | undefined): ChangedRecord[] | null {
  const text = body === null || body === undefined ? "" : body.toString().trim();
  if (text === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return null;
  const all: ChangedRecord[] = [];
  for (const item of items) {
    if (!isObject(item)) return null;
    const one = fromOne(item);
    if (!one) return null;
    all.push(...one);
  }
  return all.length > MAX_CHANGES ? null : unionChanges([], all);
}
