/**
 * The acquirer's page says the amount as the shop does: the site's one money formatter in
 * the order's language ("USD 380.25" style, never "$US 380.25"), each amount an isolated run
 * that does not wrap, and Latin runs ("3-D Secure", a wallet's name) isolated in Arabic.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import { currencyOf } from "../../server/src/lib/money";
import { formatMoney } from "../../src/core/format";
import { BUYER, json, makeApp, openAcquirer, placeOrder, SITE_ORIGIN, type TestApp, Visitor } from "./helpers";

let app: TestApp;
before(async () => {
  ({ app } = await makeApp());
});
after(async () => app.close());

async function acquirerPage(lang: "en" | "ru" | "ar", currency: string): Promise<{ order: WireOrder; html: string }> {
  const visitor = new Visitor(app);
  await visitor.add(1, 2);
  const order = await placeOrder(
    app,
    visitor,
    { ...BUYER, email: `money-${lang}-${currency}@example.ae`, lang, currency_code: currency },
    `?lang=${lang}`,
  );
  const start = await visitor.request("POST", `/api/orders/${order.id}/payments`, {
    return_url: `${SITE_ORIGIN}/order/pay/`,
  });
  assert.equal(start.statusCode, 201, start.body);
  const { html } = await openAcquirer(app, json<{ redirect_url: string }>(start).redirect_url);
  return { order, html };
}

describe("money on the acquirer's page", () => {
  for (const [lang, currency] of [
    ["ar", "USD"],
    ["en", "USD"],
    ["ru", "RUB"],
    ["ar", "AED"],
  ] as const) {
    it(`${lang}, ${currency}: the shop's formatter, isolated and whole`, async () => {
      const { order, html } = await acquirerPage(lang, currency);
      assert.equal(order.currency_code, currency);
      const decimals = currencyOf(app.deps.catalogue.data.currencies, currency)?.decimals ?? 2;
      const shown = /data-amount="[^"]*"><bdi class="nowrap">([^<]*)<\/bdi>/.exec(html)?.[1];
      assert.equal(shown, formatMoney(order.total.amount, currency, lang, decimals), "the shop's own formatting");
      assert.ok(!html.includes("$US") && !html.includes("US$"), "no browser-default currency sign");
      assert.ok(
        html.includes(`<button type="submit">`) && html.includes(`<bdi class="nowrap">${shown}</bdi></button>`),
      );
    });
  }

  it("Arabic: 3-D Secure is an isolated Latin run", async () => {
    const { html } = await acquirerPage("ar", "USD");
    assert.ok(html.includes("\u20663-D Secure\u2069"), "isolated between LRI and PDI");
  });
});
