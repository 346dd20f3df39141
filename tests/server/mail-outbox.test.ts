/**
 * The mail outbox: an order's e-mail is written to the database in the transaction of the
 * change that causes it, delivered from there with retries, marked sent, delivered after a
 * restart when the process stopped first, never twice for one order event, and shown (and
 * retried) by `npm run mail:outbox`.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { promisify } from "node:util";
import { buildApp } from "../../server/src/app";
import { openDatabase } from "../../server/src/db/database";
import type { WireOrder } from "../../server/src/deps";
import type { ConfirmationMail } from "../../server/src/mail/compose";
import { createMailNotifier, type MailNotifier } from "../../server/src/mail/notifier";
import type { MailTransport } from "../../server/src/mail/transport";
import { createPostgresDatabase, TEST_ENGINE } from "../support/test-database";
import {
  BUYER,
  createOrder,
  HERMETIC,
  json,
  makeApp,
  offersOf,
  payByCard,
  placeOrder,
  type TestApp,
  Visitor,
} from "./helpers";
import { logSink, tempMailConfig } from "./mail-helpers";

const root = path.join(__dirname, "..", "..");
const run = promisify(execFile);

/** A transport that keeps what it is given, or refuses while `refusing` is set. */
function recordingTransport(): MailTransport & {
  sent: Array<{ mail: ConfirmationMail; messageId?: string }>;
  refusing: boolean;
} {
  const t = {
    sent: [] as Array<{ mail: ConfirmationMail; messageId?: string }>,
    refusing: false,
    async send(mail: ConfirmationMail, _stem: string, messageId?: string) {
      if (t.refusing) throw new Error("451 mailbox temporarily unavailable");
      t.sent.push({ mail, messageId });
      return { where: "memory" };
    },
    close() {},
  };
  return t;
}

/**
 * A database that outlives the servers started on it, on the engine of the run: a SQLite file in a
 * folder of its own, or a PostgreSQL database of its own; removed after the file's tests.
 */
