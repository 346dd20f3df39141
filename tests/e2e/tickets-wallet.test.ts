/**
 * The wallet badges in real Chromium against the built site and the real server: an iPhone is
 * shown "Add to Apple Wallet", an Android phone "Add to Google Wallet" (never the other's), on
 * each ticket of the tickets page and for the whole order in "My orders", in the page's
 * language; a server that offers no wallet (the test server has no certificates), and a 2.2
 * server without the route, show none. The wallet answer is the server's own, or stands in for
 * a server with certificates (tests/server/wallet.test.ts covers what the links lead to).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { href } from "../../src/core/routes";
import { type ApiOrder, orderOwnTickets, uniqueEmail } from "./support/api";
import { type TestPage, withPage } from "./support/browser";
import { CheckoutPage, freeOrderElsewhere, SitePage } from "./support/pages";
import { LANGS } from "./support/site";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36";

/** The device the page believes it runs on (what the badges are chosen by). */
async function pretendToBe(t: TestPage, userAgent: string): Promise<void> {
  // a script's text, not a function: the test's compiled functions carry helpers the page does not have
  await t.context.addInitScript({
    content: `Object.defineProperty(Navigator.prototype, "userAgent", { get: () => ${JSON.stringify(userAgent)} });`,
  });
}

/** Answers the order's wallet links as a server with certificates would. */
async function offerWallets(page: Page, order: ApiOrder): Promise<void> {
  const link = (kind: string, code: string) => `http://127.0.0.1:1/api/wallet/${kind}/passes/${code}?token=t`;
  await page.route(`**/api/orders/${encodeURIComponent(order.id)}/wallet*`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      headers: {
        "access-control-allow-origin": new URL(page.url() || "http://127.0.0.1").origin,
        "access-control-allow-credentials": "true",
      },
      body: JSON.stringify({
        apple: {
          order_url: `http://127.0.0.1:1/api/wallet/apple/orders/${order.id}?token=t`,
          tickets: order.tickets.map((x) => ({ code: x.code, url: link("apple", x.code) })),
        },
        google: {
          order_url: `http://127.0.0.1:1/api/wallet/google/orders/${order.id}?token=t`,
          tickets: order.tickets.map((x) => ({ code: x.code, url: link("google", x.code) })),
        },
      }),
    }),
  );
}

/** The payment success page, where a buyer first meets the tickets (a free order goes there too). */
const ticketsPage = (order: ApiOrder) => href.paymentSuccess(order.id);
const freeOrder = (t: TestPage, lang: (typeof LANGS)[number], count: number) =>
  orderOwnTickets(t.context, { lang, count, free: true, email: uniqueEmail(`wallet-${lang}`), acquisitionId: null });

/** A phone (by its user agent) with a free order of `count` tickets in `lang`, its server offering both wallets. */
async function phoneWithOrder(t: TestPage, userAgent: string, lang: (typeof LANGS)[number], count: number) {
  await pretendToBe(t, userAgent);
  const order = await freeOrder(t, lang, count);
  await offerWallets(t.page, order);
  return { order, site: new SitePage(t, lang) };
}

