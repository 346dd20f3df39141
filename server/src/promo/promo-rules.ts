import type { components } from "../../../src/core/generated/basket";
import type { CurrencyRow } from "../catalogue/catalogue-repository";
import { fromAed, roundMoney } from "../lib/money";

type BasketEventJson = components["schemas"]["BasketEvent"];

export type PromoKind = "percent" | "amount" | "price";

/** Why a code does not take anything off; the site says each in the visitor's language. */
export const PROMO_REFUSALS = ["unknown", "not_yet_valid", "expired", "used_up", "not_applicable"] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];
/** Why a code that exists takes nothing off. */
export type CodeRefusal = Exclude<PromoRefusal, "unknown">;

export interface PromoCode {
  id: number;
  code: string;
  kind: PromoKind;
  /** percent: 0-100; amount: AED off the tickets it applies to; price: AED each ticket it applies to costs */
  value: number;
  eventIds: number[] | null;
  ticketIds: number[] | null;
  maxUses: number | null;
  perBuyer: number | null;
  validFrom: number | null;
  validUntil: number | null;
  disabledAt: number | null;
  /** seats set aside in each of its ticket categories for its holders (null: none) */
  reserve: number | null;
}

export interface PromoEventDiscount {
  event_id: number;
  ticket_ids: number[];
  discount: number;
}

export interface Discount {
  total: number;
  events: PromoEventDiscount[];
}

/** Codes are compared without regard to case or surrounding spaces. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** A code as people type it: letters, digits, dashes and underscores. */
export const CODE_RE = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

const applies = (code: PromoCode, eventId: number, ticketId: number): boolean =>
  (code.eventIds === null || code.eventIds.includes(eventId)) &&
  (code.ticketIds === null || code.ticketIds.includes(ticketId));

/** Whether the code is valid at `now`, leaving uses aside. */
export function timeRefusal(code: PromoCode, now: number): CodeRefusal | null {
  if (code.disabledAt !== null && code.disabledAt <= now) return "expired";
  if (code.validFrom !== null && now < code.validFrom) return "not_yet_valid";
  if (code.validUntil !== null && now >= code.validUntil) return "expired";
  return null;
}

/**
 * What the code takes off the tickets' prices (never the service fee), per event and in all, in the
 * basket's currency. A fixed amount is converted like prices and taken off the tickets it applies to
 * in the order they stand, never below zero; a set price lowers each such ticket to it, never raises it.
 */
export function discountOf(code: PromoCode, events: readonly BasketEventJson[], cur: CurrencyRow): Discount {
  let left = code.kind === "amount" ? fromAed(code.value, cur) : 0;
  const setPrice = code.kind === "price" ? fromAed(code.value, cur) : 0;
  const out: PromoEventDiscount[] = [];
  for (const e of events) {
    let off = 0;
    const ids: number[] = [];
    for (const t of e.tickets) {
      if (!applies(code, e.event.id, t.id)) continue;
      ids.push(t.id);
      const line = t.price * t.count;
      if (code.kind === "percent") off += (line * code.value) / 100;
      else if (code.kind === "price") off += Math.max(0, t.price - setPrice) * t.count;
      else {
        const taken = Math.min(left, line);
        off += taken;
        left -= taken;
      }
    }
    if (ids.length > 0) out.push({ event_id: e.event.id, ticket_ids: ids, discount: roundMoney(off, cur.decimals) });
  }
  return {
    total: roundMoney(
      out.reduce((sum, e) => sum + e.discount, 0),
      cur.decimals,
    ),
    events: out,
  };
}
