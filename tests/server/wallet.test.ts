/**
 * Apple and Google Wallet (server/src/wallet): the links an order's buyer gets, the signed
 * .pkpass and its facts, the Google save JWT, the PassKit web service that keeps added passes
 * up to date, and the door admitting the QR code taken out of a pass.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { WireOrder } from "../../server/src/deps";
import type { PushSender } from "../../server/src/wallet/apns";
import { makeTestAuthority, type TestAuthority } from "../../server/src/wallet/test-authority";
import { walletRepository } from "../../server/src/wallet/wallet-repository";
import { type WalletLinks, walletService } from "../../server/src/wallet/wallet-service";
import { verifyPayload } from "../../src/core/ticket-payload";
import { Door } from "./checkin-helpers";
import { assertMatchesContract, type Clock, json, makeApp, type TestApp, Visitor } from "./helpers";
import {
  assertEventTicketClass,
  assertEventTicketObject,
  readStrings,
  readZip,
  verifyJwt,
  verifyPass,
} from "./wallet-helpers";
import { buyFreeAs } from "./wallet-order";

let ca: TestAuthority;
let app: TestApp;
let clock: Clock;
const pushes: Array<{ token: string; topic: string }> = [];
const goneTokens = new Set<string>();
const fakeApns: PushSender = {
  async send(token, topic) {
    pushes.push({ token, topic });
    return goneTokens.has(token) ? "gone" : "sent";
  },
  close() {},
};

before(async () => {
  ca = makeTestAuthority();
  ({ app, clock } = await makeApp({
    wallet: {
      appleCert: ca.passCertPem,
      appleKey: ca.passKeyPem,
      appleKeyPassphrase: "",
      appleWwdr: ca.wwdrPem,
      applePassTypeId: "",
      appleTeamId: "",
      applePush: "off",
      updateCheckMs: 0,
      googleIssuerId: ca.googleIssuerId,
      googleServiceAccount: ca.googleServiceAccount,
      secret: "",
    },
  }));
});
after(async () => app?.close());

const linksOf = async (visitor: Visitor, order: WireOrder): Promise<WalletLinks> => {
  const res = await visitor.request("GET", `/api/orders/${order.id}/wallet`);
  assert.equal(res.statusCode, 200, res.body);
  return assertMatchesContract("basket", "/api/orders/{id}/wallet", "get", res) as WalletLinks;
};
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const passJson = (files: Map<string, Buffer>) => JSON.parse(files.get("pass.json")!.toString("utf8"));
const fetchPass = async (url: string) => {
  const res = await app.inject(pathOf(url));
  assert.equal(res.statusCode, 200, res.body);
  return res;
};

/** pass.json of the order's first ticket, fetched through its link. */
const firstPass = async (visitor: Visitor, order: WireOrder) =>
  passJson(readZip((await fetchPass((await linksOf(visitor, order)).apple!.tickets[0]!.url)).rawPayload));

describe("without certificates", () => {
  it("offers neither wallet and says why once, naming the settings", async () => {
    const { app: bare } = await makeApp();
    try {
      assert.equal(bare.deps.wallet.offers.apple, false);
      assert.equal(bare.deps.wallet.offers.google, false);
      assert.equal(bare.deps.wallet.notes.length, 2);
      assert.match(bare.deps.wallet.notes[0]!, /WALLET_APPLE_CERT/);
      assert.match(bare.deps.wallet.notes[1]!, /WALLET_GOOGLE_ISSUER_ID/);
      const { order, visitor } = await buyFreeAs(bare, 1);
      const res = await visitor.request("GET", `/api/orders/${order.id}/wallet`);
      assert.deepEqual(json(res), { apple: null, google: null });
    } finally {
      await bare.close();
    }
  });

  it("says which file it cannot read", async () => {
    const { app: broken } = await makeApp({
      wallet: { ...app.deps.config.wallet, appleCert: "/nonexistent/pass.pem" },
    });
    try {
      assert.equal(broken.deps.wallet.offers.apple, false);
      assert.match(broken.deps.wallet.notes.join("\n"), /Apple Wallet passes are not offered: .*nonexistent/);
      assert.equal(broken.deps.wallet.offers.google, true);
    } finally {
      await broken.close();
    }
  });
});

