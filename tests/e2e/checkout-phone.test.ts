/**
 * What a buyer meets on a phone and in the smaller corners of the shop: the order summary
 * before the button, UAE numbers as dialled here, the stepper saying why "+" stopped, one
 * count on the events list, a way to pay named once and a look-up form that looks like one.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { href } from "../../src/core/routes";
import { withPage } from "./support/browser";
import { claim, offerTitle } from "./support/catalogue";
import { CheckoutPage } from "./support/pages";

const PHONE = { width: 390, height: 844 };

describe("the checkout on a phone", () => {
  it("shows what is being bought above the button, and takes a UAE number as dialled here (ar)", async () => {
    await withPage(
      async (t) => {
        const { page } = t;
        const checkout = new CheckoutPage(t, "ar");
        await checkout.atCheckout(1, { name: "ليلى حداد", email: "layla@example.com", phone: "050 123 4567" });
        const summary = page.locator("#co-summary-heading");
        const submit = page.getByRole("button", { name: checkout.text("forms:checkout.submit") });
        const [summaryBox, submitBox] = [await summary.boundingBox(), await submit.boundingBox()];
        assert.ok(summaryBox && submitBox);
        assert.ok(summaryBox.y < submitBox.y, "the summary's heading comes before the button");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);

        const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/orders");
        await submit.click();
        assert.equal((await sent).postDataJSON()?.phone, "+971501234567", "the number goes out in E.164");
        await page.waitForURL(new RegExp(`${checkout.path("/order/pay/")}[^/]+/$`));
      },
      { viewport: PHONE },
    );
  });

  it("says why '+' stopped adding tickets", async () => {
    await withPage(async (t) => {
      const { page } = t;
      const shop = new CheckoutPage(t, "en");
      const tickets = await claim({ tickets: 1, offer: (o) => o.max_per_order <= 10 && o.available > 20 });
      const offer = tickets.offers[0]!;
      await shop.open(href.event(tickets.event.id));
      const title = await offerTitle(tickets.event, offer.id, "en");
      const more = page.getByRole("button", { name: shop.text("picker.increase", { title }) });
      const row = shop.offer(offer.id);
      for (let i = 0; i < offer.max_per_order; i++) await more.click();
      assert.ok(await more.isDisabled());
      const note = row.getByTestId("limit-note");
      await note.waitFor();
      assert.equal(await note.getAttribute("data-limit"), "per_order");
      assert.equal((await note.innerText()).trim(), shop.text("picker.maxPerOrder", { count: offer.max_per_order }));
    });
  });
});

describe("the basket on a phone", () => {
  it("confirms an addition once, keeps the bar's button on one line and the cart's total at hand (ru)", async () => {
    const tickets = await claim({ tickets: 2, oneSession: true });
    const offer = tickets.offers[0]!;
    await withPage(
      async (t) => {
        const { page } = t;
        const shop = new CheckoutPage(t, "ru");
        await shop.open(href.event(tickets.event.id));
        await shop.pick(offer.id, 2);
        await page.getByTestId("add-to-basket").click();
        const added = page.getByTestId("picker-added");
        await added.waitFor();
        const bar = page.getByTestId("sticky-bar");
        assert.ok(
          !(await bar.innerText()).includes(shop.text("picker.added", { count: 2 })),
          "the bar does not say it again",
        );
        await page.waitForTimeout(300);
        assert.equal(await page.locator(".Toastify__toast").count(), 0, "no toast says it a third time");
        const button = bar.getByRole("link", { name: shop.text("picker.goToCart") });
        const height = await button.evaluate((el) => el.getBoundingClientRect().height);
        const line = await button.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
        assert.ok(height < line * 2 + 24, `the bar's button wraps: ${height}px for a ${line}px line`);

        await shop.openCart();
        const cartBar = page.getByTestId("cart-bar");
        assert.ok(await cartBar.isVisible(), "the total and checkout stay at the bottom");
        const total = await page.getByTestId("cart-total").getAttribute("data-value");
        assert.equal(await cartBar.locator("[data-value]").getAttribute("data-value"), total);
        const checkoutLinks = page.getByRole("link", { name: shop.text("cart.checkout") });
        assert.equal(await checkoutLinks.count(), 1, "one way to the checkout on screen");
        await shop.checkoutFromCart();
      },
      { viewport: PHONE },
    );
  });
});

describe("lists and small pages", () => {
  it("the events list's count follows the filter", async () => {
    await withPage(async (t) => {
      const { page } = t;
      const shop = new CheckoutPage(t, "en");
      await shop.open(href.events());
      await page.getByRole("button", { name: shop.text("pages:events.quick.weekend") }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="events-found"]')?.getAttribute("aria-busy") === "false",
      );
      const found = Number(await page.getByTestId("events-found").getAttribute("data-count"));
      const lead = (await page.locator("main header p, main h1 + p").first().innerText()).trim();
      assert.equal(lead, shop.text("common.eventsCount", { count: found }));
    });
  });

  it("the events list uses a laptop's width, and the header's search says its placeholder whole (ru)", async () => {
    await withPage(
      async (t) => {
        const { page } = t;
        await new CheckoutPage(t, "ru").open(href.events());
        const tops = await page
          .locator("main section[aria-labelledby^='day-']")
          .evaluateAll((sections) => sections.slice(0, 4).map((s) => Math.round(s.getBoundingClientRect().top)));
        assert.ok(new Set(tops).size < tops.length, `days side by side: their tops are ${tops.join(", ")}`);
        const fits = await page
          .getByRole("combobox", { name: new CheckoutPage(t, "ru").text("nav.search"), exact: true })
          .evaluate((input: HTMLInputElement) => {
            const style = getComputedStyle(input);
            const context = document.createElement("canvas").getContext("2d")!;
            context.font = style.font;
            const room = input.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
            return { text: context.measureText(input.placeholder).width, room };
          });
        assert.ok(fits.text <= fits.room, `placeholder ${fits.text}px in ${fits.room}px`);
      },
      { viewport: { width: 1366, height: 900 } },
    );
  });

  it("pay and delivery names each way to pay once", async () => {
    await withPage(async (t) => {
      const { page } = t;
      await new CheckoutPage(t, "en").open(href.payAndDelivery());
      const cards = page.locator("[data-acquisition-id]");
      assert.ok((await cards.count()) >= 3);
      for (const card of await cards.all()) {
        const lines = (await card.innerText())
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean);
        assert.equal(new Set(lines).size, lines.length, `a line repeated in ${lines.join(" / ")}`);
      }
    });
  });

  it("the look-up form's fields are styled like the checkout's", async () => {
    await withPage(async (t) => {
      const { page } = t;
      await new CheckoutPage(t, "ru").open(href.orderLookup());
      const style = await page
        .locator("#lookup-number")
        .evaluate((el) => ({ radius: getComputedStyle(el).borderRadius, width: el.getBoundingClientRect().width }));
      assert.equal(style.radius, "8px");
      assert.ok(style.width > 200, `the field is ${style.width}px wide`);
    });
  });
});
