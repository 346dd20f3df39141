/**
 * "from AED 150": an event's live lowest price in the selected currency. The number is
 * in `data-value` and the currency in `data-currency` beside the formatted text.
 *
 * The server render shows the build-time price in the build's currency; while the browser
 * has not settled the visitor's currency, `<html data-currency-pending>` makes it look like
 * a placeholder (global.css), so no price in a wrong currency flashes. A price in another
 * currency than the build's waits, as a placeholder (`data-pending`) of the same size,
 * until its live price is known. Each price subscribes to its own event's entry only.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatPrice } from "../core/format";
import { findCurrency } from "../currency/choose-currency";
import { useCurrencyCode } from "../currency/currency-context";
import { usePageLanguage } from "../kernel/site-context";
import { usePriceEntry, usePriceRegister } from "./price-context";
import { shownPrice } from "./shown-price";

export interface LivePriceProps {
  eventSourceId: number;
  /** the build-time "from" price */
  fallbackPrice: number | null;
  fallbackCurrency: string | null;
  className?: string;
}

export function LivePrice({ eventSourceId, fallbackPrice, fallbackCurrency, className }: LivePriceProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { code, currencies } = useCurrencyCode();
  const register = usePriceRegister();
  const entry = usePriceEntry(eventSourceId);

  useEffect(() => register([eventSourceId]), [eventSourceId, register]);

  // every state of the price carries the same identity, so tests and tools can tell which event it is
  const base = { className, "data-testid": "live-price", "data-event-source-id": eventSourceId };
  const format = (value: number, currencyCode: string) =>
    formatPrice(value, currencyCode, lang, findCurrency(currencies, currencyCode)?.decimals ?? 2);
  // unsettled: nothing; a price in another currency: the build's price, greyed, keeps its place
  const placeholder = () => {
    if (!code) return null;
    if (fallbackPrice === null || !fallbackCurrency) return "\u00a0";
    return t("price.from", { price: format(fallbackPrice, fallbackCurrency) });
  };
  const shown = shownPrice(entry, code, fallbackPrice, fallbackCurrency);
  if (shown === "none") return <span {...base} data-value="" />;
  if (shown === "pending")
    return (
      <span {...base} data-pending="true" aria-busy="true">
        {placeholder()}
      </span>
    );
  return (
    <span {...base} data-value={shown.value} data-currency={shown.currency.toUpperCase()}>
      {shown.value === 0 ? (
        t("price.free")
      ) : (
        <bdi>{t("price.from", { price: format(shown.value, shown.currency) })}</bdi>
      )}
    </span>
  );
}
