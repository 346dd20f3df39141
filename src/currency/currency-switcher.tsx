import { useId } from "react";
import { useTranslation } from "react-i18next";
import { usePageLanguage } from "../app/site-context";
import { currencyName } from "../core/format";
import { useCurrency } from "./currency-context";

/** A native select: keyboard, screen readers and phones handle it well. */
export function CurrencySwitcher({ className, selectClassName }: { className?: string; selectClassName?: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { code, currencies, setCurrency } = useCurrency();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t("currency.label")}
      </label>
      <select
        className={selectClassName}
        id={id}
        value={code}
        onChange={(e) => setCurrency(e.target.value)}
        data-testid="currency-switcher"
      >
        {currencies.map((c) => (
          <option key={c.code} value={c.code.toUpperCase()} title={currencyName(c.code, lang, c.title)}>
            {c.code.toUpperCase()}
          </option>
        ))}
      </select>
    </span>
  );
}
