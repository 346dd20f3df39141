/**
 * Three real server processes on one PostgreSQL database, as behind a load balancer: what must hold
 * across instances. Far more buyers than seats through all three: nothing oversold, nothing charged
 * twice. One instance killed (SIGKILL) in the middle of payments: no acknowledged payment lost, every
 * paid order's e-mail delivered, once per order event. Two door phones on two instances: a ticket
 * admitted once. Needs the PostgreSQL cluster `npm test` starts (TEST_DATABASE_URL).
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import pg from "pg";
import {
  freePort,
  HttpVisitor,
  type Instance,
  instanceEnv,
  payByCard,
  startInstance,
  startInstances,
} from "../support/server-instances";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { startSmtpStandIn } from "./mail-helpers";

const NEEDS_POSTGRES = postgresUrl()
  ? false
  : "needs PostgreSQL: TEST_DATABASE_URL is not set (npm test starts a cluster)";

const BUYER = { name: "Layla Haddad", phone: "+971 50 123 4567", acquisition_id: 1, currency_code: "AED" };

/** Runs `work` for 0..n-1 with at most `width` at a time. */
async function pool<T>(n: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A paid ticket category of a future session, with `seats` seats left (the rest marked sold). */
async function categoryWithSeats(url: string, seats: number): Promise<{ ticketId: number }> {
  const [row] = await query<{ id: number }>(
    url,
    `SELECT t.id FROM tickets t JOIN events e ON e.id = t.event_id JOIN event_sessions s ON s.id = t.session_id
     WHERE e.status = 'on_sale' AND t.price_aed > 0 AND s.started_at > $1 AND t.total - t.sold - t.held >= $2
     ORDER BY t.id LIMIT 1`,
    [Date.now() + 2 * 24 * 3600_000, seats],
  );
  assert.ok(row, "the sample has a paid category on sale");
  await query(url, "UPDATE tickets SET sold = total - $2 WHERE id = $1", [row.id, seats]);
  return { ticketId: Number(row.id) };
}

/** One buyer: holds a ticket on one instance, orders on the next, pays across the next two. */
async function buy(
  instances: Instance[],
  i: number,
  ticketId: number,
): Promise<{ held: boolean; orderId?: string; paid?: boolean }> {
  const at = (k: number) => (instances[(i + k) % instances.length] as Instance).url;
  const visitor = new HttpVisitor();
  const added = await visitor.request(at(0), "POST", "/api/basket", {
    type: "ADD_TICKET",
    ticket: { id: ticketId, count: 1 },
  });
  const basket = added.status === 200 ? (JSON.parse(added.body) as { count?: number; events?: unknown[] }) : undefined;
  if (!basket?.events?.length) return { held: false };
  const order = await visitor.request(at(1), "POST", "/api/orders", {
    ...BUYER,
    email: `buyer${i}@example.ae`,
    captcha: await visitor.captcha(at(1)),
  });
  assert.equal(order.status, 201, order.body);
  const orderId = (JSON.parse(order.body) as { id: string }).id;
  const paid = await payByCard(visitor, at(2), at(0), (instances[0] as Instance).url, orderId);
  return { held: true, orderId, paid: paid.status === 303 && /approved|paid|success/i.test(paid.location ?? "") };
}

describe("three instances on one PostgreSQL database", { skip: NEEDS_POSTGRES }, () => {
  it("70 times more buyers than seats, in parallel through three instances: 0 oversold, 0 charged twice", async () => {
    const db = await createPostgresDatabase();
    after(() => db.drop());
    const instances = await startInstances(3, db.url);
    after(() => Promise.all(instances.map((x) => x.process.stop())));
    const seats = 5;
    const { ticketId } = await categoryWithSeats(db.url, seats);

    const results = await pool(seats * 70, 48, (i) => buy(instances, i, ticketId));
    const holders = results.filter((r) => r.held);
    assert.equal(holders.length, seats, "exactly the seats there were were held");
    assert.ok(
      holders.every((r) => r.paid),
      "every holder paid",
    );

    const [ticket] = await query<{ total: number; sold: number; held: number }>(
      db.url,
      "SELECT total, sold, held FROM tickets WHERE id = $1",
      [ticketId],
    );
    assert.deepEqual(ticket, { total: ticket?.total, sold: ticket?.total, held: 0 });
    // each holder tries to pay again, on another instance: refused, the order charged once
    for (const [k, r] of holders.entries()) {
      const visitor = new HttpVisitor();
      const again = await visitor.request(
        (instances[(k + 1) % 3] as Instance).url,
        "POST",
        `/api/orders/${r.orderId}/payments`,
        {
          return_url: "http://127.0.0.1:9000/order/?step=pay",
        },
      );
      assert.notEqual(again.status, 201, again.body);
    }
    const charged = await query<{ id: string; charges: number }>(
      db.url,
      "SELECT id, charges FROM orders WHERE status = 'paid'",
    );
    assert.equal(charged.length, seats);
    assert.ok(
      charged.every((o) => Number(o.charges) === 1),
      JSON.stringify(charged),
    );
    const approved = await query<{ n: number }>(
      db.url,
      "SELECT COUNT(*)::int AS n FROM payments WHERE state = 'approved'",
    );
    assert.equal(approved[0]?.n, seats);
  });

  it("one instance killed in the middle of payments: no acknowledged payment lost, each paid order's e-mail once", async () => {
    const db = await createPostgresDatabase();
    after(() => db.drop());
    const smtp = await startSmtpStandIn(await freePort());
    const ports = [await freePort(), await freePort(), await freePort()];
    const env = instanceEnv(db.url, `http://127.0.0.1:${ports[0]}`, {
      SMTP_URL: smtp.url,
      // a claim on an e-mail by an instance that died is taken over once its lease (10 s) ends
      MAIL_RETRY_MS: "200",
    });
    const instances = await Promise.all(ports.map((p, i) => startInstance(`instance-${i + 1}`, p, env)));
    after(() => Promise.all(instances.map((x) => x.process.stop())));
    const { ticketId } = await categoryWithSeats(db.url, 200);

    const buyers = 36;
    let acknowledged = 0;
    const victim = instances[1] as Instance;
    const paidIds: string[] = [];
    const results = await pool(buyers, 6, async (i) => {
      if (i === buyers / 2) victim.process.child.kill("SIGKILL");
      // a balancer sends the buyer to the instances that still answer
      const alive = i >= buyers / 2 ? instances.filter((x) => x !== victim) : instances;
      try {
        const r = await buy(alive, i, ticketId);
        if (r.paid && r.orderId) {
          acknowledged++;
          paidIds.push(r.orderId);
        }
        return r;
      } catch (err) {
        // a request that was in flight on the killed instance: not acknowledged
        return { held: false, error: String(err) };
      }
    });
    assert.ok(
      acknowledged >= buyers / 2,
      `${acknowledged} payments acknowledged: ${JSON.stringify(results.slice(0, 3))}`,
    );

    const rows = await query<{ id: string; status: string }>(
      db.url,
      "SELECT id, status FROM orders WHERE id = ANY($1)",
      [paidIds],
    );
    assert.equal(rows.length, paidIds.length);
    assert.ok(
      rows.every((r) => r.status === "paid"),
      "every acknowledged payment is kept",
    );

    // every paid order's confirmation arrives, once per order event (same Message-ID if ever repeated)
    const allPaid = (await query<{ id: string }>(db.url, "SELECT id FROM orders WHERE status = 'paid'")).map(
      (r) => r.id,
    );
    const deadline = Date.now() + 45_000;
    const ids = () => smtp.received.map((m) => /^Message-ID:\s*(\S+)/im.exec(m)?.[1] ?? "");
    while (Date.now() < deadline && new Set(ids()).size < allPaid.length) await new Promise((r) => setTimeout(r, 250));
    const unique = new Set(ids());
    for (const id of allPaid)
      assert.ok(
        [...unique].some((m) => m.includes(`${id}.paid@`)),
        `the e-mail of order ${id}`,
      );
    const duplicates = ids().length - unique.size;
    // only an e-mail taken by the mail server in the instant before the kill could be sent again
    assert.ok(duplicates <= 1, `${duplicates} e-mails delivered twice`);
  });

  it("two door phones on two instances scan one ticket at the same instant: admitted once", async () => {
    const db = await createPostgresDatabase();
    after(() => db.drop());
    const instances = await startInstances(2, db.url);
    after(() => Promise.all(instances.map((x) => x.process.stop())));
    const [a, b] = instances as [Instance, Instance];
    // a free ticket, paid at once
    const visitor = new HttpVisitor();
    const [free] = await query<{ id: number; event_id: number }>(
      db.url,
      "SELECT t.id, t.event_id FROM tickets t JOIN events e ON e.id = t.event_id WHERE e.event_source_id = 10034 ORDER BY t.id LIMIT 1",
    );
    assert.ok(free);
    assert.equal(
      (await visitor.request(a.url, "POST", "/api/basket", { type: "ADD_TICKET", ticket: { id: free.id, count: 1 } }))
        .status,
      200,
    );
    const placed = await visitor.request(b.url, "POST", "/api/orders", {
      name: "Door Test",
      email: "door@example.ae",
      phone: "+971 50 123 4567",
      currency_code: "AED",
      captcha: await visitor.captcha(b.url),
    });
    assert.equal(placed.status, 201, placed.body);
    const order = JSON.parse(placed.body) as { status: string; tickets: Array<{ code: string; qr?: string }> };
    assert.equal(order.status, "paid");
    const code = order.tickets[0]?.code as string;
    // the doors are open: its validity starts now (the free event of the sample is days ahead)
    await query(db.url, "UPDATE issued_tickets SET valid_from = $1 WHERE code = $2", [Date.now() - 3600_000, code]);

    // a gate and two phones paired through the two instances (the pairing links from the command)
    const { execFileSync } = await import("node:child_process");
    const cli = (args: string[]) =>
      execFileSync(process.execPath, ["--import", "tsx", "server/scripts/checkin.ts", ...args], {
        cwd: `${__dirname}/../..`,
        env: { ...process.env, DATABASE_URL: db.url },
        encoding: "utf8",
      });
    const listOut = cli(["list-create", "--event", String(free.event_id), "--name", "Gate A"]);
    const listId = /^list (\d+)/m.exec(listOut)?.[1];
    assert.ok(listId, listOut);
    const tokens: string[] = [];
    for (const [i, base] of [a.url, b.url].entries()) {
      const link = cli(["pair", "--list", listId]);
      const token = /#pair=([A-Za-z0-9_-]+)/.exec(link)?.[1];
      assert.ok(token, link);
      const res = await fetch(`${base}/api/checkin/pair`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, name: `Phone ${i + 1}` }),
      });
      assert.equal(res.status, 201, await res.clone().text());
      tokens.push(((await res.json()) as { device_token: string }).device_token);
    }
    const scan = (base: string, token: string, nonce: string) =>
      fetch(`${base}/api/checkin/redeem`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ code, nonce, scanned_at: new Date().toISOString(), direction: "entry" }),
      }).then(async (r) => ((await r.json()) as { status: string }).status);
    const statuses = await Promise.all([
      scan(a.url, tokens[0] as string, "nonce-door-a-0001"),
      scan(b.url, tokens[1] as string, "nonce-door-b-0001"),
    ]);
    assert.deepEqual(statuses.filter((s) => s === "admitted").length, 1, JSON.stringify(statuses));
  });
});
