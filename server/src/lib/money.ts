import type { CurrencyRow } from "../db/repositories/catalogue-repository";

/** Converts an AED amount at the currency's fixed rate, rounded to its decimals. */
export function fromAed(amountAed: number, currency: CurrencyRow): number {
  const f = 10 ** currency.decimals;
  return Math.round(amountAed * currency.rate * f) / f;
}

/** Sums money without binary noise (0.1 + 0.2), at the currency's decimals. */
export function roundMoney(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
