/**
 * The waiting list in the browser, on a phone: a sold-out ticket category offers it in English,
 * Russian and Arabic (right to left), the sign-up says it worked, and when tickets come back the
 * offer e-mail's link puts them in the visitor's basket.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { simpleParser } from "mailparser";
import { type APIRequestContext, request } from "playwright-core";
import { loadMailConfig } from "../../server/src/mail/mail-config";
import { href, type Lang } from "../../src/core/routes";
import { uniqueEmail } from "./support/api";
import { API_URL, withPage } from "./support/browser";
import { claim, offerTitle } from "./support/catalogue";
import { ShopPage } from "./support/pages";

const PHONE = { width: 390, height: 844 };

/** Holds every ticket left of a category from visitors of the API's own (each up to one order's most). */
async function holdAll(ticketId: number, maxPerOrder: number): Promise<APIRequestContext[]> {
  const holders: APIRequestContext[] = [];
  for (;;) {
    const holder = await request.newContext();
    const res = await holder.post(`${API_URL}/api/basket`, {
      data: { type: "ADD_TICKET", ticket: { id: ticketId, count: maxPerOrder } },
    });
    if (res.status() === 200) {
      holders.push(holder);
      continue;
    }
    // fewer than a whole order's worth left: hold them one by one
    const one = await holder.post(`${API_URL}/api/basket`, {
      data: { type: "ADD_TICKET", ticket: { id: ticketId, count: 1 } },
    });
    holders.push(holder);
    if (one.status() !== 200) return holders;
  }
}

function outboxDir(): string {
  const databasePath = process.env.E2E_DATABASE_PATH;
  if (!databasePath) throw new Error("E2E_DATABASE_PATH is not set: run the browser tests through npm test");
  return loadMailConfig({ databasePath, siteUrl: "http://127.0.0.1" }, {}).outboxDir;
}

/** The link of the waiting-list offer e-mailed to `to`, once the server has sent it. */
async function offerLink(to: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dir = outboxDir();
    for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) =>
      /^waitlist-\d+-offer\.eml$/.test(n),
    )) {
      const mail = await simpleParser(await readFile(path.join(dir, name)));
      const address = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (address?.value[0]?.address !== to) continue;
      const link = /(https?:\/\/\S+#waitlist-offer=\S+)/.exec(mail.text ?? "")?.[1];
      assert.ok(link, `no offer link in:\n${mail.text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no waiting-list offer e-mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("waiting list", () => {
  it("offers a sold-out category's waiting list in en, ru and ar on a phone, and its offer link fills the basket", async () => {
    const { event, offer } = await claim({ tickets: 1, alone: true, offer: (o) => o.available <= 200 });
    const holders = await holdAll(offer.id, offer.max_per_order);
    const emails: Record<Lang, string> = {
      en: uniqueEmail("wl-en"),
      ru: uniqueEmail("wl-ru"),
      ar: uniqueEmail("wl-ar"),
    };
    try {
      for (const lang of ["en", "ru", "ar"] as const) {
        await withPage(
          async (tp) => {
            const shop = new ShopPage(tp, lang);
            await shop.open(href.event(event.id));
            const row = tp.page.locator(`[data-testid="ticket-offer"][data-ticket-id="${offer.id}"]`);
            await row.getByTestId("waitlist").waitFor();
            const title = await offerTitle(event, offer.id, lang);
            await row.getByRole("button", { name: shop.text("waitlist.join") }).click();
            const form = row.getByTestId("waitlist-form");
            await form.getByLabel(shop.text("waitlist.email")).fill(emails[lang]);
            assert.equal(await form.getAttribute("aria-label"), shop.text("waitlist.formLabel", { title }));
            await form.getByRole("button", { name: shop.text("waitlist.submit") }).click();
            const done = row.getByTestId("waitlist-done");
            await done.waitFor();
            const said = (await done.textContent()) ?? "";
            assert.ok(said.includes(shop.text("waitlist.joined")), said);
            assert.ok(said.includes(emails[lang]), said);
            const dir = await done.evaluate((el) => getComputedStyle(el).direction);
            assert.equal(dir, lang === "ar" ? "rtl" : "ltr");
            const overflow = await tp.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone (${lang})`);
            assert.deepEqual(tp.errors, []);
          },
          { viewport: PHONE },
        );
      }

      // one holder lets its tickets go: the first in line (the English visitor) gets an offer by e-mail
      const first = holders.shift();
      await first?.delete(`${API_URL}/api/basket`);
      await first?.get(`${API_URL}/api/basket`);
      const link = await offerLink(emails.en);
      const url = new URL(link);
      await withPage(
        async (tp) => {
          const shop = new ShopPage(tp, "en");
          await tp.open(`${url.pathname}${url.hash}`);
          const panel = tp.page.getByTestId("waitlist-link");
          await panel.getByRole("heading", { name: shop.text("waitlist.link.offerTitle") }).waitFor();
          await panel.getByRole("button", { name: shop.text("waitlist.link.claim") }).click();
          await tp.page.waitForURL(`**${href.cart()}`);
          await shop.cartTicket(offer.id).waitFor();
          await shop.expectHeaderCount(1);
          assert.deepEqual(tp.errors, []);
        },
        { viewport: PHONE },
      );
    } finally {
      for (const holder of holders) {
        await holder.delete(`${API_URL}/api/basket`).catch(() => undefined);
        await holder.dispose();
      }
    }
  });
});
