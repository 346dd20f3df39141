/**
 * Changed catalogue records, as a publish hands them to the build (CATALOGUE_CHANGES, JSON
 * `[{"kind":"event","id":12},{"kind":"place"}]`): the publisher reads them from a CMS's webhook
 * (ops/lib/hook-changes.ts), the build reads only them (src/sourcing/catalogue-delta.ts).
 * Pure: shared by both sides.
 */

export const RECORD_KINDS = ["event", "place", "person", "news"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface ChangedRecord {
  kind: RecordKind;
  /** the catalogue's id; absent: the whole kind is read again */
  id?: number;
}

/** At most this many records; a larger batch is as well read whole. */
export const MAX_CHANGES = 500;

export const isRecordKind = (value: unknown): value is RecordKind =>
  (RECORD_KINDS as readonly string[]).includes(String(value));

/**
 * Two requests' changes as one (a burst coalesced into one build): null, read everything,
 * wins; a kind read whole makes its ids moot (places, persons and news are only read whole);
 * ids are kept once; more than MAX_CHANGES records are read whole.
 */
export function unionChanges(
  a: readonly ChangedRecord[] | null,
  b: readonly ChangedRecord[] | null,
): ChangedRecord[] | null {
  if (a === null || b === null) return null;
  const whole = new Set<RecordKind>();
  for (const change of [...a, ...b]) if (change.kind !== "event" || change.id === undefined) whole.add(change.kind);
  const seen = new Set<number>();
  const out: ChangedRecord[] = RECORD_KINDS.filter((kind) => whole.has(kind)).map((kind) => ({ kind }));
  if (!whole.has("event"))
    for (const change of [...a, ...b]) {
      if (change.kind !== "event" || change.id === undefined || seen.has(change.id)) continue;
      seen.add(change.id);
      out.push({ kind: "event", id: change.id });
    }
  return out.length > MAX_CHANGES ? null : out;
}

/**
 * The changed records from CATALOGUE_CHANGES; null (read everything) when it is absent,
 * empty or not a list of `{kind, id?}` with positive whole ids.
 */
export function parseChangesSetting(raw: string | undefined): ChangedRecord[] | null {
  if (!raw || raw.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  const records: ChangedRecord[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) return null;
    const { kind, id } = item as { kind?: unknown; id?: unknown };
    if (!isRecordKind(kind)) return null;
    if (id === undefined || id === null) records.push({ kind });
    else if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) records.push({ kind, id });
    else return null;
  }
  return unionChanges([], records);
}
