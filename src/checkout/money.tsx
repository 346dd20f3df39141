/**
 * An amount on the order pages: the formatted text for people, the number in `data-value`
 * for scripts and tests, isolated so an Arabic sentence around it keeps its order.
 */
import type React from "react";
import type { Lang } from "../core/catalogue";
import { formatMoney } from "../core/format";

export function Money({
  value,
  currencyCode,
  lang,
  decimals = 2,
}: {
  value: number;
  currencyCode: string;
  lang: Lang;
  decimals?: number;
}): React.JSX.Element {
  return (
    <bdi data-value={value} data-currency={currencyCode.toUpperCase()}>
      {formatMoney(value, currencyCode, lang, decimals)}
    </bdi>
  );
}
