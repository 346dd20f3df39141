/** Check-in at the door through the API: the contract, first scan wins, undo, offline uploads, conflicts, reports. */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { runCheckinCommand, USAGE } from "../../server/src/checkin/cli";
import type { WireOrder } from "../../server/src/deps";
import { parsePayload } from "../../src/core/ticket-payload";
import { assertCheckin, buyFree, checkinContract, Door, nonce, type ScanAnswer } from "./checkin-helpers";
import { type Clock, contractOperations, makeApp, type TestApp } from "./helpers";

let app: TestApp;
let clock: Clock;
let eventId: number;
let startsAt: number;
const lists: number[] = [];
/** A new gate for the free event, so that each test counts its own admissions. */
const gate = async (name: string, extra: { reentry?: boolean; sessionIds?: number[] } = {}) => {
  const list = await app.deps.checkin.createList({ eventId, name, ...extra }, clock.now());
  lists.push(list.id);
  return list.id;
};
/** Moves the clock to `ms` before or after the session's start. */
const at = (offsetMs: number) => clock.advance(startsAt + offsetMs - clock.now());

/** A week before the event: `count` free tickets bought (for `holder`), and a phone paired to a new list `gateName`. */
async function aWeekBefore(gateName: string, phoneName: string, count: number, holder?: string) {
  at(-7 * 24 * 3600_000);
  const order = await buyFree(app, count, holder);
  const door = await Door.pair(app, await gate(gateName), phoneName);
  return { order, door };
}

before(async () => {
  ({ app, clock } = await makeApp());
  const order = await buyFree(app);
  eventId = order.tickets[0]!.event_id;
  startsAt = Date.parse(order.tickets[0]!.started_at!);
});
after(async () => app.close());

describe("coverage", () => {
  it("these tests call every path and method of the check-in contract", () => {
    assert.deepEqual(contractOperations(checkinContract), [
      "GET /api/checkin/device",
      "GET /api/checkin/offline",
      "GET /api/checkin/report",
      "GET /api/checkin/search",
      "POST /api/checkin/pair",
      "POST /api/checkin/redeem",
      "POST /api/checkin/scans/{id}/undo",
      "POST /api/checkin/sync",
    ]);
  });
});

describe("issued tickets", () => {
  it("every ticket has a unique printed code and a QR payload signed for it", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app, 3);
    const codes = order.tickets.map((t) => t.code);
    assert.equal(new Set(codes).size, 3);
    for (const t of order.tickets) {
      assert.match(t.code, /^UAE-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
      assert.ok(t.qr?.startsWith("T1."), t.qr);
      const facts = await app.deps.checkin.keys.verify(t.qr!);
      assert.ok(facts, "signed by the shop's key");
      assert.equal(facts.eventId, t.event_id);
      assert.equal(facts.categoryId, t.ticket_id);
    }
    // the database refuses a second ticket with a code already issued
    await assert.rejects(
      app.deps.db.run(
        "INSERT INTO issued_tickets (code, order_id, order_number, holder, event_id, ticket_id, valid_from, valid_to, issued_at) SELECT code, order_id, order_number, holder, event_id, ticket_id, valid_from, valid_to, issued_at FROM issued_tickets WHERE code = ?",
        [codes[0]],
      ),
      /UNIQUE|duplicate key/,
    );
  });

  it("the order the buyer sees again carries the same QR text", async () => {
    const order = await buyFree(app);
    const stored = (await app.deps.orders.get(order.id))!;
    assert.equal(stored.tickets[0]!.qr, order.tickets[0]!.qr);
  });
});

