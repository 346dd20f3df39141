/**
 * Tickets sold before check-in existed: recorded with their codes when the database is opened, and admitted by code.
 * SQLite only: no PostgreSQL database predates check-in.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { buildApp } from "../../server/src/app";
import { type Db, openDatabase } from "../../server/src/db/database";
import { TEST_ENGINE } from "../support/test-database";
import { buyFree, Door } from "./checkin-helpers";
import { HERMETIC, type TestApp } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "checkin-migration-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const count = async (db: Db, sql: string, params: unknown[] = []): Promise<number> =>
  Number((await db.one<{ n: number }>(sql, params))?.n);

describe("issued tickets of an older database", { skip: TEST_ENGINE === "sqlite" ? false : "SQLite only" }, () => {
  it("are recorded from their orders, codes kept, once, and the door admits them by code", async () => {
    const file = join(dir, "old.sqlite");
    let db = await openDatabase(file);
    let app = (await buildApp({ db, config: { ...HERMETIC } })) as TestApp;
    const order = await buyFree(app, 2, "Old Buyer");
    await app.close();
    // what the server wrote before check-in: tickets only in the order, no QR payload, no code index;
    // and a file of the releases without migrations is brought up by the baseline step
    db.sqlite!.exec(
      "DROP TABLE checkin_scans; DROP TABLE issued_tickets; DELETE FROM schema_migrations WHERE name = '0001-baseline';",
    );
    const stripped = order.tickets.map(({ qr: _qr, title: _t, ...rest }) => rest);
    await db.run("UPDATE orders SET tickets_json = ? WHERE id = ?", [JSON.stringify(stripped), order.id]);
    await db.close();

    db = await openDatabase(file);
    const rows = await db.all<{ code: string; holder: string; order_number: string }>(
      "SELECT code, holder, order_number FROM issued_tickets ORDER BY id",
    );
    assert.deepEqual(
      rows.map((r) => r.code),
      order.tickets.map((t) => t.code),
    );
    assert.ok(rows.every((r) => r.holder === "Old Buyer" && r.order_number === order.number));
    const indexes = await db.all<{ name: string }>(
      "SELECT name FROM pragma_index_list('issued_tickets') WHERE \"unique\" = 1",
    );
    assert.ok(indexes.some((i) => i.name === "issued_tickets_code"));
    const kept = await db.one<{ tickets_json: string }>("SELECT tickets_json FROM orders WHERE id = ?", [order.id]);
    assert.equal(JSON.parse(kept!.tickets_json).length, 2, "the order keeps its tickets");
    await db.close();

    db = await openDatabase(file);
    assert.equal(await count(db, "SELECT COUNT(*) AS n FROM issued_tickets"), 2, "opening again adds nothing");
    const startsAt = Date.parse(order.tickets[0]!.started_at!);
    app = (await buildApp({ db, config: { ...HERMETIC }, now: () => startsAt })) as TestApp;
    try {
      const list = await app.deps.checkin.createList(
        { eventId: order.tickets[0]!.event_id, name: "Old gate" },
        startsAt,
      );
      const door = await Door.pair(app, list.id, "Old phone");
      assert.equal((await door.redeem(order.tickets[0]!.code)).status, "admitted");
      assert.equal((await door.redeem(order.tickets[0]!.code)).status, "already_used");
    } finally {
      await app.close();
      await db.close();
    }
  });
});
