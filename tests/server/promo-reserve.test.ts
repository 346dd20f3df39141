/**
 * Promo codes that reserve seats (`npm run promo -- create … --categories 1 --reserve N`): buyers
 * without the code hold only what is not reserved, the code's holders take the reserved seats, an
 * order made with the code uses them up, an unpaid order that expires gives them back, a disabled or
 * past code frees them, the waiting list is not offered them; concurrent buyers, on one instance and
 * on two over one PostgreSQL database, never take a reserved seat without the code.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { runPromoCommand, UsageError } from "../../server/src/promo/cli";
import { promoRepository } from "../../server/src/promo/promo-repository";
import { postgresUrl } from "../support/test-database";
import {
  available,
  BUYER,
  type Clock,
  fromAddress,
  json,
  makeApp,
  placeOrder,
  solveCaptcha,
  type TestApp,
  Visitor,
  withInstancesOnPostgres,
} from "./helpers";

/** The sample's first category: event 1 (source id 10001), 195 AED. */
const TICKET = 1;
const EVENT_SOURCE = 10001;

let app: TestApp;
let clock: Clock;
before(async () => {
  ({ app, clock } = await makeApp());
});
after(async () => app.close());

const promo = (on: TestApp, ...argv: string[]) => runPromoCommand(argv, promoRepository(on.deps.db), on.deps.now());

/** Leaves `free` seats of the category nobody holds or has bought, and lets one order take them all. */
async function leaveFree(on: TestApp, free: number): Promise<void> {
  await on.deps.db.run("UPDATE tickets SET total = sold + held + ?, max_per_order = 10 WHERE id = ?", [free, TICKET]);
}