async function shopDatabase(): Promise<string> {
  if (TEST_ENGINE === "postgres") {
    const made = await createPostgresDatabase();
    after(made.drop);
    return made.url;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "outbox-db-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, "shop.sqlite");
}

/** The app on a database file with the mailer delivering from its outbox, as server.ts wires them. */
async function serverOn(
  location: string,
  transport: MailTransport,
  over: { attempts?: number } = {},
): Promise<{ app: TestApp; mailer: MailNotifier; log: ReturnType<typeof logSink>; stop: () => Promise<void> }> {
  const log = logSink();
  const config = tempMailConfig("http://127.0.0.1:9000", {
    attempts: over.attempts ?? 6,
    baseDelayMs: 10,
    maxDelayMs: 40,
  });
  const db = await openDatabase(location, { poolMax: 4 });
  let mailer: MailNotifier | undefined;
  const app = (await buildApp({
    db,
    config: HERMETIC,
    notifier: (deps) =>
      (mailer = createMailNotifier(config, { catalogue: deps.catalogue, outbox: deps.outbox, log, transport })),
  })) as TestApp;
  const stop = async () => {
    await mailer?.close();
    await app.close();
    await db.close();
  };
  return { app, mailer: mailer!, log, stop };
}

async function freeOrder(app: TestApp, email: string): Promise<WireOrder> {
  const visitor = new Visitor(app);
  const free = (await offersOf(app, 10034))[0]!.tickets[0]!;
  assert.equal((await visitor.add(free.id, 1)).statusCode, 200);
  return placeOrder(app, visitor, { ...BUYER, email, acquisition_id: null });
}

async function paidTicket(app: TestApp): Promise<number> {
  const t = (await offersOf(app, 10005)).flatMap((s) => s.tickets).find((x) => x.price > 0 && x.available > 5);
  assert.ok(t, "a paid ticket on sale");
  return t.id;
}

describe("the e-mail is queued with the change that causes it", () => {
  test("a bank-transfer order at creation, a card order only once paid, a free order at once; a refused order queues nothing", async () => {
    const { app } = await makeApp();
    after(() => app.close());
    const outbox = app.deps.outbox;
    const ticket = await paidTicket(app);

    const bankBuyer = new Visitor(app);
    await bankBuyer.add(ticket, 1);
    const bank = await placeOrder(app, bankBuyer, { ...BUYER, email: "bank@example.com", acquisition_id: 3 });
    const queued = await outbox.get(bank.id, "awaiting_payment");
    assert.equal(queued?.state, "pending", "queued by the time the order is answered");
    assert.equal(json<WireOrder>({ body: queued.orderJson }).number, bank.number);

    const cardBuyer = new Visitor(app);
    await cardBuyer.add(ticket, 1);
    const card = await placeOrder(app, cardBuyer, { ...BUYER, email: "card@example.com" });
    assert.equal(await outbox.get(card.id, "awaiting_payment"), undefined, "a card order gets its e-mail once paid");
    const declined = await payByCard(app, cardBuyer, card.id, "4000000000000002");
    assert.equal(declined.result?.statusCode, 303);
    assert.equal(await outbox.get(card.id, "paid"), undefined, "a declined payment queues nothing");
    await payByCard(app, cardBuyer, card.id, "4242424242424242");
    const paid = await outbox.get(card.id, "paid");
    assert.equal(paid?.state, "pending");
    assert.equal(
      json<WireOrder>({ body: paid.orderJson }).tickets.length,
      1,
      "with the tickets issued in that transaction",
    );

    const free = await freeOrder(app, "free@example.com");
    assert.equal((await outbox.get(free.id, "paid"))?.state, "pending");

    const empty = new Visitor(app);
    await empty.basket();
    assert.equal((await createOrder(app, empty)).statusCode, 409);
    assert.equal((await outbox.counts()).pending, 3);
  });
});

describe("delivered from the outbox", () => {
  test("left pending by a stopped server, sent by the next start, once; never again after that", async () => {
    const file = await shopDatabase();
    const refusing = recordingTransport();
    refusing.refusing = true;
    const first = await serverOn(file, refusing, { attempts: 1000 });
    const orders = [await freeOrder(first.app, "one@example.com"), await freeOrder(first.app, "two@example.com")];
    // a few refused attempts, then the server stops with both e-mails unsent
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(
      first.log.lines.some((l) => l.startsWith("warn") && l.includes("retrying")),
      first.log.lines.join("\n"),
    );
    await first.stop();
    assert.equal(refusing.sent.length, 0);

    const transport = recordingTransport();
    const second = await serverOn(file, transport);
    await second.mailer.idle();
    assert.ok(
      second.log.lines.some((l) => l.includes("the outbox holds 2 e-mail(s) to send")),
      `the start says what is pending:\n${second.log.lines.join("\n")}`,
    );
    assert.deepEqual(transport.sent.map((s) => s.mail.to).sort(), ["one@example.com", "two@example.com"]);
    for (const o of orders) {
      const entry = await second.app.deps.outbox.get(o.id, "paid");
      assert.equal(entry?.state, "sent");
      assert.ok((entry?.attempts ?? 0) > 1, "the refused attempts were counted");
    }
    // the server reporting an order again (a retried request) changes nothing
    second.mailer.orderConfirmed(orders[0]!);
    await second.mailer.idle();
    assert.equal(transport.sent.length, 2);
    const ids = transport.sent.map((s) => s.messageId);
    assert.equal(new Set(ids).size, 2, "one Message-ID per order event");
    await second.stop();

    const third = await serverOn(file, transport);
    await third.mailer.idle();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(transport.sent.length, 2, "nothing sent twice after another restart");
    await third.stop();
  });

  test("given up after its attempts: kept as failed, listed by the admin command, sent after `retry`", async () => {
    const file = await shopDatabase();
    const transport = recordingTransport();
    transport.refusing = true;
    const server = await serverOn(file, transport, { attempts: 3 });
    const order = await freeOrder(server.app, "late@example.com");
    await server.mailer.idle();
    const entry = await server.app.deps.outbox.get(order.id, "paid");
    assert.equal(entry?.state, "failed");
    assert.equal(entry?.attempts, 3);
    assert.match(entry?.lastError ?? "", /451/);
    assert.ok(
      server.log.lines.some((l) => l.startsWith("error") && l.includes(order.number) && l.includes("mail:outbox")),
      server.log.lines.join("\n"),
    );

    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const script = path.join(root, "server", "scripts", "mail-outbox.ts");
    const list = await run(tsx, [script, "list", "--database", file], { cwd: root });
    assert.match(list.stdout, /0 pending, 1 failed, 0 sent/);
    assert.match(list.stdout, new RegExp(`failed\\s+${order.number}\\s+paid\\s+attempts 3.*last error: 451`));

    transport.refusing = false;
    const retried = await run(tsx, [script, "retry", order.number, "--database", file], { cwd: root });
    assert.match(retried.stdout, /^1 e-mail\(s\) put back/);
    // the running server looks at the outbox on its own: the command only changed the database
    const until = Date.now() + 15_000;
    while ((await server.app.deps.outbox.get(order.id, "paid"))?.state !== "sent" && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal((await server.app.deps.outbox.get(order.id, "paid"))?.state, "sent");
    assert.equal(transport.sent.length, 1);
    const listed = await run(tsx, [script, "list", "--all", "--database", file], { cwd: root });
    assert.match(listed.stdout, new RegExp(`sent\\s+${order.number}`));
    await server.stop();
  });
});