describe("wallet badges on the success page", () => {
  for (const lang of LANGS) {
    it(`in ${lang}: an iPhone gets Apple's badge on each ticket and for all of them, never Google's`, async () => {
      await withPage(async (t) => {
        const { order, site } = await phoneWithOrder(t, IPHONE, lang, 2);
        await site.open(ticketsPage(order));
        const apple = t.page.locator('[data-testid="e-tickets"] a[data-wallet="apple"]');
        await apple.nth(2).waitFor({ timeout: 20_000 });
        assert.equal(await apple.count(), 3, "one per ticket and one for the order");
        assert.equal(await t.page.locator('a[data-wallet="google"]').count(), 0);
        for (const x of order.tickets) {
          const badge = t.page.locator(`[data-ticket-code="${x.code}"] a[data-wallet="apple"]`);
          assert.equal(
            await badge.getAttribute("href"),
            `http://127.0.0.1:1/api/wallet/apple/passes/${x.code}?token=t`,
          );
          assert.equal(
            await badge.getAttribute("aria-label"),
            site.text("tickets:wallet.appleTicket", { code: x.code }),
          );
          assert.ok(((await badge.textContent()) ?? "").includes(site.text("tickets:wallet.appleLine1")));
        }
        const box = await apple.first().boundingBox();
        assert.ok(box && box.height >= 44, "a touch target of 44 px at least");
        assert.deepEqual(t.errors, []);
      });
    });
  }

  it("an Android phone gets Google's badge, in its words, opening Google's page in a new tab", async () => {
    await withPage(async (t) => {
      const { order, site } = await phoneWithOrder(t, ANDROID, "ar", 1);
      await site.open(ticketsPage(order));
      const google = t.page.locator('a[data-wallet="google"]');
      await google.first().waitFor({ timeout: 20_000 });
      assert.equal(await google.count(), 1, "one ticket: no separate badge for the order");
      assert.equal(await t.page.locator('a[data-wallet="apple"]').count(), 0);
      assert.equal((await google.textContent())?.trim(), site.text("tickets:wallet.google"));
      assert.equal(await google.getAttribute("target"), "_blank");
      assert.deepEqual(t.errors, []);
    });
  });

  it("a server that offers no wallet, or a 2.2 server without the route, shows no badge", async () => {
    await withPage(
      async (t) => {
        await pretendToBe(t, IPHONE);
        const order = await freeOrder(t, "en", 1);
        const site = new SitePage(t, "en");
        // the test server has no certificates: it answers {apple: null, google: null}
        const answered = t.page.waitForResponse((r) =>
          r.url().includes(`/api/orders/${encodeURIComponent(order.id)}/wallet`),
        );
        await site.open(ticketsPage(order));
        assert.equal((await answered).status(), 200);
        await t.page.locator("svg[data-qr]").first().waitFor();
        assert.equal(await t.page.locator("a[data-wallet]").count(), 0);

        await t.page.route("**/api/orders/*/wallet*", (route) =>
          route.fulfill({
            status: 404,
            contentType: "application/json",
            body: '{"detail":"not found","code":"not_found"}',
          }),
        );
        await site.open(ticketsPage(order));
        await t.page.locator("svg[data-qr]").first().waitFor();
        await t.page.waitForTimeout(300);
        assert.equal(await t.page.locator("a[data-wallet]").count(), 0);
      },
      { allowErrors: [/404/] },
    );
  });
});

describe("wallet badge in My orders", () => {
  it("a paid order offers all its tickets at once to the phone's wallet", async () => {
    await withPage(async (t) => {
      const { order, site } = await phoneWithOrder(t, IPHONE, "ru", 3);
      await site.open(href.myOrders());
      const line = t.page.locator(`[data-testid="order-line"][data-order-id="${order.id}"]`);
      const badge = line.locator('a[data-wallet="apple"]');
      await badge.waitFor({ timeout: 20_000 });
      assert.equal(await badge.getAttribute("href"), `http://127.0.0.1:1/api/wallet/apple/orders/${order.id}?token=t`);
      assert.equal(await badge.getAttribute("aria-label"), site.text("tickets:wallet.appleOrder", { count: 3 }));
      assert.ok(((await line.textContent()) ?? "").includes(site.text("tickets:wallet.allTickets", { count: 3 })));
      assert.deepEqual(t.errors, []);
    });
  });
});

describe("wallet badges after a look-up", () => {
  it("an order found from another phone shows its tickets' badges once, not again on its line", async () => {
    const email = uniqueEmail("wallet-lookup");
    const order = await freeOrderElsewhere("ar", 2, email);
    await withPage(async (t) => {
      await pretendToBe(t, ANDROID);
      await offerWallets(t.page, order);
      const site = new CheckoutPage(t, "ar");
      await site.open(href.orderLookup());
      await site.lookUpOrder(order.number, email);
      await t.page.getByTestId("lookup-result").waitFor();
      const google = t.page.locator('a[data-wallet="google"]');
      await google.nth(2).waitFor({ timeout: 20_000 });
      assert.equal(await google.count(), 3, "one per ticket and one for the order, none on the order's line");
      assert.equal(await t.page.locator('[data-testid="order-line"] a[data-wallet]').count(), 0);
      assert.deepEqual(t.errors, []);
    });
  });
});
