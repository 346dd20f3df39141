import type { CurrencyRow } from "../catalogue/catalogue-repository";
import { badRequest } from "./errors";

/** The one currency lookup: by code, in any case (the catalogue keys its currencies upper-case). */
export function currencyOf(currencies: ReadonlyMap<string, CurrencyRow>, code: string): CurrencyRow | undefined {
  return currencies.get(code.toUpperCase());
}

/** The currency a request names; an unknown code is the contract's 400 unknown_currency. */
export function findCurrency(currencies: ReadonlyMap<string, CurrencyRow>, code: string): CurrencyRow {
  const c = currencyOf(currencies, code);
  if (!c)
    throw badRequest(
      `unknown currency "${code.slice(0, 20)}"; known: ${[...currencies.keys()].join(", ")}`,
      "unknown_currency",
    );
  return c;
}

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
