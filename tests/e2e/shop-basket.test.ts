/**
 * The basket end to end: pick tickets on an event page, see the header count, check the
 * cart's totals against the server's, change a count, delete a ticket and an event, clear,
 * and reload (the basket lives on the server). Also the picker's limits and refusals.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { request } from "playwright-core";
import { seedBasket, serverBasket, serverCountReaches } from "./support/api";
import { API_URL, withPage } from "./support/browser";
import { catalogueEvents, claim } from "./support/catalogue";
import { ShopPage } from "./support/pages";

describe("shop: basket", () => {
  it("fills, changes and empties a basket, with totals equal to the server's", async () => {
    await withPage(async (tp) => {
      const shop = new ShopPage(tp);
      const {
        event,
        offers: [a, b],
      } = await claim({ tickets: 3, categories: 2, oneSession: true });
      assert.ok(a && b);

      await shop.open(`/events/${event.id}/`);
      await shop.pick(a.id, 2);
      await shop.pick(b.id, 1);
      await shop.addToBasket();
      await shop.expectHeaderCount(3);
      // said once, below the choice (no toast repeats it)
      await shop.page.getByTestId("picker-added").getByText("3 tickets added to your basket").waitFor();
      assert.equal(await shop.page.getByRole("link", { name: "Basket, 3 tickets", exact: true }).count(), 1);
      assert.deepEqual(JSON.parse((await shop.sessionItem("basket_tickets")) ?? "[]"), [
        { id: a.id, count: 2 },
        { id: b.id, count: 1 },
      ]);

      await shop.openCart();
      let server = await serverBasket(tp);
      assert.equal(server.count, 3);
      assert.deepEqual(await shop.cartNumbers(), {
        price: server.price,
        fee: server.fee,
        total: server.total,
        count: 3,
        currency: "AED",
      });
      assert.equal(server.price, a.price * 2 + b.price);
      await tp.page.getByTestId("hold-timer").waitFor();
      assert.match((await tp.page.getByTestId("hold-timer").textContent()) ?? "", /^Tickets held for 1?\d:\d\d$/);

      // one more of the first category
      await shop
        .cartTicket(a.id)
        .getByRole("button", { name: `One more ${a.title} ticket` })
        .click();
      await shop.waitForCartCount(4);
      await shop.cartSettled();
      server = await serverBasket(tp);
      assert.equal(server.count, 4);
      assert.equal((await shop.cartNumbers()).total, server.total);

      // the basket is the server's: a reload shows it again
      await tp.page.reload();
      await shop.waitForCartCount(4);
      await shop.expectHeaderCount(4);

      // delete one ticket category, then the whole event
      await shop
        .cartTicket(b.id)
        .getByRole("button", { name: `Remove ${b.title}` })
        .click();
      await shop.waitForCartCount(3);
      await shop.cartSettled();
      assert.equal((await serverBasket(tp)).count, 3);
      await tp.page.getByRole("button", { name: "Remove all tickets for this event" }).click();
      await tp.page.getByTestId("cart-empty").waitFor();
      await shop.expectHeaderCount(0);
      await serverCountReaches(tp, 0);
      assert.equal(await shop.sessionItem("basket_tickets"), null);

      // fill again and clear
      await shop.putInBasket(event.id, a.id, 1);
      await shop.openCart();
      // "Clear basket" asks first: "keep" keeps every ticket, "yes" empties
      await tp.page.getByRole("button", { name: "Clear basket" }).click();
      await tp.page.getByRole("button", { name: "Keep my tickets" }).click();
      await serverCountReaches(tp, 1);
      assert.equal(await tp.page.getByTestId("cart-ticket").count(), 1);
      await tp.page.getByRole("button", { name: "Clear basket" }).click();
      await tp.page.getByRole("button", { name: "Yes, empty it" }).click();
      await tp.page.getByTestId("cart-empty").waitFor();
      await serverCountReaches(tp, 0);
      await tp.page.reload();
      await tp.page.getByTestId("cart-empty").waitFor();
      assert.ok(await tp.page.getByRole("link", { name: "Browse events" }).isVisible());

      assert.deepEqual(tp.errors, []);
    });
  });

  it("shows the basket in Russian and Arabic with the language's plural forms", async () => {
    await withPage(async (tp) => {
      const shop = new ShopPage(tp);
      const { event, offer: a } = await claim({ tickets: 3, oneSession: true });
      await shop.open(`/ru/events/${event.id}/`);
      await shop.pick(a.id, 2);
      await shop.addToBasket();
      await shop.expectHeaderCount(2);
      await shop.page.getByTestId("picker-added").getByText("В корзину добавлено 2 билета").waitFor();
      assert.equal(await shop.page.getByRole("link", { name: "Корзина, 2 билета", exact: true }).count(), 1);
      assert.equal(await shop.basketLink.getAttribute("href"), "/ru/cart/");

      await shop.open(`/ar/events/${event.id}/`);
      await shop.pick(a.id, 1);
      await shop.addToBasket();
      await shop.expectHeaderCount(3);
      await shop.page.getByTestId("picker-added").getByText("أُضيفت تذكرة واحدة إلى سلتك").waitFor();

      await new ShopPage(tp, "ar").openCart();
      assert.equal(await tp.page.locator("html").getAttribute("dir"), "rtl");
      assert.equal(await shop.page.getByRole("link", { name: "السلة، 3 تذاكر", exact: true }).count(), 1);
      assert.equal(await tp.page.getByRole("heading", { level: 1 }).textContent(), "السلة");
      // Arabic pages choose AED when no cookie is set
      assert.equal((await shop.cartNumbers()).currency, "AED");
      assert.ok(await tp.page.getByRole("link", { name: "إتمام الطلب" }).isVisible());
      assert.equal(
        await tp.page.getByRole("link", { name: "إتمام الطلب" }).getAttribute("href"),
        "/ar/order/checkout/",
      );
      assert.deepEqual(tp.errors, []);
    });
  });

  it("keeps steppers within what is left and per order, and refuses sold-out and cancelled events", async () => {
    await withPage(async (tp) => {
      const shop = new ShopPage(tp);
      const { event: limited, offer } = await claim({
        tickets: 4,
        oneSession: true,
        offer: (o) => o.available >= o.max_per_order + 2 && o.max_per_order <= 4,
      });
      await shop.open(`/events/${limited.id}/`);
      await shop.pick(offer.id, offer.max_per_order);
      const more = shop.offer(offer.id).getByRole("button").last();
      assert.equal(await more.isDisabled(), true, "the + stops at max_per_order");

      const events = await catalogueEvents();

      const soldOut = events.find((e) => e.status === "sold_out");
      if (soldOut) {
        await shop.open(`/events/${soldOut.id}/`);
        await tp.page.getByText("This event is sold out. Tickets can no longer be bought.").waitFor();
        assert.equal(await tp.page.getByRole("button", { name: "Add to basket" }).count(), 0);
      }
      const cancelled = events.find((e) => e.status === "cancelled");
      if (cancelled) {
        await shop.open(`/events/${cancelled.id}/`);
        await tp.page.getByText("This event has been cancelled. Tickets can no longer be bought.").waitFor();
        assert.equal(await tp.page.getByRole("button", { name: "Add to basket" }).count(), 0);
      }
      assert.deepEqual(tp.errors, []);
    });
  });

  it("rolls back and says why when the tickets were taken meanwhile (409 not_enough_tickets)", async () => {
    const holders: Array<Awaited<ReturnType<typeof request.newContext>>> = [];
    await withPage(async (tp) => {
      // in Arabic, whose toasts are mirrored to the top left
      const shop = new ShopPage(tp, "ar");
      // a category with few tickets left that no other test touches: it is emptied here
      const { event, offer } = await claim({
        tickets: 2,
        oneSession: true,
        alone: true,
        offer: (o) => o.available <= 16,
      });

      await shop.open(`/events/${event.id}/`);
      await shop.pick(offer.id, 2);

      // other visitors hold all but one of what is left
      let left = offer.available - 1;
      while (left > 0) {
        const holder = await request.newContext();
        holders.push(holder);
        const n = Math.min(left, offer.max_per_order);
        await seedBasket(holder, offer.id, n);
        left -= n;
      }

      await shop.addToBasket();
      await shop.toast(shop.text("toast.notEnoughTickets")).waitFor();
      assert.equal(await tp.page.locator(".Toastify__toast-container--top-left").count(), 1);
      await shop.expectHeaderCount(0);
      assert.equal((await serverBasket(tp)).count, 0);
      // a refused request shows in the console as a failed resource load, nothing else
      assert.deepEqual(
        tp.errors.filter((e) => !/status of 409/.test(e)),
        [],
      );
    }).finally(async () => {
      for (const holder of holders) {
        await holder.delete(`${API_URL}/api/basket`);
        await holder.dispose();
      }
    });
  });
});
