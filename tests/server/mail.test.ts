/**
 * The confirmation e-mail: composed in the order's language with every ticket code and a
 * QR image that decodes to it, written as .eml into the outbox by default, sent through
 * SMTP when configured, and retried (never lost silently, never blocking) when the mail
 * server refuses.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, describe, test } from "node:test";
import jsQR from "jsqr";
import { type ParsedMail, simpleParser } from "mailparser";
import { PNG } from "pngjs";
import type { WireOrder } from "../../server/src/mail/compose";
import { loadMailConfig, type MailConfig } from "../../server/src/mail/mail-config";
import { createMailNotifier, retryDelay } from "../../server/src/mail/notifier";
import { reportedOrder, sampleCatalogue, sampleEvent } from "./mail-fixtures";
import { logSink, outbox, smtpStandIn, tempMailConfig } from "./mail-helpers";

const { catalogue, close } = sampleCatalogue();
after(close);

const quiet = logSink();

/** An order as the server reports it, for a real sample event (so venue and address resolve). */
function order(over: Partial<WireOrder> & { lang: "en" | "ru" | "ar" }, ticketCount = 2): WireOrder {
  const { event, place } = sampleEvent(catalogue);
  const started = new Date(event.startedAt).toISOString();
  const codes = Array.from(
    { length: ticketCount },
    (_, i) => `UAE-TEST${i + 2}-${over.lang.toUpperCase()}${String(i).padStart(3, "7")}`,
  );
  return reportedOrder({
    id: `id-${over.lang}-${Math.random().toString(36).slice(2)}`,
    number: "UAE-7K3M9Q",
    status: "paid",
    email: "buyer@example.com",
    name: "Layla Haddad",
    phone: null,
    currency_code: "AED",
    events: [
      {
        event: {
          id: event.id,
          event_source_id: event.eventSourceId,
          title: event.title[over.lang] ?? event.title.en,
          started_at: started,
          place: { id: place.id, title: place.title.en },
        },
        tickets: [
          { id: 1, title: "Stalls", price: 295, count: ticketCount, started_at: started, extra: { service_fee: 10 } },
        ],
      },
    ],
    total: {
      price: 295 * ticketCount,
      service_fee: 10 * ticketCount,
      payment_fee: 0,
      amount: 305 * ticketCount,
      count: ticketCount,
    },
    acquisition_id: 1,
    tickets: codes.map((code) => ({
      code,
      event_id: event.id,
      ticket_id: 1,
      title: over.lang === "ar" ? "الصالة" : "Stalls",
      started_at: started,
    })),
    ...over,
  });
}

/** An order waiting for its money, to be paid by the way to pay `acquisitionId` before `expiresAt`. */
const awaiting = (lang: "en" | "ru" | "ar", acquisitionId: number, expiresAt: string): WireOrder =>
  order({
    lang,
    status: "awaiting_payment",
    acquisition_id: acquisitionId,
    tickets: [],
    paid_at: null,
    expires_at: expiresAt,
  });

const tempConfig = (over: Partial<MailConfig> = {}) => tempMailConfig("http://shop.test", over);

/** What a notifier of its own writes into its outbox when these orders are reported to it, in turn. */
async function mailedToOutbox(...orders: WireOrder[]): Promise<{ mails: ParsedMail[]; config: MailConfig }> {
  const config = tempConfig();
  const mailer = createMailNotifier(config, { catalogue, log: quiet });
  for (const reported of orders) mailer.orderConfirmed(reported);
  await mailer.idle();
  await mailer.close();
  return { mails: await outbox(config), config };
}

function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe("mail settings", () => {
  test("the outbox defaults to a folder beside the database file; SMTP_URL switches to SMTP", () => {
    const c = loadMailConfig({ databasePath: "/srv/data/local.sqlite", siteUrl: "http://127.0.0.1:9000" }, {});
    assert.equal(c.outboxDir, "/srv/data/outbox");
    assert.equal(c.smtpUrl, null);
    const s = loadMailConfig(
      { databasePath: "/srv/data/local.sqlite", siteUrl: "x" },
      { SMTP_URL: "smtp://127.0.0.1:2525", OUTBOX_DIR: "/tmp/o" },
    );
    assert.equal(s.smtpUrl, "smtp://127.0.0.1:2525");
    assert.equal(s.outboxDir, "/tmp/o");
  });

  test("retries wait longer each time, up to the cap", () => {
    const c = { baseDelayMs: 1000, maxDelayMs: 5000 };
    assert.deepEqual(
      [2, 3, 4, 5, 6].map((a) => retryDelay(a, c)),
      [1000, 2000, 4000, 5000, 5000],
    );
  });
});

