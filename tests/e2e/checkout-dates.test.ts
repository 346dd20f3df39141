/**
 * What the buyer is told about their own purchase, in every language: each ticket under its
 * own session on the checkout, pay and success pages and on the tickets (a festival pass on
 * now as the days it covers), and a refused payment said at once on /order/fail/ in the
 * language the buyer pays in.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import "../../src/core/date-locales-all";
import {
  formatDateTime,
  formatDayRange,
  formatLongDate,
  formatSession,
  formatTime,
  joinParts,
} from "../../src/core/format";
import { href, orderIdFromSearch } from "../../src/core/routes";
import { CARD, orderNow, orderOwnTickets, seedBasket, uniqueEmail } from "./support/api";
import { waitForHydration, withPage } from "./support/browser";
import { type Claim, claim } from "./support/catalogue";
import { mailedFor } from "./support/mail";
import { APPROVED_CARD, CheckoutPage, DECLINED_CARD } from "./support/pages";
import { LANGS, type Lang, text } from "./support/site";

interface Line {
  ticketId: number;
  startedAt: string;
  finishedAt: string | null;
}

/** The session each claimed category belongs to, from the catalogue. */
function linesOf(claimed: Claim): Line[] {
  return claimed.offers.map((offer) => {
    const date = claimed.event.dates.find((d) => d.offers.some((o) => o.id === offer.id));
    assert.ok(date, `the session of category ${offer.id}`);
    return { ticketId: offer.id, startedAt: date.startedAt, finishedAt: date.finishedAt };
  });
}

/** The summary lists every line under its own session, written as the page's language writes it. */
async function expectSessions(page: Page, lang: Lang, lines: Line[], where: string): Promise<void> {
  for (const line of lines) {
    const session = page
      .getByTestId("summary-session")
      .filter({ has: page.locator(`[data-ticket-id="${line.ticketId}"]`) });
    await session.first().waitFor();
    // every summary on the page (a phone layout may show a collapsed one too) says the same
    const shown = (await session.locator("time").allTextContents()).map((s) => s.trim());
    const expected = formatSession(line.startedAt, line.finishedAt, lang);
    assert.deepEqual(
      shown,
      shown.map(() => expected),
      `${where}: ticket ${line.ticketId} under its own session`,
    );
  }
}

/** The draft is put back once the form has mounted: wait for it rather than read too early. */
async function valueBecomes(input: Locator, expected: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let value = await input.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await input.inputValue();
  }
  assert.equal(value, expected);
}

describe("dates on an order", () => {
  for (const lang of LANGS) {
    it(`${lang}: two sessions of one event and a pass on now, each under its own date from checkout to tickets`, async () => {
      await withPage(async (t) => {
        const { page, context } = t;
        const checkout = new CheckoutPage(t, lang);
        const twoSessions = await claim({ tickets: 1, sessions: 2 });
        const pass = await claim({ tickets: 1, onNow: true });
        const lines = [...linesOf(twoSessions), ...linesOf(pass)];
        const [first, second, onNow] = lines;
        assert.ok(first && second && onNow);
        assert.notEqual(first.startedAt, second.startedAt, "two sessions");
        assert.ok(Date.parse(onNow.startedAt) < Date.now(), "the pass's session has begun");
        for (const line of lines) await seedBasket(context.request, line.ticketId, 1);

        await checkout.open(href.orderCheckout());
        await checkout.fillBuyer({ name: "Layla Haddad", email: uniqueEmail(`dates-${lang}`) });
        await expectSessions(page, lang, lines, "checkout");

        await checkout.placeOrder();
        await expectSessions(page, lang, lines, "pay page");
        await checkout.goToAcquirer();
        await checkout.payOnAcquirer(APPROVED_CARD);
        await expectSessions(page, lang, lines, "success page");

        // the tickets: the day and hour of each session, and the days the pass admits
        const shown = (await page.getByTestId("ticket-when").allTextContents()).map((s) => s.trim()).sort();
        const expected = [first, second]
          .map((l) => joinParts([formatLongDate(l.startedAt, lang), formatTime(l.startedAt, lang)], lang))
          .concat(
            text(lang, "common:admission.anyDay", {
              range: formatDayRange(onNow.startedAt, onNow.finishedAt ?? "", lang),
              time: formatTime(onNow.startedAt, lang),
            }),
          )
          .sort();
        assert.deepEqual(shown, expected);

        // the bill: each line's own session, and the days the pass admits, as its ticket says them
        const orderId = orderIdFromSearch(new URL(page.url()).search);
        assert.ok(orderId, "the success page names its order");
        await checkout.open(href.orderBill(orderId));
        await page.getByTestId("bill-line").nth(2).waitFor();
        const billed = (await page.getByTestId("bill-when").allTextContents()).map((s) => s.trim()).sort();
        const admits = text(lang, "common:admission.anyDay", {
          range: formatDayRange(onNow.startedAt, onNow.finishedAt ?? "", lang),
          time: formatTime(onNow.startedAt, lang),
        });
        assert.deepEqual(
          billed,
          [formatDateTime(first.startedAt, lang), formatDateTime(second.startedAt, lang), admits].sort(),
        );

        // the e-mail: each session by its start, and the days the pass admits, as the ticket says them
        const mail = await mailedFor((await orderNow(context, orderId)).number);
        for (const when of [formatDateTime(first.startedAt, lang), formatDateTime(second.startedAt, lang), admits])
          assert.ok((mail.text ?? "").includes(when), `${lang}: the e-mail says "${when}"`);
        assert.deepEqual(t.errors, []);
      });
    });
  }
});

