/**
 * Campaign tracking: when the query string starts with utm_source, the values of utm_source,
 * utm_campaign and utm_term are kept in sessionStorage under "utm" for the rest of the
 * session (the checkout sends them with the order).
 */
import type { Utm } from "../core/order";

export const UTM_STORAGE_KEY = "utm";
const UTM_KEYS = ["utm_source", "utm_campaign", "utm_term"] as const;

type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** The campaign data of a query string ("?utm_source=..."), or null when it does not start with utm_source. */
export function parseUtm(search: string): Utm | null {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!/^utm_source(=|&|$)/.test(query)) return null;
  const params = new URLSearchParams(query);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value !== null) utm[key] = value.slice(0, 200);
  }
  return utm;
}

/** Records a campaign landing; a page without one leaves what the session already has. */
export function captureUtm(search: string, storage: StorageLike): Utm | null {
  const utm = parseUtm(search);
  if (utm) {
    try {
      storage.setItem(UTM_STORAGE_KEY, JSON.stringify(utm));
    } catch {
      // storage disabled: the campaign is just not recorded
    }
    return utm;
  }
  return readUtm(storage);
}

export function readUtm(storage: StorageLike): Utm | null {
  try {
    const raw = storage.getItem(UTM_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const utm: Utm = {};
    for (const key of UTM_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === "string") utm[key] = value;
    }
    return utm;
  } catch {
    return null;
  }
}
