/**
 * Migration 0002 (order history, "order paid" events, outbox leases) on a database of the release
 * before it, with orders in it, on the engine of the run: a paid order gets its event marked done
 * by both consumers (its tickets and e-mail exist already), an unpaid one none; running it again
 * changes nothing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { baseline } from "../../server/src/db/migrations/0001-baseline";
import { migrate } from "../../server/src/db/migrations/migrate";
import { openTestDatabase } from "../support/test-database";

describe("migration 0002-order-history-events", () => {
  it("backfills one done 'order paid' event per paid order and gives the outbox its lease columns", async () => {
    const db = await openTestDatabase();
    try {
      // the test database is at the newest step: take this one's tables away, as the release before had them
      await db.run("DROP TABLE order_history");
      await db.run("DROP TABLE order_events");
      await db.run("DELETE FROM schema_migrations WHERE name = ?", ["0002-order-history-events"]);
      assert.deepEqual(await migrate(db, [baseline]), []);
      const order = (id: string, status: string, paidAt: number | null) =>
        db.run(
          `INSERT INTO orders (id, number, number_key, status, email, email_key, name, lang, currency_code, events_json,
             total_price, total_service_fee, total_payment_fee, total_amount, total_count, created_at, paid_at)
           VALUES (?, ?, ?, ?, 'a@b.ae', 'a@b.ae', 'A', 'en', 'AED', '{}', 10, 0.5, 0, 10.5, 1, 1, ?)`,
          [id, `UAE-${id}`, `UAE${id}`, status, paidAt],
        );
      await order("PAID22", "paid", 5);
      await order("OPEN22", "awaiting_payment", null);

      assert.deepEqual(await migrate(db), ["0002-order-history-events"]);
      assert.deepEqual(
        await db.all("SELECT order_id, kind, tickets_done_at, mail_done_at FROM order_events ORDER BY id"),
        [{ order_id: "PAID22", kind: "order_paid", tickets_done_at: 5, mail_done_at: 5 }],
      );
      await db.run(
        `INSERT INTO mail_outbox (order_id, event, order_json, state, next_at, created_at, claimed_by, claimed_until)
         VALUES ('PAID22', 'paid', '{}', 'pending', 1, 1, 'a:1', 2)`,
      );
      assert.deepEqual(await migrate(db), [], "a second run changes nothing");
    } finally {
      await db.close();
    }
  });
});
