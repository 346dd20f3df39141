/** A typed ticket code reads the same however door staff type it: spacing, case, Arabic or Persian digits. */
import { describe, it } from "node:test";
import { foldDigits, normaliseCode } from "../../src/core/ticket-code";
import { assertEachGives, assertTable } from "./support/cases";

describe("a typed ticket code", () => {
  it("is the code however it is spaced or cased", () => {
    assertEachGives(["uae 7k3m9 q2w4e", "UAE7K3M9Q2W4E", " uae-7k3m9-q2w4e "], normaliseCode, "UAE-7K3M9-Q2W4E");
  });

  it("reads Arabic-Indic and Eastern Arabic-Indic (Persian) digits as 0-9", () => {
    assertEachGives(["٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹"], foldDigits, "0123456789");
    assertEachGives(["UAE-٧K٣M٩-Q٢W٤E", "uae ۷k۳m۹ q۲w۴e"], normaliseCode, "UAE-7K3M9-Q2W4E");
  });

  it("leaves what is no code as it was typed, trimmed and in capitals", () => {
    assertTable(normaliseCode, [
      [" t1.abc ", "T1.ABC"],
      ["رمز", "رمز"],
    ]);
  });
});
