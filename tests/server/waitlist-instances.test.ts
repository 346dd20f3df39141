/**
 * The waiting list with two server instances on one PostgreSQL database: both sweep for offers at
 * the same moment, and buyers on both try to take the seats that came back. An offer is made
 * once, and the offered seats are never held or sold by anyone else.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { postgresUrl } from "../support/test-database";
import { offersOf, solveCaptcha, type TestApp, Visitor, withInstancesOnPostgres } from "./helpers";

const skip = postgresUrl() ? false : "needs PostgreSQL: TEST_DATABASE_URL is not set";

describe("waiting list across two instances", { skip }, () => {
  let a: TestApp;
  let b: TestApp;
  const instances = withInstancesOnPostgres(2);
  before(() => {
    [a, b] = instances.apps as [TestApp, TestApp];
  });

  it("makes each offer once, and never lets another buyer take the offered seats", async () => {
    const ticketId = (await offersOf(a, 10008))[0]!.tickets[1]!.id;
    await a.deps.db.run("UPDATE tickets SET total = sold + held WHERE id = ?", [ticketId]);
    const people = Array.from({ length: 6 }, (_, i) => `person${i}@example.ae`);
    for (const [i, email] of people.entries()) {
      const app = i % 2 === 0 ? a : b;
      const visitor = new Visitor(app);
      const res = await visitor.request("POST", "/api/waitlist", {
        ticket_id: ticketId,
        count: 1,
        email,
        captcha: await solveCaptcha(app, visitor),
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    // three seats come back; both instances sweep, and buyers on both try to take seats, all at once
    await a.deps.db.run("UPDATE tickets SET total = total + 3 WHERE id = ?", [ticketId]);
    const buyers = Array.from({ length: 8 }, (_, i) => new Visitor(i % 2 === 0 ? a : b));
    const answers = await Promise.all([
      a.deps.waitlist.offerFreed(Date.now()),
      b.deps.waitlist.offerFreed(Date.now()),
      a.deps.waitlist.offerFreed(Date.now()),
      b.deps.waitlist.offerFreed(Date.now()),
      ...buyers.map((v) => v.add(ticketId, 1)),
    ]);
    const offersMade = (answers.slice(0, 4) as number[]).reduce((x, y) => x + y, 0);
    const basketAnswers = answers.slice(4) as Array<{ statusCode: number }>;
    const states = await a.deps.db.all<{ state: string; n: number }>(
      "SELECT state, COUNT(*) AS n FROM waitlist_entries WHERE ticket_id = ? GROUP BY state ORDER BY state",
      [ticketId],
    );
    const offered = Number(states.find((s) => s.state === "offered")?.n ?? 0);
    const bought = basketAnswers.filter((r) => r.statusCode === 200).length;
    assert.equal(offersMade, offered, "each offer counted once");
    assert.equal(offered + bought, 3, "three seats, each offered or held once");
    const row = await a.deps.db.one<{ total: number; sold: number; held: number }>(
      "SELECT total, sold, held FROM tickets WHERE id = ?",
      [ticketId],
    );
    assert.equal(Number(row!.held), 3);
    assert.equal(Number(row!.total) - Number(row!.sold) - Number(row!.held), 0);
    const offerMails = await a.deps.db.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM waitlist_mail m JOIN waitlist_entries w ON w.id = m.entry_id WHERE w.ticket_id = ? AND m.kind = 'offer'",
      [ticketId],
    );
    assert.equal(Number(offerMails!.n), offered, "one offer e-mail per offer");
    // the people first in line got the offers (those made before the buyers' holds)
    const firstOffered = await a.deps.db.all<{ email: string }>(
      "SELECT email FROM waitlist_entries WHERE ticket_id = ? AND state = 'offered' ORDER BY id",
      [ticketId],
    );
    assert.deepEqual(
      firstOffered.map((r) => r.email),
      people.slice(0, offered),
    );
  });
});
