/** Tickets sold before check-in existed: recorded with their codes when the database is opened, and admitted by code. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { buildApp } from "../../server/src/app";
import { openDatabase } from "../../server/src/db/database";
import { buyFree, Door } from "./checkin-helpers";
import { HERMETIC, type TestApp } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "checkin-migration-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("issued tickets of an older database", () => {
  it("are recorded from their orders, codes kept, once, and the door admits them by code", async () => {
    const file = join(dir, "old.sqlite");
    let db = openDatabase(file);
    let app = (await buildApp({ db, config: { ...HERMETIC } })) as TestApp;
    const order = await buyFree(app, 2, "Old Buyer");
    await app.close();
    // what the server wrote before check-in: tickets only in the order, no QR payload, no code index
    db.exec("DROP TABLE checkin_scans; DROP TABLE issued_tickets;");
    const stripped = order.tickets.map(({ qr: _qr, title: _t, ...rest }) => rest);
    db.prepare("UPDATE orders SET tickets_json = ? WHERE id = ?").run(JSON.stringify(stripped), order.id);
    db.close();

    db = openDatabase(file);
    const rows = db.prepare("SELECT code, holder, order_number FROM issued_tickets ORDER BY id").all() as Array<{
      code: string;
      holder: string;
      order_number: string;
    }>;
    assert.deepEqual(
      rows.map((r) => r.code),
      order.tickets.map((t) => t.code),
    );
    assert.ok(rows.every((r) => r.holder === "Old Buyer" && r.order_number === order.number));
    const indexes = db
      .prepare("SELECT name FROM pragma_index_list('issued_tickets') WHERE \"unique\" = 1")
      .all() as Array<{ name: string }>;
    assert.ok(indexes.some((i) => i.name === "issued_tickets_code"));
    assert.equal(
      JSON.parse(
        (db.prepare("SELECT tickets_json FROM orders WHERE id = ?").get(order.id) as { tickets_json: string })
          .tickets_json,
      ).length,
      2,
      "the order keeps its tickets",
    );
    db.close();

    db = openDatabase(file);
    assert.equal(
      (db.prepare("SELECT COUNT(*) AS n FROM issued_tickets").get() as { n: number }).n,
      2,
      "opening again adds nothing",
    );
    const startsAt = Date.parse(order.tickets[0]!.started_at!);
    app = (await buildApp({ db, config: { ...HERMETIC }, now: () => startsAt })) as TestApp;
    try {
      const door = await Door.pair(
        app,
        app.deps.checkin.createList({ eventId: order.tickets[0]!.event_id, name: "Old gate" }, startsAt).id,
        "Old phone",
      );
      assert.equal((await door.redeem(order.tickets[0]!.code)).status, "admitted");
      assert.equal((await door.redeem(order.tickets[0]!.code)).status, "already_used");
    } finally {
      await app.close();
      db.close();
    }
  });
});
