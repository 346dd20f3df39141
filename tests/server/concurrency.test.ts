/** Over real HTTP: many buyers at once can never hold more tickets than exist; CORS as a browser sees it. */

import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { makeApp, offersOf, SITE_ORIGIN, type TestApp } from "./helpers";

let app: TestApp;
let base: string;
before(async () => {
  ({ app } = await makeApp());
  await app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
after(async () => app.close());

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
after(() => agent.destroy());

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (data += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * A new visitor with an empty basket: its first change (holding a ticket) gives it a session
 * cookie, and it puts the ticket back (removing what is not there would make no session).
 */
async function newSession(): Promise<string> {
  const headers = { origin: SITE_ORIGIN, "content-type": "application/json" };
  const res = await request(
    "POST",
    "/api/basket",
    headers,
    JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }),
  );
  const set = res.headers["set-cookie"]?.[0];
  assert.ok(set);
  const cookie = set.split(";")[0]!;
  await request(
    "POST",
    "/api/basket",
    { ...headers, cookie },
    JSON.stringify({ type: "DELETE_TICKET", ticket: { id: 1 } }),
  );
  return cookie;
}

describe("concurrent buyers", () => {
  it("never oversell: 80 concurrent ADD_TICKET for 12 tickets → exactly 12 held", async () => {
    const ticket = (await offersOf(app, 10008))[0]!.tickets[1]!;
    const db = app.deps.db;
    await db.run("UPDATE tickets SET total = sold + held + 12 WHERE id = ?", [ticket.id]);
    const sessions = await Promise.all(Array.from({ length: 80 }, newSession));
    const body = JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 } });
    const results = await Promise.all(
      sessions.map((cookie) =>
        request("POST", "/api/basket", { origin: SITE_ORIGIN, cookie, "content-type": "application/json" }, body),
      ),
    );
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 12, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 409).length, 68);
    assert.ok(results.filter((r) => r.status === 409).every((r) => JSON.parse(r.body).code === "not_enough_tickets"));
    const row = (await db.one<{ total: number; sold: number; held: number; in_baskets: number }>(
      "SELECT total, sold, held, (SELECT COALESCE(SUM(count), 0) FROM basket_items WHERE ticket_id = tickets.id) AS in_baskets FROM tickets WHERE id = ?",
      [ticket.id],
    ))!;
    assert.equal(row.held, 12);
    assert.equal(row.in_baskets, 12);
    assert.equal(row.total - row.sold - row.held, 0);
    const after1 = (await offersOf(app, 10008))[0]!.tickets[1]!;
    assert.equal(after1.available, 0);
  });

  it("never oversell with mixed ADD and UPDATE of several tickets each", async () => {
    const ticket = (await offersOf(app, 10008))[1]!.tickets[0]!;
    const db = app.deps.db;
    await db.run("UPDATE tickets SET total = sold + held + 25 WHERE id = ?", [ticket.id]);
    const sessions = await Promise.all(Array.from({ length: 40 }, newSession));
    await Promise.all(
      sessions.flatMap((cookie, i) => [
        request(
          "POST",
          "/api/basket",
          { origin: SITE_ORIGIN, cookie, "content-type": "application/json" },
          JSON.stringify({ type: "ADD_TICKET", ticket: { id: ticket.id, count: 1 + (i % 3) } }),
        ),
        request(
          "POST",
          "/api/basket",
          { origin: SITE_ORIGIN, cookie, "content-type": "application/json" },
          JSON.stringify({ type: "UPDATE_TICKET", ticket: { id: ticket.id, count: 2 + (i % 4) } }),
        ),
      ]),
    );
    const row = (await db.one<{ total: number; sold: number; held: number; in_baskets: number }>(
      "SELECT total, sold, held, (SELECT COALESCE(SUM(count), 0) FROM basket_items WHERE ticket_id = tickets.id) AS in_baskets FROM tickets WHERE id = ?",
      [ticket.id],
    ))!;
    assert.equal(row.held, row.in_baskets, "held matches what the baskets hold");
    assert.ok(row.sold + row.held <= row.total, "never oversold");
  });
});

describe("CORS over HTTP", () => {
  it("preflight and credentials for the site origin, 403 for another origin's write", async () => {
    const pre = await request("OPTIONS", "/api/basket", {
      origin: SITE_ORIGIN,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers["access-control-allow-origin"], SITE_ORIGIN);
    assert.equal(pre.headers["access-control-allow-credentials"], "true");
    const cookie = await newSession();
    const evil = await request(
      "POST",
      "/api/basket",
      { origin: "http://attacker.test", cookie, "content-type": "application/json" },
      JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }),
    );
    assert.equal(evil.status, 403);
    assert.equal(JSON.parse(evil.body).code, "origin_not_allowed");
    const catalogue = await request("OPTIONS", "/v2/events_prices", {
      origin: "http://anywhere.test",
      "access-control-request-method": "GET",
    });
    assert.equal(catalogue.status, 204);
    assert.equal(catalogue.headers["access-control-allow-origin"], "*");
  });
});