describe("pairing", () => {
  it("a pairing link makes one device and cannot be used twice", async () => {
    const list = await gate("Pairing gate");
    const link = await app.deps.checkin.pairingLink(list, clock.now());
    assert.match(link.url, /\/scan\/#pair=/);
    const first = await app.inject({ method: "POST", url: "/api/checkin/pair", payload: { token: link.token } });
    const body = assertCheckin<{ device: { name: string }; list: { id: number } }>("/api/checkin/pair", "post", first);
    assert.equal(body.list.id, list);
    assert.equal(body.device.name, "Device 1");
    const again = await app.inject({ method: "POST", url: "/api/checkin/pair", payload: { token: link.token } });
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/pair", "post", again).code, "pairing_invalid");
    const bad = await app.inject({ method: "POST", url: "/api/checkin/pair", payload: { token: 5 } });
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/pair", "post", bad).code, "invalid_pairing");
  });

  it("the command prints the pairing link in each language, the QR code in the phone's", async () => {
    const list = await gate("Languages gate");
    const text = await runCheckinCommand(
      ["pair", "--list", String(list), "--lang", "ar"],
      app.deps.checkin,
      clock.now(),
    );
    const token = /\/scan\/#pair=([\w-]+)/.exec(text)?.[1];
    assert.ok(token, text);
    for (const path of ["/scan/", "/ru/scan/", "/ar/scan/"])
      assert.ok(text.includes(`${path}#pair=${token}`), `${path} in:\n${text}`);
    assert.match(text, /QR code \(Arabic\)/);
    await assert.rejects(
      runCheckinCommand(["pair", "--list", String(list), "--lang", "fr"], app.deps.checkin, clock.now()),
      /--lang must be en, ru or ar/,
    );
    assert.equal(await runCheckinCommand(["help"], app.deps.checkin, clock.now()), USAGE);
  });

  it("a device knows its list and counts; without a token or revoked it is refused", async () => {
    const list = await gate("Device gate");
    const door = await Door.pair(app, list, "Phone A");
    const me = assertCheckin<{ device: { name: string } }>(
      "/api/checkin/device",
      "get",
      await door.request("GET", "/api/checkin/device"),
    );
    assert.equal(me.device.name, "Phone A");
    const anonymous = await app.inject({ method: "GET", url: "/api/checkin/device" });
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/device", "get", anonymous).code, "device_unknown");
    const id = (await app.deps.checkin.devices(list))[0]!.id;
    assert.equal(
      await runCheckinCommand(["device-revoke", "--device", String(id)], app.deps.checkin, clock.now()),
      `device ${id} revoked`,
    );
    const revoked = await door.request("POST", "/api/checkin/redeem", { code: "UAE-22222-22222", nonce: nonce() });
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/redeem", "post", revoked).code, "device_revoked");
  });
});

describe("redeeming", () => {
  it("admits a ticket once, then answers already used with when and where", async () => {
    const { order, door } = await aWeekBefore("Gate A", "Gate A phone", 1, "Omar Khalid");
    at(-3600_000);
    const first = await door.redeem(order.tickets[0]!.qr!);
    assert.equal(first.status, "admitted");
    assert.equal(first.ticket?.name, "Omar Khalid");
    assert.equal(first.ticket?.category, order.tickets[0]!.title);
    assert.ok(first.undo_until);
    assert.equal(first.counts.admitted, 1);
    clock.advance(5000);
    const second = await door.redeem(order.tickets[0]!.code);
    assert.equal(second.status, "already_used");
    assert.equal(second.used?.device, "Gate A phone");
    assert.equal(Date.parse(second.used!.at), Date.parse(first.scanned_at));
    assert.equal(second.counts.admitted, 1);
  });

  it("sending the same nonce again returns the first answer and changes nothing", async () => {
    const { order, door } = await aWeekBefore("Retry gate", "Retry phone", 1);
    at(0);
    const n = nonce();
    const a = await door.redeem(order.tickets[0]!.qr!, { nonce: n });
    const b = await door.redeem(order.tickets[0]!.qr!, { nonce: n });
    assert.equal(a.status, "admitted");
    assert.equal(b.status, "admitted");
    assert.equal(b.scan_id, a.scan_id);
  });

  it("refuses forged, unknown, too early, too late, wrong-session and revoked tickets", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app, 2);
    const [t1, t2] = order.tickets as [
      WireOrder["tickets"][0] & { qr: string },
      WireOrder["tickets"][0] & { qr: string },
    ];
    const door = await Door.pair(app, await gate("Strict gate"), "Strict phone");
    const other = await Door.pair(app, await gate("Other session gate", { sessionIds: [999_999] }), "Other phone");
    // one base32 character changed: the signature no longer fits
    const last = t1.qr.at(-5) === "A" ? "B" : "A";
    const forged = `${t1.qr.slice(0, -5)}${last}${t1.qr.slice(-4)}`;
    assert.equal((await door.redeem(forged)).status, "forged");
    assert.equal((await door.redeem("T1.NOTAPAYLOAD")).status, "forged");
    assert.equal((await door.redeem("UAE-ZZZZZ-ZZZZZ")).status, "unknown");
    const early = await door.redeem(t1.qr);
    assert.equal(early.status, "not_yet_valid");
    // from when it admits, in UAE time, for the scanner to say
    assert.match(early.ticket?.valid_from ?? "", /T\d\d:\d\d:\d\d(\.\d+)?\+04:00$/);
    assert.ok(Date.parse(early.ticket?.valid_from ?? "") > clock.now());
    at(0);
    assert.equal((await other.redeem(t1.qr)).status, "wrong_session");
    await runCheckinCommand(["ticket-revoke", "--code", t2.code], app.deps.checkin, clock.now());
    assert.equal((await door.redeem(t2.qr)).status, "revoked");
    assert.equal((await door.redeem(t2.code.toLowerCase().replace(/-/g, " "))).status, "revoked", "typed loosely");
    at(30 * 24 * 3600_000);
    assert.equal((await door.redeem(t1.code)).status, "expired");
  });

  it("50 devices redeeming the same code at once admit it once", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app);
    const list = await gate("Crowded gate");
    const doors = await Promise.all(Array.from({ length: 50 }, (_, i) => Door.pair(app, list, `Phone ${i + 1}`)));
    at(-600_000);
    const answers = await Promise.all(doors.map((d) => d.redeem(order.tickets[0]!.qr!)));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === "admitted").length, 1, statuses.join(","));
    assert.equal(statuses.filter((s) => s === "already_used").length, 49);
    assert.equal((await app.deps.checkin.counts(list)).admitted, 1);
  });

  it("an admission can be undone within a minute by its own device, not later", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app, 2);
    const list = await gate("Undo gate");
    const door = await Door.pair(app, list, "Undo phone");
    const stranger = await Door.pair(app, list, "Other phone");
    at(0);
    const wrong = await door.redeem(order.tickets[0]!.qr!);
    const notYours = await stranger.request("POST", `/api/checkin/scans/${wrong.scan_id}/undo`);
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/scans/{id}/undo", "post", notYours).code, "not_found");
    clock.advance(30_000);
    const undone = await door.request("POST", `/api/checkin/scans/${wrong.scan_id}/undo`);
    assert.equal(
      assertCheckin<{ counts: { admitted: number } }>("/api/checkin/scans/{id}/undo", "post", undone).counts.admitted,
      0,
    );
    assert.equal((await door.redeem(order.tickets[0]!.qr!)).status, "admitted", "the ticket is good again");
    const late = await door.redeem(order.tickets[1]!.qr!);
    clock.advance(61_000);
    const tooLate = await door.request("POST", `/api/checkin/scans/${late.scan_id}/undo`);
    assert.equal(
      assertCheckin<{ code: string }>("/api/checkin/scans/{id}/undo", "post", tooLate).code,
      "undo_too_late",
    );
    const bad = await door.request("POST", "/api/checkin/scans/x/undo");
    assert.equal(bad.statusCode, 400);
  });

  it("with re-entry, an exit lets the person back in; without it, an exit is refused", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app);
    const door = await Door.pair(app, await gate("Re-entry gate", { reentry: true }), "Re-entry phone");
    at(0);
    const qr = order.tickets[0]!.qr!;
    assert.equal((await door.redeem(qr)).status, "admitted");
    assert.equal((await door.redeem(qr)).status, "already_used");
    assert.equal((await door.redeem(qr, { direction: "exit" })).status, "exited");
    assert.equal((await door.redeem(qr, { direction: "exit" })).status, "not_inside");
    assert.equal((await door.redeem(qr)).status, "admitted");
  });

  it("bad scans are 400 with a detail", async () => {
    const door = await Door.pair(app, await gate("Bad input gate"), "Bad phone");
    for (const body of [
      {},
      { code: "x" },
      { code: "x", nonce: "short" },
      { code: "", nonce: nonce() },
      { code: "x", nonce: nonce(), direction: "up" },
      { code: "x", nonce: nonce(), scanned_at: "yesterday" },
    ]) {
      const res = await door.request("POST", "/api/checkin/redeem", body);
      const err = assertCheckin<{ code: string; detail: string }>("/api/checkin/redeem", "post", res);
      assert.equal(err.code, "invalid_scan");
      assert.ok(err.detail.length > 5);
    }
  });

  it("requests are checked by the check-in contract's schemas, each refusal naming the field", async () => {
    const door = await Door.pair(app, await gate("Contract gate"), "Contract phone");
    const refused = async (
      res: { statusCode: number; body: string },
      path: string,
      method: string,
      code: string,
      detail: RegExp,
    ) => {
      const err = assertCheckin<{ code: string; detail: string }>(path, method, res);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(err.code, code);
      assert.match(err.detail, detail);
    };
    await refused(
      await door.request("POST", "/api/checkin/redeem", { code: "x", nonce: nonce(), direction: "up" }),
      "/api/checkin/redeem",
      "post",
      "invalid_scan",
      /^direction must be one of entry, exit$/,
    );
    await refused(
      await door.request("POST", "/api/checkin/redeem", { code: 7, nonce: nonce() }),
      "/api/checkin/redeem",
      "post",
      "invalid_scan",
      /^code must be string$/,
    );
    await refused(
      await door.request("POST", "/api/checkin/scans/abc/undo"),
      "/api/checkin/scans/{id}/undo",
      "post",
      "invalid_scan",
      /^id must be integer$/,
    );
    await refused(
      await app.inject({ method: "POST", url: "/api/checkin/pair", payload: { token: "t".repeat(20), name: 5 } }),
      "/api/checkin/pair",
      "post",
      "invalid_pairing",
      /^name must be string$/,
    );
    // a language the shop does not have is answered in English, as before
    const french = await door.request("GET", "/api/checkin/search?q=Layla&lang=fr");
    assert.equal(french.statusCode, 200, french.body);
    await refused(
      await door.request("GET", "/api/checkin/search?q=a"),
      "/api/checkin/search",
      "get",
      "query_too_short",
      /^q must be at least 2 characters$/,
    );
    const scans = Array.from({ length: 501 }, () => ({
      code: "UAE-22222-22222",
      nonce: nonce(),
      scanned_at: new Date(clock.now()).toISOString(),
      local_status: "unknown",
    }));
    await refused(
      await door.request("POST", "/api/checkin/sync", { scans }),
      "/api/checkin/sync",
      "post",
      "invalid_scan",
      /^at most 500 scans per request$/,
    );
    const recorded = await app.deps.db.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM checkin_scans WHERE device_id = ?",
      [(await app.deps.checkin.authenticate(`Bearer ${door.token}`)).device.id],
    );
    assert.equal(Number(recorded?.n), 0, "nothing recorded");
    // a scan id the contract takes as an integer reaches the door's own rules
    const missing = await door.request("POST", "/api/checkin/scans/999999/undo");
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/scans/{id}/undo", "post", missing).code, "not_found");
  });
});

