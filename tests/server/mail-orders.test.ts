/**
 * The mailer wired into the real app: the order routes hand it confirmed orders, and the
 * e-mail lands in the outbox for a paid card order, a bank-transfer order and a free order,
 * in the order's language with every ticket code; a mail server that refuses is retried,
 * and the order stays paid whatever the mail server does.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { ParsedMail } from "mailparser";
import type { WireOrder } from "../../server/src/deps";
import type { MailConfig } from "../../server/src/mail/mail-config";
import { createMailNotifier, type MailNotifier } from "../../server/src/mail/notifier";
import { BUYER, createOrder, json, makeApp, offersOf, payByCard, placeOrder, type TestApp, Visitor } from "./helpers";
import { logSink, outbox, smtpStandIn, tempMailConfig } from "./mail-helpers";

const FREE_EVENT_SOURCE = 10034;

async function appWithMailer(
  over: Partial<MailConfig>,
): Promise<{ app: TestApp; mailer: MailNotifier; config: MailConfig; log: ReturnType<typeof logSink> }> {
  const config = tempMailConfig("http://127.0.0.1:9000", over);
  const log = logSink();
  let app: TestApp | undefined;
  // the catalogue is the app's own, read when an e-mail is composed
  const mailer = createMailNotifier(config, {
    catalogue: {
      get data() {
        return (app as TestApp).deps.catalogue.data;
      },
    },
    log,
  });
  app = (await makeApp({}, { notifier: mailer })).app;
  after(async () => {
    await mailer.close();
    await app?.close();
  });
  return { app, mailer, config, log };
}

async function paidOffer(app: TestApp): Promise<number> {
  const events = json<{ results: Array<{ event_source_id: number; status: string }> }>(
    await app.inject("/v1/events?page_size=20"),
  );
  for (const e of events.results.filter((x) => x.status === "on_sale")) {
    const t = (await offersOf(app, e.event_source_id))[0]?.tickets.find((x) => x.price > 0 && x.available > 10);
    if (t) return t.id;
  }
  throw new Error("no paid ticket on sale");
}

async function freeOrder(app: TestApp, visitor: Visitor, email: string, lang = "en"): Promise<WireOrder> {
  const free = (await offersOf(app, FREE_EVENT_SOURCE))[0]!.tickets[0]!;
  assert.equal(free.price, 0);
  assert.equal((await visitor.add(free.id, 2)).statusCode, 200);
  return placeOrder(app, visitor, { ...BUYER, email, acquisition_id: null, lang }, `?lang=${lang}`);
}

describe("e-mails of real orders, into the outbox", () => {
  test("a card order paid in Russian, a bank-transfer order in Arabic and a free order in English", async () => {
    const { app, mailer, config } = await appWithMailer({});
    const ticket = await paidOffer(app);

    const card = new Visitor(app);
    await card.add(ticket, 2);
    const created = json<WireOrder>(
      await createOrder(app, card, { ...BUYER, email: "card@example.com", lang: "ru" }, "?lang=ru"),
    );
    await mailer.idle();
    assert.equal((await outbox(config)).length, 0, "nothing before a card order is paid");
    const { result } = await payByCard(app, card, created.id, "4242424242424242");
    assert.equal(result?.statusCode, 303, result?.body);
    const paid = json<WireOrder>(await card.request("GET", `/api/orders/${created.id}?lang=ru`));
    assert.equal(paid.status, "paid");

    const bank = new Visitor(app);
    await bank.add(ticket, 1);
    const bankOrder = json<WireOrder>(
      await createOrder(app, bank, { ...BUYER, email: "bank@example.com", acquisition_id: 3, lang: "ar" }, "?lang=ar"),
    );
    assert.equal(bankOrder.status, "awaiting_payment");

    const free = await freeOrder(app, new Visitor(app), "free@example.com");
    assert.equal(free.status, "paid");

    await mailer.idle();
    const mails = await outbox(config);
    const to = (m: ParsedMail) => (m.to && "text" in m.to ? m.to.text : "");
    const byAddress = new Map(mails.map((m) => [to(m), m]));
    assert.equal(mails.length, 3, mails.map((m) => m.subject).join(" | "));

    const ru = byAddress.get("card@example.com")!;
    assert.match(ru.subject ?? "", new RegExp(`Ваши билеты: заказ ${paid.number}`));
    assert.equal(paid.tickets.length, 2);
    for (const t of paid.tickets) assert.ok(ru.text?.includes(t.code), t.code);
    assert.equal(ru.attachments.filter((a) => a.contentType === "image/png").length, 2);

    const ar = byAddress.get("bank@example.com")!;
    assert.match(ar.subject ?? "", new RegExp(bankOrder.number));
    assert.match(String(ar.html), /<html lang="ar" dir="rtl"/);
    assert.ok(ar.text?.includes(config.bank.iban));

    const en = byAddress.get("free@example.com")!;
    assert.match(en.subject ?? "", /Your tickets/);
    for (const t of free.tickets) assert.ok(en.text?.includes(t.code), t.code);
    assert.match(en.text ?? "", /Free/);
  });
});

describe("a mail server that refuses", () => {
  const smtp = smtpStandIn(Number(process.env.MAIL_TEST_SMTP_PORT_2 ?? 2562));

  test("is tried again until it takes the e-mail; the order was paid from the start and stays paid", async () => {
    smtp.refuseNext(3);
    const { app, mailer, log } = await appWithMailer({ smtpUrl: smtp.url, attempts: 5 });
    const visitor = new Visitor(app);
    const started = Date.now();
    const order = await freeOrder(app, visitor, "smtp@example.com", "ar");
    assert.ok(Date.now() - started < 2000, "the order did not wait for the mail server");
    assert.equal(order.status, "paid");
    await mailer.idle();
    assert.equal(smtp.received.length, 1);
    assert.equal(
      log.lines.filter((l) => l.startsWith("warn") && l.includes(order.number)).length,
      3,
      log.lines.join("\n"),
    );
    const again = json<WireOrder>(await visitor.request("GET", `/api/orders/${order.id}`));
    assert.equal(again.status, "paid");
    assert.deepEqual(again.tickets.map((t) => t.code).sort(), order.tickets.map((t) => t.code).sort());
  });

  test("that never takes it: given up after the bounded attempts, and the order is still paid", async () => {
    smtp.refuseNext(1000);
    const { app, mailer, log } = await appWithMailer({ smtpUrl: smtp.url, attempts: 3 });
    const visitor = new Visitor(app);
    const order = await freeOrder(app, visitor, "never@example.com");
    await mailer.idle();
    assert.equal(smtp.received.length, 0);
    assert.ok(
      log.lines.some((l) => l.startsWith("error") && l.includes(order.number) && l.includes("3 attempt")),
      log.lines.join("\n"),
    );
    assert.equal(json<WireOrder>(await visitor.request("GET", `/api/orders/${order.id}`)).status, "paid");
    smtp.refusals = 0;
  });
});
