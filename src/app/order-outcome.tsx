/**
 * The frames of the order pages, in the shell since they put a page in the layout: an order's
 * outcome (paid, waiting for a payment made elsewhere, failed, not completed) with the mark,
 * the heading, why it did not go through, the order number, the page's own next steps, the
 * order's summary beside them and, once issued, the tickets; and the page while its order is
 * not (or not yet) the one it is about.
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import { LoadError, LoadingShell, OrderNotFound, OrderNumber, OrderSummaryAside } from "../checkout/outcome-parts";
import type { OrderView } from "../checkout/use-order";
import type { Order } from "../core/order";
import { TicketCards } from "../tickets/ticket-cards";
import { PageShell } from "./page-shell";
import * as styles from "../checkout/checkout.module.css";

export function OrderOutcome({
  order,
  mark,
  heading,
  lead,
  reason,
  outcome,
  tickets = false,
  children,
}: {
  order: Order;
  mark: React.ReactNode;
  heading: string;
  lead?: string;
  /** why the payment did not go through: an error when trying again can help, else a notice */
  reason?: { text: string; tone: "error" | "info" };
  /** `data-outcome` of the page, for the pages that show several */
  outcome?: string;
  /** the ticket cards below (an order whose tickets are issued or on their way) */
  tickets?: boolean;
  children?: React.ReactNode;
}): React.JSX.Element {
  return (
    <PageShell className={styles.page} data-outcome={outcome}>
      {mark}
      <h1>{heading}</h1>
      {lead !== undefined && <p className={styles.lead}>{lead}</p>}
      <div className={styles.grid}>
        <div>
          {reason && (
            <div
              className={`${styles.alert} ${reason.tone === "error" ? styles.alertError : styles.alertInfo}`}
              role="alert"
              data-testid="fail-reason"
            >
              <p>{reason.text}</p>
            </div>
          )}
          <OrderNumber number={order.number} />
          {children}
        </div>
        <OrderSummaryAside order={order} />
      </div>
      {tickets && <TicketCards order={order} />}
    </PageShell>
  );
}

/**
 * An outcome page while its order is not (or not yet) the one it is about: loading, no
 * order in the address (a direct visit: `empty`), someone else's or an unknown order, a
 * failed load, or an order in another state (`ready`).
 */
export function OrderOutcomeFallback({
  title,
  view,
  onRetry,
  empty,
  ready,
}: {
  title: string;
  view: OrderView;
  onRetry(): void;
  empty: React.ReactNode;
  ready?: (order: Order) => React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  let body: React.ReactNode;
  switch (view.kind) {
    case "pending":
    case "loading":
      body = <LoadingShell text={t("order.loading")} />;
      break;
    case "none":
      body = empty;
      break;
    case "not-found":
      body = <OrderNotFound />;
      break;
    case "error":
      body = <LoadError onRetry={onRetry} />;
      break;
    case "ready":
      body = ready?.(view.order) ?? null;
      break;
  }
  return (
    <PageShell className={styles.page}>
      <h1>{title}</h1>
      {body}
    </PageShell>
  );
}