describe("the links", () => {
  it("name each ticket of a paid order and the whole order, and only for this session", async () => {
    const { order, visitor } = await buyFreeAs(app, 2);
    const links = await linksOf(visitor, order);
    assert.deepEqual(
      links.apple?.tickets.map((l) => l.code),
      order.tickets.map((t) => t.code),
    );
    assert.deepEqual(
      links.google?.tickets.map((l) => l.code),
      order.tickets.map((t) => t.code),
    );
    assert.match(links.apple!.order_url!, /^http:\/\/api\.test\/api\/wallet\/apple\/orders\/.+\?token=/);
    const stranger = new Visitor(app);
    assert.equal((await stranger.request("GET", `/api/orders/${order.id}/wallet`)).statusCode, 404);
  });

  it("refuse a wrong or missing token and change nothing", async () => {
    const { order, visitor } = await buyFreeAs(app, 1);
    const url = (await linksOf(visitor, order)).apple!.tickets[0]!.url;
    const wrong = await app.inject(pathOf(url).replace(/token=.*/, "token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    assert.equal(wrong.statusCode, 401);
    assert.equal(json<{ code: string }>(wrong).code, "invalid_token");
    const missing = await app.inject(pathOf(url).replace(/\?token=.*/, ""));
    assert.equal(missing.statusCode, 400);
    // a token of one ticket does not open another
    const other = await buyFreeAs(app, 1);
    const otherCode = other.order.tickets[0]!.code;
    const swapped = pathOf(url).replace(order.tickets[0]!.code, otherCode);
    assert.equal((await app.inject(swapped)).statusCode, 401);
  });
});

describe("an Apple Wallet pass", () => {
  it("is signed by the pass-type certificate, and every file's hash is in the manifest", async () => {
    const { order, visitor } = await buyFreeAs(app, 1);
    const res = await fetchPass((await linksOf(visitor, order)).apple!.tickets[0]!.url);
    assert.equal(res.headers["content-type"], "application/vnd.apple.pkpass");
    assert.match(String(res.headers["content-disposition"]), /attachment; filename="ticket-[A-Z0-9-]+\.pkpass"/);
    const files = readZip(res.rawPayload);
    const signer = verifyPass(files, ca.rootPem);
    assert.match(signer, /UID=pass\.ae\.uaetickets\.test/);
    for (const name of [
      "icon.png",
      "icon@2x.png",
      "logo.png",
      "en.lproj/pass.strings",
      "ru.lproj/pass.strings",
      "ar.lproj/pass.strings",
    ])
      assert.ok(files.has(name), name);
    assert.deepEqual([...files.get("icon.png")!.subarray(1, 4)], [0x50, 0x4e, 0x47], "icon.png is a PNG");
  });

  it("a changed byte breaks the signature check", async () => {
    const { order, visitor } = await buyFreeAs(app, 1);
    const files = readZip((await fetchPass((await linksOf(visitor, order)).apple!.tickets[0]!.url)).rawPayload);
    const manifest = files.get("manifest.json")!;
    files.set("manifest.json", Buffer.from(manifest.toString("utf8").replace(/"[0-9a-f]{40}"/, `"${"0".repeat(40)}"`)));
    assert.throws(() => verifyPass(files, ca.rootPem));
  });

  it("holds the event, the session in UAE time, the venue with its place, category, order, buyer and exactly the ticket's QR text", async () => {
    const { order, visitor } = await buyFreeAs(app, 1, "ru", "Лейла Хаддад");
    const ticket = order.tickets[0]!;
    const pass = await firstPass(visitor, order);
    assert.equal(pass.formatVersion, 1);
    assert.equal(pass.passTypeIdentifier, ca.passTypeId);
    assert.equal(pass.teamIdentifier, ca.teamId);
    assert.equal(pass.serialNumber, ticket.code);
    assert.ok(pass.eventTicket, "an event ticket");
    assert.deepEqual(pass.barcodes, [
      { format: "PKBarcodeFormatQR", message: ticket.qr, messageEncoding: "iso-8859-1", altText: ticket.code },
    ]);
    const field = (key: string) =>
      [
        ...pass.eventTicket.headerFields,
        ...pass.eventTicket.primaryFields,
        ...pass.eventTicket.secondaryFields,
        ...pass.eventTicket.auxiliaryFields,
        ...pass.eventTicket.backFields,
      ].find((f: { key: string }) => f.key === key);
    // pass.json is in the order's language
    assert.equal(field("event").value, order.events[0]!.event.title);
    assert.equal(field("event").label, "Событие");
    assert.equal(field("category").value, ticket.title);
    assert.equal(field("order").value, order.number);
    assert.equal(field("holder").value, "Лейла Хаддад");
    assert.equal(field("time").value, ticket.started_at, "the session in UAE time (+04:00)");
    assert.match(field("time").value, /\+04:00$/);
    assert.equal(field("time").ignoresTimeZone, true);
    assert.equal(pass.relevantDate, new Date(ticket.started_at!).toISOString());
    assert.ok(pass.expirationDate, "expires when the ticket stops being valid");
    assert.ok(Date.parse(pass.expirationDate) > Date.parse(ticket.started_at!));
    assert.equal(pass.locations.length, 1);
    assert.equal(typeof pass.locations[0].latitude, "number");
    assert.equal(pass.semantics.eventName, order.events[0]!.event.title);
    assert.equal(pass.semantics.confirmationNumber, order.number);
    assert.deepEqual(pass.semantics.venueLocation, {
      latitude: pass.locations[0].latitude,
      longitude: pass.locations[0].longitude,
    });
    assert.equal(pass.voided, false);
    assert.equal(pass.backgroundColor, "rgb(194, 24, 91)");
    assert.equal(pass.webServiceURL, "http://api.test/api/wallet/passkit");
    assert.ok(pass.authenticationToken.length >= 16);
  });

  it("translates every text of pass.json for phones in English and Arabic", async () => {
    const { order, visitor } = await buyFreeAs(app, 1, "ru");
    // a title with quotes, as an organiser may write one
    const eventId = order.tickets[0]!.event_id;
    const titles = (await app.deps.db.one<{ title: string }>("SELECT title FROM events WHERE id = ?", [eventId]))!
      .title;
    const quoted = JSON.stringify({ ...JSON.parse(titles), ru: 'Ночь "фонарей"' });
    await app.deps.db.run("UPDATE events SET title = ? WHERE id = ?", [quoted, eventId]);
    after(() => app.deps.db.run("UPDATE events SET title = ? WHERE id = ?", [titles, eventId]));
    const files = readZip((await fetchPass((await linksOf(visitor, order)).apple!.tickets[0]!.url)).rawPayload);
    const pass = passJson(files);
    const en = readStrings(files.get("en.lproj/pass.strings")!);
    const ar = readStrings(files.get("ar.lproj/pass.strings")!);
    const primary = pass.eventTicket.primaryFields[0];
    assert.equal(primary.value, 'Ночь "фонарей"');
    assert.equal(en.get(primary.value), JSON.parse(titles).en);
    assert.equal(ar.get(primary.value), JSON.parse(titles).ar);
    assert.equal(en.get(primary.label), "Event");
    assert.equal(ar.get(primary.label), "الفعالية");
    const address = pass.eventTicket.backFields.find((f: { key: string }) => f.key === "address");
    assert.match(address.value, /\n/);
    assert.ok(en.has(address.value), "a text over two lines is a key too");
    // every label and text shown on the front is translated
    for (const f of [
      ...pass.eventTicket.primaryFields,
      ...pass.eventTicket.secondaryFields,
      ...pass.eventTicket.auxiliaryFields,
    ])
      assert.ok(en.has(f.label), f.label);
  });

  it("an order's bundle holds one pass per ticket", async () => {
    const { order, visitor } = await buyFreeAs(app, 3);
    const res = await fetchPass((await linksOf(visitor, order)).apple!.order_url!);
    assert.equal(res.headers["content-type"], "application/vnd.apple.pkpasses");
    const bundle = readZip(res.rawPayload);
    assert.equal(bundle.size, 3);
    const serials = [...bundle.values()].map((p) => passJson(readZip(p)).serialNumber).sort();
    assert.deepEqual(serials, order.tickets.map((t) => t.code).sort());
  });
});

describe("Google Wallet", () => {
  it("the save link is a JWT signed with the issuer's key, carrying a class and object per Google's schema", async () => {
    const { order, visitor } = await buyFreeAs(app, 1, "ar");
    const ticket = order.tickets[0]!;
    const res = await app.inject(pathOf((await linksOf(visitor, order)).google!.tickets[0]!.url));
    assert.equal(res.statusCode, 302);
    const location = String(res.headers.location);
    assert.ok(location.startsWith("https://pay.google.com/gp/v/save/"), location);
    const claims = verifyJwt(location.slice("https://pay.google.com/gp/v/save/".length), ca.googlePublicKeyPem);
    assert.equal(claims.iss, "wallet-test@test-project.iam.gserviceaccount.com");
    assert.equal(claims.aud, "google");
    assert.equal(claims.typ, "savetowallet");
    assert.deepEqual(claims.origins, app.deps.config.siteOrigins);
    const payload = claims.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    assert.equal(payload.eventTicketClasses.length, 1);
    assert.equal(payload.eventTicketObjects.length, 1);
    const cls = payload.eventTicketClasses[0]!;
    const obj = payload.eventTicketObjects[0]!;
    assertEventTicketClass(cls, ca.googleIssuerId);
    assertEventTicketObject(obj, ca.googleIssuerId);
    assert.equal(obj.classId, cls.id);
    assert.deepEqual(obj.barcode, { type: "QR_CODE", value: ticket.qr, alternateText: ticket.code });
    assert.equal(obj.ticketNumber, ticket.code);
    assert.deepEqual(obj.reservationInfo, { confirmationCode: order.number });
    assert.equal(obj.state, "ACTIVE");
    const eventName = cls.eventName as { defaultValue: { language: string; value: string } };
    assert.deepEqual(eventName.defaultValue, { language: "ar", value: order.events[0]!.event.title });
    assert.equal((cls.dateTime as { start: string }).start, ticket.started_at);
  });

  it("an order's link saves all its tickets, their session's class once", async () => {
    const { order, visitor } = await buyFreeAs(app, 2);
    const res = await app.inject(pathOf((await linksOf(visitor, order)).google!.order_url!));
    const claims = verifyJwt(String(res.headers.location).split("/save/")[1]!, ca.googlePublicKeyPem);
    const payload = claims.payload as {
      eventTicketClasses: unknown[];
      eventTicketObjects: Array<{ ticketNumber: string }>;
    };
    assert.equal(payload.eventTicketClasses.length, 1);
    assert.deepEqual(
      payload.eventTicketObjects.map((o) => o.ticketNumber).sort(),
      order.tickets.map((t) => t.code).sort(),
    );
  });
});

describe("the PassKit web service", () => {
  const device = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
  const passkit = "/api/wallet/passkit/v1";

  it("registers a device, lists what changed since its tag, serves the new pass and unregisters", async () => {
    const { order, visitor } = await buyFreeAs(app, 1);
    const ticket = order.tickets[0]!;
    const pass = await firstPass(visitor, order);
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const reg = `${passkit}/devices/${device}/registrations/${ca.passTypeId}/${ticket.code}`;

    const refused = await app.inject({
      method: "POST",
      url: reg,
      headers: { authorization: "ApplePass wrongwrongwrongwrong" },
      payload: { pushToken: "abc123" },
    });
    assert.equal(refused.statusCode, 401);
    const bad = await app.inject({ method: "POST", url: reg, headers: auth, payload: { pushToken: "" } });
    assert.equal(bad.statusCode, 400);
    assert.equal(
      (await app.inject({ method: "POST", url: reg, headers: auth, payload: { pushToken: "feedc0de01" } })).statusCode,
      201,
    );
    assert.equal(
      (await app.inject({ method: "POST", url: reg, headers: auth, payload: { pushToken: "feedc0de01" } })).statusCode,
      200,
    );

    const list = `${passkit}/devices/${device}/registrations/${ca.passTypeId}`;
    const first = await app.inject(list);
    assert.equal(first.statusCode, 200);
    const { serialNumbers, lastUpdated } = json<{ serialNumbers: string[]; lastUpdated: string }>(first);
    assert.ok(serialNumbers.includes(ticket.code));
    assert.equal(
      (await app.inject(`${list}?passesUpdatedSince=${lastUpdated}`)).statusCode,
      204,
      "nothing changed since",
    );

    const latestUrl = `${passkit}/passes/${ca.passTypeId}/${ticket.code}`;
    const latest = await app.inject({ url: latestUrl, headers: auth });
    assert.equal(latest.statusCode, 200);
    const lastModified = String(latest.headers["last-modified"]);
    assert.equal(
      (await app.inject({ url: latestUrl, headers: { ...auth, "if-modified-since": lastModified } })).statusCode,
      304,
    );
    assert.equal((await app.inject({ url: latestUrl, headers: { authorization: "ApplePass nope" } })).statusCode, 401);

    // the organiser moves the session an hour later
    await new Promise((r) => setTimeout(r, 5));
    await app.deps.db.run(
      "UPDATE event_sessions SET started_at = started_at + 3600000 WHERE id = (SELECT session_id FROM issued_tickets WHERE code = ?)",
      [ticket.code],
    );
    const changed = await app.inject(`${list}?passesUpdatedSince=${lastUpdated}`);
    assert.equal(changed.statusCode, 200);
    const after = json<{ serialNumbers: string[]; lastUpdated: string }>(changed);
    assert.deepEqual(after.serialNumbers, [ticket.code]);
    assert.ok(Number(after.lastUpdated) > Number(lastUpdated));
    const moved = passJson(readZip((await app.inject({ url: latestUrl, headers: auth })).rawPayload));
    assert.equal(Date.parse(moved.relevantDate), Date.parse(ticket.started_at!) + 3600_000);

    const del = await app.inject({ method: "DELETE", url: reg, headers: auth });
    assert.equal(del.statusCode, 200);
    assert.equal((await app.inject(list)).statusCode, 204);
    assert.equal(
      (await app.inject({ method: "POST", url: `${passkit}/log`, payload: { logs: ["a line"] } })).statusCode,
      200,
    );
  });

  it("pushes a changed pass to the phones that hold it (up to APNs), and a revoked ticket's pass becomes void", async () => {
    const { order, visitor } = await buyFreeAs(app, 1);
    const ticket = order.tickets[0]!;
    const pass = await firstPass(visitor, order);
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const reg = `${passkit}/devices/phone2/registrations/${ca.passTypeId}/${ticket.code}`;
    assert.equal(
      (await app.inject({ method: "POST", url: reg, headers: auth, payload: { pushToken: "beef02" } })).statusCode,
      201,
    );
    // the same service with a push client: what a configured WALLET_APPLE_PUSH would send, short of Apple's service
    const pushing = await walletService(app.deps.db, { config: app.deps.config, now: app.deps.now, push: fakeApns });
    pushes.length = 0;
    assert.deepEqual(
      (await pushing.pushChanges()).filter((p) => p.serial === ticket.code),
      [],
      "nothing changed yet",
    );

    await app.deps.checkin.revokeTicket(ticket.code, app.deps.now());
    const made = await pushing.pushChanges();
    assert.deepEqual(
      made.filter((p) => p.serial === ticket.code),
      [{ serial: ticket.code, pushToken: "beef02", topic: ca.passTypeId, sent: true }],
    );
    assert.deepEqual(
      pushes.filter((p) => p.token === "beef02"),
      [{ token: "beef02", topic: ca.passTypeId }],
    );
    // a token APNs says is gone is not pushed to again
    goneTokens.add("beef02");
    await app.deps.db.run("UPDATE orders SET name = name || ' ' WHERE id = ?", [order.id]);
    await app.deps.db.run("UPDATE issued_tickets SET holder = 'Layla H.' WHERE code = ?", [ticket.code]);
    await pushing.pushChanges();
    pushes.length = 0;
    await app.deps.db.run("UPDATE issued_tickets SET holder = 'Layla Haddad' WHERE code = ?", [ticket.code]);
    await pushing.pushChanges();
    assert.deepEqual(pushes, [], "the gone token was forgotten");
    const voided = passJson(
      readZip(
        (await app.inject({ url: `${passkit}/passes/${ca.passTypeId}/${ticket.code}`, headers: auth })).rawPayload,
      ),
    );
    assert.equal(voided.voided, true);
    // and the order no longer links it
    assert.deepEqual((await linksOf(visitor, order)).apple?.tickets, []);
  });
});

describe("several server instances", () => {
  it("a pass that changed is recorded as changed (and so pushed) by one instance, however many look at once", async () => {
    const serial = "UAE-CHNGD-PASS2";
    const now = app.deps.now();
    // each instance has its own repository on the shared database
    const instances = Array.from({ length: 4 }, () => walletRepository(app.deps.db));
    assert.deepEqual(await instances[0]!.touch(serial, "first", now), { updatedAt: now, changed: false });
    const seen = await Promise.all(instances.map((repo) => repo.touch(serial, "second", now + 1000)));
    assert.equal(seen.filter((t) => t.changed).length, 1, JSON.stringify(seen));
    assert.ok(seen.every((t) => t.updatedAt === now + 1000));
    assert.deepEqual(await instances[1]!.touch(serial, "second", now + 2000), {
      updatedAt: now + 1000,
      changed: false,
    });
  });
});

// last: it moves the clock to the session
describe("at the door", () => {
  it("the QR code taken out of a pass is admitted exactly as the e-mail's", async () => {
    const { order, visitor } = await buyFreeAs(app, 1);
    const pass = await firstPass(visitor, order);
    const scanned: string = pass.barcodes[0].message;
    assert.equal(scanned, order.tickets[0]!.qr, "the same text as the e-mail's QR code");
    // offline, as the scanner decides with the shop's public keys
    const offline = verifyPayload(scanned, await app.deps.checkin.keys.publicKeys());
    assert.ok(offline.ok);
    // online, at a gate of the event
    const list = await app.deps.checkin.createList(
      { eventId: order.tickets[0]!.event_id, name: "Wallet gate" },
      app.deps.now(),
    );
    const door = await Door.pair(app, list.id, "Gate phone");
    const startsAt = Date.parse(order.tickets[0]!.started_at!);
    clock.advance(startsAt - 3600_000 - clock.now());
    const answer = await door.redeem(scanned);
    assert.equal(answer.status, "admitted");
    assert.equal(answer.ticket?.code, order.tickets[0]!.code);
    assert.equal(
      (await door.redeem(order.tickets[0]!.code)).status,
      "already_used",
      "one ticket, whichever way it is shown",
    );
  });
});
