/**
 * Buying tickets end to end in real Chromium, against the built site and the local server:
 * event page → basket → cart → checkout → pay → e-ticket codes, in every language; a
 * declined card and a retry; a double click on Pay that charges once.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { closeBrowser, newPage } from "./support/browser";
import {
  APPROVED_CARD,
  DECLINED_CARD,
  LANGS,
  checkoutFromCart,
  enterCard,
  fillBuyer,
  findTicketsOnSale,
  localPath,
  orderViaApi,
  payButton,
  pickTicketsOnEventPage,
  placeOrder,
  shownCodes,
  seriousViolationsInMain,
  text,
} from "./support/checkout-pages";

after(closeBrowser);

describe("buying tickets", () => {
  LANGS.forEach((lang, index) => {
    it(`works end to end in ${lang}: one e-ticket code per ticket`, async () => {
      const t = await newPage();
      try {
        const { page, context } = t;
        const tickets = await findTicketsOnSale(context.request, 2, index, lang);
        // the visitor arrives from a campaign: the order carries it
        await pickTicketsOnEventPage(page, lang, tickets, 2, `?utm_source=newsletter&utm_campaign=winter-${lang}&utm_term=jazz`);
        await checkoutFromCart(page, lang);
        const orderBodies: unknown[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && /\/api\/orders(\?|$)/.test(r.url())) orderBodies.push(r.postDataJSON());
        });

        // the summary beside the form shows what is bought
        const summary = page.getByRole("complementary");
        await summary.getByText(text(lang, "forms:order.summary.ticketsCount", { count: 2 })).waitFor();

        await fillBuyer(page, lang, { name: "Layla Haddad", email: `buyer-${lang}@example.com`, phone: "+971 50 123 4567" });
        const orderId = await placeOrder(page, lang);
        assert.equal(orderBodies.length, 1);
        assert.deepEqual((orderBodies[0] as { utm?: unknown }).utm, { utm_source: "newsletter", utm_campaign: `winter-${lang}`, utm_term: "jazz" });
        assert.equal((orderBodies[0] as { phone?: unknown }).phone, "+971501234567");

        // the basket emptied everywhere on the page: the server agrees
        const basket = (await (await context.request.get(`${process.env.API_URL ?? "http://127.0.0.1:4010"}/api/basket`)).json()) as { events: unknown[] };
        assert.equal(basket.events.length, 0);

        await enterCard(page, lang, APPROVED_CARD);
        await payButton(page, lang).click();
        await page.waitForURL(`**${localPath(lang, "/payment/success/")}?order=*`);
        await page.getByRole("heading", { level: 1, name: text(lang, "forms:payment.success.heading") }).waitFor();

        const codes = await shownCodes(page);
        assert.equal(codes.length, 2, "one code per ticket");
        assert.deepEqual(await seriousViolationsInMain(page), [], "the success page passes axe");
        assert.equal(new Set(codes).size, 2, "codes are distinct");
        const { order } = await orderViaApi(context, orderId);
        assert.equal(order?.status, "paid");
        assert.deepEqual([...(order?.tickets_codes ?? [])].sort(), [...codes].sort());

        // the printable bill of the same order
        await page.getByRole("link", { name: text(lang, "forms:payment.success.bill") }).click();
        await page.waitForURL(`**${localPath(lang, "/order/bill/")}*/`);
        await page.getByRole("button", { name: text(lang, "forms:bill.print") }).waitFor();
        assert.equal((await page.getByTestId("order-number").textContent())?.trim(), orderId);
        assert.deepEqual(t.errors, []);
      } finally {
        await t.close();
      }
    });
  });

  it("a declined card leads to the reason, and trying again with another card succeeds", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const lang = "en";
      const tickets = await findTicketsOnSale(context.request, 1, 3);
      await pickTicketsOnEventPage(page, lang, tickets, 1);
      await checkoutFromCart(page, lang);
      await fillBuyer(page, lang, { name: "Omar Khalid", email: "omar@example.com" });
      const orderId = await placeOrder(page, lang);

      await enterCard(page, lang, DECLINED_CARD);
      await payButton(page, lang).click();
      await page.waitForURL("**/order/fail/?order=*&reason=declined");
      await page.getByText(text(lang, "forms:order.fail.reason.declined")).waitFor();
      assert.equal((await orderViaApi(context, orderId)).order?.status, "failed");

      await page.getByRole("link", { name: text(lang, "forms:order.fail.tryAgain") }).click();
      await page.waitForURL(`**/order/pay/${encodeURIComponent(orderId)}/`);
      await enterCard(page, lang, APPROVED_CARD);
      await payButton(page, lang).click();
      await page.waitForURL("**/payment/success/?order=*");
      assert.equal((await shownCodes(page)).length, 1);
      assert.equal((await orderViaApi(context, orderId)).order?.status, "paid");

      // back on the pay page of a paid order: nothing to pay, the way to the tickets
      await page.goBack();
      await page.waitForURL(`**/order/pay/${encodeURIComponent(orderId)}/`);
      await page.getByText(text(lang, "forms:order.pay.alreadyPaid")).waitFor();
      assert.equal(await payButton(page, lang).count(), 0);
      await page.getByRole("link", { name: text(lang, "forms:order.pay.showTickets") }).click();
      await page.waitForURL("**/payment/success/?order=*");
      assert.equal((await shownCodes(page)).length, 1);
    } finally {
      await t.close();
    }
  });

  it("a double click on Pay charges once", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const lang = "en";
      const tickets = await findTicketsOnSale(context.request, 3, 4);
      await pickTicketsOnEventPage(page, lang, tickets, 3);
      await checkoutFromCart(page, lang);
      await fillBuyer(page, lang, { name: "Sara Ali", email: "sara@example.com" });
      const orderId = await placeOrder(page, lang);

      const payRequests: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(`/api/orders/${encodeURIComponent(orderId)}/pay`)) payRequests.push(request.url());
      });
      await enterCard(page, lang, APPROVED_CARD);
      await payButton(page, lang).dblclick();
      await page.waitForURL("**/payment/success/?order=*");
      const codes = await shownCodes(page);

      assert.equal(payRequests.length, 1, "one payment request");
      const { order } = await orderViaApi(context, orderId);
      assert.equal(order?.status, "paid");
      assert.equal(order?.tickets_codes?.length, 3, "exactly one code per ticket, none from a second charge");
      assert.deepEqual([...(order?.tickets_codes ?? [])].sort(), [...codes].sort());
    } finally {
      await t.close();
    }
  });
});
