/**
 * The basket server's refusals of an order or a payment, explained to the visitor.
 *
 * The server answers {detail, code} with a stable code (basket.openapi.yaml). Each code
 * becomes a message key in the `forms` namespace, the form field it concerns (shown
 * beside that field), and what the page should do next.
 */
import type { BuyerField } from "./buyer-form";

export type ErrorAction =
  /** stay on the form: the visitor can correct it */
  | "fix"
  /** the basket is not what was shown: back to the cart, with the reason */
  | "back-to-cart"
  /** the promo code no longer applies: the basket is read again (its total without the discount), the form stays */
  | "reload-basket"
  /** the order was already paid: show its tickets */
  | "show-paid"
  /** the order is not this visitor's or does not exist */
  | "not-found"
  /** network or server trouble: the same request may be tried again */
  | "retry"
  /** the order cannot be paid (any more) on the acquirer's page: read it again */
  | "reload-order";

export interface ExplainedError {
  key: string;
  field?: BuyerField | "acquisition";
  action: ErrorAction;
}

const BY_CODE: Record<string, ExplainedError> = {
  invalid_name: { key: "checkout.validation.nameInvalid", field: "name", action: "fix" },
  invalid_email: { key: "checkout.validation.emailInvalid", field: "email", action: "fix" },
  invalid_phone: { key: "checkout.validation.phoneInvalid", field: "phone", action: "fix" },
  unknown_acquisition: { key: "checkout.errors.unknownAcquisition", field: "acquisition", action: "fix" },
  currency_not_accepted: { key: "checkout.errors.currencyNotAccepted", field: "acquisition", action: "fix" },
  basket_empty: { key: "checkout.errors.basketEmpty", action: "back-to-cart" },
  not_enough_tickets: { key: "checkout.errors.notEnoughTickets", action: "back-to-cart" },
  over_max_per_order: { key: "checkout.errors.overLimit", action: "back-to-cart" },
  over_limit: { key: "checkout.errors.overLimit", action: "back-to-cart" },
  // the limits against scalpers (server/README.md, "Limits"): the visitor can change the basket from the form
  buyer_event_limit: { key: "checkout.errors.buyerEventLimit", action: "fix" },
  client_day_limit: { key: "checkout.errors.clientDayLimit", action: "fix" },
  free_limit: { key: "checkout.errors.freeLimit", action: "fix" },
  offline_limit: { key: "checkout.errors.offlineLimit", field: "acquisition", action: "fix" },
  too_many_emails: { key: "checkout.errors.tooManyEmails", action: "fix" },
  // a fresh captcha is solved for the next try; the visitor only presses the button again
  // an order made with a code that stopped applying since the basket was shown (contract 2.3)
  promo_not_yet_valid: { key: "promo.refusal.not_yet_valid", action: "reload-basket" },
  promo_expired: { key: "promo.refusal.expired", action: "reload-basket" },
  promo_used_up: { key: "promo.refusal.used_up", action: "reload-basket" },
  promo_not_applicable: { key: "promo.refusal.not_applicable", action: "reload-basket" },
  captcha_invalid: { key: "checkout.errors.captcha", action: "retry" },
  too_many_requests: { key: "checkout.errors.tooManyRequests", action: "retry" },
  already_paid: { key: "payment.errors.alreadyPaid", action: "show-paid" },
  not_payable: { key: "payment.errors.notPayable", action: "reload-order" },
  not_card_payable: { key: "payment.errors.notCardPayable", action: "reload-order" },
  attempts_exhausted: { key: "payment.errors.attemptsExhausted", action: "reload-order" },
  too_many_attempts: { key: "payment.errors.tooManyAttempts", action: "retry" },
};

/**
 * @param status HTTP status, or 0 when the request never got an answer
 * @param code the server's machine code, when it sent one
 */
export function explainServerError(status: number, code: string | null | undefined): ExplainedError {
  const known = code ? BY_CODE[code] : undefined;
  if (known) return known;
  if (status === 404) return { key: "order.errors.notFound", action: "not-found" };
  if (status === 409) return { key: "checkout.errors.notEnoughTickets", action: "back-to-cart" };
  if (status === 403) return { key: "checkout.errors.forbidden", action: "retry" };
  if (status >= 400 && status < 500) return { key: "checkout.errors.rejected", action: "fix" };
  return { key: "checkout.errors.unavailable", action: "retry" };
}

/** Codes that send the visitor back to the cart, passed there as `?reason=`. */
export function isCartReason(
  code: string | null,
): code is "basket_empty" | "not_enough_tickets" | "over_limit" | "over_max_per_order" {
  return (
    code === "basket_empty" || code === "not_enough_tickets" || code === "over_limit" || code === "over_max_per_order"
  );
}