describe("offline", () => {
  it("a device gets keys, revocations and the tickets of its list, and verifies a payload with them", async () => {
    const { order, door } = await aWeekBefore("Offline data gate", "Offline phone", 1, "Noura Saeed");
    const data = assertCheckin<{
      keys: Array<{ key_id: number; public_key: string }>;
      tickets: Array<{ id: number; code: string; name: string }>;
    }>("/api/checkin/offline", "get", await door.request("GET", "/api/checkin/offline?lang=ar"));
    const facts = parsePayload(order.tickets[0]!.qr!)!.facts;
    const ticket = data.tickets.find((t) => t.id === facts.ticketId);
    assert.equal(ticket?.code, order.tickets[0]!.code);
    assert.equal(ticket?.name, "Noura Saeed");
    const { verifyPayload } = await import("../../src/core/ticket-payload");
    const keys = data.keys.map((k) => ({ keyId: k.key_id, publicKey: k.public_key }));
    assert.equal(verifyPayload(order.tickets[0]!.qr!, keys).ok, true);
  });

  it("an uploaded batch replayed twice is applied once", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app, 3);
    const list = await gate("Replay gate");
    const door = await Door.pair(app, list, "Replay phone");
    at(-1800_000);
    const scans = order.tickets.map((t, i) => ({
      code: t.qr,
      nonce: nonce(),
      scanned_at: new Date(clock.now() - (3 - i) * 60_000).toISOString(),
      local_status: "admitted",
    }));
    const first = assertCheckin<{ results: Array<ScanAnswer & { applied: boolean }> }>(
      "/api/checkin/sync",
      "post",
      await door.request("POST", "/api/checkin/sync", { scans }),
    );
    assert.deepEqual(
      first.results.map((r) => [r.status, r.applied]),
      [
        ["admitted", true],
        ["admitted", true],
        ["admitted", true],
      ],
    );
    const second = assertCheckin<{ results: Array<ScanAnswer & { applied: boolean }>; counts: { admitted: number } }>(
      "/api/checkin/sync",
      "post",
      await door.request("POST", "/api/checkin/sync", { scans }),
    );
    assert.deepEqual(
      second.results.map((r) => r.applied),
      [false, false, false],
    );
    assert.deepEqual(
      second.results.map((r) => r.scan_id),
      first.results.map((r) => r.scan_id),
    );
    assert.equal(second.counts.admitted, 3);
    const rows = await app.deps.db.one<{ n: number }>("SELECT COUNT(*) AS n FROM checkin_scans WHERE list_id = ?", [
      list,
    ]);
    assert.equal(Number(rows?.n), 3);
  });

  it("the same code admitted at two gates offline is a conflict reported to both devices and in the report", async () => {
    at(-7 * 24 * 3600_000);
    const order = await buyFree(app, 1, "Hamad Ali");
    const north = await Door.pair(app, await gate("North gate"), "North phone");
    const south = await Door.pair(app, await gate("South gate"), "South phone");
    at(-900_000);
    const qr = order.tickets[0]!.qr!;
    const upload = (door: Door, minutesAgo: number) =>
      door.request("POST", "/api/checkin/sync", {
        scans: [
          {
            code: qr,
            nonce: nonce(),
            scanned_at: new Date(clock.now() - minutesAgo * 60_000).toISOString(),
            local_status: "admitted",
          },
        ],
      });
    const fromNorth = assertCheckin<{ results: ScanAnswer[] }>("/api/checkin/sync", "post", await upload(north, 10));
    assert.equal(fromNorth.results[0]!.status, "admitted");
    const fromSouth = assertCheckin<{
      results: ScanAnswer[];
      conflicts: Array<{ code: string; first: { device: string }; second: { device: string } }>;
    }>("/api/checkin/sync", "post", await upload(south, 8));
    assert.equal(fromSouth.results[0]!.status, "conflict");
    assert.equal(fromSouth.results[0]!.used?.device, "North phone");
    assert.equal(fromSouth.conflicts.length, 1);
    assert.equal(fromSouth.conflicts[0]!.first.device, "North phone");
    assert.equal(fromSouth.conflicts[0]!.second.device, "South phone");
    const northHears = assertCheckin<{ conflicts: Array<{ code: string }> }>(
      "/api/checkin/sync",
      "post",
      await north.request("POST", "/api/checkin/sync", { scans: [] }),
    );
    assert.deepEqual(
      northHears.conflicts.map((c) => c.code),
      [order.tickets[0]!.code],
    );
    const report = assertCheckin<{ conflicts: Array<{ name: string }>; categories: Array<{ admitted: number }> }>(
      "/api/checkin/report",
      "get",
      await north.request("GET", "/api/checkin/report"),
    );
    assert.equal(report.conflicts[0]?.name, "Hamad Ali");
    const csv = await runCheckinCommand(["report", "--event", String(eventId)], app.deps.checkin, clock.now());
    assert.match(csv, /^section,key,category,admitted,expected,detail/);
    assert.match(csv, /\r\nconflict,UAE-[^,]+,[^,]*,,,Hamad Ali: North gate\/North phone/);
  });
});

