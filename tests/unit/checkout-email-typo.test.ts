import { test } from "node:test";
import { suggestEmail } from "../../src/checkout/email-typo";
import { assertEachGives, assertTable } from "./support/cases";

test("misspelt well-known domains get the address meant", () => {
  assertTable(suggestEmail, [
    ["john.smith@gmial.con", "john.smith@gmail.com"],
    ["a@gamil.com", "a@gmail.com"],
    ["a@gmail.con", "a@gmail.com"],
    ["Layla.H@hotmial.com", "Layla.H@hotmail.com"],
    ["ivan@yandx.ru", "ivan@yandex.ru"],
    ["ivan@mial.ru", "ivan@mail.ru"],
    ["a@icloud.cm", "a@icloud.com"],
    ["a@emirates.net.ea", "a@emirates.net.ae"],
    ["  a@outlok.com ", "a@outlook.com"],
  ]);
});

test("right addresses, company domains and Emirati second-level domains are left alone", () => {
  assertEachGives(
    ["a@gmail.com", "a@mail.ru", "a@company.ae", "a@uni.ac.ae", "a@ministry.gov.ae", "A@GMAIL.COM", "a@startup.io"],
    suggestEmail,
    null,
  );
});

test("what is not yet an address gets no suggestion", () => {
  assertEachGives(["", "john", "john@", "@gmail.com", "john@gmial"], suggestEmail, null);
});
