/**
 * The one shared price map: whenever prices are refreshed, the entries from
 * /v2/events_prices are merged by id (the event_source_id) into what is already known,
 * so a price once shown stays until a newer answer replaces it.
 */
import type { EventPrice } from "../core/catalogue";

export type PriceMap = Readonly<Record<number, EventPrice>>;

/** A new map: every answered id replaced, every other id kept. Unchanged input → same map. */
export function mergePrices(map: PriceMap, prices: readonly EventPrice[]): PriceMap {
  if (prices.length === 0) return map;
  const next: Record<number, EventPrice> = { ...map };
  for (const price of prices) next[price.id] = price;
  return next;
}

/** The entry for an event if it is in the wanted currency (codes compared case-insensitively). */
export function priceIn(map: PriceMap, eventSourceId: number, currencyCode: string): EventPrice | undefined {
  const entry = map[eventSourceId];
  return entry && entry.currencyCode.toUpperCase() === currencyCode.toUpperCase() ? entry : undefined;
}

/** Ids worth asking for: positive integers, each once, in a stable order. */
export function normaliseIds(ids: Iterable<number>): number[] {
  return [...new Set([...ids].filter((id) => Number.isInteger(id) && id > 0))].sort((a, b) => a - b);
}
