/**
 * The basket state as a pure reducer over a discriminated union of actions.
 *
 * Optimistic updates without lost work: the state keeps the last basket the server
 * confirmed plus the changes still in flight. What the visitor sees is the confirmed
 * basket with the pending changes applied on top. When the server answers, the change
 * leaves the pending list and its answer becomes the confirmed basket; when it fails, the
 * change just leaves the list — that is the rollback, and it cannot undo another change
 * that is still in flight or already confirmed.
 */
import type { Basket, BasketChange, BasketEventGroup, BasketEventInfo, BasketTicket } from "../core/order";

/** A change the visitor made; CLEAR is the DELETE request, the others are POSTs. */
export type LocalChange = BasketChange | { type: "CLEAR" };

/** What the UI knows about a ticket it adds, so it can be shown before the server answers. */
export interface TicketToAdd {
  event: BasketEventInfo;
  ticket: Omit<BasketTicket, "count">;
  /** when the ticket's session ends (its start when it has no end): nothing past is added */
  sessionEndsAt?: string | null;
}

export interface PendingChange {
  opId: number;
  change: LocalChange;
  /** for ADD_TICKET of a ticket not yet in the basket */
  adding?: TicketToAdd;
}

export interface BasketState {
  /** the last basket the server answered (empty until loaded) */
  confirmed: Basket;
  pending: PendingChange[];
  /** true until the first GET /api/basket has answered (or failed) */
  loading: boolean;
  /** the first load failed (the server is down): the basket shown may be incomplete */
  loadFailed: boolean;
}

export type BasketAction =
  | { type: "LOAD_STARTED" }
  | { type: "LOAD_SUCCEEDED"; basket: Basket }
  | { type: "LOAD_FAILED" }
  /** the UPDATE_BASKET window event (docs/ARCHITECTURE.md): someone announced the whole basket */
  | { type: "BASKET_REPLACED"; basket: Basket }
  | { type: "CHANGE_STARTED"; pending: PendingChange }
  | { type: "CHANGE_SUCCEEDED"; opId: number; basket: Basket }
  | { type: "CHANGE_FAILED"; opId: number };

export function initialBasketState(currencyCode: string): BasketState {
  return {
    confirmed: { currencyCode, events: [], expiresAt: null, updatedAt: null },
    pending: [],
    loading: true,
    loadFailed: false,
  };
}

export function basketReducer(state: BasketState, action: BasketAction): BasketState {
  switch (action.type) {
    case "LOAD_STARTED":
      return { ...state, loading: true };
    case "LOAD_SUCCEEDED":
      return { ...state, confirmed: action.basket, loading: false, loadFailed: false };
    case "LOAD_FAILED":
      // a failed refresh of a basket already shown keeps showing it
      if (!state.loading && !state.loadFailed) return state;
      return { ...state, loading: false, loadFailed: true };
    case "BASKET_REPLACED":
      return { ...state, confirmed: action.basket, loading: false, loadFailed: false };
    case "CHANGE_STARTED":
      return { ...state, pending: [...state.pending, action.pending] };
    case "CHANGE_SUCCEEDED":
      return {
        ...state,
        confirmed: action.basket,
        pending: state.pending.filter((p) => p.opId !== action.opId),
        loadFailed: false,
      };
    case "CHANGE_FAILED":
      return { ...state, pending: state.pending.filter((p) => p.opId !== action.opId) };
  }
}

/** The basket the visitor sees: confirmed, with the changes in flight applied in order. */
export function visibleBasket(state: BasketState): Basket {
  return state.pending.reduce((basket, p) => applyChange(basket, p.change, p.adding), state.confirmed);
}

function withoutEmptyGroups(events: BasketEventGroup[]): BasketEventGroup[] {
  return events.filter((g) => g.tickets.length > 0);
}

function mapTickets(basket: Basket, f: (ticket: BasketTicket) => BasketTicket | null): Basket {
  const events = basket.events.map((group) => ({
    ...group,
    tickets: group.tickets.flatMap((t) => {
      const next = f(t);
      return next ? [next] : [];
    }),
  }));
  return { ...basket, events: withoutEmptyGroups(events) };
}

/** The local guess of what the server will answer to a change. */
export function applyChange(basket: Basket, change: LocalChange, adding?: TicketToAdd): Basket {
  switch (change.type) {
    case "CLEAR":
      return { ...basket, events: [], expiresAt: null };
    case "DELETE_EVENT":
      return { ...basket, events: basket.events.filter((g) => g.event.id !== change.event.id) };
    case "DELETE_TICKET":
      return mapTickets(basket, (t) => (t.id === change.ticket.id ? null : t));
    case "UPDATE_TICKET":
      return mapTickets(basket, (t) => (t.id === change.ticket.id ? { ...t, count: change.ticket.count } : t));
    case "ADD_TICKET": {
      const { id, count } = change.ticket;
      const held = basket.events.some((g) => g.tickets.some((t) => t.id === id));
      if (held) return mapTickets(basket, (t) => (t.id === id ? { ...t, count: t.count + count } : t));
      if (!adding) return basket;
      const ticket: BasketTicket = { ...adding.ticket, id, count };
      const group = basket.events.find((g) => g.event.id === adding.event.id);
      const events = group
        ? basket.events.map((g) => (g === group ? { ...g, tickets: [...g.tickets, ticket] } : g))
        : [...basket.events, { event: adding.event, tickets: [ticket] }];
      return { ...basket, events };
    }
  }
}
