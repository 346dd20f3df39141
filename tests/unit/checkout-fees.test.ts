import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chargeFor, isFree, paymentFee, roundToMinorUnit } from "../../src/checkout/fees";

describe("the payment fee and the amount charged", () => {
  it("is the way's percentage of tickets + service fee, rounded to the currency's minor unit", () => {
    // cash at 2.5 %: 2 × 195 + 2 × 9.75 service fee = 409.50 -> fee 10.2375 -> 10.24
    assert.equal(paymentFee(390, 19.5, 2.5, 2), 10.24);
    assert.deepEqual(chargeFor({ price: 390, serviceFee: 19.5 }, 2.5, 2), {
      price: 390,
      serviceFee: 19.5,
      paymentFee: 10.24,
      amount: 419.74,
    });
  });
  it("rounds half away from zero, also where binary fractions fall just short", () => {
    assert.equal(roundToMinorUnit(1.005, 2), 1.01);
    assert.equal(roundToMinorUnit(2.675, 2), 2.68);
    assert.equal(roundToMinorUnit(10.5, 0), 11);
    assert.equal(roundToMinorUnit(0.0125, 3), 0.013);
  });
  it("follows the currency's decimals (none for some, three for others)", () => {
    assert.equal(paymentFee(1001, 0, 2.5, 0), 25);
    assert.equal(paymentFee(10.001, 0, 2.5, 3), 0.25);
  });
  it("adds nothing for a way without a fee", () => {
    assert.equal(paymentFee(100, 5, 0, 2), 0);
    assert.equal(paymentFee(100, 5, null, 2), 0);
    assert.deepEqual(chargeFor({ price: 0.1, serviceFee: 0.2 }, null), {
      price: 0.1,
      serviceFee: 0.2,
      paymentFee: 0,
      amount: 0.3,
    });
  });
  it("takes a promo code's discount off before the fee, as the server does", () => {
    // 390 - 39 (10 %) + 19.5 = 370.50 at 2.5 % -> 9.2625 -> 9.26
    assert.deepEqual(chargeFor({ price: 390, serviceFee: 19.5, discount: 39 }, 2.5, 2), {
      price: 390,
      serviceFee: 19.5,
      paymentFee: 9.26,
      amount: 379.76,
    });
    assert.equal(isFree({ price: 100, serviceFee: 0, discount: 100, count: 1 }), true);
    assert.equal(isFree({ price: 100, serviceFee: 5, discount: 100, count: 1 }), false);
  });
  it("knows free tickets: something in the basket and nothing to pay", () => {
    assert.equal(isFree({ price: 0, serviceFee: 0, count: 2 }), true);
    assert.equal(isFree({ price: 0, serviceFee: 0, count: 0 }), false);
    assert.equal(isFree({ price: 0, serviceFee: 1.5, count: 1 }), false);
  });
});
