/**
 * What a way to pay adds to an order, computed the way the server does: its fee_percent of
 * tickets + service fee less a promo code's discount, rounded to the currency's minor unit; the
 * amount charged is the three together less the discount. Checkout shows these before the order exists; once it does, the order's
 * own total is what every page shows.
 */
import { roundMoney } from "../basket/totals";
import type { Basket, BasketPromo } from "../core/order";

/** Rounds half away from zero to `decimals` places; the epsilon keeps 1.005 from becoming 1.00. */
export function roundToMinorUnit(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  return (Math.sign(value) * Math.round(scaled + scaled * Number.EPSILON)) / factor;
}

export function paymentFee(
  price: number,
  serviceFee: number,
  feePercent: number | null | undefined,
  decimals = 2,
): number {
  if (!feePercent || feePercent <= 0) return 0;
  return roundToMinorUnit(((price + serviceFee) * feePercent) / 100, decimals);
}

export interface Charge {
  price: number;
  serviceFee: number;
  paymentFee: number;
  /** what is charged */
  amount: number;
}

/** The basket's totals with what its promo code takes off the price (0 without one). */
export interface ChargeBase {
  price: number;
  serviceFee: number;
  discount?: number;
}

/** The basket's code while it takes something off; a refused one takes nothing (kept off the start-up code). */
export function appliedPromo(basket: Basket): BasketPromo | undefined {
  return basket.promo && basket.promo.refusal === null ? basket.promo : undefined;
}

/** The basket's totals with what its code takes off now. */
export function basketCharge<T extends { price: number; serviceFee: number }>(
  total: T,
  basket: Basket,
): T & { discount: number } {
  return { ...total, discount: appliedPromo(basket)?.discount ?? 0 };
}

export function chargeFor(total: ChargeBase, feePercent: number | null | undefined, decimals = 2): Charge {
  const price = roundMoney(total.price - (total.discount ?? 0));
  const fee = paymentFee(price, total.serviceFee, feePercent, decimals);
  return {
    price: total.price,
    serviceFee: total.serviceFee,
    paymentFee: fee,
    amount: roundMoney(price + total.serviceFee + fee),
  };
}

/** Free tickets (or a code that takes all): nothing to pay, no way to pay asked for, the order is created paid. */
export function isFree(total: ChargeBase & { count: number }): boolean {
  return total.count > 0 && roundMoney(total.price + total.serviceFee - (total.discount ?? 0)) === 0;
}
