import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { explainServerError, isCartReason } from "../../src/checkout/server-errors";

describe("the server's refusals, explained", () => {
  it("puts 400s about the buyer beside the field concerned", () => {
    assert.deepEqual(explainServerError(400, "invalid_email"), {
      key: "checkout.validation.emailInvalid",
      field: "email",
      action: "fix",
    });
    assert.equal(explainServerError(400, "invalid_name").field, "name");
    assert.equal(explainServerError(400, "invalid_phone").field, "phone");
  });
  it("asks for another way to pay when the chosen one is refused", () => {
    assert.equal(explainServerError(400, "unknown_acquisition").field, "acquisition");
    assert.equal(explainServerError(400, "currency_not_accepted").key, "checkout.errors.currencyNotAccepted");
  });
  it("asks to press again after a refused captcha or a rate limit (a fresh captcha is solved meanwhile)", () => {
    assert.deepEqual(explainServerError(400, "captcha_invalid"), { key: "checkout.errors.captcha", action: "retry" });
    assert.equal(explainServerError(429, "too_many_requests").action, "retry");
  });
  it("sends the visitor back to the cart over a limit, and reloads an order that cannot be paid by card", () => {
    assert.equal(explainServerError(409, "over_limit").action, "back-to-cart");
    assert.ok(isCartReason("over_limit") && isCartReason("over_max_per_order"));
    assert.equal(explainServerError(409, "not_payable").action, "reload-order");
    assert.equal(explainServerError(409, "not_card_payable").key, "payment.errors.notCardPayable");
  });
  it("says why a promo code no longer applies to the order, and reads the basket again", () => {
    assert.deepEqual(explainServerError(409, "promo_expired"), {
      key: "promo.refusal.expired",
      action: "reload-basket",
    });
    assert.equal(explainServerError(409, "promo_used_up").key, "promo.refusal.used_up");
    assert.equal(explainServerError(409, "promo_not_applicable").action, "reload-basket");
    assert.equal(explainServerError(409, "promo_not_yet_valid").action, "reload-basket");
  });
  it("sends the visitor back to the cart when the basket changed", () => {
    assert.equal(explainServerError(409, "basket_empty").action, "back-to-cart");
    assert.equal(explainServerError(409, "not_enough_tickets").action, "back-to-cart");
    assert.ok(isCartReason("basket_empty") && isCartReason("not_enough_tickets") && !isCartReason("already_paid"));
  });
  it("explains the limits against scalpers and card testers in every language", () => {
    const codes = [
      "buyer_event_limit",
      "client_day_limit",
      "free_limit",
      "offline_limit",
      "too_many_emails",
      "attempts_exhausted",
      "too_many_attempts",
    ];
    assert.equal(explainServerError(409, "offline_limit").field, "acquisition");
    assert.equal(explainServerError(409, "attempts_exhausted").action, "reload-order");
    assert.equal(explainServerError(429, "too_many_attempts").action, "retry");
    for (const lang of ["en", "ru", "ar"]) {
      const forms = JSON.parse(readFileSync(`locales/${lang}/forms.json`, "utf8")) as Record<string, unknown>;
      for (const code of codes) {
        const { key } = explainServerError(409, code);
        assert.notEqual(key, "checkout.errors.notEnoughTickets", code);
        const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], forms);
        assert.equal(typeof text, "string", `${lang}: ${key}`);
      }
    }
  });
  it("shows the tickets of an order already paid", () => {
    assert.equal(explainServerError(409, "already_paid").action, "show-paid");
  });
  it("has an answer for codes and statuses it does not know", () => {
    assert.equal(explainServerError(404, "order_not_found").action, "not-found");
    assert.equal(explainServerError(400, "something_new").action, "fix");
    assert.equal(explainServerError(500, undefined).action, "retry");
    assert.equal(explainServerError(0, null).key, "checkout.errors.unavailable");
  });
});
