/** The order's e-mail names its promo code and what it took off, in the order's language. */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { composeConfirmation } from "../../server/src/mail/compose";
import { loadMailConfig } from "../../server/src/mail/mail-config";
import { formatMoney } from "../../src/core/format";
import { type MailLang, paidOrder, sampleCatalogue } from "./mail-fixtures";

const { catalogue, close } = sampleCatalogue();
after(close);

const LINES: Record<MailLang, string> = {
  en: "Promo code \u2068SPRING10\u2069",
  ru: "Промокод \u2068SPRING10\u2069",
  ar: "الرمز الترويجي \u2068SPRING10\u2069",
};

for (const lang of ["en", "ru", "ar"] as const) {
  test(`the ${lang} e-mail shows the promo code and its discount`, async () => {
    const config = loadMailConfig({ databasePath: ":memory:", siteUrl: "http://shop.test" }, {});
    const plain = paidOrder(catalogue, lang);
    const order = {
      ...plain,
      total: { ...plain.total, discount: 12.5, amount: plain.total.amount - 12.5 },
      promo: { code: "SPRING10", discount: 12.5, events: [] },
    };
    const mail = await composeConfirmation(order, "tickets", catalogue.data, config);
    const minus = formatMoney(-12.5, order.currency_code, lang, 2);
    const line = mail.text.split("\n").find((l) => l.includes(LINES[lang]));
    assert.ok(line?.includes(minus), `${lang}: ${line}`);
    assert.ok(mail.html.includes(minus));
    const without = await composeConfirmation(plain, "tickets", catalogue.data, config);
    assert.ok(!without.text.includes("SPRING10"));
  });
}
