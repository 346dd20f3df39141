/**
 * The page of an order's outcome (paid, waiting for a payment made elsewhere, failed, not
 * completed): the mark, the heading, why it did not go through, the order number, the
 * page's own next steps, the order's summary beside them and, once issued, the tickets.
 */
import type React from "react";
import { PageShell } from "../app/page-shell";
import type { Order } from "../core/order";
import { orderIdFromSearch } from "../core/routes";
import { TicketCards } from "../tickets/ticket-cards";
import { OrderNumber, OrderSummaryAside } from "./outcome-parts";
import type { UrlLike } from "./use-order";
import * as styles from "./checkout.module.css";

/** Where the outcome pages that are reached after paying find their order: `?order=<id>`. */
export const searchOrderId = (location: UrlLike): string | null => orderIdFromSearch(location.search);

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
