import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { currencyName } from "../core/format";
import { usePageLanguage } from "../kernel/site-context";
import { useCurrency } from "./currency-context";

/**
 * A native select: keyboard, screen readers and phones handle it well. Each code's full name
 * ("US Dollar", "دولار أمريكي") is its option's title, given once the visitor reaches for the
 * select (pointer, touch or focus) and before the list opens: Intl's currency names cost a
 * page's start-up about 25 ms of a phone's CPU, on every page, for a tooltip.
 */
export function CurrencySwitcher({ className, selectClassName }: { className?: string; selectClassName?: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { code, currencies, setCurrency } = useCurrency();
  const id = useId();
  const [named, setNamed] = useState(false);
  const name = () => setNamed(true);
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
        onPointerEnter={name}
        onTouchStart={name}
        onFocus={name}
        data-testid="currency-switcher"
      >
        {currencies.map((c) => (
          <option
            key={c.code}
            value={c.code.toUpperCase()}
            title={named ? currencyName(c.code, lang, c.title) : undefined}
          >
            {c.code.toUpperCase()}
          </option>
        ))}
      </select>
    </span>
  );
}
