/** A database made by the server of contract 1.0 opens under the new schema without losing its old orders. */

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import { openDatabase } from "../../server/src/db/database";

describe("opening a database of the first schema", () => {
  it("keeps its orders aside as orders_v1, makes the new orders table, and gives baskets a client address", () => {
    const dir = mkdtempSync(join(tmpdir(), "migration-"));
    try {
      const file = join(dir, "old.sqlite");
      const old = new Database(file);
      old.exec(`
        CREATE TABLE baskets (session_id TEXT PRIMARY KEY, expires_at INTEGER, updated_at INTEGER);
        CREATE TABLE orders (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, status TEXT NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL,
          phone TEXT, acquisition_id INTEGER NOT NULL, currency_code TEXT NOT NULL, events_json TEXT NOT NULL, total_price REAL NOT NULL,
          total_service_fee REAL NOT NULL, total_count INTEGER NOT NULL, utm_json TEXT, tickets_codes TEXT, charges INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL, paid_at INTEGER);
        CREATE TABLE order_items (order_id TEXT NOT NULL REFERENCES orders(id), ticket_id INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (order_id, ticket_id));
        INSERT INTO baskets VALUES ('s1', NULL, 1);
        INSERT INTO orders VALUES ('o1', 's1', 'paid', 'a@b.ae', 'A', NULL, 1, 'AED', '[]', 10, 0.5, 1, NULL, '["X"]', 1, 1, 2);
        INSERT INTO order_items VALUES ('o1', 1, 1);
      `);
      old.close();
      const db = openDatabase(file);
      try {
        const cols = (t: string) =>
          (db.prepare("SELECT name FROM pragma_table_info(?)").all(t) as Array<{ name: string }>).map((c) => c.name);
        assert.ok(cols("orders").includes("number"));
        assert.ok(cols("baskets").includes("client_ip"));
        assert.deepEqual(db.prepare("SELECT id FROM orders_v1").all(), [{ id: "o1" }]);
        assert.equal((db.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n, 0);
      } finally {
        db.close();
      }
      // opening again changes nothing more
      openDatabase(file).close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
