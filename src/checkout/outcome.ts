/**
 * Where a visitor goes once the server has answered: after the order is created, and
 * when the acquirer sends the browser back. Paths come from the route module, without the
 * language prefix (the page's i18n navigate adds it).
 */
import type { AcquisitionType } from "../core/catalogue";
import type { Order, OrderStatus } from "../core/order";
import { type FailReason, href, orderIdFromSearch, refusalFromSearch } from "../core/routes";
import { paysOnline } from "./acquisitions";
import type { UrlLike } from "./use-order";

export type { FailReason };

/**
 * Just created: a free order is already paid (its tickets); card-like ways go to the pay
 * page; bank transfer and cash complete later ("what happens next").
 */
export function pathAfterOrderCreated(
  order: Pick<Order, "id" | "status">,
  acquisitionType: AcquisitionType | null,
): string {
  if (order.status === "paid") return href.paymentSuccess(order.id);
  return acquisitionType && paysOnline(acquisitionType) ? href.orderPay(order.id) : href.orderSuccess(order.id);
}

/** Where "show this order" leads for an order in a given state. */
export function pathAfterPayment(orderId: string, status: OrderStatus): string {
  switch (status) {
    case "paid":
      return href.paymentSuccess(orderId);
    case "failed":
      return href.orderFail(orderId, "declined");
    case "cancelled":
      return href.orderFail(orderId, "cancelled");
    case "expired":
    case "awaiting_payment":
      return href.orderPay(orderId);
  }
}

/**
 * Back from the acquirer, what the order's own status says (the address is not trusted):
 * the acquirer may report a moment after the browser arrives, so "awaiting payment" is
 * first a short wait, polled, and only then "not completed".
 */
export type ReturnOutcome = "paid" | "failed" | "expired" | "cancelled" | "waiting" | "not-completed";

/** How long the return page keeps asking while the order still awaits payment. */
export const RETURN_POLL_LIMIT_MS = 20_000;
export const RETURN_POLL_INTERVAL_MS = 1_500;

export function returnOutcome(status: OrderStatus, waitedMs: number): ReturnOutcome {
  switch (status) {
    case "paid":
    case "failed":
    case "expired":
    case "cancelled":
      return status;
    case "awaiting_payment":
      return waitedMs < RETURN_POLL_LIMIT_MS ? "waiting" : "not-completed";
  }
}

/**
 * Back from the acquirer: the fail page when the acquirer said it refused or the order's last
 * attempt failed; null when the return page itself has something to say (paid, waiting, expired).
 */
export function failPathOnReturn(orderId: string, search: string, status: OrderStatus | null): string | null {
  const said = refusalFromSearch(search);
  if (said && status !== "paid") return href.orderFail(orderId, said);
  if (status === "failed") return href.orderFail(orderId, "declined");
  return null;
}

/** Where the outcome pages that are reached after paying find their order: `?order=<id>`. */
export const searchOrderId = (location: UrlLike): string | null => orderIdFromSearch(location.search);
