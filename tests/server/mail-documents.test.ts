/**
 * What the order e-mail says, read back from the outbox as a mail program would: the MJML
 * layout in the order's language, every ticket with its event, session, venue, category and
 * QR image, the price breakdown with the VAT it includes, the links to the tickets, the tax
 * invoice and the look-up; a plain-text part that says each thing once; one sender and
 * reply-to, the support address the site shows; and nothing a stranger typed into an
 * unpaid order's e-mail but an escaped greeting.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import jsQR from "jsqr";
import type { ParsedMail } from "mailparser";
import { PNG } from "pngjs";
import { composeConfirmation, type WireOrder } from "../../server/src/mail/compose";
import { confirmationTemplate } from "../../server/src/mail/confirmation-template";
import { loadMailConfig } from "../../server/src/mail/mail-config";
import { MAIL_TEXTS } from "../../server/src/mail/mail-texts";
import { createMailNotifier } from "../../server/src/mail/notifier";
import { formatDateTime, formatDayRange, formatMoney, formatTime } from "../../src/core/format";
import { REFUND_POLICY, SELLER } from "../../src/core/seller";
import { bankOrder, type MailLang, paidOrder, sampleCatalogue } from "./mail-fixtures";
import { logSink, outbox, tempMailConfig } from "./mail-helpers";

const { catalogue, close } = sampleCatalogue();
after(close);

/** Sends `orders` through the real notifier into a fresh outbox and reads them back. */
async function mailed(...orders: WireOrder[]): Promise<ParsedMail[]> {
  const config = tempMailConfig("http://shop.test");
  const mailer = createMailNotifier(config, { catalogue, log: logSink() });
  for (const order of orders) mailer.orderConfirmed(order);
  await mailer.idle();
  await mailer.close();
  const mails = await outbox(config);
  assert.equal(mails.length, orders.length);
  return mails;
}

const html = (mail: ParsedMail) => (typeof mail.html === "string" ? mail.html : "");
const textOf = (mail: ParsedMail) => mail.text ?? "";

