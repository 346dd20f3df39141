/**
 * One refund policy, one seller: the guarantee and offer pages, the pay-and-delivery page
 * and the order e-mail state the refund policy word for word, and no page or text says a
 * refund rule of its own ("organiser's terms", "5 to 14 banking days"); the VAT a price
 * includes is 5/105 of it.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { MAIL_TEXTS } from "../../server/src/mail/mail-texts";
import { includedVat, REFUND_POLICY, SELLER } from "../../src/core/seller";

const LANGS = ["en", "ru", "ar"] as const;
const info = (lang: string) =>
  JSON.parse(readFileSync(`src/content/info/${lang}.json`, "utf8")) as Record<
    string,
    Array<{ heading?: string; paragraphs: string[] }>
  >;

test("the guarantee and offer pages state the one refund policy, word for word", () => {
  for (const lang of LANGS) {
    const pages = info(lang);
    for (const page of ["guarantee", "offer"]) {
      const paragraphs = pages[page]!.flatMap((s) => s.paragraphs);
      assert.ok(paragraphs.includes(REFUND_POLICY[lang]), `${lang} ${page}`);
    }
  }
});

test("the pay-and-delivery page and the e-mail read the same policy", () => {
  const template = readFileSync("src/templates/pay-and-delivery.tsx", "utf8");
  assert.match(template, /\{REFUND_POLICY\[lang\]\}/);
  const compose = readFileSync("server/src/mail/compose.ts", "utf8");
  assert.match(compose, /REFUND_POLICY\[lang\]/);
  for (const lang of LANGS) {
    const pages = JSON.parse(readFileSync(`locales/${lang}/pages.json`, "utf8"));
    assert.ok(pages.payDelivery.refunds, `${lang} heading`);
    assert.ok(MAIL_TEXTS[lang].refundHeading);
  }
});

test("no other refund rule is stated anywhere the buyer reads", () => {
  const conflicting = [
    /organi[sz]er's (refund )?terms/i,
    /banking days/i,
    /условиях организатора/,
    /банковских дней/,
    /شروط المنظّم/,
    /يوم عمل مصرفي/,
    /service fee is not refundable/i,
    /Сервисный сбор не возвращается/,
  ];
  for (const lang of LANGS) {
    const texts = [
      readFileSync(`src/content/info/${lang}.json`, "utf8"),
      ...["pages", "forms", "tickets", "common"].map((ns) => readFileSync(`locales/${lang}/${ns}.json`, "utf8")),
      JSON.stringify(MAIL_TEXTS[lang]),
    ].join("\n");
    for (const rule of conflicting) assert.doesNotMatch(texts, rule, `${lang}: ${rule}`);
  }
});

test("VAT included in a price is 5/105 of it, in the currency's decimals", () => {
  assert.equal(SELLER.vatPercent, 5);
  assert.equal(includedVat(105), 5);
  assert.equal(includedVat(345.43), 16.45);
  assert.equal(includedVat(1000, 0), 48);
  assert.match(SELLER.trn, /^\d{15}$/);
});
