/**
 * "Prices are now in RUB, the currency of this language — Back to AED": the spec's rule lets
 * the language decide the currency while the visitor has not chosen one, so switching to
 * Russian re-prices the basket. It is never done silently: with tickets in the basket, the
 * change is said, with the way back in one click (which becomes the visitor's choice).
 */
import Cookies from "js-cookie";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBasket } from "../basket/basket-context";
import { CURRENCY_COOKIE } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import * as styles from "../tickets/tickets.module.css";

/** The currency the visitor last saw prices in, this tab. */
const SEEN_KEY = "currency_seen";

function seenCurrency(): string | null {
  try {
    return window.sessionStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

function rememberCurrency(code: string): void {
  try {
    window.sessionStorage.setItem(SEEN_KEY, code);
  } catch {
    // storage disabled: no notice next time, nothing worse
  }
}

export function CurrencyChangeNotice(): React.JSX.Element | null {
  const { t } = useTranslation("common");
  const { code, settled, setCurrency } = useCurrency();
  const { count } = useBasket();
  const [previous, setPrevious] = useState<string | null>(null);

  useEffect(() => {
    if (!settled || code === "") return;
    const seen = seenCurrency();
    rememberCurrency(code);
    // only the language's rule changes a currency by itself: a chosen one is in the cookie
    if (seen && seen !== code && !Cookies.get(CURRENCY_COOKIE) && (count ?? 0) > 0) setPrevious(seen);
  }, [code, settled, count]);

  if (!previous || previous === code) return null;
  return (
    <div className={styles.banner} role="status" data-testid="currency-changed">
      <span>{t("currencyChanged.text", { code, previous })}</span>
      <button
        type="button"
        className="btn"
        onClick={() => {
          setCurrency(previous);
          rememberCurrency(previous);
          setPrevious(null);
        }}
      >
        {t("currencyChanged.back", { previous })}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => setPrevious(null)}>
        {t("currencyChanged.keep", { code })}
      </button>
    </div>
  );
}
