import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  formatPhone,
  normalizePhone,
  validateBuyer,
  validateEmail,
  validateName,
  validatePhone,
} from "../../src/checkout/buyer-form";
import { assertEachGives, assertTable } from "./support/cases";

describe("buyer form: name", () => {
  it("is required, spaces alone do not count", () => {
    assert.deepEqual(validateName(""), { key: "checkout.validation.nameRequired" });
    assert.deepEqual(validateName("   "), { key: "checkout.validation.nameRequired" });
  });
  it("accepts up to 80 characters, in any script", () => {
    assert.equal(validateName("a".repeat(80)), null);
    assert.equal(validateName("Анна Петрова"), null);
    assert.equal(validateName("محمد علي"), null);
    assert.deepEqual(validateName("a".repeat(81)), { key: "checkout.validation.nameTooLong", values: { max: 80 } });
  });
});

describe("buyer form: email", () => {
  it("is required", () => {
    assert.equal(validateEmail(" ")?.key, "checkout.validation.emailRequired");
  });
  it("accepts ordinary addresses and refuses malformed ones", () => {
    assertEachGives(
      ["anna@example.com", "first.last+tag@mail.example.ae", " spaced@example.com "],
      validateEmail,
      null,
    );
    assertEachGives(
      [
        "anna",
        "anna@",
        "@example.com",
        "anna@example",
        "anna@example.c",
        "an na@example.com",
        "anna@@example.com",
        "anna@-example.com",
      ],
      (bad) => validateEmail(bad)?.key,
      "checkout.validation.emailInvalid",
    );
  });
  it("refuses more than 254 characters", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    assert.equal(long.length, 254);
    assert.equal(validateEmail(long), null);
    assert.deepEqual(validateEmail(`a${long}`), { key: "checkout.validation.emailTooLong", values: { max: 254 } });
  });
});

describe("buyer form: phone", () => {
  it("is optional", () => {
    assert.equal(validatePhone(""), null);
    assert.equal(validatePhone("  "), null);
  });
  it("accepts international numbers as people type them and normalises them", () => {
    assertTable(normalizePhone, [
      ["+971 50 123 4567", "+971501234567"],
      ["+7 (912) 345-67-89", "+79123456789"],
      ["00971501234567", "+971501234567"],
      ["+44.20.7946.0958", "+442079460958"],
    ]);
  });
  it("reads a number without a country code as a UAE number, as dialled here", () => {
    assertTable(normalizePhone, [
      ["0501234567", "+971501234567"],
      ["050 123 4567", "+971501234567"],
      ["04 123 4567", "+97141234567"],
    ]);
    assert.equal(validatePhone("0501234567"), null);
  });
  it("formats a number as people read it", () => {
    assertTable(formatPhone, [
      ["0501234567", "+971 50 123 4567"],
      ["+79123456789", "+7 912 345 67 89"],
      ["call me", "call me"],
    ]);
  });
  it("refuses numbers no one can dial, letters and impossible lengths", () => {
    assertEachGives(
      [
        "050 123",
        "12345",
        "+971 50 CALL ME",
        "+12345",
        "+1234567890123456",
        "++971501234567",
        "+971 50 123 4567 ext 2",
      ],
      (bad) => validatePhone(bad)?.key,
      "checkout.validation.phoneInvalid",
    );
  });
  it("refuses more than 32 characters before looking at the digits", () => {
    assert.deepEqual(validatePhone(`+971 ${"1 ".repeat(14)}`.trim() + " 0 0 0"), {
      key: "checkout.validation.phoneTooLong",
      values: { max: 32 },
    });
  });
});

describe("buyer form: the whole form", () => {
  it("returns every field's message at once", () => {
    const result = validateBuyer({ name: "", email: "nope", phone: "123" });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(Object.keys(result.errors).sort(), ["email", "name", "phone"]);
  });
  it("returns the trimmed details to send, with no phone as null", () => {
    assert.deepEqual(validateBuyer({ name: "  Anna ", email: " anna@example.com ", phone: " " }), {
      ok: true,
      value: { name: "Anna", email: "anna@example.com", phone: null },
    });
    const withPhone = validateBuyer({ name: "Anna", email: "anna@example.com", phone: "+971 50 123 4567" });
    assert.ok(withPhone.ok);
    assert.equal(withPhone.value.phone, "+971501234567");
  });
});
