/**
 * Joining the waiting room from two tabs of one browser at the same moment (server/src/onsale):
 * the session keeps one place, and both tabs are told that place, never one it does not hold.
 */
import assert from "node:assert/strict";
import { after, it } from "node:test";
import { makeApp, Visitor } from "./helpers";

it("two tabs that join at once are both told the one place the session holds", async () => {
  const { app, clock } = await makeApp();
  after(() => app.close());
  const row = await app.deps.db.one<{ id: number }>(
    "SELECT id FROM events WHERE status = 'on_sale' ORDER BY id LIMIT 1",
  );
  assert.ok(row);
  const eventId = Number(row.id);
  const { db, onsale } = app.deps;
  await onsale.create({ eventId, opensAt: clock.now(), ratePerMinute: 1, admissionMinutes: 10 });
  const browser = new Visitor(app);
  await browser.request("GET", "/api/captcha"); // the session the place is bound to
  const session = browser.cookie?.slice("session=".length) ?? "";

  // the first tab reads "no place yet" and is held there until the second tab has taken its place
  let release: () => void = () => undefined;
  const secondJoined = new Promise<void>((resolve) => (release = resolve));
  const one = db.one.bind(db);
  let held = false;
  db.one = (async (text: string, params?: readonly unknown[]) => {
    const found = await one(text, params);
    if (!held && text.includes("FROM onsale_entries WHERE event_id = ? AND session_id = ?")) {
      held = true;
      await secondJoined;
    }
    return found;
  }) as typeof db.one;
  const first = onsale.join(eventId, session);
  const second = await onsale.join(eventId, session);
  release();
  const late = await first;
  db.one = one;

  const places = await db.all<{ position: number }>(
    "SELECT position FROM onsale_entries WHERE event_id = ? AND session_id = ?",
    [eventId, session],
  );
  assert.equal(places.length, 1, "one place per session");
  assert.deepEqual(
    [second, late].map((s) => [s.status, s.position]),
    [
      ["waiting", Number(places[0]?.position)],
      ["waiting", Number(places[0]?.position)],
    ],
  );
});
