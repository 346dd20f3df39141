/**
 * PostgreSQL: statements outside a transaction go to the pool as prepared statements, one name per
 * text (server/src/db/sql.ts). What must hold: the same text prepared once still answers each call's
 * values, a text whose table a migration changed is asked again rather than failing, ever new texts
 * (an IN list of any length) keep working past what is remembered, and inside a transaction
 * everything still runs on the transaction's connection.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Database, openPostgres } from "../../server/src/db/database";
import { inList } from "../../server/src/db/sql";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";

const needs = postgresUrl()
  ? {}
  : { skip: "needs PostgreSQL: TEST_DATABASE_URL is not set (npm test starts a cluster)" };

describe("prepared statements on PostgreSQL", needs, () => {
  let db: Database;
  let other: Database;
  let drop: (() => Promise<void>) | undefined;
  before(async () => {
    const made = await createPostgresDatabase();
    drop = made.drop;
    db = openPostgres(made.url, 2);
    other = openPostgres(made.url, 1);
    await db.run("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    await db.run("INSERT INTO things (id, name) VALUES (?, ?), (?, ?)", [1, "one", 2, "two"]);
  });
  after(async () => {
    await db?.close();
    await other?.close();
    await drop?.();
  });

  it("answers each call's values, with `?` inside quotes left alone", async () => {
    for (const [id, name] of [
      [1, "one"],
      [2, "two"],
      [1, "one"],
    ] as const) {
      const row = await db.one<{ name: string; q: string }>("SELECT name, '?' AS q FROM things WHERE id = ?", [id]);
      assert.deepEqual(row, { name, q: "?" });
    }
    assert.equal((await db.run("UPDATE things SET name = name WHERE id > ?", [0])).changes, 2);
    assert.equal((await db.run("DELETE FROM things WHERE id = ?", [99])).changes, 0);
  });

  it("asks again, unprepared, when another instance's migration changed the table's columns", async () => {
    const text = "SELECT * FROM things WHERE id = ?";
    // prepared on both of the pool's connections
    await Promise.all([db.one(text, [1]), db.one(text, [2])]);
    await other.run("ALTER TABLE things ADD COLUMN note TEXT");
    const rows = await Promise.all([db.one<{ note: unknown }>(text, [1]), db.one<{ note: unknown }>(text, [2])]);
    for (const row of rows) assert.ok(row && "note" in row, "the new column is in the answer");
  });

  it("keeps answering texts past the ones it remembers", async () => {
    for (let n = 1; n <= 1100; n++) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const list = inList(ids);
      const r = await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM things WHERE id IN ${list.text}`, list.params);
      assert.equal(Number(r?.n), Math.min(n, 2));
    }
  });

  it("runs a transaction's statements on its connection: rolled back together", async () => {
    await assert.rejects(
      db.withTransaction(async (tx) => {
        await tx.run("UPDATE things SET name = ? WHERE id = ?", ["changed", 1]);
        assert.equal((await tx.one<{ name: string }>("SELECT name FROM things WHERE id = ?", [1]))?.name, "changed");
        throw new Error("stop");
      }),
      /stop/,
    );
    assert.equal((await db.one<{ name: string }>("SELECT name FROM things WHERE id = ?", [1]))?.name, "one");
  });
});
