/**
 * Orders with two server instances on one PostgreSQL database (two connection pools, two apps, two
 * mailers): an order paid through one and approved again through the other is paid once, with one
 * history row per change, one "order paid" event and one e-mail; two mailers draining one outbox
 * deliver each e-mail exactly once; a claim whose instance died is taken again once it runs out.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { buildApp } from "../../server/src/app";
import { type Database, openDatabase } from "../../server/src/db/database";
import type { WireOrder } from "../../server/src/deps";
import type { ConfirmationMail } from "../../server/src/mail/compose";
import { createMailNotifier, type MailNotifier } from "../../server/src/mail/notifier";
import type { MailTransport } from "../../server/src/mail/transport";
import { orderService } from "../../server/src/orders/order-service";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { BUYER, HERMETIC, offersOf, payByCard, placeOrder, type TestApp, Visitor } from "./helpers";
import { logSink, tempMailConfig } from "./mail-helpers";

const root = path.join(__dirname, "..", "..");
const run = promisify(execFile);

/** A transport that keeps what it sends; while `gate` is set, every send waits for it to open. */
function heldTransport(): MailTransport & {
  sent: Array<{ mail: ConfirmationMail; messageId?: string }>;
  gate: Promise<void> | undefined;
} {
  const t = {
    sent: [] as Array<{ mail: ConfirmationMail; messageId?: string }>,
    gate: undefined as Promise<void> | undefined,
    async send(mail: ConfirmationMail, _stem: string, messageId?: string) {
      await t.gate;
      t.sent.push({ mail, messageId });
      return { where: "memory" };
    },
    close() {},
  };
  return t;
}

interface Instance {
  app: TestApp;
  db: Database;
  mailer: MailNotifier;
  transport: ReturnType<typeof heldTransport>;
}

async function instance(url: string): Promise<Instance> {
  const db = await openDatabase(url, { poolMax: 4 });
  const transport = heldTransport();
  const config = tempMailConfig("http://127.0.0.1:9000", { attempts: 3, baseDelayMs: 10, maxDelayMs: 40 });
  let mailer: MailNotifier | undefined;
  const app = (await buildApp({
    db,
    config: HERMETIC,
    notifier: (deps) =>
      (mailer = createMailNotifier(config, {
        catalogue: deps.catalogue,
        outbox: deps.outbox,
        log: logSink(),
        transport,
      })),
  })) as TestApp;
  return { app, db, mailer: mailer as MailNotifier, transport };
}

const NO_POSTGRES = postgresUrl() ? false : "needs PostgreSQL: TEST_DATABASE_URL is not set";