describe("confirmation e-mail into the outbox", () => {
  for (const lang of ["en", "ru", "ar"] as const) {
    test(`a paid order in ${lang}: every ticket code, its QR image, the amount and the link, in ${lang}`, async () => {
      const paid = order({ lang }, 3);
      const [mail, ...rest] = (await mailedToOutbox(paid)).mails;
      assert.ok(mail, "an .eml file in the outbox");
      assert.equal(rest.length, 0);
      assert.equal(mail.to && "text" in mail.to ? mail.to.text : "", "buyer@example.com");
      assert.match(mail.subject ?? "", /UAE-7K3M9Q/);
      const html = String(mail.html);
      assert.match(html, new RegExp(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"`));
      const words = { en: /Your tickets/, ru: /Ваши билеты/, ar: /تذاكرك/ }[lang];
      assert.match(mail.subject ?? "", words);
      for (const t of paid.tickets) {
        assert.ok(mail.text?.includes(t.code), `text part has ${t.code}`);
        assert.ok(html.includes(t.code), `html part has ${t.code}`);
      }
      const qrs = mail.attachments.filter((a) => a.contentType === "image/png");
      assert.equal(qrs.length, paid.tickets.length, "one QR image per ticket");
      for (const a of qrs) assert.ok(html.includes(`cid:${a.cid}`), "the image is shown inline");
      assert.deepEqual(qrs.map((a) => decodeQr(a.content)).sort(), paid.tickets.map((t) => t.qr ?? t.code).sort());
      const amount = new Intl.NumberFormat({ en: "en-US", ru: "ru-RU", ar: "ar-AE" }[lang], {
        style: "currency",
        currency: "AED",
      }).format(915);
      assert.ok(mail.text?.includes(amount), `the amount ${amount}`);
      const prefix = lang === "en" ? "" : `/${lang}`;
      assert.ok(
        mail.text?.includes(`http://shop.test${prefix}/order/lookup/?number=UAE-7K3M9Q#email=buyer%40example.com`),
        "the link that opens the order",
      );
    });
  }

  test("a free order gets its tickets too, and says free rather than an amount", async () => {
    const free = order(
      { lang: "ru", acquisition_id: null, total: { price: 0, service_fee: 0, payment_fee: 0, amount: 0, count: 1 } },
      1,
    );
    const [mail] = (await mailedToOutbox(free)).mails;
    assert.ok(mail);
    assert.ok(mail.text?.includes(free.tickets[0]!.code));
    assert.match(mail.text ?? "", /Бесплатно/);
    assert.match(mail.text ?? "", /Вы зарегистрированы/);
  });

  test("a bank-transfer order awaiting payment: what to pay, to which account, with which reference, by when", async () => {
    const bank = catalogue.data.acquisitions.find((a) => a.type === "bank_transfer")!;
    const pending = awaiting("ar", bank.id, "2026-11-28T10:00:00+04:00");
    const { mails, config } = await mailedToOutbox(pending);
    const [mail] = mails;
    assert.ok(mail);
    assert.match(mail.subject ?? "", /طريقة الدفع/);
    assert.ok(mail.text?.includes(config.bank.iban));
    assert.ok(mail.text?.includes("UAE-7K3M9Q"));
    assert.match(String(mail.html), /dir="rtl"/);
    assert.ok(mail.text?.includes(new Intl.NumberFormat("ar-AE", { style: "currency", currency: "AED" }).format(610)));
    assert.match(mail.text ?? "", /آخر موعد للدفع/);
    assert.equal(mail.attachments.length, 0, "no tickets before the money arrives");
  });

  test("a cash order names the box office with its address; a card order awaiting payment gets nothing yet", async () => {
    const cash = catalogue.data.acquisitions.find((a) => a.type === "cash")!;
    const pending = awaiting("en", cash.id, "2026-11-28T10:00:00+04:00");
    // the cash order reported twice (still one e-mail), a card order awaiting payment between
    const { mails } = await mailedToOutbox(pending, awaiting("en", 1, "2026-11-26T10:30:00+04:00"), pending);
    assert.equal(mails.length, 1);
    const place = catalogue.data.places.get(
      catalogue.data.events.find((e) => e.id === pending.events[0]!.event.id)!.placeId,
    )!;
    assert.match(mails[0]!.text ?? "", /in cash at the box office/);
    if (place.address) assert.ok(mails[0]!.text?.includes(place.address.en));
  });
});

describe("through SMTP", () => {
  const smtp = smtpStandIn(Number(process.env.MAIL_TEST_SMTP_PORT ?? 2561));

  test("a refused send is retried until the server takes it", async () => {
    smtp.refuseNext(2);
    quiet.lines.length = 0;
    const config = tempConfig({ smtpUrl: smtp.url, attempts: 5 });
    const mailer = createMailNotifier(config, { catalogue, log: quiet });
    const paid = order({ lang: "en" });
    mailer.orderConfirmed(paid);
    await mailer.idle();
    assert.equal(smtp.received.length, 1, "delivered once, after the refusals");
    const parsed = await simpleParser(smtp.received[0]!);
    for (const t of paid.tickets) assert.ok(parsed.text?.includes(t.code));
    assert.equal(quiet.lines.filter((l) => l.startsWith("warn") && l.includes("retrying")).length, 2);
    assert.equal(existsSync(config.outboxDir), false, "no outbox when SMTP is set");
    await mailer.close();
  });

  test("a server that always refuses: bounded attempts, then given up and logged, without throwing", async () => {
    smtp.refuseNext(Number.POSITIVE_INFINITY);
    quiet.lines.length = 0;
    const config = tempConfig({ smtpUrl: smtp.url, attempts: 3 });
    const mailer = createMailNotifier(config, { catalogue, log: quiet });
    const started = Date.now();
    assert.doesNotThrow(() => mailer.orderConfirmed(order({ lang: "ru" })));
    assert.ok(Date.now() - started < 50, "handing over returns at once");
    await mailer.idle();
    assert.equal(smtp.received.length, 0);
    assert.equal(quiet.lines.filter((l) => l.startsWith("warn")).length, 2);
    assert.ok(quiet.lines.some((l) => l.startsWith("error") && l.includes("not sent after 3 attempt")));
    smtp.refusals = 0;
    await mailer.close();
  });
});
