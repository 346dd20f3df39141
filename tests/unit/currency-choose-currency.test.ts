import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Currency } from "../../src/core/catalogue";
import {
  type CurrencyRuleInput,
  chooseCurrency,
  cookieValue,
  currencyForLanguage,
} from "../../src/currency/choose-currency";

const c = (code: string): Currency => ({ code, symbol: code, title: code, decimals: 2 });
const AED = c("AED");
const RUB = c("RUB");
const USD = c("USD");
const EUR = c("EUR");

const base: CurrencyRuleInput = {
  currencies: [AED, USD, RUB],
  languageCurrency: { AED: ["ar", "en"], RUB: ["ru"] },
  showCurrencies: true,
  language: "ru",
  cookie: undefined,
};

const code = (input: CurrencyRuleInput) => chooseCurrency(input)?.code ?? null;

describe("currency choice: language default, then cookie, then rouble, then the first", () => {
  it("(1) shown currencies, a language mapped to one, no cookie -> the language's currency", () => {
    assert.equal(code({ ...base, language: "ar" }), "AED");
    assert.equal(code({ ...base, language: "en" }), "AED");
    assert.equal(code({ ...base, language: "ru" }), "RUB");
  });

  it("(1) is skipped when a cookie is set, even one naming a currency outside the list", () => {
    assert.equal(code({ ...base, language: "ar", cookie: "USD" }), "USD");
    assert.equal(code({ ...base, language: "ar", cookie: "XYZ" }), "RUB");
  });

  it("(1) is skipped when the theme does not show currencies", () => {
    assert.equal(code({ ...base, language: "ar", showCurrencies: false }), "RUB");
  });

  it("(1) is skipped when the language maps to no currency, or to one not in the list", () => {
    assert.equal(code({ ...base, language: "de" }), "RUB");
    assert.equal(code({ ...base, language: "fr", languageCurrency: { EUR: ["fr"] } }), "RUB");
  });

  it("(2) the cookie's currency when it is in the list, codes compared case-insensitively", () => {
    assert.equal(code({ ...base, cookie: "usd" }), "USD");
    assert.equal(code({ ...base, cookie: "Aed", showCurrencies: false }), "AED");
    assert.equal(code({ ...base, currencies: [c("aed"), USD], cookie: "AED" }), "aed");
  });

  it("(3) the rouble when the cookie names nothing in the list", () => {
    assert.equal(code({ ...base, language: "en", cookie: "GBP" }), "RUB");
    assert.equal(code({ ...base, currencies: [AED, c("rub")], cookie: "GBP" }), "rub");
  });

  it("(4) the first currency when there is no rouble", () => {
    assert.equal(code({ ...base, currencies: [USD, AED], cookie: "GBP" }), "USD");
    assert.equal(code({ ...base, currencies: [EUR, USD], language: "ar", showCurrencies: false }), "EUR");
  });

  it("nothing when the landing lists no currency", () => {
    assert.equal(chooseCurrency({ ...base, currencies: [] }), null);
  });

  it("an empty cookie counts as no cookie", () => {
    assert.equal(code({ ...base, language: "ar", cookie: "" }), "AED");
  });

  it("language matching ignores case", () => {
    assert.equal(currencyForLanguage([AED], { aed: ["AR"] }, "ar")?.code, "AED");
  });
});

describe("the currency cookie read from document.cookie", () => {
  it("finds the cookie among others, whatever its place", () => {
    assert.equal(cookieValue("currency=RUB", "currency"), "RUB");
    assert.equal(cookieValue("a=1; currency=USD; b=2", "currency"), "USD");
  });
  it("is undefined when the cookie is not set, or only a longer or shorter name is", () => {
    assert.equal(cookieValue("", "currency"), undefined);
    assert.equal(cookieValue("currency_seen=AED; xcurrency=USD", "currency"), undefined);
  });
  it("decodes what js-cookie encodes, and keeps a value that is not valid encoding", () => {
    assert.equal(cookieValue("currency=%D1%80%D1%83%D0%B1", "currency"), "\u0440\u0443\u0431");
    assert.equal(cookieValue('currency="AED"', "currency"), "AED");
    assert.equal(cookieValue("currency=%E0%A4%A", "currency"), "%E0%A4%A");
  });
});
