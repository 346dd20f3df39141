/**
 * The selected currency.
 *
 * The server render cannot see the visitor's cookie, so it renders with what the rule
 * gives without one; the first browser render does the same (no hydration mismatch), and
 * an effect then applies the rule with the cookie and marks the choice `settled`.
 *
 * Prices are rendered in the build's currency from the start. Until the choice is settled,
 * `<html data-currency-pending>` (written by gatsby-ssr) makes them look like placeholders
 * (global.css), so no wrong figure flashes; settling removes the attribute. When the
 * visitor's currency is the one the page was built with, settling re-renders no price at
 * all: prices read the code from a context of its own (`useCurrencyCode`), which changes
 * only with the currency, not with `settled`.
 */
import { type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLanding } from "../catalogue/use-landing";
import type { Currency, Lang } from "../core/catalogue";
import { sharedContext } from "../kernel/shared-contexts";
import { CURRENCY_COOKIE, chooseCurrency, cookieValue, findCurrency } from "./choose-currency";

export interface CurrencyValue {
  /** the selected currency (null only if the landing lists none) */
  currency: Currency | null;
  /** its code in upper case ("AED"), "" when none */
  code: string;
  /** false until the browser has applied the rule with the cookie */
  settled: boolean;
  currencies: Currency[];
  /** the theme shows the switcher */
  showCurrencies: boolean;
  /** the switcher: sets the cookie (path /) and re-prices the page */
  setCurrency(code: string): void;
}

const CurrencyContext = sharedContext<CurrencyValue | null>(null);

/** The selected currency's code and the list, without `settled`: what a price needs. */
export interface CurrencyCode {
  code: string;
  currencies: Currency[];
}

const CurrencyCodeContext = sharedContext<CurrencyCode | null>(null);

const COOKIE_DAYS = 365;

export function CurrencyProvider({ language, children }: { language: Lang; children: ReactNode }) {
  const landing = useLanding();
  const rule = useMemo(
    () => ({
      currencies: landing.currencies,
      languageCurrency: landing.languageCurrency,
      showCurrencies: landing.showCurrencies,
      language,
    }),
    [landing, language],
  );
  const [currency, setSelected] = useState<Currency | null>(() => chooseCurrency({ ...rule, cookie: undefined }));
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    const chosen = chooseCurrency({ ...rule, cookie: cookieValue(document.cookie, CURRENCY_COOKIE) });
    // a transition: the prices it re-renders take turns with the rest of the page's start
    startTransition(() => {
      setSelected(chosen);
      setSettled(true);
    });
  }, [rule]);

  // after the commit that shows the prices in the settled currency: prices look like prices
  useEffect(() => {
    if (settled) delete document.documentElement.dataset.currencyPending;
  }, [settled]);

  const setCurrency = useCallback(
    (code: string) => {
      const next = findCurrency(landing.currencies, code);
      if (!next) return;
      // js-cookie comes with the visitor's first switch, not with every page; the prices change at once
      void import("js-cookie").then(({ default: Cookies }) =>
        Cookies.set(CURRENCY_COOKIE, next.code.toUpperCase(), { path: "/", expires: COOKIE_DAYS, sameSite: "lax" }),
      );
      setSelected(next);
      setSettled(true);
    },
    [landing.currencies],
  );

  const value = useMemo<CurrencyValue>(
    () => ({
      currency,
      code: currency ? currency.code.toUpperCase() : "",
      settled,
      currencies: landing.currencies,
      showCurrencies: landing.showCurrencies,
      setCurrency,
    }),
    [currency, settled, landing, setCurrency],
  );
  const codeValue = useMemo<CurrencyCode>(
    () => ({ code: value.code, currencies: landing.currencies }),
    [value.code, landing.currencies],
  );
  return (
    <CurrencyContext.Provider value={value}>
      <CurrencyCodeContext.Provider value={codeValue}>{children}</CurrencyCodeContext.Provider>
    </CurrencyContext.Provider>
  );
}

/** The selected currency's code only: re-renders on a change of currency, not when it settles. */
export function useCurrencyCode(): CurrencyCode {
  const value = useContext(CurrencyCodeContext);
  if (!value) throw new Error("useCurrencyCode() must be used inside <CurrencyProvider>");
  return value;
}

export function useCurrency(): CurrencyValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error("useCurrency() must be used inside <CurrencyProvider>");
  return value;
}
