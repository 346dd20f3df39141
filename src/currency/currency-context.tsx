/**
 * The selected currency.
 *
 * The server render cannot see the visitor's cookie, so it renders with what the rule
 * gives without one; the first browser render does the same (no hydration mismatch), and
 * an effect then applies the rule with the cookie and marks the choice `settled`. Prices
 * wait for `settled` (showing a fixed-size placeholder), so no wrong figure flashes.
 */
import Cookies from "js-cookie";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Currency, Lang } from "../core/catalogue";
import { useLanding } from "../catalogue/use-landing";
import { chooseCurrency, CURRENCY_COOKIE, findCurrency } from "./choose-currency";

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

const CurrencyContext = createContext<CurrencyValue | null>(null);

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
    setSelected(chooseCurrency({ ...rule, cookie: Cookies.get(CURRENCY_COOKIE) }));
    setSettled(true);
  }, [rule]);

  const setCurrency = useCallback(
    (code: string) => {
      const next = findCurrency(landing.currencies, code);
      if (!next) return;
      Cookies.set(CURRENCY_COOKIE, next.code.toUpperCase(), { path: "/", expires: COOKIE_DAYS, sameSite: "lax" });
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
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error("useCurrency() must be used inside <CurrencyProvider>");
  return value;
}