describe("the order e-mail's content", () => {
  for (const lang of ["en", "ru", "ar"] as MailLang[]) {
    test(`a paid order in ${lang}: layout, tickets, prices, links`, async () => {
      const order = paidOrder(catalogue, lang);
      const [mail] = await mailed(order);
      const body = html(mail!);
      const t = MAIL_TEXTS[lang];

      // MJML's responsive layout: columns that stack under 480 px, in the order's direction
      assert.match(body, /<html[^>]* lang="[^"]*"[^>]* dir="(ltr|rtl)"/);
      assert.match(body, new RegExp(`lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"`));
      assert.match(body, /@media only screen and \(min-width:480px\)/);
      assert.match(body, /mj-column-per-40/);
      assert.ok(!/<table[^>]*width="640"/.test(body), "no fixed-width table wider than a phone");

      assert.ok(body.includes(SELLER.shopName[lang]), "the shop's name");
      assert.ok(body.includes("&#9733;") || body.includes("★"), "the shop's mark");
      assert.ok(body.includes(order.number));

      const group = order.events[0]!;
      for (const [i, ticket] of order.tickets.entries()) {
        assert.equal(body.split(ticket.code).length - 1 >= 1, true, `code ${ticket.code}`);
        assert.ok(body.includes(`src="cid:ticket-${i + 1}@uae-tickets"`), "the QR image inline");
        const png = mail!.attachments.find((a) => a.cid === `ticket-${i + 1}@uae-tickets`);
        assert.ok(png, "the QR attachment");
        const image = PNG.sync.read(png.content);
        assert.equal(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data, ticket.code);
      }
      // each ticket card names the event, its own session, the venue and the category
      const cards = body.split("cid:ticket-").slice(1);
      assert.equal(cards.length, 3);
      for (const card of cards) {
        assert.ok(card.includes(group.event.title.replace(/&/g, "&amp;").replace(/'/g, "&#39;")), "event");
        assert.ok(card.includes(t.venue) && card.includes(t.category) && card.includes(t.when));
      }
      assert.notEqual(
        /<bdi[^>]*>([^<]*2026[^<]*)<\/bdi>/.exec(cards[0]!)?.[1],
        /<bdi[^>]*>([^<]*2026[^<]*)<\/bdi>/.exec(cards[2]!)?.[1],
        "the third ticket shows its own (second) session",
      );

      // the price breakdown, every amount isolated and in one piece
      const money = (n: number) => formatMoney(n, "USD", lang, 2);
      for (const [label, value] of [
        [t.priceTickets, money(321)],
        [t.serviceFee, money(16)],
        [t.paymentFee, money(8.43)],
        [t.total, money(345.43)],
        [t.vatIncluded.replace("{{percent}}", "5"), money(16.45)],
      ] as const) {
        assert.ok(body.includes(label.replace(/'/g, "&#39;")), label);
        assert.ok(body.includes(`white-space:nowrap">${value}</bdi>`), `${label}: ${value}`);
        assert.ok(textOf(mail!).includes(`${label}`) && textOf(mail!).includes(value));
      }

      // the links: tickets page, tax invoice, look-up
      assert.ok(body.includes(`http://shop.test${lang === "en" ? "" : `/${lang}`}/order/tickets/?order=${order.id}`));
      assert.ok(body.includes(`http://shop.test${lang === "en" ? "" : `/${lang}`}/order/bill/${order.id}/`));
      assert.ok(body.includes(`/order/lookup/?number=${order.number}`));
      // one refund policy, the site's
      assert.ok(textOf(mail!).includes(REFUND_POLICY[lang]));
    });
  }

  test("a pass over several days is said as the days it admits, as its ticket says it; a one-day session by its start", async () => {
    for (const lang of ["en", "ru", "ar"] as MailLang[]) {
      const order = paidOrder(catalogue, lang);
      const [pass, evening] = order.tickets;
      assert.ok(pass && evening);
      const start = pass.started_at ?? "";
      const end = new Date(Date.parse(start) + 6 * 86_400_000).toISOString();
      const [mail] = await mailed({ ...order, tickets: [{ ...pass, ends_at: end }, evening] });
      assert.ok(mail);
      const valid = MAIL_TEXTS[lang].validRange
        .replace("{{range}}", formatDayRange(start, end, lang))
        .replace("{{time}}", formatTime(start, lang));
      assert.ok(textOf(mail).includes(valid), `${lang}: the pass says "${valid}"`);
      assert.ok(
        textOf(mail).includes(formatDateTime(evening.started_at ?? "", lang)),
        `${lang}: the evening its start`,
      );
    }
  });

  test("the plain-text part says each thing once: every code once, no line repeated", async () => {
    for (const lang of ["en", "ar"] as MailLang[]) {
      const order = paidOrder(catalogue, lang);
      const [mail] = await mailed(order);
      const text = textOf(mail!);
      for (const ticket of order.tickets) assert.equal(text.split(ticket.code).length - 1, 1, ticket.code);
      const lines = text
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const repeated = lines.filter((l, i) => lines.indexOf(l) !== i);
      assert.deepEqual(repeated, [], `repeated lines in ${lang}`);
      // both sessions of the event, each said once
      const sessionLines = lines.filter((l) => l.startsWith(MAIL_TEXTS[lang].when));
      assert.equal(sessionLines.length, 2);
    }
  });

  test("an unpaid order's e-mail carries nothing the buyer typed but the escaped greeting", async () => {
    const hostile = `<a href="http://spam.example">Win a prize</a>`;
    const order = { ...bankOrder(catalogue, "ar", hostile), phone: "+971 50 999 8877" };
    const [mail] = await mailed(order);
    const body = html(mail!);
    const text = textOf(mail!);
    assert.ok(!body.includes('<a href="http://spam.example"'), "the name is escaped");
    assert.equal(body.split("spam.example").length - 1, 1, "the name once, in the greeting");
    assert.equal(
      body.split(hostile.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"))
        .length - 1,
      1,
    );
    assert.ok(!body.includes("buyer@example.com") && !text.includes("buyer@example.com"), "no address in the body");
    assert.ok(!body.includes("buyer%40example.com") && !text.includes("buyer%40example.com"), "nor in a link");
    assert.ok(!body.includes("999 8877") && !text.includes("999 8877"), "no phone");
    assert.equal(text.split("spam.example").length - 1, 1, "the text part: the greeting only");
    assert.ok(text.split("\n")[2]!.includes("spam.example"), "and it is the greeting line");
    assert.ok(!body.includes("/order/tickets/") && !body.includes("/order/bill/"), "no tickets or invoice yet");
  });

  test("the layout is compiled once per language and reused", async () => {
    const first = confirmationTemplate("ar");
    assert.equal(confirmationTemplate("ar"), first);
    assert.notEqual(confirmationTemplate("en"), first);
    assert.ok((await first).parts.some((p) => p.kind === "block" && p.name === "ticket"));
  });
});

describe("one sender", () => {
  test("From and Reply-To are the support address the site's contacts page shows", async () => {
    const [mail] = await mailed(paidOrder(catalogue, "en"));
    assert.equal(mail!.from?.value[0]?.address, SELLER.supportEmail);
    const replyTo = mail!.replyTo?.value.map((v) => v.address);
    assert.deepEqual(replyTo, [SELLER.supportEmail]);
    for (const lang of ["en", "ru", "ar"]) {
      const contacts = JSON.parse(readFileSync(`src/content/info/${lang}.json`, "utf8")).contacts as Array<{
        paragraphs: string[];
      }>;
      assert.ok(
        contacts.some((s) => s.paragraphs.some((p) => p.includes(SELLER.supportEmail))),
        `the ${lang} contacts page shows ${SELLER.supportEmail}`,
      );
      // "reply to this e-mail" is true: replies reach that address, which the footer names
      assert.ok(MAIL_TEXTS[lang as MailLang].footer.includes("{{email}}"));
    }
    assert.ok(textOf(mail!).includes(SELLER.supportEmail));
  });

  test("MAIL_FROM and MAIL_REPLY_TO configure the one sender", () => {
    const c = loadMailConfig(
      { databasePath: ":memory:", siteUrl: "x" },
      { MAIL_FROM: "Shop <hello@shop.test>", MAIL_REPLY_TO: "help@shop.test" },
    );
    assert.equal(c.from, "Shop <hello@shop.test>");
    assert.equal(c.replyTo, "help@shop.test");
    const d = loadMailConfig({ databasePath: ":memory:", siteUrl: "x" }, {});
    assert.equal(d.from, `UAE Tickets <${SELLER.supportEmail}>`);
    assert.equal(d.replyTo, SELLER.supportEmail);
  });
});

test("compose alone: the To is the buyer's, the Reply-To the shop's", async () => {
  const config = loadMailConfig({ databasePath: ":memory:", siteUrl: "http://shop.test" }, {});
  const mail = await composeConfirmation(paidOrder(catalogue, "ru"), "tickets", catalogue.data, config);
  assert.equal(mail.to, "buyer@example.com");
  assert.equal(mail.replyTo, SELLER.supportEmail);
});
