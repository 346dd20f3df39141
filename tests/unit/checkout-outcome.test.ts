import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  billPath,
  failReasonFromSearch,
  orderIdFromPath,
  orderIdFromSearch,
  pathAfterOrderCreated,
  pathAfterPayment,
} from "../../src/checkout/outcome";

describe("after the order is created", () => {
  it("sends card-like ways to the pay page", () => {
    assert.equal(pathAfterOrderCreated("ord_1", "card"), "/order/pay/ord_1/");
    assert.equal(pathAfterOrderCreated("ord_1", "apple_pay"), "/order/pay/ord_1/");
  });
  it("sends bank transfer and cash to the order success page", () => {
    assert.equal(pathAfterOrderCreated("ord_1", "bank_transfer"), "/order/success/?order=ord_1");
    assert.equal(pathAfterOrderCreated("ord_1", "cash"), "/order/success/?order=ord_1");
  });
});

describe("after a payment attempt", () => {
  it("approved goes to payment success, declined to order fail with the reason", () => {
    assert.equal(pathAfterPayment("abc", "paid"), "/payment/success/?order=abc");
    assert.equal(pathAfterPayment("abc", "failed"), "/order/fail/?order=abc&reason=declined");
  });
  it("escapes an id that needs it", () => {
    assert.equal(pathAfterPayment("a b&c", "paid"), "/payment/success/?order=a+b%26c");
    assert.equal(billPath("a/b"), "/order/bill/a%2Fb/");
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
