/**
 * The documents a buyer keeps, in Arabic on a 390 px phone and printed, in real Chromium
 * against the built site and the real server: the acquirer's page (the shop's money format,
 * expiry and CVC on one line), the success page (each ticket code once, labels above values,
 * codes unbroken), the tax invoice (seller, TRN, VAT included, one A4 page), the printed
 * tickets (the shop's name and the terms on each, one per page) and no invoice for a free
 * registration.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PDFDocument } from "pdf-lib";
import { formatMoney } from "../../src/core/format";
import { href, localize } from "../../src/core/routes";
import { includedVat, SELLER } from "../../src/core/seller";
import { CARD, orderNow, orderOwnTickets, startPayment, uniqueEmail } from "./support/api";
import { withPage } from "./support/browser";
import { APPROVED_CARD, CheckoutPage } from "./support/pages";

const PHONE = { width: 390, height: 844 };

describe("an Arabic buyer's documents", () => {
  it("acquirer, success page, tax invoice and printed tickets, on a phone and on paper", async () => {
    await withPage(
      async (t) => {
        const { page, context } = t;
        const checkout = new CheckoutPage(t, "ar");
        const placed = await orderOwnTickets(context, {
          lang: "ar",
          count: 2,
          email: uniqueEmail("docs-ar"),
          acquisitionId: CARD,
        });

        // the acquirer's page: the shop's formatting, expiry and CVC side by side and level
        await page.goto(await startPayment(context, placed));
        // no named functions inside evaluate: tsx would wrap them in a helper the page lacks
        const acquirer = await page.evaluate(() => ({
          amount: document.querySelector("[data-amount] bdi")?.textContent ?? "",
          expiry: document.querySelector("#card-expiry")!.getBoundingClientRect().toJSON() as DOMRect,
          cvc: document.querySelector("#card-cvc")!.getBoundingClientRect().toJSON() as DOMRect,
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        }));
        assert.equal(acquirer.amount, formatMoney(placed.total.amount, "AED", "ar", 2));
        assert.ok(Math.abs(acquirer.expiry.top - acquirer.cvc.top) < 1, "expiry and CVC boxes on one level");
        assert.ok(Math.abs(acquirer.expiry.height - acquirer.cvc.height) < 1);
        assert.ok(acquirer.overflow <= 0, "the acquirer's page fits the phone");
        await checkout.payOnAcquirer(APPROVED_CARD);

        // the success page: each code once, labels above values, codes on one line
        const paid = await orderNow(context, placed.id);
        assert.equal(paid.status, "paid");
        await page.getByTestId("ticket-code").nth(1).waitFor();
        const shown = (await page.getByTestId("ticket-code").allTextContents()).map((s) => s.trim());
        assert.deepEqual(
          shown,
          paid.tickets.map((x) => x.code),
          "each code once, in the order's order",
        );
        const cards = await page.evaluate(() => {
          return {
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            stacked: [...document.querySelectorAll("[data-ticket-code] dt")].map((dt) => {
              const dd = dt.nextElementSibling!;
              return dt.getBoundingClientRect().bottom <= dd.getBoundingClientRect().top + 1;
            }),
            // a line box is about 1.5 rem: more than two of them is the date wrapping word by word
            whenLines: [...document.querySelectorAll('[data-testid="ticket-when"]')].map((el) => {
              const style = getComputedStyle(el);
              const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
              return el.getBoundingClientRect().height / line;
            }),
            codeLines: [...document.querySelectorAll("[data-ticket-code] bdi")].map(
              (el) =>
                new Set([...el.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4))).size,
            ),
          };
        });
        assert.ok(cards.overflow <= 0, "the success page fits the phone");
        assert.ok(cards.stacked.length > 0 && cards.stacked.every(Boolean), "every label above its value");
        assert.ok(
          cards.codeLines.every((n) => n === 1),
          "no code or order number breaks",
        );
        assert.ok(
          cards.whenLines.length > 0 && cards.whenLines.every((n) => n < 2.5),
          `the date takes at most two lines (${cards.whenLines.join(", ")})`,
        );

        // the tax invoice: seller, TRN, VAT included, one A4 page
        await t.open(localize(href.orderBill(placed.id), "ar"));
        await page.getByRole("heading", { level: 1, name: checkout.text("forms:bill.heading") }).waitFor();
        const seller = (await page.getByTestId("bill-seller").textContent()) ?? "";
        assert.ok(seller.includes(SELLER.legalName.ar) && seller.includes(SELLER.trn));
        const vat = Number(await page.getByTestId("bill-vat").locator("[data-value]").getAttribute("data-value"));
        assert.equal(vat, includedVat(paid.total.amount));
        assert.equal(await page.getByTestId("bill-line").count(), 1);
        await page.emulateMedia({ media: "print" });
        const bill = await PDFDocument.load(
          await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }),
        );
        assert.equal(bill.getPageCount(), 1, "the invoice prints on one A4 page");
        await page.emulateMedia({ media: "screen" });

        // printed tickets: the shop's name and the terms on each, one per page
        await t.open(localize(href.orderTickets(placed.id), "ar"));
        await page.locator("svg[data-qr]").nth(1).waitFor();
        assert.equal(await page.getByTestId("ticket-shop").count(), 2);
        assert.equal(await page.getByTestId("ticket-terms").count(), 2);
        assert.ok(((await page.getByTestId("ticket-shop").first().textContent()) ?? "").includes(SELLER.shopName.ar));
        await page.emulateMedia({ media: "print" });
        const tickets = await PDFDocument.load(
          await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }),
        );
        assert.equal(tickets.getPageCount(), 2, "one printed page per ticket");
        assert.deepEqual(t.errors, []);
      },
      { viewport: PHONE },
    );
  });

  it("a free registration has no invoice", async () => {
    await withPage(async (t) => {
      const checkout = new CheckoutPage(t, "ar");
      const free = await orderOwnTickets(t.context, {
        lang: "ar",
        count: 1,
        free: true,
        email: uniqueEmail("free-bill"),
        acquisitionId: null,
      });
      await t.open(localize(href.orderBill(free.id), "ar"));
      await t.page.getByRole("heading", { name: checkout.text("forms:bill.freeHeading") }).waitFor();
      assert.equal(await t.page.getByTestId("tax-invoice").count(), 0);
      assert.deepEqual(t.errors, []);
    });
  });
});
