/**
 * "from AED 150": an event's live lowest price in the selected currency. The number is
 * in `data-value` and the currency in `data-currency` beside the formatted text.
 *
 * Until the browser has settled the currency (and the server render) it shows a
 * fixed-size placeholder holding the build-time text invisibly, so the layout does not
 * move and no price in a wrong currency flashes.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { formatPrice } from "../i18n/format";
import { priceIn } from "./merge-prices";
import { usePrices } from "./price-context";
import { asLang } from "../core/routes";

export interface LivePriceProps {
  eventSourceId: number;
  /** the build-time "from" price */
  fallbackPrice: number | null;
  fallbackCurrency: string | null;
  className?: string;
}

const placeholderStyle = {
  display: "inline-block",
  minInlineSize: "7.5em",
  borderRadius: "4px",
  background: "rgba(127, 127, 127, 0.18)",
  color: "transparent",
} as const;

export function LivePrice({ eventSourceId, fallbackPrice, fallbackCurrency, className }: LivePriceProps) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { code, settled, currencies } = useCurrency();
  const { prices, done, register } = usePrices();

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
  const placeholder = (
    <span {...base} data-pending="true" aria-busy="true" style={placeholderStyle}>
      {fallbackPrice !== null && fallbackCurrency
        ? t("price.from", { price: formatPrice(fallbackPrice, fallbackCurrency, lang, decimalsOf(fallbackCurrency)) })
        : "\u00a0"}
    </span>
  );

  if (!settled || !code) return placeholder;
  const live = priceIn(prices, eventSourceId, code);
  if (live) {
    if (live.minPrice === null) return <span {...base} data-value="" />;
    return render(live.minPrice, live.currencyCode);
  }
  const hasFallback = fallbackPrice !== null && !!fallbackCurrency;
  const asked = done[eventSourceId] === code;
  if (hasFallback && (fallbackCurrency.toUpperCase() === code || asked)) return render(fallbackPrice, fallbackCurrency);
  if (asked) return <span {...base} data-value="" />;
  return placeholder;
}
