/**
 * kill -9 and the order e-mails: the real server process is paid orders through HTTP, killed
 * with SIGKILL while buyers are paying and their e-mails wait for a mail server that refuses,
 * and started again: every order the database holds as paid gets its e-mail, exactly once,
 * and another kill and start sends nothing twice.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { freePort } from "../e2e/support/ports";
import { startSmtpStandIn } from "./mail-helpers";

const root = path.join(__dirname, "..", "..");
const SITE = "http://127.0.0.1:9000";

/** The order id each received e-mail is about, from its Message-ID (<order-id>.<event>@...). */
const mailedOrders = (received: string[]): string[] =>
  received.map((raw) => /^Message-ID:\s*<([^>]+)\.paid@/im.exec(raw)?.[1] ?? "?");

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms: number,
  log?: () => string,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${log ? `; server log:\n${log()}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("every paid order's e-mail arrives exactly once across kill -9 and restarts", { timeout: 90_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mail-crash-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const database = path.join(dir, "shop.sqlite");
  const [apiPort, smtpPort] = [await freePort(), await freePort()];
  // in this process: it outlives the killed shop
  const smtp = await startSmtpStandIn(smtpPort);
  const base = `http://127.0.0.1:${apiPort}`;

  let server: ChildProcess | undefined;
  let serverLog = "";
  // a test that failed early goes on running; it must not start a server nobody stops, which
  // would keep this file's process, and the whole run, waiting
  let ended = false;
  after(() => {
    ended = true;
    server?.kill("SIGKILL");
  });
  async function start(): Promise<void> {
    if (ended) throw new Error("the test has ended: no server is started");
    server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(apiPort),
        HOST: "127.0.0.1",
        DATABASE_PATH: database,
        SITE_ORIGINS: SITE,
        PUBLIC_URL: base,
        SERVER_LOG: "0",
        SMTP_URL: smtp.url,
        MAIL_ATTEMPTS: "100000",
        MAIL_RETRY_MS: "50",
        MAIL_RETRY_MAX_MS: "200",
        CAPTCHA_MAX_NUMBER: "1000",
        CAPTCHA_SECRET: "crash-test",
        // every buyer is its own client address (X-Forwarded-For from this trusted machine)
        TRUSTED_PROXY: "true",
        ORDER_RATE_MAX: "100000",
        HELD_PER_CLIENT: "100000",
        // the limits against scalpers and card testers are tests/server/hardening.test.ts's
        BUYER_EVENT_MAX: "100000",
        CLIENT_DAY_MAX: "100000",
        PAYMENT_STARTS_PER_CLIENT_HOUR: "100000",
        PAYMENT_RETRY_BASE_S: "0",
        HOLD_COOLDOWN_MINUTES: "0",
        CAPTCHA_FETCH_MAX: "100000",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    // its log (refused attempts, the outbox at start) is read only when something fails
    server.stderr?.on("data", (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-4000)));
    await until(
      "the server to answer",
      async () => {
        try {
          return (await fetch(`${base}/v2/landings/1`)).ok;
        } catch {
          return false;
        }
      },
      30_000,
    );
  }
  async function kill9(): Promise<void> {
    const child = server!;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  /** One buyer through the shop and the sandbox acquirer's page; true once the payment was answered approved. */
  async function buy(n: number, ticketId: number): Promise<boolean> {
    let cookie = "";
    const headers = () => ({
      origin: SITE,
      "content-type": "application/json",
      "x-forwarded-for": `10.20.${Math.floor(n / 200)}.${(n % 200) + 1}`,
      ...(cookie ? { cookie } : {}),
    });
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: headers(),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0]!;
      return res;
    };
    const added = await call("POST", "/api/basket", { type: "ADD_TICKET", ticket: { id: ticketId, count: 1 } });
    assert.equal(added.status, 200, await added.clone().text());
    const c = (await (await call("GET", "/api/captcha")).json()) as Record<string, string | number>;
    const { solveChallenge } = await import("altcha-lib/v1");
    const solution = await solveChallenge(String(c.challenge), String(c.salt), String(c.algorithm), Number(c.maxnumber))
      .promise;
    const captcha = Buffer.from(JSON.stringify({ ...c, number: solution?.number })).toString("base64");
    const created = await call("POST", "/api/orders", {
      email: `buyer${n}@example.com`,
      name: "Layla Haddad",
      acquisition_id: 1,
      currency_code: "AED",
      lang: "en",
      captcha,
    });
    assert.equal(created.status, 201, await created.clone().text());
    const order = (await created.json()) as { id: string };
    const start = await call("POST", `/api/orders/${order.id}/payments`, { return_url: `${SITE}/order/` });
    assert.equal(start.status, 201, await start.clone().text());
    const page = new URL(((await start.json()) as { redirect_url: string }).redirect_url).pathname;
    const html = await (await fetch(`${base}${page}`)).text();
    const csrf = /name="csrf"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "";
    const paid = await fetch(`${base}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrf,
        card_number: "4242424242424242",
        expiry: "12/39",
        cvc: "123",
        cardholder: "Layla Haddad",
      }).toString(),
    });
    return paid.status === 303;
  }

  const readDb = <T>(sql: string): T[] => {
    const db = new Database(database, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
  const pendingMail = () => readDb<{ n: number }>("SELECT COUNT(*) AS n FROM mail_outbox WHERE state <> 'sent'")[0]!.n;

  await start();
  const offers = (await (
    await fetch(`${base}/v2/dates_prices?event_source_id=10005&currency=AED&source_id=2`)
  ).json()) as Array<{ tickets: Array<{ id: number; available: number; price: number }> }>;
  const ticket = offers.flatMap((s) => s.tickets).find((t) => t.price > 0 && t.available >= 40);
  assert.ok(ticket, "a ticket with room for every buyer");

  // 1. the mail server takes everything: paid orders are mailed as they come
  const acknowledged = new Set<number>();
  for (let n = 0; n < 6; n++) if (await buy(n, ticket.id)) acknowledged.add(n);
  await until(
    "the first e-mails",
    () => smtp.received.length === 6 && pendingMail() === 0,
    20_000,
    () => serverLog,
  );

  // 2. the mail server refuses; buyers keep paying four at a time; the server is killed mid-way
  smtp.refusing = true;
  let next = 6;
  const inFlight: Array<Promise<void>> = [];
  const killAfter = 14;
  let killed = false;
  const buyer = async () => {
    while (!killed && next < 40) {
      const n = next++;
      try {
        if (await buy(n, ticket.id)) acknowledged.add(n);
      } catch {
        /* the server died under this buyer */
      }
    }
  };
  for (let i = 0; i < 4; i++) inFlight.push(buyer());
  await until("more acknowledged payments", () => acknowledged.size >= killAfter, 40_000);
  assert.ok(pendingMail() > 0, "e-mails are waiting when the server dies");
  killed = true;
  await kill9();
  await Promise.all(inFlight);
  assert.equal(smtp.received.length, 6, "nothing got through the refusing mail server");

  // 3. started again with a mail server that takes everything: every paid order gets its e-mail
  smtp.refusing = false;
  await start();
  const paidOrders = () => readDb<{ id: string; email: string }>("SELECT id, email FROM orders WHERE status = 'paid'");
  await until(
    "every paid order's e-mail",
    () => pendingMail() === 0 && smtp.received.length >= paidOrders().length,
    30_000,
    () => serverLog,
  );
  const paid = paidOrders();
  const paidEmails = new Set(paid.map((o) => o.email));
  for (const n of acknowledged) assert.ok(paidEmails.has(`buyer${n}@example.com`), `acknowledged buyer ${n} is paid`);
  const mailed = mailedOrders(smtp.received);
  assert.deepEqual([...mailed].sort(), paid.map((o) => o.id).sort(), "one e-mail per paid order, none twice");
  assert.ok(paid.length >= acknowledged.size);

  // 4. another kill and start: nothing is sent again
  await kill9();
  await start();
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(smtp.received.length, paid.length, "no e-mail sent twice after a restart");
  assert.equal(pendingMail(), 0);
  await kill9();
});
