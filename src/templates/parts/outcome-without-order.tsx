/**
 * What the outcome pages (order success, order fail, the return from payment) show while the
 * order in their address is not the one they are about. Each explains a visit without an
 * order in the same words of its own: `<page>.emptyTitle`, `.emptyHeading` and `.emptyText`.
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import { OrderOutcomeFallback } from "../../app/order-outcome";
import { EmptyOutcome, type WayForward } from "../../checkout/outcome-parts";
import type { OrderView } from "../../checkout/use-order";
import type { Order } from "../../core/order";

export function OutcomeWithoutOrder({
  page,
  view,
  onRetry,
  more,
  ready,
  children,
}: {
  /** the prefix of the page's texts */
  page: "order.success" | "order.fail" | "payment.success";
  view: OrderView;
  onRetry(): void;
  /** ways forward without an order, after the events */
  more?: readonly WayForward[];
  /** an order in another state than the page is about */
  ready?: (order: Order) => React.ReactNode;
  /** more words for a visit without an order */
  children?: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <OrderOutcomeFallback
      title={t(`${page}.emptyTitle`)}
      view={view}
      onRetry={onRetry}
      empty={
        <EmptyOutcome heading={t(`${page}.emptyHeading`)} text={t(`${page}.emptyText`)} more={more} contacts>
          {children}
        </EmptyOutcome>
      }
      ready={ready}
    />
  );
}
