/**
 * Basket totals: per event and overall, price = Σ price × count,
 * count = Σ count, serviceFee = Σ service fee × count, selectedTickets = [{ id, count }].
 */
import type { Basket, BasketEventGroup, BasketTicket } from "../core/order";

export interface SelectedTicket {
  id: number;
  count: number;
}

export interface Totals {
  price: number;
  count: number;
  serviceFee: number;
  selectedTickets: SelectedTicket[];
}

export interface BasketTotals {
  /** the whole basket */
  total: Totals;
  /** the separate map keyed by event (the basket's event.id) */
  byEvent: Record<number, Totals>;
}

/**
 * Sums of binary fractions drift (0.1 + 0.2); rounding to a millionth removes the drift
 * without touching any real currency amount (none has more than 3 decimals).
 */
export function roundMoney(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function ticketsTotals(tickets: readonly BasketTicket[]): Totals {
  let price = 0;
  let count = 0;
  let serviceFee = 0;
  const selectedTickets: SelectedTicket[] = [];
  for (const ticket of tickets) {
    price += ticket.price * ticket.count;
    serviceFee += ticket.serviceFee * ticket.count;
    count += ticket.count;
    selectedTickets.push({ id: ticket.id, count: ticket.count });
  }
  return { price: roundMoney(price), count, serviceFee: roundMoney(serviceFee), selectedTickets };
}

export function eventTotals(group: BasketEventGroup): Totals {
  return ticketsTotals(group.tickets);
}

export function basketTotals(basket: Basket): BasketTotals {
  const byEvent: Record<number, Totals> = {};
  for (const group of basket.events) byEvent[group.event.id] = eventTotals(group);
  return { total: ticketsTotals(basket.events.flatMap((g) => g.tickets)), byEvent };
}

/** What the visitor pays: tickets plus service fee. */
export function grandTotal(totals: Totals): number {
  return roundMoney(totals.price + totals.serviceFee);
}

/**
 * What one line of the cart costs, service fee included, so that the lines of an event
 * add up to its subtotal (grandTotal of its totals) and the subtotals to the total.
 */
export function lineTotal(ticket: Pick<BasketTicket, "price" | "serviceFee" | "count">): number {
  return roundMoney((ticket.price + ticket.serviceFee) * ticket.count);
}

/** How many of one ticket offer the basket holds. */
export function countInBasket(basket: Basket, ticketId: number): number {
  for (const group of basket.events) {
    for (const ticket of group.tickets) if (ticket.id === ticketId) return ticket.count;
  }
  return 0;
}
