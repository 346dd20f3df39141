import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  failPathOnReturn,
  pathAfterOrderCreated,
  pathAfterPayment,
  RETURN_POLL_LIMIT_MS,
  returnOutcome,
} from "../../src/checkout/outcome";
import {
  absoluteUrl,
  failReasonFromSearch,
  href,
  orderIdFromPath,
  orderIdFromSearch,
  refusalFromSearch,
  showsPlacedOrder,
} from "../../src/core/routes";
import { assertEachGives } from "./support/cases";

describe("after the order is created", () => {
  const awaiting = { id: "ord_1", status: "awaiting_payment" as const };
  it("sends card-like ways to the pay page", () => {
    assert.equal(pathAfterOrderCreated(awaiting, "card"), "/order/pay/ord_1/");
    assert.equal(pathAfterOrderCreated(awaiting, "apple_pay"), "/order/pay/ord_1/");
  });
  it("sends bank transfer and cash to the order success page", () => {
    assert.equal(pathAfterOrderCreated(awaiting, "bank_transfer"), "/order/success/?order=ord_1");
    assert.equal(pathAfterOrderCreated(awaiting, "cash"), "/order/success/?order=ord_1");
  });
  it("skips payment for a free order: it is created paid, straight to its tickets", () => {
    assert.equal(pathAfterOrderCreated({ id: "ord_1", status: "paid" }, null), "/payment/success/?order=ord_1");
  });
});

describe("after a payment attempt", () => {
  it("approved goes to payment success, declined to order fail with the reason", () => {
    assert.equal(pathAfterPayment("abc", "paid"), "/payment/success/?order=abc");
    assert.equal(pathAfterPayment("abc", "failed"), "/order/fail/?order=abc&reason=declined");
  });
  it("escapes an id that needs it", () => {
    assert.equal(pathAfterPayment("a b&c", "paid"), "/payment/success/?order=a+b%26c");
    assert.equal(href.orderBill("a/b"), "/order/bill/a%2Fb/");
  });
});

describe("reading the order back from the URL", () => {
  it("from the query of an outcome page", () => {
    assert.equal(orderIdFromSearch("?order=abc&reason=declined"), "abc");
    assert.equal(orderIdFromSearch("?order=a+b%26c"), "a b&c");
    assert.equal(orderIdFromSearch(""), null);
    assert.equal(orderIdFromSearch("?order="), null);
    assert.equal(failReasonFromSearch("?order=abc&reason=declined"), "declined");
    assert.equal(failReasonFromSearch("?order=abc&reason=<script>"), null);
  });
  it("from what the acquirer appended to the return address", () => {
    assert.equal(refusalFromSearch("?order=abc&payment=declined"), "declined");
    assert.equal(refusalFromSearch("?order=abc&payment=cancelled"), "cancelled");
    assert.equal(refusalFromSearch("?order=abc&payment=approved"), null);
    assert.equal(refusalFromSearch("?order=abc&reason=declined"), null);
  });
  it("from the path of a client-only page, in every language and any sub-path", () => {
    assert.equal(orderIdFromPath("/order/pay/abc/", "pay"), "abc");
    assert.equal(orderIdFromPath("/ru/order/pay/abc", "pay"), "abc");
    assert.equal(orderIdFromPath("/ar/order/pay/abc/extra/bits/", "pay"), "abc");
    assert.equal(orderIdFromPath("/en/order/bill/abc/", "bill"), "abc");
    assert.equal(orderIdFromPath("/order/bill/a%2Fb/", "bill"), "a/b");
  });
  it("finds no id on the section's own page or another section", () => {
    assert.equal(orderIdFromPath("/order/pay/", "pay"), null);
    assert.equal(orderIdFromPath("/order/bill/abc/", "pay"), null);
    assert.equal(orderIdFromPath("/order/pay/%E0%A4%A/", "pay"), null);
  });
});

describe("back from the acquirer", () => {
  it("the return address is the payment success page in the paying page's language", () => {
    const returnUrl = (origin: string, lang: "en" | "ar") => absoluteUrl(origin, href.paymentSuccess(), lang);
    assert.equal(returnUrl("http://127.0.0.1:9000", "en"), "http://127.0.0.1:9000/payment/success/");
    assert.equal(returnUrl("https://tickets.example/", "ar"), "https://tickets.example/ar/payment/success/");
  });
  it("the order's own status decides; final states at once", () => {
    assert.equal(returnOutcome("paid", 0), "paid");
    assert.equal(returnOutcome("failed", 0), "failed");
    assert.equal(returnOutcome("expired", 0), "expired");
    assert.equal(returnOutcome("cancelled", 0), "cancelled");
  });
  it("awaiting payment is a short wait, then 'not completed'", () => {
    assert.equal(returnOutcome("awaiting_payment", 0), "waiting");
    assert.equal(returnOutcome("awaiting_payment", RETURN_POLL_LIMIT_MS - 1), "waiting");
    assert.equal(returnOutcome("awaiting_payment", RETURN_POLL_LIMIT_MS), "not-completed");
  });
  it("an expired order's pay page explains itself rather than failing", () => {
    assert.equal(pathAfterPayment("abc", "expired"), "/order/pay/abc/");
  });
});

describe("the currency switcher", () => {
  it("is not offered on the pages of a placed order, in any language", () => {
    assertEachGives(
      ["/order/pay/", "/ru/order/pay/", "/order/bill/", "/order/success/", "/ar/payment/success/", "/order/fail/"],
      showsPlacedOrder,
      true,
    );
  });
  it("is offered before the order exists and everywhere else", () => {
    assertEachGives(
      ["/order/checkout/", "/ru/order/checkout/", "/cart/", "/events/12/", "/", "/ar/"],
      showsPlacedOrder,
      false,
    );
  });
});

describe("back from the acquirer", () => {
  it("a refusal goes straight to the fail page with its reason, before the order is even read", () => {
    assert.equal(failPathOnReturn("o1", "?order=o1&payment=cancelled", null), "/order/fail/?order=o1&reason=cancelled");
    assert.equal(
      failPathOnReturn("o1", "?order=o1&payment=declined", "failed"),
      "/order/fail/?order=o1&reason=declined",
    );
  });
  it("a failed attempt without the acquirer's word goes there too; paid and waiting stay", () => {
    assert.equal(failPathOnReturn("o1", "?order=o1", "failed"), "/order/fail/?order=o1&reason=declined");
    assert.equal(failPathOnReturn("o1", "?order=o1", "awaiting_payment"), null);
    assert.equal(failPathOnReturn("o1", "?order=o1&payment=approved", "paid"), null);
    assert.equal(failPathOnReturn("o1", "?order=o1&payment=declined", "paid"), null, "the order's own word wins");
  });
});
