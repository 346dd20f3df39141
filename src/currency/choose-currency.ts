/**
 * The selected currency, decided in this order:
 *  1. the theme shows currencies, the page's language maps to a currency, and no
 *     currency cookie is set → that currency;
 *  2. otherwise the cookie's currency, if it is in the list;
 *  3. otherwise the rouble;
 *  4. otherwise the first currency.
 * Codes are compared case-insensitively; languages too.
 */
import type { Currency } from "../core/catalogue";

const ROUBLE_CODE = "RUB";
/** the cookie the switcher sets (path /) */
export const CURRENCY_COOKIE = "currency";

/**
 * A cookie's value in a `document.cookie` string ("a=1; currency=RUB"), decoded as js-cookie
 * writes it; undefined when it is not set. Reading needs no library at start-up: js-cookie
 * loads when the switcher writes the cookie.
 */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw.replace(/^"(.*)"$/, "$1"));
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CurrencyRuleInput {
  currencies: readonly Currency[];
  /** currency code -> languages that default to it */
  languageCurrency: Readonly<Record<string, readonly string[]>>;
  showCurrencies: boolean;
  language: string;
  /** the currency cookie's value; undefined (or empty) when not set */
  cookie: string | null | undefined;
}

function sameCode(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

export function findCurrency(currencies: readonly Currency[], code: string): Currency | undefined {
  return currencies.find((c) => sameCode(c.code, code));
}

/** The currency of the list that the language defaults to, if any. */
export function currencyForLanguage(
  currencies: readonly Currency[],
  languageCurrency: Readonly<Record<string, readonly string[]>>,
  language: string,
): Currency | undefined {
  const lang = language.toLowerCase();
  for (const [code, languages] of Object.entries(languageCurrency)) {
    if (!languages.some((l) => l.toLowerCase() === lang)) continue;
    const currency = findCurrency(currencies, code);
    if (currency) return currency;
  }
  return undefined;
}

export function chooseCurrency(input: CurrencyRuleInput): Currency | null {
  const { currencies, cookie } = input;
  const hasCookie = typeof cookie === "string" && cookie.trim() !== "";
  if (input.showCurrencies && !hasCookie) {
    const mapped = currencyForLanguage(currencies, input.languageCurrency, input.language);
    if (mapped) return mapped;
  }
  if (hasCookie) {
    const fromCookie = findCurrency(currencies, cookie);
    if (fromCookie) return fromCookie;
  }
  return findCurrency(currencies, ROUBLE_CODE) ?? currencies[0] ?? null;
}
