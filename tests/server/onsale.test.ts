/**
 * The waiting room of big on-sales (server/src/onsale, contract 2.3 getWaitingRoom/joinWaitingRoom):
 * the basket refuses a session the queue has not admitted, a refresh keeps the place, the pre-queue
 * is shuffled once at the opening, admission keeps to the rate (also from two instances on one
 * PostgreSQL database), and an admission not used in its time passes to the next.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { buildApp } from "../../server/src/app";
import { openDatabase } from "../../server/src/db/database";
import type { WaitingState } from "../../server/src/onsale/onsale-service";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import {
  assertMatchesContract,
  countStatements,
  HERMETIC,
  json,
  makeApp,
  SITE_ORIGIN,
  solveCaptcha,
  type TestApp,
} from "./helpers";

const MINUTE = 60_000;

/** A browser: keeps every cookie the server sets (the session and the admission). */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(private readonly app: TestApp) {}

  async request(method: "GET" | "POST", url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.app.inject({
      method,
      url,
      headers: {
        origin: SITE_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers["set-cookie"];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  async join(eventId: number): Promise<WaitingState> {
    const captcha = await solveCaptchaFor(this);
    const res = await this.request("POST", `/api/onsale/${eventId}`, { captcha });
    assert.equal(res.statusCode, 200, res.body);
    return assertMatchesContract("basket", "/api/onsale/{event_id}", "post", res) as WaitingState;
  }

  async poll(eventId: number): Promise<WaitingState> {
    const res = await this.request("GET", `/api/onsale/${eventId}`);
    assert.equal(res.statusCode, 200, res.body);
    return assertMatchesContract("basket", "/api/onsale/{event_id}", "get", res) as WaitingState;
  }

  add(ticketId: number, count = 1) {
    return this.request("POST", "/api/basket", { type: "ADD_TICKET", ticket: { id: ticketId, count } });
  }
}

/** The captcha, fetched with the browser's cookies (it makes the session the place is bound to). */
async function solveCaptchaFor(browser: Browser): Promise<string> {
  const visitor = { request: (method: "GET", url: string) => browser.request(method, url) };
  return solveCaptcha(undefined as unknown as TestApp, visitor as never);
}

/** An event on sale and one of its ticket ids, from the seeded sample. */
async function eventWithTicket(app: TestApp): Promise<{ eventId: number; ticketId: number }> {
  const row = await app.deps.db.one<{ event_id: number; id: number }>(
    `SELECT t.event_id, t.id FROM tickets t JOIN events e ON e.id = t.event_id
     WHERE e.status = 'on_sale' AND t.total - t.sold - t.held >= 50 ORDER BY t.id LIMIT 1`,
  );
  assert.ok(row, "the sample has an event on sale with tickets");
  return { eventId: Number(row.event_id), ticketId: Number(row.id) };
}

async function browsers(app: TestApp, n: number): Promise<Browser[]> {
  return Array.from({ length: n }, () => new Browser(app));
}

/** `n` browsers that join the queue of `eventId`, one after the other. */
async function joined(app: TestApp, eventId: number, n: number): Promise<Browser[]> {
  const people = await browsers(app, n);
  for (const p of people) await p.join(eventId);
  return people;
}

type Room = Omit<Parameters<TestApp["deps"]["onsale"]["create"]>[0], "eventId" | "opensAt">;

/**
 * A fresh app (closed after the test) and the sample's event on sale behind a waiting room that
 * opens `opensIn` ms from now, admitting one a minute for ten minutes each unless `room` says otherwise.
 */
async function waitingRoom(opensIn = 0, room: Room = { ratePerMinute: 1, admissionMinutes: 10 }) {
  const { app, clock } = await makeApp();
  after(() => app.close());
  const { eventId, ticketId } = await eventWithTicket(app);
  const opensAt = clock.now() + opensIn;
  await app.deps.onsale.create({ eventId, opensAt, ...room });
  return { app, clock, eventId, ticketId, opensAt };
}

describe("waiting room", () => {
  it("the basket refuses tickets of the event to a session the queue has not admitted (403 waiting_room)", async () => {
    const { app, clock } = await makeApp();
    after(() => app.close());
    const { eventId, ticketId } = await eventWithTicket(app);
    // without a waiting room the ticket can be added
    const before = new Browser(app);
    assert.equal((await before.add(ticketId)).statusCode, 200);

    await app.deps.onsale.create({ eventId, opensAt: clock.now() + MINUTE, ratePerMinute: 1, admissionMinutes: 10 });
    const [first, second] = await browsers(app, 2);
    assert.ok(first && second);
    assert.equal((await first.join(eventId)).status, "before_opening");
    // in the pre-queue, before the opening: nobody may add
    let res = await first.add(ticketId);
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(json<{ code: string }>(res).code, "waiting_room");

    clock.advance(MINUTE + 1000);
    assert.equal((await second.join(eventId)).position, 2, "after the opening, at the back");
    // one a minute: a minute after the opening the first place is admitted
    clock.advance(MINUTE);
    const admitted = await first.poll(eventId);
    assert.equal(admitted.status, "admitted");
    assert.ok(first.jar.has(`admission_${eventId}`), "the admission is a cookie");
    res = await first.add(ticketId);
    assert.equal(res.statusCode, 200, res.body);

    // the second is still waiting: the API refuses them, and so does a copy of someone else's admission
    assert.equal((await second.poll(eventId)).status, "waiting");
    second.jar.set(`admission_${eventId}`, first.jar.get(`admission_${eventId}`) ?? "");
    res = await second.add(ticketId);
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(json<{ code: string }>(res).code, "waiting_room");
    second.jar.set(`admission_${eventId}`, `${clock.now() + MINUTE}.forged`);
    assert.equal((await second.add(ticketId)).statusCode, 403);

    // other events are not affected; once the organiser closes the room, everyone buys as usual
    await app.deps.onsale.close(eventId);
    clock.advance(1500);
    assert.equal((await second.add(ticketId)).statusCode, 200);
    assert.equal((await second.poll(eventId)).status, "closed");
  });

  it("refreshing keeps the place: the same session gets the same place, before and after the opening", async () => {
    const { app, clock, eventId } = await waitingRoom(MINUTE);
    const people = await joined(app, eventId, 5);
    clock.advance(MINUTE);
    const places = [];
    for (const p of people) places.push((await p.poll(eventId)).position);
    assert.deepEqual([...places].sort(), [1, 2, 3, 4, 5], "the pre-queue got places 1..5");
    for (const [i, p] of people.entries()) {
      assert.equal((await p.poll(eventId)).position, places[i], "a reload");
      assert.equal((await p.join(eventId)).position, places[i], "joining again");
    }
    const late = new Browser(app);
    assert.equal((await late.join(eventId)).position, 6);
    assert.equal((await late.join(eventId)).position, 6);
    const waiting = await late.poll(eventId);
    assert.equal(waiting.ahead, 5);
    assert.ok((waiting.estimated_wait_seconds ?? 0) >= 5 * 60, "five ahead at one a minute: at least five minutes");
    // an event without a waiting room: an empty answer, which no browser logs as an error; joining one is refused
    const res = await late.request("GET", "/api/onsale/999999");
    assert.equal(res.statusCode, 204);
    assert.equal(res.body, "");
    const join = await late.request("POST", "/api/onsale/999999", { captcha: "x" });
    assert.equal(join.statusCode, 404);
    assert.equal(json<{ code: string }>(join).code, "no_waiting_room");
  });

  it("shuffles the pre-queue once at the opening: the order of arrival is not the order of places", async () => {
    const { app, clock, eventId } = await waitingRoom(MINUTE);
    const people = await joined(app, eventId, 30);
    clock.advance(MINUTE);
    const places: number[] = [];
    for (const p of people) places.push((await p.poll(eventId)).position ?? 0);
    assert.deepEqual(
      [...places].sort((a, b) => a - b),
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    // 1 in 30! that a fair shuffle keeps the order of arrival
    assert.notDeepEqual(
      places,
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it("admits at the set rate: never ahead of it, and keeping up with it", async () => {
    const { app, clock, eventId, opensAt } = await waitingRoom(0, { ratePerMinute: 30, admissionMinutes: 10 });
    const people = await joined(app, eventId, 80);
    const last = people.at(-1) as Browser;
    for (let s = 0; s < 120; s += 5) {
      clock.advance(5000);
      await last.poll(eventId);
      const { admitted } = await app.deps.onsale.status(eventId);
      const allowed = Math.floor(((clock.now() - opensAt) * 30) / MINUTE);
      assert.ok(admitted <= allowed, `${admitted} admitted, ${allowed} allowed after ${s + 5} s`);
      assert.ok(admitted >= allowed - 1, `${admitted} admitted, ${allowed} allowed after ${s + 5} s`);
    }
  });

  it("an admission not used in its time passes to the next in line; the one who let it pass may join again", async () => {
    const { app, clock, eventId, ticketId } = await waitingRoom(0, { activeCap: 1, admissionMinutes: 2 });
    const [a, b] = await browsers(app, 2);
    assert.ok(a && b);
    await a.join(eventId);
    await b.join(eventId);
    clock.advance(1500);
    assert.equal((await a.poll(eventId)).status, "admitted");
    assert.equal((await b.poll(eventId)).status, "waiting", "one active shopper at a time");
    clock.advance(2 * MINUTE + 1000);
    assert.equal((await b.poll(eventId)).status, "admitted");
    assert.equal((await a.poll(eventId)).status, "expired");
    assert.equal((await a.add(ticketId)).statusCode, 403, "an expired admission buys nothing");
    assert.equal((await a.join(eventId)).position, 3, "back of the queue");
    assert.equal((await b.add(ticketId)).statusCode, 200);
  });

  it("a poll with the signed place is answered from memory: no statement reaches the database", async () => {
    const { app, clock, eventId } = await waitingRoom();
    const people = await joined(app, eventId, 3);
    const last = people.at(-1) as Browser;
    assert.ok(last.jar.get(`place_${eventId}`)?.startsWith("3."), "the join gave the signed place");
    const statements = countStatements(app);
    // a second later the counters are due: one instance's tick reads and moves them, once
    clock.advance(1000);
    await last.poll(eventId);
    assert.ok(statements.count > 0, "the tick reads the counters");
    statements.count = 0;
    const polls = await Promise.all([last.poll(eventId), last.poll(eventId), people[1]?.poll(eventId)]);
    assert.equal(statements.count, 0, "polls within the second read nothing");
    assert.deepEqual(
      polls.map((s) => [s?.status, s?.position, s?.ahead]),
      [
        ["waiting", 3, 2],
        ["waiting", 3, 2],
        ["waiting", 2, 1],
      ],
    );
    // the front of the queue is admitted from the database, which sets the admission cookie
    clock.advance(MINUTE);
    assert.equal((await people[0]?.poll(eventId))?.status, "admitted");
    assert.ok(people[0]?.jar.has(`admission_${eventId}`));
    assert.equal(app.deps.onsale.mayGuard(eventId, clock.now()), true);
    assert.equal(app.deps.onsale.mayGuard(eventId + 100_000, clock.now()), false, "an event without an on-sale");
    assert.equal(app.deps.onsale.mayGuard(eventId + 100_000, clock.now() + 1000), true, "not known after a second");
  });

  it("the pre-queue's polls, before the opening and the first after it, are answered from memory", async () => {
    const { app, clock, eventId } = await waitingRoom(MINUTE);
    const people = await joined(app, eventId, 4);
    assert.ok(people[0]?.jar.get(`place_${eventId}`)?.startsWith("0."), "the pre-queue's place, not numbered yet");
    const statements = countStatements(app);
    clock.advance(1000);
    await people[0]?.poll(eventId); // the tick of this second
    statements.count = 0;
    const before = await Promise.all(people.map((p) => p.poll(eventId)));
    assert.equal(statements.count, 0, "before the opening");
    assert.deepEqual(new Set(before.map((s) => s.status)), new Set(["before_opening"]));
    // the opening: the first poll's tick shuffles; the places are then known without reading them back
    clock.advance(MINUTE);
    await people[0]?.poll(eventId);
    statements.count = 0;
    const after_ = await Promise.all(people.slice(1).map((p) => p.poll(eventId)));
    assert.equal(statements.count, 0, "after the opening");
    const places = after_.map((s) => s.position ?? 0);
    const stored = await app.deps.db.all<{ session_id: string; position: number }>(
      "SELECT session_id, position FROM onsale_entries WHERE event_id = ?",
      [eventId],
    );
    const bySession = new Map(stored.map((r) => [r.session_id, Number(r.position)]));
    assert.deepEqual(
      places,
      people.slice(1).map((p) => bySession.get(p.jar.get("session") ?? "")),
      "the places the shuffle stored",
    );
    for (const [i, p] of people.slice(1).entries())
      assert.ok(p.jar.get(`place_${eventId}`)?.startsWith(`${places[i]}.`), "the numbered place is signed");
  });

  it("a forged place, or one signed for another session or an earlier on-sale, is not believed", async () => {
    const { app, clock, eventId } = await waitingRoom();
    const [first, second] = await browsers(app, 2);
    assert.ok(first && second);
    await first.join(eventId);
    assert.equal((await second.join(eventId)).position, 2);
    const front = first.jar.get(`place_${eventId}`) ?? "";
    second.jar.set(`place_${eventId}`, front);
    assert.equal((await second.poll(eventId)).position, 2, "someone else's place");
    assert.equal(second.jar.get(`place_${eventId}`)?.split(".")[0], "2", "the own place is signed again");
    second.jar.set(`place_${eventId}`, `1.${front.split(".")[1]}`);
    assert.equal((await second.poll(eventId)).position, 2, "a changed number");
    second.jar.set(`place_${eventId}`, "1.forged");
    assert.equal((await second.poll(eventId)).position, 2, "a made-up signature");
    second.jar.set(`place_${eventId}`, "garbage");
    assert.equal((await second.poll(eventId)).position, 2, "no number at all");

    // a new on-sale of the event: the place of the old one counts for nothing
    const kept = second.jar.get(`place_${eventId}`) ?? "";
    await app.deps.onsale.close(eventId);
    await app.deps.onsale.create({ eventId, opensAt: clock.now() + 1, ratePerMinute: 1, admissionMinutes: 10 });
    clock.advance(1000);
    second.jar.set(`place_${eventId}`, kept);
    assert.equal((await second.poll(eventId)).status, "not_joined");
  });

  it("polls less often the farther back: the answer's poll_after_seconds grows with the distance", async () => {
    const { app, clock, eventId } = await waitingRoom(0, { ratePerMinute: 6, admissionMinutes: 10 });
    const people = await joined(app, eventId, 6);
    const res = await people[5]?.request("GET", `/api/onsale/${eventId}`);
    const far = json<WaitingState>(res as LightMyRequestResponse);
    assert.equal(res?.headers["cache-control"], `private, max-age=${far.poll_after_seconds}`);
    const near = await people[0]?.poll(eventId);
    // near the front (ten seconds to go): every 2-3 s; six places back (a minute): every 12-18 s
    assert.ok((near?.poll_after_seconds ?? 0) <= 3, `near: ${near?.poll_after_seconds}`);
    assert.ok(far.poll_after_seconds >= 12 && far.poll_after_seconds <= 18, `far: ${far.poll_after_seconds}`);
    // the same place does not always get the same interval, so polls do not move in step
    const intervals = new Set<number>();
    for (let i = 0; i < 20; i++) intervals.add((await people[5]?.poll(eventId))?.poll_after_seconds ?? 0);
    assert.ok(intervals.size > 1, "jittered");
    // far back (the rate 1 a minute, 6 ahead): at most once a minute, never less often
    await app.deps.onsale.close(eventId);
    await app.deps.onsale.create({ eventId, opensAt: clock.now(), ratePerMinute: 1, admissionMinutes: 10 });
    const rest = await joined(app, eventId, 6);
    assert.equal((await rest[5]?.poll(eventId))?.poll_after_seconds, 60);
  });

  it("two instances on one PostgreSQL database admit within the rate together", {
    skip: postgresUrl() ? false : "needs PostgreSQL: TEST_DATABASE_URL is not set",
  }, async () => {
    const made = await createPostgresDatabase("onsale");
    let offset = 0;
    const now = () => Date.now() + offset;
    const dbs = [await openDatabase(made.url, { poolMax: 5 }), await openDatabase(made.url, { poolMax: 5 })];
    const apps: TestApp[] = [];
    for (const db of dbs) apps.push((await buildApp({ db, now, config: HERMETIC })) as TestApp);
    after(async () => {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await made.drop();
    });
    const [one, two] = apps as [TestApp, TestApp];
    const { eventId } = await eventWithTicket(one);
    const opensAt = now() + 2000;
    await one.deps.onsale.create({ eventId, opensAt, ratePerMinute: 60, admissionMinutes: 10 });
    // half the people join through each instance, before and after the opening
    const people = [...(await browsers(one, 40)), ...(await browsers(two, 40))];
    await Promise.all(people.slice(0, 50).map((p) => p.join(eventId)));
    offset += 2000;
    await Promise.all(people.slice(50).map((p) => p.join(eventId)));
    const places = await Promise.all(people.map(async (p) => (await p.poll(eventId)).position));
    assert.equal(new Set(places).size, 80, "80 different places");
    for (let step = 0; step < 30; step++) {
      offset += 1100;
      await Promise.all(people.map((p) => p.poll(eventId)));
      const { admitted } = await one.deps.onsale.status(eventId);
      const allowed = Math.floor(((now() - opensAt) * 60) / MINUTE);
      assert.ok(admitted <= allowed, `${admitted} admitted, ${allowed} allowed`);
    }
    const { admitted } = await two.deps.onsale.status(eventId);
    assert.ok(admitted >= 30, `kept up with the rate: ${admitted} in 33 s at 60 a minute`);
  });
});
