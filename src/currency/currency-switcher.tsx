import { useId } from "react";
import { useTranslation } from "react-i18next";
import { currencyName } from "../core/format";
import { useCurrency } from "./currency-context";
import { asLang } from "../core/routes";

/** A native select: keyboard, screen readers and phones handle it well. */
export function CurrencySwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { code, currencies, setCurrency } = useCurrency();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t("currency.label")}
      </label>
      <select id={id} value={code} onChange={(e) => setCurrency(e.target.value)} data-testid="currency-switcher">
        {currencies.map((c) => (
          <option key={c.code} value={c.code.toUpperCase()} title={currencyName(c.code, lang, c.title)}>
            {c.code.toUpperCase()}
          </option>
        ))}
      </select>
    </span>
  );
}
