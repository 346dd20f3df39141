/**
 * What comes after the payment, in real Chromium against the built site and the real
 * server: scannable QR codes per ticket on the success page in every language, one printed
 * page per ticket, finding an order from another browser, the unpaid-order reminder, the
 * list of this browser's orders, and the e-mail typo suggestion at checkout.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PDFDocument } from "pdf-lib";
import { href } from "../../src/core/routes";
import { BANK_TRANSFER, CARD, orderNow, seedBasket, uniqueEmail } from "./support/api";
import { withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { CheckoutPage, freeOrderElsewhere } from "./support/pages";
import { LANGS } from "./support/site";

describe("e-tickets on the success page", () => {
  for (const lang of LANGS) {
    it(`in ${lang}: every QR code on the page decodes to one of the order's ticket codes, each once`, async () => {
      await withPage(async (t) => {
        const { page, context } = t;
        const checkout = new CheckoutPage(t, lang);
        const placed = await checkout.placeOwnOrder({
          count: 2,
          email: uniqueEmail(`qr-${lang}`),
          acquisitionId: CARD,
        });
        await checkout.payThroughAcquirer(placed);
        await page.locator('[data-testid="e-tickets"] svg[data-qr]').nth(1).waitFor({ timeout: 20_000 });
        const paid = await orderNow(context, placed.id);
        assert.equal(paid.status, "paid");
        assert.equal(paid.tickets.length, 2);
        const decoded = await checkout.qrCodes();
        assert.deepEqual(decoded.sort(), paid.tickets.map((x) => x.qr ?? x.code).sort());
        for (const code of paid.tickets.map((x) => x.code)) {
          assert.equal(await page.getByTestId("ticket-code").filter({ hasText: code }).count(), 1, `${code} in text`);
        }
        assert.equal(await page.locator("html").getAttribute("dir"), lang === "ar" ? "rtl" : "ltr");
        assert.match(
          (await page.getByTestId("tickets-sent-to").textContent()) ?? "",
          new RegExp(placed.email.replace(/[.+]/g, "\\$&")),
        );
        assert.deepEqual(t.errors, []);
      });
    });
  }
});

describe("the printable tickets", () => {
  it("put each ticket on its own A4 page, with a QR code that still decodes", async () => {
    await withPage(async (t) => {
      const { page } = t;
      const tickets = new CheckoutPage(t, "ar");
      const order = await tickets.placeOwnOrder({
        count: 3,
        free: true,
        email: uniqueEmail("print"),
        acquisitionId: null,
      });
      assert.equal(order.status, "paid", "a free order is created paid");
      await tickets.open(`${href.orderTickets()}?order=${encodeURIComponent(order.id)}`);
      await page.locator("svg[data-qr]").nth(2).waitFor();
      assert.deepEqual((await tickets.qrCodes()).sort(), order.tickets.map((x) => x.qr ?? x.code).sort());
      await page.emulateMedia({ media: "print" });
      const pdf = await PDFDocument.load(
        await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }),
      );
      assert.equal(pdf.getPageCount(), 3, "one printed page per ticket");
      assert.deepEqual(t.errors, []);
    });
  });
});

describe("find my order", () => {
  it("finds the order with its number and e-mail in a fresh browser, and says nothing about which half was wrong", async () => {
    const email = uniqueEmail("lookup");
    const order = await freeOrderElsewhere("ru", 1, email);
    await withPage(async (t) => {
      const { page } = t;
      const lookup = new CheckoutPage(t, "ru");
      await lookup.open(href.orderLookup());
      const typedNumber = order.number.toLowerCase().replace("-", " ");
      await lookup.lookUpOrder(typedNumber, `wrong-${email}`);
      await page.getByTestId("lookup-problem").waitFor();
      assert.equal(
        (await page.getByTestId("lookup-problem").textContent())?.trim(),
        lookup.text("tickets:lookup.notFound"),
      );
      assert.equal(await page.getByTestId("lookup-result").count(), 0);

      await lookup.lookUpOrder(typedNumber, email.toUpperCase());
      await page.getByTestId("lookup-result").waitFor();
      assert.match((await page.getByTestId("lookup-result").textContent()) ?? "", new RegExp(order.number));
      await page.locator("svg[data-qr]").first().waitFor();
      assert.deepEqual(
        await lookup.qrCodes(),
        order.tickets.map((x) => x.qr ?? x.code),
      );

      // found once, the order belongs to this browser too
      await lookup.goto(href.myOrders());
      await page.getByTestId("orders-list").waitFor();
      assert.match((await page.getByTestId("orders-list").textContent()) ?? "", new RegExp(order.number));
      assert.deepEqual(
        t.errors.filter((e) => !/404|Not Found/.test(e)),
        [],
      );
    });
  });

  it("opens the order straight from the e-mail's link", async () => {
    const email = uniqueEmail("link");
    const order = await freeOrderElsewhere("en", 1, email);
    await withPage(async (t) => {
      await new CheckoutPage(t).goto(`${href.orderLookup()}?number=${order.number}#email=${encodeURIComponent(email)}`);
      await t.page.getByTestId("lookup-result").waitFor({ timeout: 15_000 });
      await t.page.locator("svg[data-qr]").first().waitFor();
    });
  });
});

describe("an unpaid order", () => {
  it("is shown under the header and on the cart with the time left, and leads to payment", async () => {
    await withPage(async (t) => {
      const { page } = t;
      const site = new CheckoutPage(t);
      const order = await site.placeOwnOrder({
        count: 1,
        email: uniqueEmail("unpaid"),
        acquisitionId: CARD,
      });
      assert.equal(order.status, "awaiting_payment");
      await site.goto(href.events());
      const banner = page.getByTestId("unpaid-order-banner");
      await banner.waitFor();
      assert.match((await banner.textContent()) ?? "", new RegExp(`${order.number}.*\\d+:\\d\\d`));
      await site.goto(href.cart());
      await banner.waitFor();
      assert.equal(await banner.count(), 1, "one reminder on the cart");
      await banner.getByRole("link").click();
      await page.waitForURL((url) => url.pathname === `/order/pay/${order.id}/`);

      await site.goto(href.myOrders());
      await page.getByTestId("orders-list").waitFor();
      assert.match(
        (await page.getByTestId("orders-list").textContent()) ?? "",
        new RegExp(site.text("tickets:orders.status.awaiting_payment")),
      );
    });
  });

  it("a bank-transfer order in Arabic is listed with its way to payment", async () => {
    await withPage(async (t) => {
      const { page } = t;
      const site = new CheckoutPage(t, "ar");
      const order = await site.placeOwnOrder({
        count: 1,
        email: uniqueEmail("bank"),
        acquisitionId: BANK_TRANSFER,
      });
      await site.goto(href.myOrders());
      const row = page.locator(`[data-order-id="${order.id}"]`);
      await row.waitFor();
      assert.match((await row.textContent()) ?? "", new RegExp(site.text("tickets:orders.status.awaiting_payment")));
    });
  });
});

describe("the checkout's e-mail field", () => {
  it("suggests gmail.com for gmial.con and puts it in the field when asked", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const { offer } = await claim({ tickets: 1 });
      await seedBasket(context.request, offer.id, 1);
      await new CheckoutPage(t).open(href.orderCheckout());
      const email = page.locator("#checkout-email");
      await email.fill("john.smith@gmial.con");
      await email.blur();
      const hint = page.getByTestId("email-typo");
      await hint.waitFor();
      assert.match((await hint.textContent()) ?? "", /john\.smith@gmail\.com/);
      await hint.getByRole("button", { name: /john\.smith@gmail\.com/ }).click();
      assert.equal(await email.inputValue(), "john.smith@gmail.com");
      assert.equal(await hint.count(), 0, "the hint goes once the address is right");
    });
  });
});
