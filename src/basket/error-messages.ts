/** The toast key that says, in the page's language, why a basket change failed. */
import type { BasketApiError } from "../clients/basket-client";

const KEY_BY_CODE: Record<string, string> = {
  not_enough_tickets: "toast.notEnoughTickets",
  over_max_per_order: "toast.overMaxPerOrder",
  event_not_on_sale: "toast.eventNotOnSale",
  hold_cooldown: "toast.holdCooldown",
  session_replaced: "toast.sessionReplaced",
  ticket_not_found: "toast.ticketNotFound",
  unknown_ticket: "toast.ticketNotFound",
  not_found: "toast.ticketNotFound",
};

export function basketErrorKey(error: Pick<BasketApiError, "code" | "network" | "status">): string {
  if (error.network) return "toast.basketUnreachable";
  const known = KEY_BY_CODE[error.code];
  if (known) return known;
  if (error.status !== null && error.status >= 500) return "toast.basketServerError";
  return "toast.basketChangeFailed";
}
