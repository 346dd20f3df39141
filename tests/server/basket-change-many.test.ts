/**
 * PostgreSQL: the lock order of migration 0012's `basket_change_many`, which runs the basket changes one
 * instance received at the same moment in one transaction. A removal in a batch locks the ticket's row; an
 * add after it in the same batch needs the ticket's advisory lock, which a change on another instance may hold
 * while it waits for that row. The batch therefore takes every ticket's lock before it writes any row: this
 * test makes that interleaving happen on two connections, step by step, and fails (PostgreSQL finds the
 * deadlock and aborts one side) when the batch does not.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { buildApp } from "../../server/src/app";
import { type Db, openDatabase } from "../../server/src/db/database";
import { hashKey } from "../../server/src/db/sql";
import { UNPAID_STATES } from "../../server/src/orders/order-states";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { HERMETIC, type TestApp } from "./helpers";

const needs = postgresUrl()
  ? {}
  : { skip: "needs PostgreSQL: TEST_DATABASE_URL is not set (npm test starts a cluster)" };

const MANY = `SELECT n, outcome FROM basket_change_many($1::text[], $2::bigint[], $3::int[], ARRAY[NULL]::text[],
  $4::bigint[], 900000, ARRAY[10], 1000, $5::text[], $6::int[], ARRAY[NULL]::int[], ARRAY[false])`;
const ONE = `SELECT outcome FROM basket_change($1, $2, $3, NULL, $4, 900000, 10, 1000, $5, $6, NULL)`;

describe("a batch of basket changes takes its tickets' locks before it writes a row", needs, () => {
  let app: TestApp;
  let db: Db;
  let url = "";
  let drop: (() => Promise<void>) | undefined;
  const clients: pg.Client[] = [];
  before(async () => {
    const made = await createPostgresDatabase();
    url = made.url;
    drop = made.drop;
    db = await openDatabase(url, { poolMax: 2 });
    app = (await buildApp({ db, config: { ...HERMETIC, captchaSecret: "" } })) as TestApp;
  });
  after(async () => {
    for (const c of clients) await c.end();
    await app?.close();
    await db?.close();
    await drop?.();
  });

  it("a removal then an add in one transaction, while another change waits between them", async () => {
    const row = await db.one<{ id: number }>(
      `SELECT t.id FROM tickets t JOIN events e ON e.id = t.event_id
       WHERE e.status = 'on_sale' AND t.max_per_order >= 2 ORDER BY t.id LIMIT 1`,
    );
    assert.ok(row, "the sample has a ticket on sale");
    const ticket = Number(row.id);
    await db.run("UPDATE tickets SET total = sold + held + 10 WHERE id = ?", [ticket]);
    const now = Date.now();
    const [first, second, third] = ["s-first", "s-second", "s-third"];
    const many = (session: string, add: number) => [
      [session],
      [ticket],
      [add],
      [now],
      UNPAID_STATES,
      [hashKey(session)],
    ];
    const [c1, c2] = [new pg.Client(url), new pg.Client(url)];
    clients.push(c1, c2);
    await Promise.all([c1.connect(), c2.connect()]);
    // the first buyer holds one
    assert.equal((await c1.query(MANY, many(first, 1))).rows[0]?.outcome, "ok");
    // a batch begins with the first buyer's removal: the ticket's row is locked until it commits
    await c1.query("BEGIN");
    assert.equal((await c1.query(MANY, many(first, 0))).rows[0]?.outcome, "ok");
    // meanwhile another instance's change of the same ticket arrives, and waits
    const other = c2.query(ONE, [third, ticket, 1, now, UNPAID_STATES, hashKey(third)]);
    const otherFailed = other.then(
      () => undefined,
      (err: Error) => err,
    );
    await new Promise((r) => setTimeout(r, 300));
    // the same batch goes on with another buyer's add of that ticket
    const added = await c1.query(MANY, many(second, 1)).then(
      (r) => r.rows[0]?.outcome as string,
      (err: Error) => err.message,
    );
    await c1.query(added === "ok" ? "COMMIT" : "ROLLBACK");
    assert.equal(added, "ok");
    assert.equal(await otherFailed, undefined, "the other change waited, then went through");
    assert.equal((await other).rows[0]?.outcome, "ok");
    const held = await db.one<{ n: number }>(
      "SELECT COALESCE(SUM(count), 0) AS n FROM basket_items WHERE ticket_id = ? AND session_id IN (?, ?, ?)",
      [ticket, first, second, third],
    );
    assert.equal(Number(held?.n), 2);
  });
});
