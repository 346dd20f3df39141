/**
 * How many of one ticket category a visitor may hold: no more than one order may take,
 * and no more than are left. `available` (from /v2/dates_prices) is what is left after
 * every hold, the visitor's own included, so what the basket holds comes on top of it.
 */
export interface TicketAvailability {
  available: number;
  maxPerOrder: number;
}

/** The most the basket may hold of this ticket. */
export function ticketLimit(offer: TicketAvailability): number {
  return Math.max(0, Math.min(offer.available, offer.maxPerOrder));
}

/** The most one may still add when the basket already holds `inBasket` of it. */
export function addableCount(offer: TicketAvailability, inBasket: number): number {
  return Math.max(0, Math.min(offer.available, offer.maxPerOrder - inBasket));
}

/** The most the basket may hold of it, when it holds `inBasket` already (the cart's stepper). */
export function basketLimit(offer: TicketAvailability, inBasket: number): number {
  return Math.max(0, Math.min(inBasket + Math.max(0, offer.available), offer.maxPerOrder));
}

/** A stepper value kept within [min, max] (integers). */
export function clampCount(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.trunc(value), min), Math.max(min, max));
}

/** "Only 3 left" is shown at or below this many. */
export const FEW_LEFT_THRESHOLD = 10;

export type OfferAvailability = "sold_out" | "few_left" | "available";

export function offerAvailability(offer: TicketAvailability): OfferAvailability {
  if (ticketLimit(offer) <= 0) return "sold_out";
  if (offer.available <= FEW_LEFT_THRESHOLD) return "few_left";
  return "available";
}

/** Why "+" cannot add one more: the order's limit, or nothing more left to sell. */
export type LimitReason = { kind: "per_order"; max: number } | { kind: "none_left" };

/**
 * Said under a stepper whose "+" is disabled, so a buyer is never left guessing. `count` is
 * what the basket will hold of it (already held plus chosen now); null while one more fits.
 */
export function limitReason(offer: TicketAvailability, count: number, inBasket = 0): LimitReason | null {
  if (count <= 0) return null;
  if (count >= offer.maxPerOrder) return { kind: "per_order", max: offer.maxPerOrder };
  // what is left is counted after the basket's own hold, so the hold comes on top of it
  if (count - inBasket >= offer.available) return { kind: "none_left" };
  return null;
}
