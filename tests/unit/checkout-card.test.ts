import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatCardNumber, normalizeCardNumber, validateCardNumber } from "../../src/checkout/card";

describe("card number on the pay page", () => {
  it("accepts the sandbox's test cards as typed", () => {
    assert.equal(validateCardNumber("4242 4242 4242 4242"), null);
    assert.equal(validateCardNumber("4000-0000-0000-0002"), null);
    assert.equal(normalizeCardNumber(" 4242 4242\t4242 4242 "), "4242424242424242");
  });
  it("catches a typo before any charge is tried", () => {
    assert.equal(validateCardNumber(""), "payment.validation.cardRequired");
    assert.equal(validateCardNumber("4242 4242 4242 4241"), "payment.validation.cardInvalid");
    assert.equal(validateCardNumber("4242 abcd"), "payment.validation.cardInvalid");
    assert.equal(validateCardNumber("4242"), "payment.validation.cardInvalid");
  });
  it("groups digits by four while typing", () => {
    assert.equal(formatCardNumber("42424242424"), "4242 4242 424");
    assert.equal(formatCardNumber("4242 4242 4242 4242"), "4242 4242 4242 4242");
  });
});
