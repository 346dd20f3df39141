/**
 * The checkout form's own behaviour and the order pages a visitor may reach without
 * buying: validation in the page's language, another session's order staying private,
 * and the helpful empty state of each outcome page on a direct visit.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { orderViaApi } from "./support/api";
import { seriousViolations } from "./support/axe";
import { API_URL, newPage, withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { APPROVED_CARD, CheckoutPage } from "./support/pages";
import { LANGS, type Lang } from "./support/site";

// a 404 of GET /api/orders/{id} is the expected answer for someone else's order
const EXPECTED_404 = [/Failed to load resource: the server responded with a status of 404/];

describe("checkout form validation", () => {
  for (const lang of ["ru", "ar"] as const satisfies readonly Lang[]) {
    it(`explains mistakes in the page's language (${lang}) before sending anything`, async () => {
      await withPage(async (t) => {
        const { page } = t;
        const checkout = new CheckoutPage(t, lang);
        const orderPosts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && r.url().startsWith(`${API_URL}/api/orders`)) orderPosts.push(r.url());
        });
        await checkout.openCheckoutWith(await claim({ tickets: 1 }), 1);
        const submit = page.getByRole("button", { name: checkout.text("forms:checkout.submit") });
        await submit.click();

        await page.getByText(checkout.text("forms:checkout.validation.nameRequired")).waitFor();
        await page.getByText(checkout.text("forms:checkout.validation.emailRequired")).waitFor();
        await page.getByText(checkout.text("forms:checkout.errorSummary", { count: 2 })).waitFor();
        const name = page.getByLabel(checkout.text("forms:checkout.name"), { exact: true });
        assert.equal(await name.getAttribute("aria-invalid"), "true");
        assert.ok(await name.evaluate((el) => el === document.activeElement), "focus moves to the first field to fix");
        // the summary counts what is still wrong, and goes once nothing is
        await name.fill("Анна");
        await page.getByText(checkout.text("forms:checkout.errorSummary", { count: 1 })).waitFor();
        await page.getByLabel(checkout.text("forms:checkout.email"), { exact: true }).fill("anna@example.com");
        await page.getByText(checkout.text("forms:checkout.errorSummary", { count: 1 })).waitFor({ state: "detached" });

        await checkout.fillBuyer({ name: "Анна", email: "anna@", phone: "050 123" });
        await submit.click();
        await page.getByText(checkout.text("forms:checkout.validation.emailInvalid")).waitFor();
        await page.getByText(checkout.text("forms:checkout.validation.phoneInvalid")).waitFor();
        assert.equal(await page.getByText(checkout.text("forms:checkout.validation.nameRequired")).count(), 0);
        assert.equal(orderPosts.length, 0, "nothing was sent while the form had mistakes");
        assert.deepEqual(await seriousViolations(page, "main"), [], "the form with its messages passes axe");

        // corrected, it goes through
        await checkout.fillBuyer({ name: "Анна", email: "anna@example.com", phone: "+7 912 345-67-89" });
        await submit.click();
        await page.waitForURL(new RegExp(`${checkout.path("/order/pay/")}[^/]+/$`));
        assert.equal(orderPosts.length, 1);
        assert.deepEqual(t.errors, []);
      });
    });
  }

  it("an emptied basket at checkout is explained, with the way back to the cart", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const checkout = new CheckoutPage(t, "en");
      await checkout.atCheckout(1, { name: "Nadia", email: "nadia@example.com" });
      // the basket empties behind the page's back (another tab, the hold ran out)
      assert.ok((await context.request.delete(`${API_URL}/api/basket`)).ok());
      await page.getByRole("button", { name: checkout.text("forms:checkout.submit") }).click();
      await page.getByText(checkout.text("forms:checkout.errors.basketEmpty")).waitFor();
      const back = page
        .getByTestId("checkout-problem")
        .getByRole("link", { name: checkout.text("forms:checkout.backToCart") });
      await back.click();
      await page.waitForURL("**/cart/");
    });
  });
});

