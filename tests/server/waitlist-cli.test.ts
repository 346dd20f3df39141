/**
 * `npm run waitlist`: the organiser lists the waiting lists, closes them (the people waiting are
 * told and taken off; nobody can join), and adds seats (which go to the people waiting first).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { HttpError } from "../../server/src/lib/errors";
import { runWaitlistCommand, UsageError } from "../../server/src/waitlist/cli";
import { assertFails, makeApp, offersOf, solveCaptcha, type TestApp, Visitor } from "./helpers";

describe("npm run waitlist", () => {
  let app: TestApp;
  let eventId: number;
  let first: number;
  let second: number;
  const run = (...args: string[]) => runWaitlistCommand(args, app.deps);
  const join = async (ticketId: number, email: string, count = 1) => {
    const visitor = new Visitor(app);
    return visitor.request("POST", "/api/waitlist", {
      ticket_id: ticketId,
      count,
      email,
      captcha: await solveCaptcha(app, visitor),
    });
  };
  const states = async (ticketId: number) =>
    (
      await app.deps.db.all<{ state: string }>("SELECT state FROM waitlist_entries WHERE ticket_id = ? ORDER BY id", [
        ticketId,
      ])
    ).map((r) => r.state);

  before(async () => {
    ({ app } = await makeApp());
    const [session] = await offersOf(app, 10008);
    [first, second] = [session!.tickets[0]!.id, session!.tickets[1]!.id];
    for (const id of [first, second])
      await app.deps.db.run("UPDATE tickets SET total = sold + held WHERE id = ?", [id]);
    eventId = Number(
      (await app.deps.db.one<{ event_id: number }>("SELECT event_id FROM tickets WHERE id = ?", [first]))!.event_id,
    );
    for (const email of ["a@example.ae", "b@example.ae", "c@example.ae"])
      assert.equal((await join(first, email, email === "a@example.ae" ? 2 : 1)).statusCode, 201);
    assert.equal((await join(second, "d@example.ae")).statusCode, 201);
  });
  after(async () => app.close());

  it("lists every category's line: people, tickets, offers", async () => {
    const out = await run("list", "--event", String(eventId));
    const lines = out.split("\n");
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, new RegExp(`category ${first}: 3 people waiting for 4 tickets, 0 offers running`));
    assert.match(lines[1]!, new RegExp(`category ${second}: 1 person waiting for 1 ticket`));
    assert.equal(await run("list", "--event", "999999"), "No waiting lists.");
  });

  it("adds seats and offers them to the people waiting, in line order, the count of each fitting", async () => {
    const out = await run("add-seats", "--category", String(first), "--count", "3");
    assert.match(out, /Added 3 seats .* 2 offers made/);
    // a wants 2, b wants 1: both fit in 3; c waits
    assert.deepEqual(await states(first), ["offered", "offered", "waiting"]);
    assert.match(
      await run("list"),
      new RegExp(`category ${first}: 1 person waiting for 1 ticket, 2 offers running \\(3 tickets held\\)`),
    );
  });

  it("closes a list: the people waiting are told and taken off, nobody can join, offers made stay", async () => {
    const out = await run("close", "--event", String(eventId), "--category", String(first));
    assert.match(out, /1 person was waiting/);
    assert.deepEqual(await states(first), ["offered", "offered", "closed"]);
    const mail = await app.deps.db.one<{ subject: string }>(
      "SELECT m.subject FROM waitlist_mail m JOIN waitlist_entries w ON w.id = m.entry_id WHERE w.email = 'c@example.ae' AND m.kind = 'closed'",
    );
    assert.match(mail!.subject, /closed/);
    assertFails(await join(first, "late@example.ae"), "/api/waitlist", "post", 409, "waitlist_closed");
    assert.deepEqual(await states(second), ["waiting"], "the event's other list is still open");
    assert.match(await run("list", "--event", String(eventId)), new RegExp(`category ${first} \\(closed\\)`));
  });

  it("explains bad arguments and unknown ids", async () => {
    await assert.rejects(run("close"), UsageError);
    await assert.rejects(run("add-seats", "--category", "x", "--count", "1"), UsageError);
    await assert.rejects(run("add-seats", "--category", "99999999", "--count", "1"), HttpError);
    await assert.rejects(run("frobnicate"), UsageError);
  });
});
