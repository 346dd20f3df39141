/**
 * The tickets e-mail's wallet buttons: each ticket gets "Add to Apple Wallet" and "Save to
 * Google Wallet" links (both: an e-mail cannot know the reader's phone) in the buyer's
 * language, made by the server's wallet service when the e-mail is sent; without the service
 * (a wallet not configured) there are none, and the e-mail goes out all the same.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { ParsedMail } from "mailparser";
import type { WalletLinks, WireOrder } from "../../server/src/mail/compose";
import { MAIL_TEXTS } from "../../server/src/mail/mail-texts";
import { createMailNotifier } from "../../server/src/mail/notifier";
import { type MailLang, paidOrder, sampleCatalogue } from "./mail-fixtures";
import { logSink, outbox, tempMailConfig } from "./mail-helpers";

const { catalogue, close } = sampleCatalogue();
after(close);

const linksFor = (order: WireOrder): WalletLinks => ({
  apple: {
    order_url: `http://api.test/api/wallet/apple/orders/${order.id}?token=o`,
    tickets: order.tickets.map((t) => ({
      code: t.code,
      url: `http://api.test/api/wallet/apple/passes/${t.code}?token=a`,
    })),
  },
  google: {
    order_url: null,
    tickets: order.tickets.map((t) => ({
      code: t.code,
      url: `http://api.test/api/wallet/google/passes/${t.code}?token=g`,
    })),
  },
});

async function mailed(order: WireOrder, wallet?: { links(id: string): WalletLinks }): Promise<ParsedMail> {
  const config = tempMailConfig("http://shop.test");
  const log = logSink();
  const mailer = createMailNotifier(config, { catalogue, log, ...(wallet ? { wallet } : {}) });
  mailer.orderConfirmed(order);
  await mailer.idle();
  await mailer.close();
  const [mail] = await outbox(config);
  assert.ok(mail, log.lines.join("\n"));
  return mail;
}

describe("wallet buttons in the tickets e-mail", () => {
  for (const lang of ["en", "ru", "ar"] as MailLang[]) {
    test(`in ${lang}: one Apple and one Google badge per ticket, in the buyer's language`, async () => {
      const order = paidOrder(catalogue, lang);
      const links = linksFor(order);
      const mail = await mailed(order, { links: (id) => (id === order.id ? links : { apple: null, google: null }) });
      const html = typeof mail.html === "string" ? mail.html : "";
      const t = MAIL_TEXTS[lang];
      for (const ticket of order.tickets) {
        const apple = links.apple!.tickets.find((l) => l.code === ticket.code)!.url;
        const google = links.google!.tickets.find((l) => l.code === ticket.code)!.url;
        assert.match(html, new RegExp(`<a href="${apple.replace(/[?.]/g, "\\$&")}"[^>]*>${t.addToAppleWallet}</a>`));
        assert.match(html, new RegExp(`<a href="${google.replace(/[?.]/g, "\\$&")}"[^>]*>${t.addToGoogleWallet}</a>`));
        assert.ok(mail.text?.includes(`${t.addToAppleWallet}: ${apple}`), "the text part has the links too");
        assert.ok(mail.text?.includes(`${t.addToGoogleWallet}: ${google}`));
      }
    });
  }

  test("the badges carry Apple's and Google's published words", () => {
    assert.equal(MAIL_TEXTS.en.addToAppleWallet, "Add to Apple Wallet");
    assert.equal(MAIL_TEXTS.ru.addToAppleWallet, "Добавить в Apple Wallet");
    assert.equal(MAIL_TEXTS.ar.addToAppleWallet, "إضافة إلى Apple Wallet");
    assert.equal(MAIL_TEXTS.en.addToGoogleWallet, "Add to Google Wallet");
  });

  test("without wallets, or when the service fails, the e-mail goes out without badges", async () => {
    const order = paidOrder(catalogue, "en");
    for (const wallet of [
      undefined,
      { links: (): WalletLinks => ({ apple: null, google: null }) },
      {
        links: (): WalletLinks => {
          throw new Error("no such order");
        },
      },
    ]) {
      const mail = await mailed(order, wallet);
      assert.ok(!String(mail.html).includes(MAIL_TEXTS.en.addToAppleWallet));
      assert.ok(!String(mail.html).includes("/api/wallet/"));
    }
  });
});
