/**
 * Buying tickets end to end in real Chromium, against the built site and the local server:
 * event page → basket → cart → checkout (captcha solved unseen) → pay page → the sandbox
 * acquirer's hosted page → back on the site, which reads the order itself → e-ticket
 * codes. In every language; with the 3-D Secure step; declined then retried; a double
 * click on Pay that starts one payment; free tickets that skip payment; cash with its fee.
 * No card number is ever typed on the shop's own pages.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { formatMoney } from "../../src/core/format";
import { orderViaApi } from "./support/api";
import { seriousViolations } from "./support/axe";
import { API_URL, SITE_URL, withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { APPROVED_CARD, CheckoutPage, DECLINED_CARD, THREE_D_SECURE_CARD, THREE_D_SECURE_CODE } from "./support/pages";
import { LANGS } from "./support/site";

/** The site never shows a card field: nothing with a card autocomplete token on its pages. */
async function assertNoCardFields(page: Page): Promise<void> {
  assert.ok(page.url().startsWith(SITE_URL), `${page.url()} is a page of the site`);
  assert.equal(await page.locator('input[autocomplete^="cc-"]').count(), 0, "no card field on the shop's pages");
}

function shownValue(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .locator("[data-value]")
    .first()
    .getAttribute("data-value")
    .then((v) => Number(v));
}

