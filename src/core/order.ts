/**
 * The basket and order as the site sees them. The basket client reshapes the wire
 * shapes of contracts/basket.openapi.yaml into these at the boundary (camelCase, optional
 * fields made explicit), so nothing else depends on the wire.
 */
import type { Lang, Ref } from "./catalogue";

export interface BasketTicket {
  /** the TicketOffer id from /v2/dates_prices */
  id: number;
  /** the ticket category, e.g. "VIP" */
  title: string;
  /** one ticket, in the basket's currency */
  price: number;
  count: number;
  /** the session this ticket is for */
  startedAt: string | null;
  /** when that session ends (a multi-day pass: the end of its validity); null when unknown */
  endsAt?: string | null;
  /** per ticket, in the basket's currency */
  serviceFee: number;
}

export interface BasketEventInfo {
  /** the catalogue event id (the basket's event.id, what DELETE_EVENT takes) */
  id: number;
  eventSourceId: number;
  title: string;
  startedAt: string | null;
  place: Ref | null;
}

export interface BasketEventGroup {
  event: BasketEventInfo;
  tickets: BasketTicket[];
}

export interface Basket {
  currencyCode: string;
  events: BasketEventGroup[];
  /** when the held tickets are released */
  expiresAt: string | null;
  updatedAt: string | null;
  /** the session's promo code (2.3); absent when none, or from a server without codes */
  promo?: BasketPromo;
}

/** The change requests the server understands (POST /api/basket). */
export type BasketChange =
  | { type: "ADD_TICKET"; ticket: { id: number; count: number } }
  | { type: "UPDATE_TICKET"; ticket: { id: number; count: number } }
  | { type: "DELETE_TICKET"; ticket: { id: number } }
  | { type: "DELETE_EVENT"; event: { id: number } };

export type OrderStatus = "awaiting_payment" | "paid" | "failed" | "expired" | "cancelled";

export interface OrderTotal {
  /** the tickets' prices */
  price: number;
  serviceFee: number;
  /** the way to pay's fee: its percentage of price + service fee */
  paymentFee: number;
  /** price + service fee + payment fee: what is charged */
  amount: number;
  count: number;
  /** what the order's promo code took off the price (2.3); absent without a code */
  discount?: number;
}

/** What a promo code takes off one event's tickets (2.3). */
export interface PromoEventDiscount {
  eventId: number;
  ticketIds: number[];
  discount: number;
}

/** Why a promo code takes nothing off (the server's codes without their promo_ prefix). */
export type PromoRefusal = "unknown" | "not_yet_valid" | "expired" | "used_up" | "not_applicable";

/** The basket's promo code as the server computed it (2.3). */
export interface BasketPromo {
  code: string;
  /** why it takes nothing off now; null when it applies */
  refusal: Exclude<PromoRefusal, "unknown"> | null;
  discount: number;
  events: PromoEventDiscount[];
}

/** One admitted person: the code the venue scans. */
export interface ETicket {
  code: string;
  /** exactly what its QR code holds: the signed payload the door verifies (absent on older tickets) */
  qr?: string;
  eventId: number;
  ticketId: number;
  /** the ticket category */
  title: string;
  startedAt: string | null;
  /** when the session it admits to ends (a multi-day pass: the end of its validity); null when unknown */
  endsAt?: string | null;
}

export interface Order {
  /** long and unguessable: for addresses only */
  id: string;
  /** short, for people: shown on every order page, printed on the bill */
  number: string;
  status: OrderStatus;
  email: string | null;
  name: string | null;
  lang: Lang | null;
  currencyCode: string;
  events: BasketEventGroup[];
  total: OrderTotal;
  /** the promo code the order used (2.3) */
  promo?: { code: string; discount: number; events: PromoEventDiscount[] };
  /** null for a free order */
  acquisitionId: number | null;
  /** one per ticket once paid; empty before */
  tickets: ETicket[];
  createdAt: string;
  /** until when an unpaid order holds its tickets; null once paid */
  expiresAt: string | null;
  paidAt: string | null;
}

/** Campaign data captured for the session. */
export interface Utm {
  utm_source?: string;
  utm_campaign?: string;
  utm_term?: string;
}

export interface NewOrder {
  email: string;
  name: string;
  phone?: string | null;
  /** null only for a free order */
  acquisitionId: number | null;
  currencyCode: string;
  /** the language of the order's emails and pages */
  lang: Lang;
  /** the solved captcha challenge, base64 JSON */
  captcha: string;
  utm?: Utm | null;
}

export function emptyBasket(currencyCode: string): Basket {
  return { currencyCode, events: [], expiresAt: null, updatedAt: null };
}
