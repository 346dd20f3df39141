/**
 * The build's price of an event, as a page kept from the server's HTML shows it, against what
 * the catalogue says now (src/prices/island-prices.tsx): only a difference is worth a render.
 */
import type { EventCardData, EventPrice } from "../core/catalogue";

/** An event as the build priced it: what a page's kept HTML shows. */
export type BuiltPrice = Pick<EventCardData, "eventSourceId" | "minPrice" | "currencyCode">;

/**
 * Whether what is known of `event`'s price in `code` reads otherwise than the build's price:
 * another amount, no price any more, or a price the build did not have. An answer that only
 * confirms the build's price changes nothing on the page.
 */
export function differsFromBuilt(
  entry: { price: EventPrice | null; doneIn: string | null },
  event: BuiltPrice,
  code: string,
): boolean {
  const builtHere = event.minPrice !== null && event.currencyCode?.toUpperCase() === code;
  const { price } = entry;
  if (price && price.currencyCode.toUpperCase() === code)
    return event.minPrice === null ? price.minPrice !== null : !builtHere || price.minPrice !== event.minPrice;
  // asked, with no answer in this currency: LivePrice shows the build's price if it has one
  return entry.doneIn === code && event.minPrice === null;
}