describe("nothing typed or chosen is lost", () => {
  it("the checkout keeps name and e-mail across a language switch and a reload, and a currency change by language is said with the way back", async () => {
    await withPage(async (t) => {
      const { page, context } = t;
      const ar = new CheckoutPage(t, "ar");
      const ru = new CheckoutPage(t, "ru");
      const tickets = await claim({ tickets: 1 });
      await seedBasket(context.request, tickets.offer.id, 1);
      await ar.open(href.orderCheckout());
      const buyer = { name: "ليلى حداد", email: uniqueEmail("draft") };
      await ar.fillBuyer(buyer);
      await page.getByTestId("order-total").locator('[data-currency="AED"]').waitFor();

      await ru.open(href.orderCheckout());
      const name = page.getByLabel(text("ru", "forms:checkout.name"), { exact: true });
      const email = page.getByLabel(text("ru", "forms:checkout.email"), { exact: true });
      await valueBecomes(name, buyer.name);
      await valueBecomes(email, buyer.email);
      const notice = page.getByTestId("currency-changed");
      await notice.waitFor();
      assert.equal(
        (await notice.locator("span").textContent())?.trim(),
        text("ru", "common:currencyChanged.text", { code: "RUB" }),
      );
      // the project's buttons, not the system's grey ones
      for (const button of await notice.getByRole("button").all()) {
        const look = await button.evaluate((el) => {
          const style = getComputedStyle(el);
          return { radius: style.borderRadius, height: el.getBoundingClientRect().height, className: el.className };
        });
        assert.match(look.className, /\bbtn\b/);
        assert.equal(look.radius, "999px");
        assert.ok(look.height >= 44, `a touch target: ${look.height}px`);
      }
      await notice
        .getByRole("button", { name: text("ru", "common:currencyChanged.back", { previous: "AED" }) })
        .click();
      await page.getByTestId("order-total").getByText(/AED/).waitFor();
      assert.equal(await notice.count(), 0);

      await page.reload();
      await waitForHydration(page);
      await valueBecomes(name, buyer.name);
      assert.deepEqual(t.errors, []);
    });
  });
});

describe("a refused payment", () => {
  for (const lang of LANGS) {
    it(`${lang}: cancelled or declined on the bank's page, said at once on /order/fail/ in the language paid in`, async () => {
      await withPage(async (t) => {
        const { page, context } = t;
        const checkout = new CheckoutPage(t, lang);
        // placed in another language: the one the buyer pays in wins
        const placedIn: Lang = lang === "en" ? "ru" : "en";
        const order = await orderOwnTickets(context, {
          lang: placedIn,
          count: 1,
          email: uniqueEmail(`refused-${lang}`),
          acquisitionId: CARD,
        });
        await checkout.open(href.orderPay(order.id));
        await checkout.payButton().waitFor();
        await checkout.goToAcquirer();
        assert.equal((await orderNow(context, order.id)).lang, lang, "the order now speaks the buyer's language");

        await checkout.cancelOnAcquirer();
        await page.getByRole("heading", { level: 1, name: text(lang, "forms:order.fail.headingCancelled") }).waitFor();
        await page.getByText(text(lang, "forms:order.fail.reason.paymentCancelled")).waitFor();
        assert.equal(await page.getByText(text(lang, "forms:payment.return.waiting.heading")).count(), 0);
        assert.equal(await page.getByTestId("unpaid-order-banner").count(), 0, "no 'awaits payment' beside it");

        await page.getByRole("link", { name: text(lang, "forms:order.fail.tryAgain") }).click();
        await page.waitForURL(`**${checkout.path(href.orderPay(order.id))}`);
        await checkout.goToAcquirer();
        await checkout.payOnAcquirer(DECLINED_CARD, { lands: "fail" });
        await page.getByText(text(lang, "forms:order.fail.reason.declined")).waitFor();
        assert.equal((await orderNow(context, order.id)).status, "failed");
        assert.deepEqual(t.errors, []);
      });
    });
  }
});
