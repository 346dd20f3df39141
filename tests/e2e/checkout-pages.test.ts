/**
 * The checkout form's own behaviour and the order pages a visitor may reach without
 * buying: validation in the page's language, another session's order staying private,
 * and the helpful empty state of each outcome page on a direct visit.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { API_URL, closeBrowser, newPage, siteUrl, waitForHydration } from "./support/browser";
import {
  APPROVED_CARD,
  LANGS,
  fillBuyer,
  findTicketsOnSale,
  localPath,
  open,
  orderViaApi,
  goToAcquirer,
  payOnAcquirer,
  seedBasket,
  seriousViolationsInMain,
  text,
  type Lang,
} from "./support/checkout-pages";

after(closeBrowser);

// a 404 of GET /api/orders/{id} is the expected answer for someone else's order
const EXPECTED_404 = [/Failed to load resource: the server responded with a status of 404/];

describe("checkout form validation", () => {
  for (const lang of ["ru", "ar"] as const satisfies readonly Lang[]) {
    it(`explains mistakes in the page's language (${lang}) before sending anything`, async () => {
      const t = await newPage();
      try {
        const { page, context } = t;
        const tickets = await findTicketsOnSale(context.request, 1, 5);
        await seedBasket(context, tickets.ticketId, 1);
        const orderPosts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && r.url().startsWith(`${API_URL}/api/orders`)) orderPosts.push(r.url());
        });
        await open(page, lang, "/order/checkout/");
        const submit = page.getByRole("button", { name: text(lang, "forms:checkout.submit") });
        await submit.click();

        await page.getByText(text(lang, "forms:checkout.validation.nameRequired")).waitFor();
        await page.getByText(text(lang, "forms:checkout.validation.emailRequired")).waitFor();
        await page.getByText(text(lang, "forms:checkout.errorSummary", { count: 2 })).waitFor();
        const name = page.getByLabel(text(lang, "forms:checkout.name"), { exact: true });
        assert.equal(await name.getAttribute("aria-invalid"), "true");
        assert.ok(await name.evaluate((el) => el === document.activeElement), "focus moves to the first field to fix");

        await fillBuyer(page, lang, { name: "Анна", email: "anna@", phone: "050 123" });
        await submit.click();
        await page.getByText(text(lang, "forms:checkout.validation.emailInvalid")).waitFor();
        await page.getByText(text(lang, "forms:checkout.validation.phoneInvalid")).waitFor();
        assert.equal(await page.getByText(text(lang, "forms:checkout.validation.nameRequired")).count(), 0);
        assert.equal(orderPosts.length, 0, "nothing was sent while the form had mistakes");
        assert.deepEqual(await seriousViolationsInMain(page), [], "the form with its messages passes axe");

        // corrected, it goes through
        await fillBuyer(page, lang, { name: "Анна", email: "anna@example.com", phone: "+7 912 345-67-89" });
        await submit.click();
        await page.waitForURL(new RegExp(`${localPath(lang, "/order/pay/")}[^/]+/$`));
        assert.equal(orderPosts.length, 1);
        assert.deepEqual(t.errors, []);
      } finally {
        await t.close();
      }
    });
  }

  it("an emptied basket at checkout is explained, with the way back to the cart", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const lang = "en";
      const tickets = await findTicketsOnSale(context.request, 1, 6);
      await seedBasket(context, tickets.ticketId, 1);
      await open(page, lang, "/order/checkout/");
      await fillBuyer(page, lang, { name: "Nadia", email: "nadia@example.com" });
      // the basket empties behind the page's back (another tab, the hold ran out)
      assert.ok((await context.request.delete(`${API_URL}/api/basket`)).ok());
      await page.getByRole("button", { name: text(lang, "forms:checkout.submit") }).click();
      await page.getByText(text(lang, "forms:checkout.errors.basketEmpty")).waitFor();
      const back = page
        .getByTestId("checkout-problem")
        .getByRole("link", { name: text(lang, "forms:checkout.backToCart") });
      await back.click();
      await page.waitForURL("**/cart/");
    } finally {
      await t.close();
    }
  });
});

