/**
 * The basket server goes away and comes back. The outage is made in this test's own
 * browser context (every request to the basket API reset, as a dead server does), not
 * with the server's PUT /__faults: test files run side by side against one server, and a
 * server-wide fault would break the others' baskets.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { serverBasket } from "./support/api";
import { API_URL, type TestPage, withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { ShopPage } from "./support/pages";

const BASKET_API = `${API_URL}/api/**`;
const NETWORK_ERRORS = [/ERR_CONNECTION_RESET|ERR_FAILED|net::/];

async function basketDown(tp: TestPage): Promise<void> {
  await tp.context.route(BASKET_API, (route) => route.abort("connectionreset"));
}

async function basketBack(tp: TestPage): Promise<void> {
  await tp.context.unroute(BASKET_API);
}

/** A shop whose basket holds `tickets` of a one-session event claimed for the test. */
async function shopWithTickets(tp: TestPage, tickets: number) {
  const shop = new ShopPage(tp);
  const { event, offer } = await claim({ tickets, oneSession: true });
  await shop.putInBasket(event.id, offer.id, tickets);
  return { shop, offer };
}

describe("shop: basket server down", () => {
  it("a change while the server is down is rolled back with a toast, and nothing is lost", async () => {
    await withPage(
      async (tp) => {
        const { shop, offer } = await shopWithTickets(tp, 2);
        await shop.openCart();
        await shop.cartSettled();

        await basketDown(tp);
        await shop
          .cartTicket(offer.id)
          .getByRole("button", { name: `Remove ${offer.title}` })
          .click();
        await shop.toast("We cannot reach the basket right now. Check your connection and try again.").waitFor();
        await shop.waitForCartCount(2);
        await shop.expectHeaderCount(2);

        await basketBack(tp);
        await tp.page.reload();
        await shop.waitForCartCount(2);
        assert.equal((await serverBasket(tp)).count, 2);
        assert.deepEqual(tp.errors, []);
      },
      { allowErrors: NETWORK_ERRORS },
    );
  });

  it("a basket that cannot load says so, keeps the known count, and shows up once the server is back", async () => {
    await withPage(
      async (tp) => {
        const { shop } = await shopWithTickets(tp, 1);
        // the count survives only once the server confirmed it: leaving earlier loses the change
        await shop.expectStoredCount(1);

        await basketDown(tp);
        await shop.open("/cart/");
        await tp.page.getByText("We cannot reach the basket right now. We keep trying").waitFor();
        await shop.toast("We cannot reach the basket right now.").waitFor();
        await shop.expectHeaderCount(1); // from sessionStorage's basket_tickets

        await basketBack(tp);
        await tp.page.getByRole("button", { name: "Try again" }).click();
        await shop.waitForCartCount(1);
        assert.deepEqual(tp.errors, []);
      },
      { allowErrors: NETWORK_ERRORS },
    );
  });
});