describe("look-up and reports", () => {
  it("finds tickets by name or order number", async () => {
    const { order, door } = await aWeekBefore("Search gate", "Search phone", 1, "Fatima Zahra Al Mansoori");
    const byName = assertCheckin<{ results: Array<{ code: string }> }>(
      "/api/checkin/search",
      "get",
      await door.request("GET", "/api/checkin/search?q=zahra"),
    );
    assert.ok(byName.results.some((r) => r.code === order.tickets[0]!.code));
    const byNumber = assertCheckin<{ results: Array<{ code: string }> }>(
      "/api/checkin/search",
      "get",
      await door.request("GET", `/api/checkin/search?q=${encodeURIComponent(order.number.toLowerCase())}`),
    );
    assert.deepEqual(
      byNumber.results.map((r) => r.code),
      [order.tickets[0]!.code],
    );
    const short = await door.request("GET", "/api/checkin/search?q=a");
    assert.equal(assertCheckin<{ code: string }>("/api/checkin/search", "get", short).code, "query_too_short");
  });

  it("tells two tickets of one order apart by their codes, and marks the one used", async () => {
    const { order, door } = await aWeekBefore("Twin gate", "Twin phone", 2, "Omar Door");
    at(0);
    assert.equal((await door.redeem(order.tickets[0]!.code)).status, "admitted");
    const found = assertCheckin<{ results: Array<{ code: string; admitted_at: string | null }> }>(
      "/api/checkin/search",
      "get",
      await door.request("GET", "/api/checkin/search?q=omar%20door"),
    );
    const ours = found.results.filter((r) => order.tickets.some((t) => t.code === r.code));
    assert.deepEqual(ours.map((r) => r.code).sort(), order.tickets.map((t) => t.code).sort());
    const used = ours.find((r) => r.code === order.tickets[0]!.code);
    const unused = ours.find((r) => r.code === order.tickets[1]!.code);
    assert.match(used?.admitted_at ?? "", /\+04:00$/);
    assert.equal(unused?.admitted_at, null);
  });

  it("reads a code typed with Arabic-Indic or Persian digits as the code", async () => {
    const { order, door } = await aWeekBefore("Digits gate", "Digits phone", 3);
    at(0);
    const arabicIndic = (code: string, zero: number) =>
      code.replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d)));
    // the codes are random: those with a digit in them
    const [first, second] = order.tickets.map((t) => t.code).filter((code) => /[0-9]/.test(code.slice(4)));
    assert.ok(first, "a code with digits");
    assert.equal((await door.redeem(arabicIndic(first, 0x660))).status, "admitted");
    if (second) assert.equal((await door.redeem(arabicIndic(second, 0x6f0).toLowerCase())).status, "admitted");
    const found = assertCheckin<{ results: Array<{ code: string }> }>(
      "/api/checkin/search",
      "get",
      await door.request("GET", `/api/checkin/search?q=${encodeURIComponent(arabicIndic(first, 0x660))}`),
    );
    assert.deepEqual(
      found.results.map((r) => r.code),
      [first],
    );
  });

  it("gives the scanner its list's event: title in the phone's language and the sessions", async () => {
    at(-7 * 24 * 3600_000);
    await buyFree(app, 1);
    const door = await Door.pair(app, await gate("Header gate"), "Header phone");
    for (const lang of ["en", "ar"]) {
      const data = assertCheckin<{ event: { title: string; sessions: Array<{ started_at: string }> } }>(
        "/api/checkin/offline",
        "get",
        await door.request("GET", `/api/checkin/offline?lang=${lang}`),
      );
      assert.ok(data.event.title.length > 0, lang);
      assert.ok(data.event.sessions.length > 0);
      assert.match(data.event.sessions[0]!.started_at, /\+04:00$/);
    }
  });

  it("reports admissions per category and hour and the duplicates refused", async () => {
    const { order, door } = await aWeekBefore("Report gate", "Report phone", 2);
    at(-3600_000);
    await door.redeem(order.tickets[0]!.qr!);
    await door.redeem(order.tickets[0]!.qr!);
    await door.redeem(order.tickets[1]!.code);
    const report = assertCheckin<{
      categories: Array<{ category_id: number; admitted: number; expected: number }>;
      timeline: Array<{ hour: string; admitted: number }>;
      duplicates_refused: number;
    }>("/api/checkin/report", "get", await door.request("GET", "/api/checkin/report"));
    const category = report.categories.find((c) => c.category_id === order.tickets[0]!.ticket_id)!;
    assert.equal(category.admitted, 2);
    assert.ok(category.expected >= 2);
    assert.equal(
      report.timeline.reduce((n, t) => n + t.admitted, 0),
      2,
    );
    assert.equal(report.duplicates_refused, 1);
  });
});
