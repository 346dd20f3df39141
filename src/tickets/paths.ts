/**
 * Reading back what the route module's `href.orderLookup(number, email)` wrote into the
 * lookup page's address (or what a visitor typed into the address bar).
 */
import { href } from "../site/routes";

/**
 * The server's confirmation e-mail still imports this name (server/src/mail/compose.ts);
 * once it calls `href.orderLookup` itself, this line goes.
 */
export const lookupPathFor = href.orderLookup;

/** The number from the query, the e-mail from the fragment; blank when absent. */
export function lookupPrefill(search: string, hash: string): { number: string; email: string } {
  const number = new URLSearchParams(search).get("number")?.trim() ?? "";
  const email = new URLSearchParams(hash.replace(/^#/, "")).get("email")?.trim() ?? "";
  return { number, email };
}
