/**
 * The waiting list of sold-out ticket categories: sign-ups (captcha, one per e-mail, limits), the
 * e-mails in three languages with their signed links, offers when tickets come back (never sold to
 * anyone else meanwhile), offers that lapse and pass on, and taking an offer into the basket.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { WaitlistEntryJson } from "../../server/src/waitlist/waitlist-service";
import {
  assertFails,
  assertMatchesContract,
  available,
  type Clock,
  json,
  makeApp,
  offersOf,
  solveCaptcha,
  type TestApp,
  Visitor,
} from "./helpers";

const EVENT_SOURCE = 10008;
const HOUR = 3600_000;

/** Ticket categories on sale in the sample events (allowing 3 per order), found once per app. */
const categories = new WeakMap<TestApp, number[]>();

/** The n-th of those, with exactly `left` tickets left to hold or buy. */
async function category(app: TestApp, n: number, left: number): Promise<number> {
  let ids = categories.get(app);
  if (!ids) {
    ids = [];
    for (const source of [EVENT_SOURCE, 10001, 10002, 10003]) {
      const sessions = await offersOf(app, source);
      for (const t of sessions.flatMap((s) => s.tickets)) if (t.available > 0 && t.max_per_order >= 3) ids.push(t.id);
    }
    categories.set(app, ids);
  }
  const id = ids[n];
  assert.ok(id, `the sample events have no ticket category number ${n}`);
  await app.deps.db.run("UPDATE tickets SET total = sold + held + ? WHERE id = ?", [left, id]);
  return id;
}

async function join(
  app: TestApp,
  visitor: Visitor,
  body: { ticket_id: number; count: number; email: string },
  lang = "en",
): Promise<{ statusCode: number; body: string }> {
  return visitor.request("POST", `/api/waitlist?lang=${lang}`, { ...body, captcha: await solveCaptcha(app, visitor) });
}

async function joined(app: TestApp, ticketId: number, email: string, count = 1, lang = "en") {
  const res = await join(app, new Visitor(app), { ticket_id: ticketId, count, email }, lang);
  assert.equal(res.statusCode, 201, res.body);
  return assertMatchesContract("basket", "/api/waitlist", "post", res) as WaitlistEntryJson;
}

type MailRow = {
  entry_id: number;
  kind: string;
  to_address: string;
  lang: string;
  subject: string;
  text: string;
  html: string;
};

async function mails(app: TestApp, email: string): Promise<MailRow[]> {
  return app.deps.db.all<MailRow>("SELECT * FROM waitlist_mail WHERE to_address = ? ORDER BY created_at, kind", [
    email,
  ]);
}

/** The token of a link in an e-mail: `#waitlist-offer=…` or `#waitlist-leave=…`. */
function tokenIn(text: string, action: "offer" | "leave"): string {
  const m = new RegExp(`#waitlist-${action}=([^\\s"<]+)`).exec(text);
  assert.ok(m, `no ${action} link in:\n${text}`);
  return decodeURIComponent(m[1]!);
}

async function entryState(app: TestApp, email: string): Promise<string[]> {
  const rows = await app.deps.db.all<{ state: string }>(
    "SELECT state FROM waitlist_entries WHERE email = ? ORDER BY id",
    [email],
  );
  return rows.map((r) => r.state);
}

const held = async (app: TestApp, ticketId: number) =>
  Number((await app.deps.db.one<{ held: number }>("SELECT held FROM tickets WHERE id = ?", [ticketId]))!.held);

