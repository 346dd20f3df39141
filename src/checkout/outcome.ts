/**
 * Where a visitor goes once the server has answered: after the order is created, and
 * after a payment attempt. Paths are without the language prefix (the page's i18n
 * navigate adds it) and with the trailing slash the site always uses.
 */
import type { AcquisitionType } from "../catalogue/types";
import { paysOnline } from "./acquisitions";

export type OrderStatus = "awaiting_payment" | "paid" | "failed" | "cancelled";

export type FailReason = "declined" | "cancelled";

function withOrder(path: string, orderId: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ order: orderId, ...extra });
  return `${path}?${query.toString()}`;
}

export function payPath(orderId: string): string {
  return `/order/pay/${encodeURIComponent(orderId)}/`;
}

export function billPath(orderId: string): string {
  return `/order/bill/${encodeURIComponent(orderId)}/`;
}

/** Just created: card-like ways go to the pay page; bank transfer and cash complete later. */
export function pathAfterOrderCreated(orderId: string, acquisitionType: AcquisitionType): string {
  return paysOnline(acquisitionType) ? payPath(orderId) : withOrder("/order/success/", orderId);
}

/** After the sandbox acquirer answered: approved -> payment success, declined -> order fail. */
export function pathAfterPayment(orderId: string, status: OrderStatus): string {
  switch (status) {
    case "paid":
      return withOrder("/payment/success/", orderId);
    case "failed":
      return withOrder("/order/fail/", orderId, { reason: "declined" });
    case "cancelled":
      return withOrder("/order/fail/", orderId, { reason: "cancelled" });
    case "awaiting_payment":
      return payPath(orderId);
  }
}

/** An order id from "?order=..." (outcome pages); null when absent or blank. */
export function orderIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get("order")?.trim();
  return id ? id : null;
}

export function failReasonFromSearch(search: string): FailReason | null {
  const reason = new URLSearchParams(search).get("reason");
  return reason === "declined" || reason === "cancelled" ? reason : null;
}

/**
 * The order id of a client-only route: "/ru/order/pay/abc/" -> "abc" for "pay". Takes the
 * first segment after /order/<section>/ ("any sub-path accepted": /order/pay/abc/extra/
 * is still order abc). The English bill also lives under /en/order/bill/.
 */
export function orderIdFromPath(pathname: string, section: "pay" | "bill"): string | null {
  const segments = pathname.split("/").filter(Boolean);
  const at = segments.findIndex((s, i) => s === "order" && segments[i + 1] === section);
  if (at === -1) return null;
  const raw = segments[at + 2];
  if (!raw) return null;
  try {
    const id = decodeURIComponent(raw).trim();
    return id === "" ? null : id;
  } catch {
    return null;
  }
}
