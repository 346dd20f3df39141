/**
 * Every amount the site shows goes through here, in the page's language: `<Money>` for an
 * amount on its own (the formatted text for people, the number in `data-value` and the
 * currency in `data-currency` for scripts and tests, isolated so a right-to-left sentence
 * around it keeps its order), and `useMoneyText()` for an amount inside a translated sentence.
 * (An event's "from" price is the live price's own: src/prices/live-price.tsx.)
 */
import type React from "react";
import { formatMoney } from "../core/format";
import { usePageLanguage } from "../kernel/site-context";

export interface MoneyProps {
  value: number;
  currencyCode: string;
  /** the currency's minor units (2 unless the currency says otherwise) */
  decimals?: number;
  testId?: string;
  className?: string;
}

export function Money({ value, currencyCode, decimals = 2, testId, className }: MoneyProps): React.JSX.Element {
  const text = useMoneyText();
  return (
    <bdi className={className} data-testid={testId} data-value={value} data-currency={currencyCode.toUpperCase()}>
      {text(value, currencyCode, decimals)}
    </bdi>
  );
}

/** An amount as text, for a sentence that has it in the middle. */
export type MoneyText = (value: number, currencyCode: string, decimals?: number) => string;

/** The amount exactly, in the page's language. */
export function useMoneyText(): MoneyText {
  const lang = usePageLanguage();
  return (value, currencyCode, decimals = 2) => formatMoney(value, currencyCode, lang, decimals);
}