describe("waiting list", () => {
  let app: TestApp;
  let clock: Clock;
  before(async () => {
    ({ app, clock } = await makeApp());
  });
  after(async () => app.close());

  it("takes a sign-up for a sold-out category, with a captcha, and says so by e-mail with a leave link", async () => {
    const ticketId = await category(app, 0, 0);
    const status = await app.inject(`/api/waitlist/tickets/${ticketId}`);
    assert.deepEqual(assertMatchesContract("basket", "/api/waitlist/tickets/{id}", "get", status), {
      ticket_id: ticketId,
      sold_out: true,
      open: true,
      waiting: 0,
    });
    const entry = await joined(app, ticketId, "nadia@example.ae", 2);
    assert.equal(entry.state, "waiting");
    assert.equal(entry.position, 1);
    assert.equal(entry.count, 2);
    const [mail] = await mails(app, "nadia@example.ae");
    assert.equal(mail?.kind, "joined");
    assert.match(mail!.subject, /waiting list/);
    assert.match(mail!.text, /2 tickets/);
    assert.ok(tokenIn(mail!.text, "leave"));
    assert.match(mail!.text, /^http:\/\/127\.0\.0\.1:9000\/events\/\d+\/#waitlist-leave=/m);
  });

  it("refuses a sign-up without a solved captcha, and stores nothing", async () => {
    const ticketId = await category(app, 0, 0);
    const visitor = new Visitor(app);
    await visitor.request("GET", "/api/captcha");
    const res = await visitor.request("POST", "/api/waitlist", {
      ticket_id: ticketId,
      count: 1,
      email: "nocaptcha@example.ae",
      captcha: Buffer.from("{}").toString("base64"),
    });
    assertFails(res, "/api/waitlist", "post", 400, "captcha_invalid");
    assert.deepEqual(await entryState(app, "nocaptcha@example.ae"), []);
  });

  it("takes one entry per e-mail address and category, and refuses a category that is on sale", async () => {
    const ticketId = await category(app, 0, 0);
    await joined(app, ticketId, "omar@example.ae");
    // the same mailbox written differently
    const again = await join(app, new Visitor(app), { ticket_id: ticketId, count: 1, email: "Omar+x@Example.ae" });
    assertFails(again, "/api/waitlist", "post", 409, "already_waiting");
    const onSale = await category(app, 1, 5);
    const res = await join(app, new Visitor(app), { ticket_id: onSale, count: 1, email: "omar@example.ae" });
    assertFails(res, "/api/waitlist", "post", 409, "not_sold_out");
    const bad = await join(app, new Visitor(app), { ticket_id: ticketId, count: 1, email: "not an address" });
    assertFails(bad, "/api/waitlist", "post", 400, "invalid_email");
  });

  it("leaves the list with the e-mail's link, without a session; a forged link is refused", async () => {
    const ticketId = await category(app, 0, 0);
    await joined(app, ticketId, "leaver@example.ae");
    const token = tokenIn((await mails(app, "leaver@example.ae"))[0]!.text, "leave");
    const stranger = new Visitor(app);
    const shown = await stranger.request("POST", "/api/waitlist/entry", { token });
    assert.equal(
      (assertMatchesContract("basket", "/api/waitlist/entry", "post", shown) as WaitlistEntryJson).state,
      "waiting",
    );
    const left = await stranger.request("POST", "/api/waitlist/leave", { token });
    assert.equal(
      (assertMatchesContract("basket", "/api/waitlist/leave", "post", left) as WaitlistEntryJson).state,
      "left",
    );
    assert.equal(stranger.cookie, undefined, "leaving needs no session and makes none");
    assert.deepEqual(await entryState(app, "leaver@example.ae"), ["left"]);
    const [id] = token.split(".");
    const forged = await stranger.request("POST", "/api/waitlist/leave", { token: `${id}.${"A".repeat(32)}` });
    assertFails(forged, "/api/waitlist/leave", "post", 404, "unknown_entry");
    // who left may join again
    await joined(app, ticketId, "leaver@example.ae");
  });

  it("offers tickets whose hold ran out to the next in line, holds them so nobody else can buy them, and puts them in the basket from the link", async () => {
    const ticketId = await category(app, 2, 2);
    const hoarder = new Visitor(app);
    assert.equal((await hoarder.add(ticketId, 2)).statusCode, 200);
    await joined(app, ticketId, "first@example.ae", 2);
    clock.advance(16 * 60_000);
    // the hold runs out: the catalogue's read releases it, and the tickets go to the list, not on sale
    assert.equal(await available(app, EVENT_SOURCE, ticketId), 0);
    assert.equal(await held(app, ticketId), 2);
    const other = new Visitor(app);
    assertFails(await other.add(ticketId, 1), "/api/basket", "post", 409, "not_enough_tickets");
    const offer = (await mails(app, "first@example.ae")).find((m) => m.kind === "offer");
    assert.ok(offer, "an offer e-mail is queued");
    assert.match(offer.text, /held for you until/);
    const token = tokenIn(offer.text, "offer");

    const buyer = new Visitor(app);
    const claimed = await buyer.request("POST", "/api/waitlist/claim", { token });
    assert.equal(
      (assertMatchesContract("basket", "/api/waitlist/claim", "post", claimed) as WaitlistEntryJson).state,
      "claimed",
    );
    const basket = json<{ events: Array<{ tickets: Array<{ id: number; count: number }> }>; expires_at: string }>(
      await buyer.basket(),
    );
    assert.deepEqual(
      basket.events.flatMap((e) => e.tickets).map((t) => [t.id, t.count]),
      [[ticketId, 2]],
    );
    // held for what is left of the offer's 12 hours, not the basket's 15 minutes
    assert.ok(Date.parse(basket.expires_at) - clock.now() > 11 * HOUR);
    assert.equal(await held(app, ticketId), 2, "the hold moved into the basket: never free in between");
    assertFails(
      await buyer.request("POST", "/api/waitlist/claim", { token }),
      "/api/waitlist/claim",
      "post",
      409,
      "offer_taken",
    );
  });

  it("passes an offer that ran out to the next in line", async () => {
    const ticketId = await category(app, 3, 1);
    const hoarder = new Visitor(app);
    assert.equal((await hoarder.add(ticketId, 1)).statusCode, 200);
    await joined(app, ticketId, "slow@example.ae");
    await joined(app, ticketId, "next@example.ae");
    clock.advance(16 * 60_000);
    await app.deps.releaseExpired(clock.now());
    assert.deepEqual(await entryState(app, "slow@example.ae"), ["offered"]);
    assert.deepEqual(await entryState(app, "next@example.ae"), ["waiting"]);
    const slowToken = tokenIn((await mails(app, "slow@example.ae")).find((m) => m.kind === "offer")!.text, "offer");

    clock.advance(12 * HOUR + 1000);
    await app.deps.releaseExpired(clock.now());
    assert.deepEqual(await entryState(app, "slow@example.ae"), ["lapsed"]);
    assert.deepEqual(await entryState(app, "next@example.ae"), ["offered"]);
    assert.equal(await held(app, ticketId), 1, "the seat stays held, now for the next in line");
    assert.equal(await available(app, EVENT_SOURCE, ticketId), 0);
    const late = await new Visitor(app).request("POST", "/api/waitlist/claim", { token: slowToken });
    assertFails(late, "/api/waitlist/claim", "post", 409, "offer_ended");
  });

  it("gives up an offer when its holder leaves, and offers the seats to the next in line at once", async () => {
    const ticketId = await category(app, 4, 0);
    await joined(app, ticketId, "undecided@example.ae");
    await joined(app, ticketId, "keen@example.ae");
    await app.deps.db.run("UPDATE tickets SET total = total + 1 WHERE id = ?", [ticketId]);
    await app.deps.releaseExpired(clock.now());
    const token = tokenIn((await mails(app, "undecided@example.ae")).find((m) => m.kind === "offer")!.text, "offer");
    const left = await new Visitor(app).request("POST", "/api/waitlist/leave", { token });
    assert.equal(json<WaitlistEntryJson>(left).state, "left");
    assert.deepEqual(await entryState(app, "keen@example.ae"), ["offered"]);
    assert.equal(await held(app, ticketId), 1);
  });

  it("writes its e-mails in the visitor's language: Russian plurals, Arabic right to left", async () => {
    const ticketId = await category(app, 5, 0);
    await joined(app, ticketId, "ivan@example.ru", 3, "ru");
    await joined(app, ticketId, "amal@example.ae", 2, "ar");
    await joined(app, ticketId, "sam@example.com", 1, "en");
    const [ru] = await mails(app, "ivan@example.ru");
    const [ar] = await mails(app, "amal@example.ae");
    const [en] = await mails(app, "sam@example.com");
    assert.equal(ru!.lang, "ru");
    assert.match(ru!.subject, /^Вы в листе ожидания/);
    assert.match(ru!.text, /3 билета/);
    assert.match(ru!.text, /Покинуть лист ожидания можно/);
    assert.equal(ar!.lang, "ar");
    assert.match(ar!.subject, /قائمة الانتظار/);
    assert.match(ar!.text, /تذكرتان/);
    assert.match(ar!.html, /<html lang="ar" dir="rtl">/);
    assert.match(ar!.text, /\/ar\/events\/\d+\/#waitlist-leave=/);
    assert.match(en!.text, /1 ticket\b/);
    assert.match(en!.html, /dir="ltr"/);
  });

  it("limits the sign-ups one e-mail address receives per hour", async () => {
    const limited = await makeApp({ waitlistJoinsPerEmailHour: 1 });
    try {
      const a = await category(limited.app, 0, 0);
      const b = await category(limited.app, 1, 0);
      await joined(limited.app, a, "busy@example.ae");
      const res = await join(limited.app, new Visitor(limited.app), {
        ticket_id: b,
        count: 1,
        email: "busy@example.ae",
      });
      assertFails(res, "/api/waitlist", "post", 429, "too_many_requests");
      limited.clock.advance(HOUR + 1000);
      await joined(limited.app, b, "busy@example.ae");
    } finally {
      await limited.app.close();
    }
  });

  it("delivers the queued e-mails once each through the mail transport", async () => {
    const sent: Array<{ to: string; subject: string }> = [];
    const transport = {
      async send(mail: { to: string; subject: string }) {
        sent.push({ to: mail.to, subject: mail.subject });
        return { where: "memory" };
      },
      close() {},
    };
    const opts = {
      from: "Shop <shop@example.ae>",
      replyTo: "shop@example.ae",
      attempts: 3,
      retryMs: 1000,
      now: clock.now,
    };
    const queued = await app.deps.db.all<{ state: string }>("SELECT state FROM waitlist_mail");
    assert.equal(await app.deps.waitlist.outbox.drain(transport, { ...opts, limit: 1000 }), queued.length);
    assert.equal(await app.deps.waitlist.outbox.drain(transport, opts), 0, "nothing is sent twice");
    assert.equal(sent.length, queued.length);
    const states = await app.deps.db.all<{ state: string }>("SELECT DISTINCT state FROM waitlist_mail");
    assert.deepEqual(
      states.map((r) => r.state),
      ["sent"],
    );
  });
});
