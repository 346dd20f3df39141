/**
 * What a way to pay adds to an order, computed the way the server does: its fee_percent of
 * tickets + service fee, rounded to the currency's minor unit; the amount charged is the
 * three together. Checkout shows these before the order exists; once it does, the order's
 * own total is what every page shows.
 */
import { roundMoney } from "../basket/totals";

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

export function chargeFor(
  total: { price: number; serviceFee: number },
  feePercent: number | null | undefined,
  decimals = 2,
): Charge {
  const fee = paymentFee(total.price, total.serviceFee, feePercent, decimals);
  return {
    price: total.price,
    serviceFee: total.serviceFee,
    paymentFee: fee,
    amount: roundMoney(total.price + total.serviceFee + fee),
  };
}

/** Free tickets: nothing to pay, so no way to pay is asked for and the order is created paid. */
export function isFree(total: { price: number; serviceFee: number; count: number }): boolean {
  return total.count > 0 && roundMoney(total.price + total.serviceFee) === 0;
}
