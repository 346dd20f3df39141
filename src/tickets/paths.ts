/**
 * Reading back what the route module's `href.orderLookup(number, email)` wrote into the
 * lookup page's address (or what a visitor typed into the address bar).
 */

/** The number from the query, the e-mail from the fragment; blank when absent. */
export function lookupPrefill(search: string, hash: string): { number: string; email: string } {
  const number = new URLSearchParams(search).get("number")?.trim() ?? "";
  const email = new URLSearchParams(hash.replace(/^#/, "")).get("email")?.trim() ?? "";
  return { number, email };
}