describe("orders on two instances of one PostgreSQL database", { skip: NO_POSTGRES }, () => {
  let url: string;
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;
  before(async () => {
    ({ url, drop } = await createPostgresDatabase());
    a = await instance(url);
    b = await instance(url);
  });
  after(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      await i.mailer.close();
      await i.app.close();
      await i.db.close();
    }
    await drop?.();
  });

  const sentTo = (email: string | undefined) =>
    [...a.transport.sent, ...b.transport.sent].filter((s) => s.mail.to === email);
  const idle = () => Promise.all([a.mailer.idle(), b.mailer.idle()]);
  const count = async (sql: string, params: unknown[]) => Number((await a.db.one<{ n: number }>(sql, params))?.n);

  it("an order paid through A and approved again through B (and both at once) is paid once, with one e-mail", async () => {
    const visitor = new Visitor(a.app);
    await visitor.add(1, 2);
    const o = await placeOrder(a.app, visitor, { ...BUYER, email: "two-instances@example.ae" });
    assert.equal((await payByCard(a.app, visitor, o.id, "4242424242424242")).result?.statusCode, 303);
    assert.equal(await orderService(b.app.deps).approve(o.id), false, "B finds it paid");

    const racer = new Visitor(b.app);
    await racer.add(1, 1);
    const raced = await placeOrder(b.app, racer, { ...BUYER, email: "racing@example.ae" });
    const wins = await Promise.all([
      orderService(a.app.deps).approve(raced.id),
      orderService(b.app.deps).approve(raced.id),
    ]);
    assert.deepEqual(wins.filter(Boolean).length, 1, "one of the two approvals pays it");

    await idle();
    for (const [order, tickets] of [
      [o, 2],
      [raced, 1],
    ] as const) {
      const row = await a.db.one<{ status: string; charges: number }>(
        "SELECT status, charges FROM orders WHERE id = ?",
        [order.id],
      );
      assert.deepEqual(row, { status: "paid", charges: 1 });
      assert.equal(await count("SELECT COUNT(*) AS n FROM issued_tickets WHERE order_id = ?", [order.id]), tickets);
      assert.equal(await count("SELECT COUNT(*) AS n FROM order_events WHERE order_id = ?", [order.id]), 1);
      assert.equal(
        await count("SELECT COUNT(*) AS n FROM order_history WHERE order_id = ? AND to_status = 'paid'", [order.id]),
        1,
      );
      assert.equal(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE order_id = ?", [order.id]), 1);
      const mails = sentTo(order.email);
      assert.equal(mails.length, 1, `one e-mail for ${order.number}`);
      assert.equal(mails[0]!.messageId, `<${order.id}.paid@${/@([^>]+)>?$/.exec(mails[0]!.messageId ?? "")?.[1]}>`);
    }
  });

  it("two mailers draining one outbox deliver each e-mail exactly once", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    a.transport.gate = gate;
    b.transport.gate = gate;
    const before = { a: a.transport.sent.length, b: b.transport.sent.length };
    const free = (await offersOf(a.app, 10034))[0]!.tickets[0]!;
    const made: WireOrder[] = [];
    for (let i = 0; i < 12; i++) {
      const through = i % 2 === 0 ? a : b;
      const visitor = new Visitor(through.app);
      await visitor.add(free.id, 1);
      made.push(
        await placeOrder(through.app, visitor, { ...BUYER, email: `drain${i}@example.ae`, acquisition_id: null }),
      );
    }
    // both mailers hold claims while the mail server waits: neither may take what the other holds
    const claimed = await a.db.all<{ claimed_by: string }>(
      "SELECT DISTINCT claimed_by FROM mail_outbox WHERE state = 'pending' AND claimed_by IS NOT NULL",
    );
    open();
    a.transport.gate = undefined;
    b.transport.gate = undefined;
    await idle();
    const sent = [...a.transport.sent.slice(before.a), ...b.transport.sent.slice(before.b)];
    assert.deepEqual(sent.map((s) => s.mail.to).sort(), made.map((o) => o.email).sort(), "each e-mail once");
    assert.equal(new Set(sent.map((s) => s.messageId)).size, made.length, "one Message-ID per order event");
    assert.ok(claimed.length === 2, `both instances held claims at once (${claimed.length})`);
    assert.ok(a.transport.sent.length > before.a && b.transport.sent.length > before.b, "both delivered");
    assert.equal(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE state <> 'sent'", []), 0);
  });

  it("takes again the e-mails a killed instance had claimed, once its claim has run out", async () => {
    const visitor = new Visitor(a.app);
    const free = (await offersOf(a.app, 10034))[0]!.tickets[0]!;
    await visitor.add(free.id, 1);
    const order = await placeOrder(a.app, visitor, { ...BUYER, email: "orphan@example.ae", acquisition_id: null });
    await idle();
    assert.equal(sentTo(order.email).length, 1, "sent once at first");
    // Its e-mail made pending again under the claim of an instance that died a while ago: still held
    // for one more second, then free. Planted while both mailers are idle, so that neither can have
    // claimed it first (a mailer stuck in a send of its own would keep the test from ending).
    await a.db.run(
      "UPDATE mail_outbox SET state = 'pending', attempts = 0, sent_at = NULL, next_at = ?, " +
        "claimed_by = 'dead:1', claimed_until = ? WHERE order_id = ?",
      [Date.now(), Date.now() + 1000, order.id],
    );
    assert.deepEqual(await b.app.deps.outbox.claim("other", Date.now(), 10_000, 5), [], "a live claim is not taken");
    a.mailer.orderConfirmed(order);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(sentTo(order.email).length, 1, "not sent while the dead instance's claim holds");
    await new Promise((r) => setTimeout(r, 1000));
    a.mailer.orderConfirmed(order);
    await idle();
    assert.equal(sentTo(order.email).length, 2, "sent once more, by a live instance");
    assert.equal((await a.app.deps.outbox.get(order.id, "paid"))?.state, "sent");
  });

  it("keeps a history row for each change, whichever instance made it; the orders command shows it", async () => {
    const visitor = new Visitor(a.app);
    await visitor.add(1, 1);
    const o = await placeOrder(a.app, visitor, { ...BUYER, email: "history-two@example.ae" });
    await orderService(b.app.deps).decline(o.id);
    await orderService(a.app.deps).decline(o.id, "acquirer_cancel");
    assert.equal(await orderService(b.app.deps).approve(o.id), true);
    const rows = await b.app.deps.orders.history(o.id);
    assert.deepEqual(
      rows.map((h) => [h.fromStatus, h.toStatus, h.event, h.actor]),
      [
        [null, "awaiting_payment", "created", "buyer"],
        ["awaiting_payment", "failed", "acquirer_decline", "acquirer"],
        ["failed", "failed", "acquirer_cancel", "buyer"],
        ["failed", "paid", "acquirer_approve", "acquirer"],
      ],
    );
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const shown = await run(
      tsx,
      [path.join(root, "server", "scripts", "orders.ts"), "history", o.number, "--database", url],
      {
        cwd: root,
      },
    );
    assert.match(shown.stdout, new RegExp(`order ${o.number} \\(paid\\)`));
    assert.match(shown.stdout, /failed\s+-> paid\s+acquirer_approve\s+by acquirer/);
    assert.match(shown.stdout, /order paid event #\d+: tickets issued \d{4}-/);
  });
});
