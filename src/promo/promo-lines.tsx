/**
 * A promo code's lines, the same in the basket, beside checkout, on every order page and on the
 * bill: the code itself, what it takes off each event (when there are several) and in all (negative amounts through the
 * project's money formatter). Each line is a label and a value; by default a `<dt>`/`<dd>` pair for
 * the `<dl>` grids of the basket and the order summary, or whatever `row` makes of it (the bill's
 * table rows). The code and event titles are isolated, so Latin text keeps its order in Arabic.
 */
import type React from "react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "../components/money";
import type { BasketEventGroup, PromoEventDiscount } from "../core/order";

/** What the lines show: an order's promo, or a basket's code that applies. */
export interface PromoAmounts {
  code: string;
  discount: number;
  events: readonly PromoEventDiscount[];
}

/** One line: its label, its value and the test id of the value. */
export type PromoRow = (line: { label: React.ReactNode; value: React.ReactNode; testId: string }) => React.ReactNode;

const definitionRow: PromoRow = ({ label, value, testId }) => (
  <>
    <dt>{label}</dt>
    <dd data-testid={testId}>{value}</dd>
  </>
);

// a character no title has, to cut the translated sentence where the isolated title goes
const SLOT = "\u2063";

export function PromoLines({
  promo,
  currencyCode,
  decimals,
  events = [],
  showCode = true,
  row = definitionRow,
}: {
  promo: PromoAmounts;
  currencyCode: string;
  decimals?: number;
  /** the basket's or order's events: with more than one, a line per event the code takes something off */
  events?: readonly BasketEventGroup[];
  /** false where the code is shown already (the basket's panel, with its remove button) */
  showCode?: boolean;
  row?: PromoRow;
}): React.JSX.Element {
  const { t } = useTranslation();
  const off = (value: number) => <Money value={-value} currencyCode={currencyCode} decimals={decimals} />;
  const [before, after] = t("promo.onEvent", { title: SLOT }).split(SLOT);
  const lines = [
    showCode ? { key: "code", label: t("promo.title"), value: <bdi>{promo.code}</bdi>, testId: "promo-code" } : null,
    ...(events.length > 1
      ? promo.events.map((e) => ({
          key: `event-${e.eventId}`,
          label: (
            <>
              {before}
              <bdi>{events.find((g) => g.event.id === e.eventId)?.event.title ?? ""}</bdi>
              {after}
            </>
          ),
          value: off(e.discount),
          testId: "promo-event-discount",
        }))
      : []),
    { key: "total", label: t("promo.discount"), value: off(promo.discount), testId: "promo-discount" },
  ];
  return (
    <>
      {lines.map((line) =>
        line ? (
          <Fragment key={line.key}>{row({ label: line.label, value: line.value, testId: line.testId })}</Fragment>
        ) : null,
      )}
    </>
  );
}
