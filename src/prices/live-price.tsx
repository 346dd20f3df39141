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
  const { price: live, doneIn } = usePriceEntry(eventSourceId);

  useEffect(() => register([eventSourceId]), [eventSourceId, register]);

  // every state of the price carries the same identity, so tests and tools can tell which event it is
  const base = { className, "data-testid": "live-price", "data-event-source-id": eventSourceId };
  const decimalsOf = (currencyCode: string) => findCurrency(currencies, currencyCode)?.decimals ?? 2;
  const render = (value: number, currencyCode: string) => (
    <span {...base} data-value={value} data-currency={currencyCode.toUpperCase()}>
      {value === 0 ? (
        t("price.free")
      ) : (
        <bdi>{t("price.from", { price: formatPrice(value, currencyCode, lang, decimalsOf(currencyCode)) })}</bdi>
      )}
    </span>
  );

  if (!code) return <span {...base} data-pending="true" aria-busy="true" />;
  if (live && live.currencyCode.toUpperCase() === code) {
    if (live.minPrice === null) return <span {...base} data-value="" />;
    return render(live.minPrice, live.currencyCode);
  }
  const hasFallback = fallbackPrice !== null && !!fallbackCurrency;
  const asked = doneIn === code;
  if (hasFallback && (fallbackCurrency.toUpperCase() === code || asked)) return render(fallbackPrice, fallbackCurrency);
  if (asked) return <span {...base} data-value="" />;
  return (
    <span {...base} data-pending="true" aria-busy="true">
      {hasFallback
        ? t("price.from", { price: formatPrice(fallbackPrice, fallbackCurrency, lang, decimalsOf(fallbackCurrency)) })
        : "\u00a0"}
    </span>
  );
}
