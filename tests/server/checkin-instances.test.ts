/**
 * Check-in with two server instances on one PostgreSQL database: a ticket scanned through both at
 * the same instant is admitted once, an offline upload replayed through the other applies once, a
 * pairing link opened on both pairs one phone, and devices and signing keys made on one are known
 * to the other.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildApp } from "../../server/src/app";
import type { Db } from "../../server/src/db/database";
import { openDatabase } from "../../server/src/db/database";
import type { WireOrder } from "../../server/src/deps";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { assertCheckin, buyFree, Door, nonce, type ScanAnswer } from "./checkin-helpers";
import { HERMETIC, type TestApp } from "./helpers";

const NEEDS_POSTGRES = postgresUrl() ? false : "needs PostgreSQL: TEST_DATABASE_URL is not set";

describe("check-in on two instances of one PostgreSQL database", { skip: NEEDS_POSTGRES }, () => {
  let a: TestApp;
  let b: TestApp;
  const dbs: Db[] = [];
  let drop: () => Promise<void> = async () => {};
  let offset = 0;
  // one clock for both instances, as servers with synchronised clocks
  const now = () => Date.now() + offset;
  let eventId: number;
  let startsAt: number;
  /** Moves the clock to `ms` before or after the free event's session. */
  const at = (ms: number) => {
    offset += startsAt + ms - now();
  };

  const instance = async (url: string): Promise<TestApp> => {
    const db = await openDatabase(url, { poolMax: 8 });
    dbs.push(db);
    return (await buildApp({
      db,
      now,
      config: { ...HERMETIC },
      notifier: { orderConfirmed: () => undefined },
    })) as TestApp;
  };

  /** The same device's requests through another instance. */
  const through = (app: TestApp, door: Door): Door => new Door(app, door.token, door.name);

  before(async () => {
    const made = await createPostgresDatabase();
    drop = made.drop;
    a = await instance(made.url);
    b = await instance(made.url);
    const first = await buyFree(a);
    eventId = first.tickets[0]!.event_id;
    startsAt = Date.parse(first.tickets[0]!.started_at!);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    for (const db of dbs) await db.close();
    await drop();
  });

  const gate = async (name: string) => (await a.deps.checkin.createList({ eventId, name }, now())).id;

  it("two scanners at the same instant, one through each instance, admit a ticket once", async () => {
    at(-7 * 24 * 3600_000);
    const order: WireOrder = await buyFree(b, 8, "Two Doors");
    const list = await gate("Twin gates");
    const north = await Door.pair(a, list, "North phone");
    const south = await Door.pair(b, list, "South phone");
    at(-600_000);
    for (const ticket of order.tickets) {
      // the QR through one instance, the printed code through the other, sent together
      const answers: ScanAnswer[] = await Promise.all([north.redeem(ticket.qr!), south.redeem(ticket.code)]);
      const statuses = answers.map((x) => x.status).sort();
      assert.deepEqual(statuses, ["admitted", "already_used"], `${ticket.code}: ${statuses.join(", ")}`);
      const refused = answers.find((x) => x.status === "already_used")!;
      assert.ok(refused.used, "the refusal names the admission that came first");
    }
    assert.equal((await a.deps.checkin.counts(list)).admitted, order.tickets.length);
    assert.equal((await b.deps.checkin.counts(list)).admitted, order.tickets.length);
  });

  it("an offline upload replayed through the other instance applies once, also when both arrive together", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(a, 4, "Offline Buyer");
    const list = await gate("Offline gate");
    const door = await Door.pair(a, list, "Offline phone");
    at(-600_000);
    const batch = (codes: string[]) => ({
      scans: codes.map((code) => ({
        code,
        nonce: nonce(),
        scanned_at: new Date(now() - 60_000).toISOString(),
        local_status: "admitted",
      })),
    });
    const sync = async (d: Door, body: unknown) =>
      assertCheckin<{ results: Array<ScanAnswer & { applied: boolean }>; counts: { admitted: number } }>(
        "/api/checkin/sync",
        "post",
        await d.request("POST", "/api/checkin/sync", body),
      );

    const first = batch(order.tickets.slice(0, 2).map((t) => t.code));
    const viaA = await sync(door, first);
    const viaB = await sync(through(b, door), first);
    assert.deepEqual(
      viaA.results.map((r) => [r.status, r.applied]),
      [
        ["admitted", true],
        ["admitted", true],
      ],
    );
    assert.deepEqual(
      viaB.results.map((r) => [r.status, r.applied]),
      [
        ["admitted", false],
        ["admitted", false],
      ],
    );
    assert.deepEqual(
      viaB.results.map((r) => r.scan_id),
      viaA.results.map((r) => r.scan_id),
    );

    // a phone that retries while its first upload is still under way reaches both instances at once
    const second = batch(order.tickets.slice(2).map((t) => t.code));
    const [one, two] = await Promise.all([sync(door, second), sync(through(b, door), second)]);
    for (let i = 0; i < second.scans.length; i++) {
      assert.equal(one.results[i]!.scan_id, two.results[i]!.scan_id, "one scan recorded");
      assert.equal(Number(one.results[i]!.applied) + Number(two.results[i]!.applied), 1, "applied by one of them");
    }
    const rows = await a.deps.db.one<{ n: number }>("SELECT COUNT(*) AS n FROM checkin_scans WHERE list_id = ?", [
      list,
    ]);
    assert.equal(Number(rows?.n), 4);
    assert.equal((await b.deps.checkin.counts(list)).admitted, 4);
  });

  it("a pairing link opened on both instances at once pairs one phone; its token works on both until revoked", async () => {
    const list = await gate("Pairing gate");
    const link = await a.deps.checkin.pairingLink(list, now());
    const pair = (app: TestApp, name: string) =>
      app.inject({ method: "POST", url: "/api/checkin/pair", payload: { token: link.token, name } });
    const answers = await Promise.all([pair(a, "Phone on A"), pair(b, "Phone on B")]);
    assert.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 401]);
    const paired = answers.find((r) => r.statusCode === 201)!;
    const token = assertCheckin<{ device_token: string }>("/api/checkin/pair", "post", paired).device_token;
    assert.equal((await b.deps.checkin.devices(list)).length, 1);

    const onA = new Door(a, token, "phone");
    const onB = through(b, onA);
    assert.equal((await onA.request("GET", "/api/checkin/device")).statusCode, 200);
    assert.equal((await onB.request("GET", "/api/checkin/device")).statusCode, 200);
    const id = (await a.deps.checkin.devices(list))[0]!.id;
    assert.equal(await b.deps.checkin.revokeDevice(id, now()), true);
    const refused = await onA.request("GET", "/api/checkin/device");
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/device", "get", refused).code, "device_revoked");
  });

  it("a signing key made on one instance signs on the other, and one retired on either is refused by both", async () => {
    at(-7 * 24 * 3600_000);
    const before = await buyFree(a, 1, "Old Key");
    const rotated = await a.deps.checkin.keys.rotate(now());
    const after = await buyFree(b, 1, "New Key");
    const keyOf = async (qr: string) => (await b.deps.checkin.keys.verify(qr))?.keyId;
    assert.equal(await keyOf(after.tickets[0]!.qr!), rotated, "B signs with the key A made");
    assert.ok((await a.deps.checkin.keys.publicKeys()).some((k) => k.keyId === rotated));

    const oldKey = (await keyOf(before.tickets[0]!.qr!)) as number;
    // both instances have verified with the old key (and keep its parsed form) before it is retired
    assert.ok(await a.deps.checkin.keys.verify(before.tickets[0]!.qr!));
    assert.equal(await b.deps.checkin.keys.retire(oldKey, now()), true);
    assert.equal(await a.deps.checkin.keys.verify(before.tickets[0]!.qr!), null, "A sees B's retirement");
    const list = await gate("Key gate");
    const door = await Door.pair(a, list, "Key phone");
    at(-600_000);
    assert.equal((await door.redeem(before.tickets[0]!.qr!)).status, "forged");
    assert.equal((await through(b, door).redeem(after.tickets[0]!.qr!)).status, "admitted");
  });
});
