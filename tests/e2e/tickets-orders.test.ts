/**
 * What comes after the payment, in real Chromium against the built site and the real
 * server: scannable QR codes per ticket on the success page in every language, one printed
 * page per ticket, finding an order from another browser, the unpaid-order reminder, the
 * list of this browser's orders, and the e-mail typo suggestion at checkout.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { PDFDocument } from "pdf-lib";
import { API_URL, closeBrowser, newPage, waitForHydration } from "./support/browser";
import {
  decodeAllQr,
  offer,
  orderNow,
  payOnSandbox,
  placeOrder,
  sitePath,
  uniqueEmail,
  type Lang,
} from "./support/tickets-orders";

after(closeBrowser);

const LANGS: Lang[] = ["en", "ru", "ar"];
const CARD = 1;
const BANK_TRANSFER = 3;

const tickets = (lang: Lang) =>
  JSON.parse(readFileSync(join(__dirname, "..", "..", "locales", lang, "tickets.json"), "utf8")) as {
    lookup: Record<string, string>;
    orders: { status: Record<string, string> };
  };

describe("e-tickets on the success page", () => {
  LANGS.forEach((lang, i) => {
    it(`in ${lang}: every QR code on the page decodes to one of the order's ticket codes, each once`, async () => {
      const t = await newPage();
      try {
        const { page, context } = t;
        const ticket = await offer("paid", 3 + i);
        const placed = await placeOrder(context, {
          lang,
          ticketId: ticket.id,
          count: 2,
          email: uniqueEmail(`qr-${lang}`),
          acquisitionId: CARD,
        });
        await payOnSandbox(page, placed, lang);
        await page.locator('[data-testid="e-tickets"] svg[data-qr]').nth(1).waitFor({ timeout: 20_000 });
        const paid = await orderNow(context, placed.id);
        assert.equal(paid.status, "paid");
        assert.equal(paid.tickets.length, 2);
        const decoded = await decodeAllQr(page);
        assert.deepEqual(decoded.sort(), paid.tickets.map((x) => x.code).sort());
        for (const code of paid.tickets.map((x) => x.code)) {
          assert.equal(await page.getByTestId("ticket-code").filter({ hasText: code }).count(), 1, `${code} in text`);
        }
        assert.equal(await page.locator("html").getAttribute("dir"), lang === "ar" ? "rtl" : "ltr");
        assert.match(
          (await page.getByTestId("tickets-sent-to").textContent()) ?? "",
          new RegExp(placed.email.replace(/[.+]/g, "\\$&")),
        );
        assert.deepEqual(t.errors, []);
      } finally {
        await t.close();
      }
    });
  });
});

describe("the printable tickets", () => {
  it("put each ticket on its own A4 page, with a QR code that still decodes", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const ticket = await offer("free");
      const order = await placeOrder(context, {
        lang: "ar",
        ticketId: ticket.id,
        count: 3,
        email: uniqueEmail("print"),
        acquisitionId: null,
      });
      assert.equal(order.status, "paid", "a free order is created paid");
      await page.goto(sitePath("ar", `/order/tickets/?order=${encodeURIComponent(order.id)}`));
      await waitForHydration(page);
      await page.locator("svg[data-qr]").nth(2).waitFor();
      assert.deepEqual((await decodeAllQr(page)).sort(), order.tickets.map((x) => x.code).sort());
      await page.emulateMedia({ media: "print" });
      const pdf = await PDFDocument.load(
        await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }),
      );
      assert.equal(pdf.getPageCount(), 3, "one printed page per ticket");
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });
});

describe("find my order", () => {
  it("finds the order with its number and e-mail in a fresh browser, and says nothing about which half was wrong", async () => {
    const buyer = await newPage();
    const email = uniqueEmail("lookup");
    let order: Awaited<ReturnType<typeof placeOrder>> | undefined;
    try {
      const ticket = await offer("free", 1);
      order = await placeOrder(buyer.context, {
        lang: "ru",
        ticketId: ticket.id,
        count: 1,
        email,
        acquisitionId: null,
      });
    } finally {
      await buyer.close();
    }
    const t = await newPage();
    try {
      const { page } = t;
      const texts = tickets("ru").lookup;
      await page.goto(sitePath("ru", "/order/lookup/"));
      await waitForHydration(page);
      await page.getByLabel(texts.number!).fill(order.number.toLowerCase().replace("-", " "));
      await page.getByLabel(texts.email!).fill(`wrong-${email}`);
      await page.getByRole("button", { name: texts.submit }).click();
      await page.getByTestId("lookup-problem").waitFor();
      assert.equal((await page.getByTestId("lookup-problem").textContent())?.trim(), texts.notFound);
      assert.equal(await page.getByTestId("lookup-result").count(), 0);

      await page.getByLabel(texts.email!).fill(email.toUpperCase());
      await page.getByRole("button", { name: texts.submit }).click();
      await page.getByTestId("lookup-result").waitFor();
      assert.match((await page.getByTestId("lookup-result").textContent()) ?? "", new RegExp(order.number));
      await page.locator("svg[data-qr]").first().waitFor();
      assert.deepEqual(
        await decodeAllQr(page),
        order.tickets.map((x) => x.code),
      );

      // found once, the order belongs to this browser too
      await page.goto(sitePath("ru", "/orders/"));
      await page.getByTestId("orders-list").waitFor();
      assert.match((await page.getByTestId("orders-list").textContent()) ?? "", new RegExp(order.number));
      assert.deepEqual(
        t.errors.filter((e) => !/404|Not Found/.test(e)),
        [],
      );
    } finally {
      await t.close();
    }
  });

  it("opens the order straight from the e-mail's link", async () => {
    const buyer = await newPage();
    const email = uniqueEmail("link");
    let order: Awaited<ReturnType<typeof placeOrder>> | undefined;
    try {
      const ticket = await offer("free", 2);
      order = await placeOrder(buyer.context, {
        lang: "en",
        ticketId: ticket.id,
        count: 1,
        email,
        acquisitionId: null,
      });
    } finally {
      await buyer.close();
    }
    const t = await newPage();
    try {
      await t.page.goto(sitePath("en", `/order/lookup/?number=${order.number}#email=${encodeURIComponent(email)}`));
      await t.page.getByTestId("lookup-result").waitFor({ timeout: 15_000 });
      await t.page.locator("svg[data-qr]").first().waitFor();
    } finally {
      await t.close();
    }
  });
});

describe("an unpaid order", () => {
  it("is shown under the header and on the cart with the time left, and leads to payment", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const ticket = await offer("paid", 7);
      const order = await placeOrder(context, {
        lang: "en",
        ticketId: ticket.id,
        count: 1,
        email: uniqueEmail("unpaid"),
        acquisitionId: CARD,
      });
      assert.equal(order.status, "awaiting_payment");
      await page.goto(sitePath("en", "/events/"));
      const banner = page.getByTestId("unpaid-order-banner");
      await banner.waitFor();
      assert.match((await banner.textContent()) ?? "", new RegExp(`${order.number}.*\\d+:\\d\\d`));
      await page.goto(sitePath("en", "/cart/"));
      await banner.waitFor();
      assert.equal(await banner.count(), 1, "one reminder on the cart");
      await banner.getByRole("link").click();
      await page.waitForURL((url) => url.pathname === `/order/pay/${order.id}/`);

      await page.goto(sitePath("en", "/orders/"));
      await page.getByTestId("orders-list").waitFor();
      assert.match(
        (await page.getByTestId("orders-list").textContent()) ?? "",
        new RegExp(tickets("en").orders.status.awaiting_payment!),
      );
    } finally {
      await t.close();
    }
  });

  it("a bank-transfer order in Arabic is listed with its way to payment", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const ticket = await offer("paid", 9);
      const order = await placeOrder(context, {
        lang: "ar",
        ticketId: ticket.id,
        count: 1,
        email: uniqueEmail("bank"),
        acquisitionId: BANK_TRANSFER,
      });
      await page.goto(sitePath("ar", "/orders/"));
      const row = page.locator(`[data-order-id="${order.id}"]`);
      await row.waitFor();
      assert.match((await row.textContent()) ?? "", new RegExp(tickets("ar").orders.status.awaiting_payment!));
    } finally {
      await t.close();
    }
  });
});

describe("the checkout's e-mail field", () => {
  it("suggests gmail.com for gmial.con and puts it in the field when asked", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const ticket = await offer("paid", 11);
      const add = await context.request.post(`${API_URL}/api/basket`, {
        data: { type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } },
      });
      assert.equal(add.status(), 200);
      await page.goto(sitePath("en", "/order/checkout/"));
      await waitForHydration(page);
      const email = page.locator("#checkout-email");
      await email.fill("john.smith@gmial.con");
      await email.blur();
      const hint = page.getByTestId("email-typo");
      await hint.waitFor();
      assert.match((await hint.textContent()) ?? "", /john\.smith@gmail\.com/);
      await hint.getByRole("button", { name: /john\.smith@gmail\.com/ }).click();
      assert.equal(await email.inputValue(), "john.smith@gmail.com");
      assert.equal(await hint.count(), 0, "the hint goes once the address is right");
    } finally {
      await t.close();
    }
  });
});
