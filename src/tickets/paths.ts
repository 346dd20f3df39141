/**
 * The addresses this feature adds, without the language prefix and with the site's
 * trailing slash. They belong in the site's one route module; until that exists they live
 * here, and the server's confirmation e-mail builds its link with them too.
 */
export const ORDER_LOOKUP_PATH = "/order/lookup/";
export const MY_ORDERS_PATH = "/orders/";
/** The printable tickets of an order: /order/tickets/?order=<id>, like the outcome pages. */
export const TICKETS_PRINT_PATH = "/order/tickets/";

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