/** A visitor from an address of its own, so that no limit per address comes between the tests' buyers. */
let addresses = 0;
function visitorOn(on: TestApp): Visitor {
  const remoteAddress = `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  return new Visitor(fromAddress(on, remoteAddress));
}

async function holder(on: TestApp, code: string): Promise<Visitor> {
  const v = visitorOn(on);
  const res = await v.request("PUT", "/api/basket/promo", { code });
  assert.equal(res.statusCode, 200, res.body);
  return v;
}

const code = (res: { statusCode: number; body: string }) =>
  res.statusCode === 200 ? "held" : json<{ code: string }>(res).code;

describe("a code's reserved seats", () => {
  it("are asked for with the code's categories, within the seats free, and shown by list and count", async () => {
    await leaveFree(app, 5);
    await assert.rejects(promo(app, "create", "--code", "NOCAT", "--percent", "5", "--reserve", "2"), (e: unknown) => {
      assert.ok(e instanceof UsageError);
      assert.match(e.message, /--categories/);
      return true;
    });
    await assert.rejects(
      promo(app, "create", "--code", "TOOMANY", "--percent", "5", "--categories", String(TICKET), "--reserve", "6"),
      /category 1 has 5 seats free to reserve, not 6/,
    );
    await assert.rejects(
      promo(app, "create", "--code", "NOWHERE", "--percent", "5", "--categories", "999999", "--reserve", "1"),
      /no ticket category 999999/,
    );
    assert.equal(
      await promo(app, "create", "--code", "shown", "--percent", "5", "--categories", String(TICKET), "--reserve", "2"),
      "created SHOWN  5%  uses 0  categories 1  reserve 2",
    );
    assert.match(
      await promo(app, "list"),
      /^SHOWN {2}5% {2}uses 0 {2}categories 1 {2}reserve 2 {2}reserved left 1:2$/m,
    );
    assert.equal(await promo(app, "count", "--code", "SHOWN"), "0\nreserved left 1:2");
    assert.equal(await promo(app, "disable", "--code", "SHOWN"), "disabled SHOWN");
    assert.equal(await promo(app, "count", "--code", "SHOWN"), "0\nreserved left none");
  });

  it("are for the code's holders: an order uses them, its expiry gives them back, disabling frees them", async () => {
    await leaveFree(app, 5);
    await promo(app, "create", "--code", "BLOCK2", "--percent", "10", "--categories", String(TICKET), "--reserve", "2");
    const count = () => promo(app, "count", "--code", "BLOCK2");

    // three of five for everyone, as the event's offers say; the last two wait for the code's holders
    assert.equal(await available(app, EVENT_SOURCE, TICKET), 3);
    const a = visitorOn(app);
    assert.equal(code(await a.add(TICKET, 4)), "not_enough_tickets");
    assert.equal(code(await a.add(TICKET, 3)), "held");
    assert.equal(code(await visitorOn(app).add(TICKET, 1)), "not_enough_tickets");
    const h = await holder(app, "block2");
    assert.equal(code(await h.add(TICKET, 2)), "held");

    // the holder's order takes them from the reserve; the reserve is used up, not kept for more
    const order = await placeOrder(app, h, { ...BUYER, email: "block2@example.ae" });
    assert.equal(order.promo?.code, "BLOCK2");
    assert.equal(await count(), "1\nreserved left 1:0");
    await a.request("DELETE", "/api/basket");
    assert.equal(code(await a.add(TICKET, 3)), "held");
    await a.request("DELETE", "/api/basket");

    // the unpaid order runs out: its two seats are reserved again, not put on sale
    clock.advance(31 * 60_000);
    await app.deps.releaseExpired(app.deps.now());
    assert.equal(await count(), "0\nreserved left 1:2");
    const b = visitorOn(app);
    assert.equal(code(await b.add(TICKET, 4)), "not_enough_tickets");
    assert.equal(code(await b.add(TICKET, 3)), "held");

    // disabled: what is left goes on sale
    await promo(app, "disable", "--code", "BLOCK2");
    assert.equal(await available(app, EVENT_SOURCE, TICKET), 2);
    assert.equal(code(await b.add(TICKET, 2)), "held");
    assert.equal(code(await visitorOn(app).add(TICKET, 1)), "not_enough_tickets");
  });

  it("of a code whose time is over are on sale again", async () => {
    await leaveFree(app, 3);
    await promo(app, "create", "--code", "PAST", "--percent", "10", "--categories", String(TICKET), "--reserve", "3");
    assert.equal(code(await visitorOn(app).add(TICKET, 1)), "not_enough_tickets");
    await app.deps.db.run("UPDATE promo_codes SET valid_until = ? WHERE code = 'PAST'", [app.deps.now() - 1]);
    assert.equal(code(await visitorOn(app).add(TICKET, 3)), "held");
  });

  it("are not offered to the waiting list: the public sees the category sold out", async () => {
    await leaveFree(app, 2);
    await promo(
      app,
      "create",
      "--code",
      "NOTLISTED",
      "--percent",
      "10",
      "--categories",
      String(TICKET),
      "--reserve",
      "2",
    );
    const v = visitorOn(app);
    const res = await v.request("POST", "/api/waitlist", {
      ticket_id: TICKET,
      count: 1,
      email: "waiting@example.ae",
      captcha: await solveCaptcha(app, v),
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(await app.deps.waitlist.offerFreed(app.deps.now()), 0, "no reserved seat is offered");
    await promo(app, "disable", "--code", "NOTLISTED");
    assert.equal(await app.deps.waitlist.offerFreed(app.deps.now()), 1, "freed, the seats go to the line");
  });
});

/** Eight buyers without the code, then three holders of it, race for 4 free seats, 2 of them reserved. */
async function race(apps: readonly TestApp[], name: string): Promise<void> {
  const [first] = apps as [TestApp];
  await leaveFree(first, 4);
  await promo(first, "create", "--code", name, "--percent", "10", "--categories", String(TICKET), "--reserve", "2");
  const on = (i: number) => apps[i % apps.length] as TestApp;
  const others = Array.from({ length: 8 }, (_, i) => visitorOn(on(i)));
  const holders = await Promise.all([0, 1, 2].map((i) => holder(on(i), name)));
  // first the public races for every seat: it gets the two nobody reserved, never a reserved one
  const public_ = await Promise.all(others.map(async (v) => code(await v.add(TICKET, 1))));
  assert.equal(public_.filter((c) => c === "held").length, 2, public_.join(" "));
  assert.deepEqual(
    public_.filter((c) => c !== "held"),
    Array(6).fill("not_enough_tickets"),
  );
  // then the code's holders race for what is left: the two reserved seats
  const reserved = await Promise.all(holders.map(async (v) => code(await v.add(TICKET, 1))));
  assert.equal(reserved.filter((c) => c === "held").length, 2, reserved.join(" "));
  const row = await first.deps.db.one<{ held: number; total: number; sold: number }>(
    "SELECT held, total, sold FROM tickets WHERE id = ?",
    [TICKET],
  );
  assert.equal(Number(row?.total) - Number(row?.sold) - Number(row?.held), 0, "every seat held once");
}

describe("concurrent buyers and a code's reserve", () => {
  it("on one instance: buyers without the code never take a reserved seat, its holders do", async () => {
    await race([app], "RACE1");
  });
});

const NO_POSTGRES = postgresUrl() ? false : "needs PostgreSQL: TEST_DATABASE_URL is not set";

describe("a code's reserve on two instances of one PostgreSQL database", { skip: NO_POSTGRES }, () => {
  const instances = withInstancesOnPostgres(2);

  it("buyers through both instances at once never take a reserved seat without the code; its holders do", async () => {
    await race(instances.apps, "RACE2");
  });
});