describe("buying tickets", () => {
  for (const lang of LANGS) {
    it(`works end to end in ${lang} through the acquirer's page: order number and one e-ticket code per ticket`, async () => {
      await withPage(async (t) => {
        const { page, context } = t;
        const checkout = new CheckoutPage(t, lang);
        const tickets = await claim({ tickets: 2 });
        // the visitor arrives from a campaign: the order carries it
        await checkout.pickTickets(tickets, 2, `?utm_source=newsletter&utm_campaign=winter-${lang}&utm_term=jazz`);
        await checkout.checkoutFromCart();
        const orderBodies: Array<Record<string, unknown>> = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && /\/api\/orders(\?|$)/.test(r.url()))
            orderBodies.push(r.postDataJSON() as Record<string, unknown>);
        });

        // the summary beside the form shows what is bought, and how long it is held
        const summary = page.getByRole("complementary");
        await summary.getByText(checkout.text("forms:order.summary.ticketsCount", { count: 2 })).waitFor();
        const held = Number(await page.getByTestId("hold-countdown").getAttribute("data-seconds"));
        assert.ok(held > 0 && held <= 15 * 60, `the hold countdown shows the time left (${held} s)`);
        // the captcha runs unseen in the hidden container
        assert.equal(await page.locator("#captcha-container").isHidden(), true);

        await checkout.fillBuyer({
          name: "Layla Haddad",
          email: `buyer-${lang}@example.com`,
          phone: "+971 50 123 4567",
        });
        await assertNoCardFields(page);
        const orderId = await checkout.placeOrder();
        assert.equal(orderBodies.length, 1);
        const body = orderBodies[0]!;
        assert.deepEqual(body.utm, { utm_source: "newsletter", utm_campaign: `winter-${lang}`, utm_term: "jazz" });
        assert.equal(body.phone, "+971501234567");
        assert.equal(body.lang, lang, "the order is in the page's language");
        assert.equal(typeof body.captcha, "string");
        assert.ok(
          JSON.parse(Buffer.from(String(body.captcha), "base64").toString("utf8")).number >= 0,
          "a solved captcha went with the order",
        );

        // the basket emptied everywhere on the page: the server agrees
        const basket = (await (await context.request.get(`${API_URL}/api/basket`)).json()) as { events: unknown[] };
        assert.equal(basket.events.length, 0);

        // the pay page: the number for people, the amount, the time left, no card field
        const { order: placed } = await orderViaApi(context, orderId);
        assert.ok(placed);
        assert.equal(await checkout.shownOrderNumber(), placed.number);
        assert.notEqual(placed.number, orderId);
        assert.equal(await shownValue(page, "pay-amount"), placed.total.amount);
        assert.ok(Number(await page.getByTestId("pay-countdown").getAttribute("data-seconds")) > 0);
        await page.getByTestId("currency-fixed").waitFor();
        await assertNoCardFields(page);

        await checkout.goToAcquirer();
        assert.equal(
          await page.locator("html").getAttribute("lang"),
          lang,
          "the acquirer's page is in the order's language",
        );
        await checkout.payOnAcquirer(APPROVED_CARD);
        await page.getByRole("heading", { level: 1, name: checkout.text("forms:payment.success.heading") }).waitFor();

        const codes = await checkout.shownCodes();
        assert.equal(codes.length, 2, "one code per ticket");
        assert.equal(new Set(codes).size, 2, "codes are distinct");
        assert.equal(await checkout.shownOrderNumber(), placed.number);
        assert.deepEqual(await seriousViolations(page, "main"), [], "the success page passes axe");
        const { order } = await orderViaApi(context, orderId);
        assert.equal(order?.status, "paid");
        assert.deepEqual((order?.tickets ?? []).map((ticket) => ticket.code).sort(), [...codes].sort());

        // the printable bill of the same order, by its number
        await page.getByRole("link", { name: checkout.text("forms:payment.success.bill") }).click();
        await page.waitForURL(`**${checkout.path("/order/bill/")}*/`);
        await page.getByRole("button", { name: checkout.text("forms:bill.print") }).waitFor();
        assert.equal(await checkout.shownOrderNumber(), placed.number);
        assert.equal(await shownValue(page, "bill-total"), placed.total.amount);
        assert.deepEqual(t.errors, []);
      });
    });
  }

  it("a card with 3-D Secure asks for the bank's code on the acquirer's page, then pays", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const checkout = new CheckoutPage(t, "ar");
      const orderId = await checkout.orderFromEventPage(1, { name: "ليلى حداد", email: "layla-3ds@example.com" });
      await checkout.goToAcquirer();
      assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
      await checkout.payOnAcquirer(THREE_D_SECURE_CARD, { otp: THREE_D_SECURE_CODE });
      await page.getByRole("heading", { level: 1, name: checkout.text("forms:payment.success.heading") }).waitFor();
      assert.equal((await checkout.shownCodes()).length, 1);
      assert.equal((await orderViaApi(context, orderId)).order?.status, "paid");
      assert.deepEqual(t.errors, []);
    });
  });

  it("a declined card leads back to the reason, and trying again on the same order succeeds", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const checkout = new CheckoutPage(t, "en");
      const orderId = await checkout.orderFromEventPage(1, { name: "Omar Khalid", email: "omar@example.com" });

      await checkout.goToAcquirer();
      await checkout.payOnAcquirer(DECLINED_CARD, { lands: "fail" });
      assert.equal(new URL(page.url()).pathname, "/order/fail/", "a declined payment is never on /payment/success/");
      await page.getByRole("heading", { level: 1, name: checkout.text("forms:order.fail.heading") }).waitFor();
      await page.getByText(checkout.text("forms:order.fail.reason.declined")).waitFor();
      const { order: failed } = await orderViaApi(context, orderId);
      assert.equal(failed?.status, "failed");
      assert.equal(await checkout.shownOrderNumber(), failed?.number);
      assert.equal(await page.getByTestId("ticket-code").count(), 0);

      await page.getByRole("link", { name: checkout.text("forms:order.fail.tryAgain") }).click();
      await page.waitForURL(`**/order/pay/${encodeURIComponent(orderId)}/`);
      await page.getByTestId("fail-reason").waitFor();
      await checkout.goToAcquirer();
      await checkout.payOnAcquirer(APPROVED_CARD);
      assert.equal((await checkout.shownCodes()).length, 1);
      assert.equal((await orderViaApi(context, orderId)).order?.status, "paid");

      // back on the pay page of a paid order: nothing to pay, the way to the tickets
      await checkout.open(`/order/pay/${encodeURIComponent(orderId)}/`);
      await page.getByText(checkout.text("forms:order.pay.alreadyPaid")).waitFor();
      assert.equal(await checkout.payButton().count(), 0);
      await page.getByRole("link", { name: checkout.text("forms:order.pay.showTickets") }).click();
      await page.waitForURL("**/payment/success/?order=*");
      assert.equal((await checkout.shownCodes()).length, 1);
    });
  });

  it("a double click on Pay starts one payment and charges once", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const checkout = new CheckoutPage(t, "en");
      const orderId = await checkout.orderFromEventPage(3, { name: "Sara Ali", email: "sara@example.com" });

      const starts: string[] = [];
      page.on("request", (request) => {
        if (
          request.method() === "POST" &&
          new URL(request.url()).pathname.endsWith(`/api/orders/${encodeURIComponent(orderId)}/payments`)
        )
          starts.push(request.url());
      });
      await checkout.payButton().dblclick();
      await page.waitForURL((url) => url.href.startsWith(API_URL));
      assert.equal(starts.length, 1, "one payment started");
      await checkout.payOnAcquirer(APPROVED_CARD);
      const codes = await checkout.shownCodes();
      const { order } = await orderViaApi(context, orderId);
      assert.equal(order?.status, "paid");
      assert.equal(order?.tickets.length, 3, "exactly one code per ticket, none from a second charge");
      assert.deepEqual(order.tickets.map((ticket) => ticket.code).sort(), [...codes].sort());
    });
  });

  it("free tickets: 'Get tickets' instead of a way to pay, and straight to the tickets", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const checkout = new CheckoutPage(t, "ru");
      const tickets = await claim({ tickets: 2, free: true });
      await checkout.pickTickets(tickets, 2);
      await checkout.checkoutFromCart("forms:checkout.submitFree");
      await page.getByTestId("free-order").waitFor();
      assert.equal(await page.getByRole("radio").count(), 0, "no way to pay is asked for");
      assert.equal(await page.getByRole("button", { name: checkout.text("forms:checkout.submit") }).count(), 0);
      await checkout.fillBuyer({ name: "Анна Петрова", email: "anna-free@example.com" });
      await page.getByRole("button", { name: checkout.text("forms:checkout.submitFree") }).click();
      await page.waitForURL(`**${checkout.path("/payment/success/")}?order=*`);
      const codes = await checkout.shownCodes();
      assert.equal(codes.length, 2);
      // nothing was paid: a registration, not "your payment went through", and no bill for 0.00
      await page
        .getByRole("heading", { level: 1, name: checkout.text("forms:payment.success.registeredHeading") })
        .waitFor();
      assert.equal(await page.getByText(checkout.text("forms:payment.success.heading")).count(), 0);
      assert.equal(await page.getByRole("link", { name: checkout.text("forms:payment.success.bill") }).count(), 0);
      const orderId = new URL(page.url()).searchParams.get("order") ?? "";
      const { order } = await orderViaApi(context, orderId);
      assert.equal(order?.status, "paid");
      assert.equal(order?.total.amount, 0);
      assert.equal(await checkout.shownOrderNumber(), order?.number);
      assert.deepEqual(t.errors, []);
    });
  });

  it("cash: the 2.5 % fee is shown at checkout, charged, and the box office wording says how much and by when", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const lang = "en";
      const checkout = new CheckoutPage(t, lang);
      const tickets = await checkout.atCheckout(2, { name: "Cash Buyer", email: "cash@example.com" });
      await page.getByRole("radio", { name: /Cash at the box office/ }).check();
      const base = 2 * (tickets.offer.price + (tickets.offer.service_fee ?? 0));
      const fee = Math.round(base * 0.025 * 100) / 100;
      const feeShown = await shownValue(page, "payment-fee");
      assert.ok(Math.abs(feeShown - fee) < 0.005, `fee ${feeShown} = 2.5 % of ${base}`);
      const amountShown = await shownValue(page, "order-total");
      assert.ok(Math.abs(amountShown - (base + fee)) < 0.005, `amount ${amountShown} = ${base} + ${fee}`);

      await page.getByRole("button", { name: checkout.text("forms:checkout.submit") }).click();
      await page.waitForURL("**/order/success/?order=*");
      const orderId = new URL(page.url()).searchParams.get("order") ?? "";
      const { order } = await orderViaApi(context, orderId);
      assert.equal(order?.status, "awaiting_payment");
      assert.equal(order?.total.payment_fee, feeShown, "the server charges the fee the checkout showed");
      assert.equal(order?.total.amount, amountShown);
      const wording = page.getByTestId("pay-later");
      await wording.waitFor();
      const amountText = formatMoney(order?.total.amount ?? NaN, "AED", lang, 2);
      assert.ok(
        ((await wording.getByTestId("pay-later-amount").textContent()) ?? "").includes(amountText),
        `the amount to bring: ${amountText}`,
      );
      await wording.getByTestId("pay-later-deadline").waitFor();
      assert.ok(((await wording.textContent()) ?? "").includes(order?.number ?? "-"), "the order number to quote");
      assert.equal(
        await shownValue(page, "order-total"),
        order?.total.amount,
        "the summary shows the amount with the fee",
      );
      assert.deepEqual(t.errors, []);
    });
  });
});
