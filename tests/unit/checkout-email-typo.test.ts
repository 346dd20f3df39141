import assert from "node:assert/strict";
import { test } from "node:test";
import { suggestEmail } from "../../src/checkout/email-typo";

test("misspelt well-known domains get the address meant", () => {
  const cases: Array<[string, string]> = [
    ["john.smith@gmial.con", "john.smith@gmail.com"],
    ["a@gamil.com", "a@gmail.com"],
    ["a@gmail.con", "a@gmail.com"],
    ["Layla.H@hotmial.com", "Layla.H@hotmail.com"],
    ["ivan@yandx.ru", "ivan@yandex.ru"],
    ["ivan@mial.ru", "ivan@mail.ru"],
    ["a@icloud.cm", "a@icloud.com"],
    ["a@emirates.net.ea", "a@emirates.net.ae"],
    ["  a@outlok.com ", "a@outlook.com"],
  ];
  for (const [typed, meant] of cases) assert.equal(suggestEmail(typed), meant, typed);
});

test("right addresses, company domains and Emirati second-level domains are left alone", () => {
  for (const fine of [
    "a@gmail.com",
    "a@mail.ru",
    "a@company.ae",
    "a@uni.ac.ae",
    "a@ministry.gov.ae",
    "A@GMAIL.COM",
    "a@startup.io",
  ]) {
    assert.equal(suggestEmail(fine), null, fine);
  }
});

test("what is not yet an address gets no suggestion", () => {
  for (const partial of ["", "john", "john@", "@gmail.com", "john@gmial"])
    assert.equal(suggestEmail(partial), null, partial);
});