describe("ways to pay that complete later", () => {
  it("a bank transfer order leads to what happens next, and its bill", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const checkout = new CheckoutPage(t, "en");
      await checkout.atCheckout(1, { name: "Company Buyer", email: "office@example.com" });
      await page.getByRole("radio", { name: /Bank transfer/ }).check();
      await page.getByRole("button", { name: checkout.text("forms:checkout.submit") }).click();
      await page.waitForURL("**/order/success/?order=*");
      await page.getByRole("heading", { level: 1, name: checkout.text("forms:order.success.heading") }).waitFor();
      await page.getByText(checkout.text("forms:order.success.nextDetails", { email: "office@example.com" })).waitFor();
      const orderId = new URL(page.url()).searchParams.get("order") ?? "";
      const { order } = await orderViaApi(context, orderId);
      assert.equal(order?.status, "awaiting_payment");
      // where, by when and how much; the number for people, not the id
      await page
        .getByTestId("pay-later")
        .getByRole("heading", { name: checkout.text("forms:order.payLater.bankHeading") })
        .waitFor();
      await page.getByTestId("pay-later-deadline").waitFor();
      assert.equal(await checkout.shownOrderNumber(), order?.number);

      // the English bill also answers under /en/order/bill/
      await t.open(`/en/order/bill/${encodeURIComponent(orderId)}/`);
      await page.getByRole("button", { name: checkout.text("forms:bill.print") }).waitFor();
      assert.equal(await checkout.shownOrderNumber(), order?.number);
      assert.deepEqual(t.errors, []);
    });
  });
});

describe("privacy of orders", () => {
  it("an order of another session is not visible", async () => {
    const owner = await newPage();
    const stranger = await newPage({ allowErrors: EXPECTED_404 });
    try {
      const checkout = new CheckoutPage(owner);
      await checkout.atCheckout(1, { name: "Private Person", email: "private@example.com" });
      const orderId = await checkout.placeOrder();
      await checkout.goToAcquirer();
      await checkout.payOnAcquirer(APPROVED_CARD);

      for (const path of [
        `/order/pay/${encodeURIComponent(orderId)}/`,
        `/order/bill/${encodeURIComponent(orderId)}/`,
        `/payment/success/?order=${encodeURIComponent(orderId)}`,
      ]) {
        await stranger.open(path);
        await stranger.page.getByRole("heading", { name: checkout.text("forms:order.notFound.heading") }).waitFor();
        const body = (await stranger.page.textContent("main")) ?? "";
        assert.ok(!body.includes("private@example.com"), `${path} shows nothing of the order`);
        assert.equal(await stranger.page.getByTestId("ticket-code").count(), 0);
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
      await withPage(async (t) => {
        const checkout = new CheckoutPage(t, lang);
        for (const { path, heading } of EMPTY) {
          await checkout.open(path);
          await t.page.getByRole("heading", { name: checkout.text(heading) }).waitFor();
          assert.equal(
            (await t.page.getByRole("link", { name: checkout.text("forms:order.notFound.browseEvents") }).count()) > 0,
            true,
            `${path} leads somewhere`,
          );
          const robots = await t.page.locator('meta[name="robots"]').getAttribute("content");
          assert.match(robots ?? "", /noindex/, `${path} is not indexed`);
          assert.equal(await t.page.locator("html").getAttribute("lang"), lang);
        }
        // any other order path: "order not found" with ways forward
        await checkout.open("/order/no-such-page/");
        await t.page.getByRole("heading", { level: 1, name: checkout.text("forms:order.notFound.heading") }).waitFor();
        await checkout.open("/order/pay/");
        await t.page.getByRole("heading", { name: checkout.text("forms:order.notFound.heading") }).waitFor();
        assert.deepEqual(t.errors, [], "no hydration or console errors");
      });
    });
  }
});
