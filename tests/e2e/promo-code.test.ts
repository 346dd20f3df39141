/**
 * A promo code in the browser, on a phone, in English, Russian and Arabic (right to left): a link
 * carries the code into the session, the basket enters it and shows its discount (on the code's
 * event only, beside another event's ticket), a wrong code is refused in the visitor's language,
 * checkout takes the discount off the total and puts the payment fee on what is left, and after paying through the sandbox acquirer the success page, the bill and
 * the order look-up show the code and what it took off.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { roundToMinorUnit } from "../../src/checkout/fees";
import { href } from "../../src/core/routes";
import { orderViaApi } from "./support/api";
import { withPage } from "./support/browser";
import { claim } from "./support/catalogue";
import { APPROVED_CARD, CheckoutPage } from "./support/pages";
import { LANGS } from "./support/site";

const DATABASE = process.env.E2E_DATABASE_PATH;
const PHONE = { width: 390, height: 844 };
/** The sample catalogue's ways to pay: the card (no fee), cash at the box office (2.5 %). */
const CARD = "1";
const CASH = { id: "4", percent: 2.5 };

/** `npm run promo -- ...` on the test server's database. */
function promo(...args: string[]): string {
  assert.ok(DATABASE, "E2E_DATABASE_PATH (set by npm test) names the server's database");
  return execFileSync(process.execPath, ["--import", "tsx", "server/scripts/promo.ts", ...args], {
    env: { ...process.env, DATABASE_PATH: DATABASE, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

/** The amount a test id shows (its data-value: discounts are negative). */
async function shown(page: Page, testId: string): Promise<number> {
  const el = page.getByTestId(testId).first();
  const value =
    (await el.getAttribute("data-value")) ?? (await el.locator("[data-value]").first().getAttribute("data-value"));
  return Number(value);
}

/** The code shown for `testId`, isolated in a <bdi> so it keeps its order in a right-to-left line. */
async function shownCode(page: Page, scope: string): Promise<string> {
  return ((await page.locator(`${scope} bdi`).first().textContent()) ?? "").trim();
}

/**
 * Asserts that `testId` shows `expected`, within half a fils. An amount that follows a choice (the
 * way to pay) is drawn a frame after the radio button is checked, so the value is read again until
 * it matches or two seconds have passed; the last value read is the one the failure names.
 */
async function expectShown(page: Page, testId: string, expected: number, what: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  let actual = await shown(page, testId);
  while (Math.abs(actual - expected) >= 0.005 && Date.now() < deadline) {
    await page.waitForTimeout(50);
    actual = await shown(page, testId);
  }
  near(actual, expected, what);
}

const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 0.005, `${what}: ${a} is not ${b}`);

describe("promo codes in the browser", () => {
  for (const lang of LANGS) {
    it(`${lang}: a link's code in the basket, a wrong one refused, the discount at checkout, on the success page, the bill and the look-up`, async () => {
      const tickets = await claim({ tickets: 2, oneSession: true });
      let other = await claim({ tickets: 1, oneSession: true });
      while (other.event.id === tickets.event.id) other = await claim({ tickets: 1, oneSession: true });
      const code = `E2E-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
      promo("create", "--code", code, "--percent", "10", "--event", String(tickets.event.id));
      await withPage(
        async (tp) => {
          const { page, context } = tp;
          const shop = new CheckoutPage(tp, lang);
          // the campaign's link, typed in lower case: codes are compared without case
          await shop.open(`/?promo=${code.toLowerCase()}`);
          assert.equal(await page.evaluate(() => document.documentElement.dir), lang === "ar" ? "rtl" : "ltr");
          // a ticket of another event, which the code is not for, then two of the code's event
          await shop.putInBasket(other.event.id, other.offer.id, 1);
          await shop.open(href.event(tickets.event.id));
          await shop.pick(tickets.offer.id, 2);
          await shop.addToBasket();
          await shop.expectHeaderCount(3);
          await shop.openCart();

          // the basket enters the link's code and shows what it takes off
          const applied = page.locator(`[data-testid="promo-applied"][data-code="${code}"]`);
          await applied.waitFor({ timeout: 15_000 });
          assert.equal(await applied.getAttribute("data-refusal"), null);
          assert.equal(await shownCode(page, '[data-testid="promo-applied"]'), code);
          const { price, fee } = await shop.cartNumbers();
          const discount = roundToMinorUnit(tickets.offer.price * 2 * 0.1);
          await expectShown(page, "promo-discount", -discount, "the basket's discount");
          // per event: the code's event only
          assert.equal(await page.getByTestId("promo-event-discount").count(), 1);
          await expectShown(page, "promo-event-discount", -discount, "the event's discount");
          await expectShown(page, "promo-to-pay", price + fee - discount, "the basket's amount to pay");

          // a code that does not exist: said in the page's language, the code entered stays
          await page.getByTestId("promo-input").fill("NO-SUCH-CODE");
          await page.getByTestId("promo-apply").click();
          const error = page.getByTestId("promo-error");
          await error.waitFor();
          assert.equal((await error.textContent())?.trim(), shop.text("promo.refusal.unknown"));
          assert.equal(await applied.count(), 1);

          // checkout: the code and its discount in the summary, the payment fee on what is left
          await shop.checkoutFromCart();
          await page.getByTestId("promo-code").waitFor();
          assert.equal(await shownCode(page, '[data-testid="promo-code"]'), code);
          await expectShown(page, "promo-discount", -discount, "checkout's discount");
          await expectShown(page, "promo-event-discount", -discount, "checkout's discount on the code's event");
          await page.locator(`input[name="acquisition"][value="${CASH.id}"]`).check();
          const cashFee = roundToMinorUnit(((price + fee - discount) * CASH.percent) / 100);
          await expectShown(page, "payment-fee", cashFee, "the cash fee, on what is charged after the discount");
          await expectShown(page, "order-total", price + fee - discount + cashFee, "the total with cash");
          await page.locator(`input[name="acquisition"][value="${CARD}"]`).check();
          await expectShown(page, "order-total", price + fee - discount, "the total with the card");

          const email = `promo-${lang}@example.com`;
          await shop.fillBuyer({ name: "Layla Haddad", email });
          const orderId = await shop.placeOrder();
          const { order } = await orderViaApi(context, orderId);
          assert.equal(order?.promo?.code, code);
          near(order?.total.discount ?? 0, discount, "the order's discount");
          near(order?.total.amount ?? 0, price + fee - discount, "the order's amount");
          await expectShown(page, "pay-amount", price + fee - discount, "the pay page's amount");
          assert.equal(await shownCode(page, '[data-testid="promo-code"]'), code);

          // paid through the sandbox acquirer: the success page and the bill show the code
          await shop.goToAcquirer();
          await shop.payOnAcquirer(APPROVED_CARD);
          await page.getByTestId("promo-code").waitFor();
          assert.equal(await shownCode(page, '[data-testid="promo-code"]'), code);
          await expectShown(page, "promo-discount", -discount, "the success page's discount");
          await page.getByRole("link", { name: shop.text("forms:payment.success.bill") }).click();
          await page.waitForURL(`**${shop.path(href.order())}bill/*/`);
          await page.getByTestId("bill-total").waitFor();
          assert.equal(await shownCode(page, '[data-testid="promo-code"]'), code);
          await expectShown(page, "promo-discount", -discount, "the bill's discount");
          await expectShown(page, "bill-total", price + fee - discount, "the bill's total");
          assert.equal(await page.evaluate(() => document.documentElement.dir), lang === "ar" ? "rtl" : "ltr");
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `the bill is ${overflow}px wider than the phone`);

          // the order look-up (the e-mail's link) names the code and what it took off
          await shop.open(href.orderLookup(order?.number, email));
          await page.locator('[data-testid="lookup-result"] [data-testid="order-line-promo"]').waitFor();
          assert.equal(await shownCode(page, '[data-testid="lookup-result"] [data-testid="promo-code"]'), code);
          await expectShown(page, "promo-discount", -discount, "the look-up's discount");
          assert.deepEqual(tp.errors, []);
        },
        {
          viewport: PHONE,
          // dirhams in every language, so that cash (offered in AED only) can show its fee
          cookies: [{ name: "currency", value: "aed" }],
          // the wrong code's answer: 404 promo_unknown, as the contract says
          allowErrors: [/status of 404/],
        },
      );
    });
  }
});
