/**
 * Two server instances on one PostgreSQL database (issue 34): holds, the address's cap, captcha
 * solutions, throttles and the expiry sweep stay right when buyers' requests land on either.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Db } from "../../server/src/db/database";
import { postgresUrl } from "../support/test-database";
import { addFrom, json, SITE_ORIGIN, solveCaptcha, type TestApp, Visitor, withInstancesOnPostgres } from "./helpers";

const needs = postgresUrl() ? {} : { skip: "needs PostgreSQL: TEST_DATABASE_URL is not set" };

let offset = 0;
const now = () => Date.now() + offset;
let a: TestApp;
let b: TestApp;

const cookieValue = (v: Visitor): string => v.cookie!.slice("session=".length);

const ticketRow = async (db: Db, id: number) => {
  const r = await db.one<{ total: number; sold: number; held: number; in_baskets: number }>(
    `SELECT total, sold, held, (SELECT COALESCE(SUM(count), 0) FROM basket_items WHERE ticket_id = tickets.id) AS in_baskets
      FROM tickets WHERE id = ?`,
    [id],
  );
  assert.ok(r);
  return { total: r.total, sold: r.sold, held: r.held, inBaskets: Number(r.in_baskets) };
};

describe("two instances on one PostgreSQL database", needs, () => {
  const instances = withInstancesOnPostgres(2, {
    now,
    config: { heldPerClient: 4, captchaSecret: "", captchaFetchMax: 3, holdCooldownMinutes: 0 },
  });
  before(() => {
    [a, b] = instances.apps as [TestApp, TestApp];
  });

  it("50 buyers split across both for the last 3 seats: exactly 3 held, none twice", async () => {
    const ticket = 2;
    await a.deps.db.run("UPDATE tickets SET total = sold + held + 3 WHERE id = ?", [ticket]);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => addFrom(i % 2 === 0 ? a : b, `198.51.100.${i + 1}`, ticket, 1)),
    );
    const statuses = results.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 200).length, 3, statuses.join(" "));
    assert.ok(results.every((r) => r.statusCode === 200 || json<{ code: string }>(r).code === "not_enough_tickets"));
    const row = await ticketRow(b.deps.db, ticket);
    assert.equal(row.held, 3);
    assert.equal(row.inBaskets, 3);
    assert.equal(row.total - row.sold - row.held, 0);
  });

  it("one address's cap counts what it holds through either instance", async () => {
    const ip = "203.0.113.40";
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => addFrom(i % 2 === 0 ? a : b, ip, 1, 1)));
    const statuses = results.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 200).length, 4, statuses.join(" "));
    assert.ok(results.every((r) => r.statusCode === 200 || json<{ code: string }>(r).code === "over_limit"));
  });

  it("one basket changed through both at once holds exactly what it shows", async () => {
    const ticket = 5;
    const before = await ticketRow(a.deps.db, ticket);
    const va = new Visitor(a);
    assert.equal((await va.add(ticket, 1)).statusCode, 200);
    const vb = new Visitor(b);
    vb.cookie = va.cookie;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? va : vb).change({
          type: i % 3 === 0 ? "UPDATE_TICKET" : "ADD_TICKET",
          ticket: { id: ticket, count: 1 + (i % 2) },
        }),
      ),
    );
    const row = await ticketRow(a.deps.db, ticket);
    const shown = json<{ events: Array<{ tickets: Array<{ id: number; count: number }> }> }>(await vb.basket());
    const count = shown.events.flatMap((e) => e.tickets).find((t) => t.id === ticket)?.count ?? 0;
    assert.equal(row.held - before.held, count, "the tickets held are the basket's");
    assert.equal(row.inBaskets - before.inBaskets, count);
  });

  it("a captcha solution fetched on one is checked by the other, and spent once", async () => {
    // fetching the challenge makes the visitor's session
    const v = new Visitor(a);
    const solution = await solveCaptcha(a, v);
    const checked = await b.deps.captcha.verify(solution);
    const spend = (app: TestApp) => app.deps.db.withTransaction(() => app.deps.captcha.spend(checked, cookieValue(v)));
    const both = await Promise.allSettled([spend(a), spend(b), spend(a), spend(b)]);
    assert.equal(both.filter((r) => r.status === "fulfilled").length, 1, "spent by one request only");
    for (const r of both) if (r.status === "rejected") assert.match(String((r.reason as Error).message), /used before/);
  });

  it("the captcha fetch limit counts fetches through both", async () => {
    const fetch = (app: TestApp) =>
      app.inject({ url: "/api/captcha", remoteAddress: "192.0.2.77", headers: { origin: SITE_ORIGIN } });
    const first = await Promise.all([fetch(a), fetch(b), fetch(a)]);
    assert.deepEqual(
      first.map((r) => r.statusCode),
      [200, 200, 200],
    );
    assert.equal((await fetch(b)).statusCode, 429, "the fourth, on the other instance, is over the limit");
    assert.equal((await b.deps.throttle.recent("captcha-client", "192.0.2.77", 600_000, now())).count, 3);
  });

  it("both sweep expired holds at once: each is given back once, its cool-down counted once", async () => {
    const ticket = 6;
    const before = await ticketRow(a.deps.db, ticket);
    for (let i = 0; i < 6; i++)
      assert.equal((await addFrom(i % 2 === 0 ? a : b, `192.0.2.${100 + i}`, ticket, 2)).statusCode, 200);
    assert.equal((await ticketRow(a.deps.db, ticket)).held, before.held + 12);
    offset += 16 * 60_000;
    await Promise.all([
      a.deps.releaseExpired(now()),
      b.deps.releaseExpired(now()),
      a.deps.releaseExpired(now()),
      b.deps.releaseExpired(now()),
    ]);
    const row = await ticketRow(b.deps.db, ticket);
    assert.equal(row.held, 0, "every expired hold was given back, none twice");
    assert.equal(row.inBaskets, 0);
    const hits = await a.deps.db.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM throttle_hits WHERE scope = 'hold-expired-client' AND key LIKE ?",
      [`% ${ticket}`],
    );
    assert.equal(Number(hits?.n), 12, "one cool-down hit per ticket that ran out");
  });
});
