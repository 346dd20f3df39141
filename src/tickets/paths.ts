/**
 * The addresses of the ticket pages with their query and fragment, built on the route
 * module's paths (without the language prefix). The server's confirmation e-mail builds
 * its links with them too.
 */
import { href } from "../site/routes";

export const ORDER_LOOKUP_PATH = href.orderLookup();
export const MY_ORDERS_PATH = href.myOrders();
export const TICKETS_PRINT_PATH = href.orderTickets();

export function ticketsPrintPath(orderId: string): string {
  return `${TICKETS_PRINT_PATH}?${new URLSearchParams({ order: orderId }).toString()}`;
}

/**
 * The lookup page filled in for one order. The e-mail address goes in the fragment, which
 * browsers never send to a server, so it stays out of access logs and Referer headers.
 */
export function lookupPathFor(number: string, email?: string): string {
  const query = `?${new URLSearchParams({ number }).toString()}`;
  return `${ORDER_LOOKUP_PATH}${query}${email ? `#${new URLSearchParams({ email }).toString()}` : ""}`;
}

/** Reads what lookupPathFor wrote (or what a visitor typed into the address bar). */
export function lookupPrefill(search: string, hash: string): { number: string; email: string } {
  const number = new URLSearchParams(search).get("number")?.trim() ?? "";
  const email = new URLSearchParams(hash.replace(/^#/, "")).get("email")?.trim() ?? "";
  return { number, email };
}
