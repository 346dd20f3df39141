/**
 * How many of one ticket category a visitor may hold: no more than are left and no more
 * than one order may take.
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
  return Math.max(0, ticketLimit(offer) - inBasket);
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