describe("ways to pay that complete later", () => {
  it("a bank transfer order leads to what happens next, and its bill", async () => {
    const t = await newPage();
    try {
      const { page, context } = t;
      const lang = "en";
      const tickets = await findTicketsOnSale(context.request, 1, 10);
      await seedBasket(context, tickets.ticketId, 1);
      await open(page, lang, "/order/checkout/");
      await fillBuyer(page, lang, { name: "Company Buyer", email: "office@example.com" });
      await page.getByRole("radio", { name: /Bank transfer/ }).check();
      await page.getByRole("button", { name: text(lang, "forms:checkout.submit") }).click();
      await page.waitForURL("**/order/success/?order=*");
      await page.getByRole("heading", { level: 1, name: text(lang, "forms:order.success.heading") }).waitFor();
      await page.getByText(text(lang, "forms:order.success.nextDetails", { email: "office@example.com" })).waitFor();
      const orderId = new URL(page.url()).searchParams.get("order") ?? "";
      const { order } = await orderViaApi(context, orderId);
      assert.equal(order?.status, "awaiting_payment");
      // where, by when and how much; the number for people, not the id
      await page
        .getByTestId("pay-later")
        .getByRole("heading", { name: text(lang, "forms:order.payLater.bankHeading") })
        .waitFor();
      await page.getByTestId("pay-later-deadline").waitFor();
      assert.equal((await page.getByTestId("order-number").textContent())?.trim(), order?.number);

      // the English bill also answers under /en/order/bill/
      await page.goto(siteUrl(`/en/order/bill/${encodeURIComponent(orderId)}/`));
      await waitForHydration(page);
      await page.getByRole("button", { name: text(lang, "forms:bill.print") }).waitFor();
      assert.equal((await page.getByTestId("order-number").textContent())?.trim(), order?.number);
      assert.deepEqual(t.errors, []);
    } finally {
      await t.close();
    }
  });
});

describe("privacy of orders", () => {
  it("an order of another session is not visible", async () => {
    const owner = await newPage();
    const stranger = await newPage({ allowErrors: EXPECTED_404 });
    try {
      const tickets = await findTicketsOnSale(owner.context.request, 1, 7);
      await seedBasket(owner.context, tickets.ticketId, 1);
      await open(owner.page, "en", "/order/checkout/");
      await fillBuyer(owner.page, "en", { name: "Private Person", email: "private@example.com" });
      await owner.page.getByRole("button", { name: text("en", "forms:checkout.submit") }).click();
      await owner.page.waitForURL(/\/order\/pay\/[^/]+\/$/);
      const orderId = decodeURIComponent(new URL(owner.page.url()).pathname.split("/").filter(Boolean).at(-1) ?? "");
      await goToAcquirer(owner.page, "en");
      await payOnAcquirer(owner.page, "en", APPROVED_CARD);

      for (const path of [
        `/order/pay/${encodeURIComponent(orderId)}/`,
        `/order/bill/${encodeURIComponent(orderId)}/`,
        `/payment/success/?order=${encodeURIComponent(orderId)}`,
      ]) {
        await stranger.page.goto(siteUrl(path));
        await waitForHydration(stranger.page);
        await stranger.page.getByRole("heading", { name: text("en", "forms:order.notFound.heading") }).waitFor();
        const body = (await stranger.page.textContent("main")) ?? "";
        assert.ok(!body.includes("private@example.com"), `${path} shows nothing of the order`);
        assert.equal(await stranger.page.getByTestId("ticket-codes").count(), 0);
      }
      assert.equal((await orderViaApi(stranger.context, orderId)).status, 404);
      assert.deepEqual(stranger.errors, []);
    } finally {
      await owner.close();
      await stranger.close();
    }
  });
});

describe("order pages reached directly", () => {
  const EMPTY: Array<{ path: string; heading: string }> = [
    { path: "/order/success/", heading: "forms:order.success.emptyHeading" },
    { path: "/order/fail/", heading: "forms:order.fail.emptyHeading" },
    { path: "/payment/success/", heading: "forms:payment.success.emptyHeading" },
    { path: "/order/bill/", heading: "forms:bill.emptyHeading" },
  ];
  for (const lang of LANGS) {
    it(`each outcome page explains itself without an order (${lang})`, async () => {
      const t = await newPage();
      try {
        for (const { path, heading } of EMPTY) {
          await open(t.page, lang, path);
          await t.page.getByRole("heading", { name: text(lang, heading) }).waitFor();
          assert.equal(
            (await t.page.getByRole("link", { name: text(lang, "forms:order.notFound.browseEvents") }).count()) > 0,
            true,
            `${path} leads somewhere`,
          );
          const robots = await t.page.locator('meta[name="robots"]').getAttribute("content");
          assert.match(robots ?? "", /noindex/, `${path} is not indexed`);
          assert.equal(await t.page.locator("html").getAttribute("lang"), lang);
        }
        // any other order path: "order not found" with ways forward
        await open(t.page, lang, "/order/no-such-page/");
        await t.page.getByRole("heading", { level: 1, name: text(lang, "forms:order.notFound.heading") }).waitFor();
        await open(t.page, lang, "/order/pay/");
        await t.page.getByRole("heading", { name: text(lang, "forms:order.notFound.heading") }).waitFor();
        assert.deepEqual(t.errors, [], "no hydration or console errors");
      } finally {
        await t.close();
      }
    });
  }
});
