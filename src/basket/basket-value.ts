/**
 * What the basket's provider (./basket-context.tsx) and its engine (./basket-engine.tsx) share:
 * the value every view reads, and the window event that announces a whole basket.
 */
import type { BasketClient } from "../clients/basket-client";
import type { Basket } from "../core/order";
import type { TicketToAdd } from "./reducer";
import type { BasketTotals } from "./totals";

export const UPDATE_BASKET_EVENT = "UPDATE_BASKET";

/** Tells every view of the basket (in this page) that this is the basket now. */
export function announceBasket(basket: Basket): void {
  window.dispatchEvent(new CustomEvent<Basket>(UPDATE_BASKET_EVENT, { detail: basket }));
}

export interface BasketValue {
  /** the basket and order API in this page's language, for the order pages too */
  client: BasketClient;
  basket: Basket;
  /** true until the first answer of GET /api/basket */
  loading: boolean;
  /** the basket could not be loaded (server down); it is retried */
  unavailable: boolean;
  totals: BasketTotals;
  /** tickets in the basket as far as known: the stored hint until loaded; null when unknown */
  count: number | null;
  /** changes sent but not yet answered */
  busy: boolean;
  addTicket(item: TicketToAdd, count: number): Promise<boolean>;
  updateTicket(ticketId: number, count: number): Promise<boolean>;
  deleteTicket(ticketId: number): Promise<boolean>;
  deleteEvent(eventId: number): Promise<boolean>;
  clear(): Promise<boolean>;
  /** fetch the basket again (e.g. after an order was created) */
  reload(): Promise<void>;
}

export interface BasketEngineProps {
  /** the basket and order API in this page's language */
  client: BasketClient;
  /** takes each new value of the basket */
  publish(value: BasketValue): void;
  /** the count an earlier page stored, shown until the basket is loaded */
  storedCount: number | null;
}
