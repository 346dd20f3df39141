/**
 * What an event's "from" price shows, decided in one place for the live price and for the
 * static islands that keep the server's price text until it would change.
 */
import type { PriceEntry } from "./price-context";

/** What LivePrice shows: a price, "none" (the event has no price on sale), or a placeholder. */
export type ShownPrice = { value: number; currency: string } | "none" | "pending";

/**
 * The one decision of what an event's price shows in currency `code` (null: not settled yet),
 * given its live entry and the build's price: LivePrice (src/prices/live-price.tsx) renders
 * it, and a static island keeps the server's text while it is the same (island-prices.tsx).
 */
export function shownPrice(
  { price: live, doneIn }: PriceEntry,
  code: string | null,
  fallbackPrice: number | null,
  fallbackCurrency: string | null,
): ShownPrice {
  if (!code) return "pending";
  if (live && live.currencyCode.toUpperCase() === code)
    return live.minPrice === null ? "none" : { value: live.minPrice, currency: live.currencyCode };
  const asked = doneIn === code;
  if (fallbackPrice !== null && fallbackCurrency && (fallbackCurrency.toUpperCase() === code || asked))
    return { value: fallbackPrice, currency: fallbackCurrency };
  return asked ? "none" : "pending";
}
