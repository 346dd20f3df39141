/** A typed ticket code reads the same however door staff type it: spacing, case, Arabic or Persian digits. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { foldDigits, normaliseCode } from "../../src/core/ticket-code";

describe("a typed ticket code", () => {
  it("is the code however it is spaced or cased", () => {
    assert.equal(normaliseCode("uae 7k3m9 q2w4e"), "UAE-7K3M9-Q2W4E");
    assert.equal(normaliseCode("UAE7K3M9Q2W4E"), "UAE-7K3M9-Q2W4E");
    assert.equal(normaliseCode(" uae-7k3m9-q2w4e "), "UAE-7K3M9-Q2W4E");
  });

  it("reads Arabic-Indic and Eastern Arabic-Indic (Persian) digits as 0-9", () => {
    assert.equal(foldDigits("٠١٢٣٤٥٦٧٨٩"), "0123456789");
    assert.equal(foldDigits("۰۱۲۳۴۵۶۷۸۹"), "0123456789");
    assert.equal(normaliseCode("UAE-٧K٣M٩-Q٢W٤E"), "UAE-7K3M9-Q2W4E");
    assert.equal(normaliseCode("uae ۷k۳m۹ q۲w۴e"), "UAE-7K3M9-Q2W4E");
  });

  it("leaves what is no code as it was typed, trimmed and in capitals", () => {
    assert.equal(normaliseCode(" t1.abc "), "T1.ABC");
    assert.equal(normaliseCode("رمز"), "رمز");
  });
});
