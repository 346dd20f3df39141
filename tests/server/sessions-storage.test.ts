/**
 * Strangers do not grow the database: a request that changes nothing writes nothing (no
 * session row, no cookie), a session exists from the first change, sessions that hold nothing
 * go after SESSION_IDLE_HOURS, and the WAL file shrinks back after a burst of writes.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { buildApp } from "../../server/src/app";
import { TEST_ENGINE } from "../support/test-database";
import { BUYER, HERMETIC, makeApp, offersOf, placeOrder, type TestApp, Visitor } from "./helpers";
import { rowCount, writtenRows } from "./written-rows";

const changes = (app: TestApp): Promise<string> => writtenRows(app.deps.db);
const sessionRows = (app: TestApp): Promise<number> => rowCount(app.deps.db, "sessions");

describe("a request that changes nothing writes nothing", () => {
  test("reads and refused writes of a visitor without a session leave no row and set no cookie", async () => {
    const { app } = await makeApp();
    after(() => app.close());
    const before = await changes(app);
    const planted = "session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const requests: Array<{ method: "GET" | "POST" | "DELETE"; url: string; body?: unknown; cookie?: string }> = [
      { method: "GET", url: "/api/basket" },
      { method: "GET", url: "/api/basket?currency_code=USD", cookie: planted },
      { method: "GET", url: "/api/orders" },
      { method: "GET", url: "/api/orders/not-an-order" },
      { method: "DELETE", url: "/api/basket" },
      { method: "POST", url: "/api/basket", body: { type: "ADD_TICKET", ticket: { id: 999999, count: 1 } } },
      { method: "POST", url: "/api/basket", body: { type: "NOPE" } },
      { method: "POST", url: "/api/orders", body: { ...BUYER, captcha: "x" } },
      // (a failed look-up is not here: it is counted, in the database, against guessing)
      { method: "POST", url: "/api/orders/abc/payments", body: { return_url: "http://127.0.0.1:9000/order/" } },
    ];
    for (const r of requests) {
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: {
          origin: "http://127.0.0.1:9000",
          ...(r.cookie ? { cookie: r.cookie } : {}),
          ...(r.body ? { "content-type": "application/json" } : {}),
        },
        payload: r.body ? JSON.stringify(r.body) : undefined,
      });
      assert.ok(res.statusCode < 500, `${r.method} ${r.url}: ${res.statusCode} ${res.body}`);
      assert.equal(res.headers["set-cookie"], undefined, `${r.method} ${r.url} sets no cookie`);
    }
    assert.equal(await changes(app), before, "not a row was written");
    assert.equal(await sessionRows(app), 0);

    const visitor = new Visitor(app);
    const added = await visitor.add(1, 1);
    assert.equal(added.statusCode, 200);
    assert.match(String(added.headers["set-cookie"]), /^session=/);
    assert.equal(await sessionRows(app), 1, "the first change that succeeds makes the session");
  });
});

describe("idle sessions that hold nothing", () => {
  test(`are deleted after the idle time; one with an order, or younger, stays`, async () => {
    const { app, clock } = await makeApp({ sweepIntervalMs: 20, sessionIdleMs: 3 * 3600_000 });
    after(() => app.close());
    const passing = new Visitor(app);
    await passing.add(1, 1);
    await passing.change({ type: "DELETE_TICKET", ticket: { id: 1 } });
    const buyer = new Visitor(app);
    const free = (await offersOf(app, 10034))[0]!.tickets[0]!;
    await buyer.add(free.id, 1);
    const order = await placeOrder(app, buyer, { ...BUYER, acquisition_id: null });
    assert.equal(
      await sessionRows(app),
      3,
      "the passing visitor, the buyer's old session (in its grace) and its new one",
    );

    clock.advance(2 * 3600_000);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await sessionRows(app), 2, "not idle long enough yet: only the replaced id has gone");
    const younger = new Visitor(app);
    await younger.add(1, 1);
    await younger.change({ type: "DELETE_TICKET", ticket: { id: 1 } });

    clock.advance(1.5 * 3600_000);
    await new Promise((r) => setTimeout(r, 200));
    const ids = (await app.deps.db.all<{ id: string }>("SELECT id FROM sessions")).map((r) => r.id);
    assert.equal(ids.length, 2, "the passing visitor's empty session is gone");
    assert.ok(!ids.includes(passing.cookie!.slice("session=".length)));
    assert.ok(ids.includes(younger.cookie!.slice("session=".length)), "a younger one stays");
    assert.equal((await buyer.request("GET", `/api/orders/${order.id}`)).statusCode, 200, "the buyer keeps the order");
    const emptyBaskets = await app.deps.db.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM baskets WHERE session_id NOT IN (SELECT id FROM sessions)",
    );
    assert.equal(Number(emptyBaskets?.n), 0, "their empty basket rows went with them");
  });
});

describe("the WAL after a burst", () => {
  // SQLite's own file: the PostgreSQL run has nothing of it to test
  test("is truncated once the writes stop", { skip: TEST_ENGINE === "postgres" && "SQLite only" }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wal-"));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "shop.sqlite");
    const app = (await buildApp({
      config: { ...HERMETIC, databasePath: file, walTruncateBytes: 64 * 1024 },
      notifier: { orderConfirmed: () => undefined },
    })) as TestApp;
    after(() => app.close());
    const db = app.deps.db.sqlite;
    assert.ok(db, "a SQLite file");
    db.exec("CREATE TABLE burst (x BLOB)");
    const insert = db.prepare("INSERT INTO burst (x) VALUES (randomblob(4096))");
    for (let i = 0; i < 20; i++) db.transaction(() => Array.from({ length: 100 }, () => insert.run()))();
    db.exec("DELETE FROM burst");
    const wal = () => statSync(`${file}-wal`).size;
    assert.ok(wal() > 4 * 1024 * 1024, `the burst grew the WAL (${wal()} bytes)`);
    const until = Date.now() + 8000;
    while (wal() > 64 * 1024 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    assert.ok(wal() <= 64 * 1024, `the WAL is back to ${wal()} bytes`);
  });
});
