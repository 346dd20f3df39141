/**
 * Finding 3: the Origin rule held only for the raw URL, while the router decoded it. A
 * state-changing request from a foreign site must be refused on every path, however spelt.
 */

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { json, makeApp, type TestApp, Visitor } from "./helpers";

let app: TestApp;
before(async () => {
  ({ app } = await makeApp());
});
after(async () => app.close());

const EVIL = "https://evil.example";

/** Every state-changing operation of the basket contract, with a body that would change something. */
const OPERATIONS: Array<[method: "POST" | "DELETE", path: string, body: unknown]> = [
  ["POST", "/api/basket", { type: "ADD_TICKET", ticket: { id: 1, count: 1 } }],
  ["DELETE", "/api/basket", undefined],
  ["POST", "/api/orders", { email: "a@b.ae", name: "A", acquisition_id: 1, currency_code: "AED", captcha: "x" }],
  ["POST", "/api/orders/lookup", { number: "UAE-222222", email: "a@b.ae" }],
  ["POST", "/api/orders/ORDERID/payments", { return_url: "http://127.0.0.1:9000/" }],
];

const pct = (c: string, upper = false): string => {
  const hex = c.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** Other ways to write the same path that the router reads as that path. */
function spellings(path: string): string[] {
  const [, first, second, ...rest] = path.split("/") as [string, string, string, ...string[]];
  const tail = rest.length > 0 ? `/${rest.join("/")}` : "";
  return [
    path,
    `/${pct(first[0]!)}${first.slice(1)}/${second}${tail}`, // /%61pi/basket
    `/${first[0]}${pct(first[1]!, true)}${first.slice(2)}/${second}${tail}`, // /a%70i/basket
    `/${first}/${pct(second[0]!)}${second.slice(1)}${tail}`, // /api/%62asket
    path
      .split("")
      .map((c) => (c === "/" ? c : pct(c)))
      .join(""), // every letter encoded
    `${path}/`,
    `${path}?currency_code=AED`,
    `${path}#fragment`,
  ];
}

describe("the Origin rule", () => {
  it("refuses every state-changing path from a foreign Origin, in every spelling, and changes nothing", async () => {
    const owner = new Visitor(app);
    await owner.add(1, 2);
    for (const [method, path, body] of OPERATIONS) {
      for (const url of spellings(path)) {
        const res = await app.inject({
          method,
          url,
          headers: {
            origin: EVIL,
            cookie: owner.cookie!,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
        assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
        assert.equal(json<{ code: string }>(res).code, "origin_not_allowed", `${method} ${url}`);
        assert.equal(
          res.headers["access-control-allow-origin"],
          undefined,
          `${method} ${url} gives no CORS to the foreign site`,
        );
      }
    }
    const basket = json<{ events: Array<{ tickets: Array<{ count: number }> }> }>(await owner.basket());
    assert.equal(basket.events[0]!.tickets[0]!.count, 2, "the basket is as it was");
  });

  it("the spellings are real: from the site's own origin the router takes them to the basket", async () => {
    const v = new Visitor(app);
    for (const url of spellings("/api/basket")) {
      const res = await v.request("POST", url, { type: "ADD_TICKET", ticket: { id: 1, count: 1 } });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    }
    assert.equal(
      json<{ events: Array<{ tickets: Array<{ count: number }> }> }>(await v.basket()).events[0]!.tickets[0]!.count,
      spellings("/api/basket").length,
    );
    await v.request("DELETE", "/%61pi/basket");
    assert.equal(
      json<{ events: unknown[] }>(await v.basket()).events.length,
      0,
      "DELETE /%61pi/basket from the site clears",
    );
  });

  it("refuses a foreign preflight and allows the site's, on encoded paths too", async () => {
    const foreign = await app.inject({
      method: "OPTIONS",
      url: "/%61pi/basket",
      headers: { origin: EVIL, "access-control-request-method": "POST" },
    });
    assert.equal(foreign.statusCode, 403);
    const site = await app.inject({
      method: "OPTIONS",
      url: "/%61pi/basket",
      headers: { origin: "http://127.0.0.1:9000", "access-control-request-method": "POST" },
    });
    assert.equal(site.statusCode, 204);
    assert.equal(site.headers["access-control-allow-origin"], "http://127.0.0.1:9000");
    assert.equal(site.headers["access-control-allow-credentials"], "true");
  });

  it("lets a request without Origin (not a browser) through", async () => {
    const v = new Visitor(app, undefined);
    assert.equal((await v.add(1, 1)).statusCode, 200);
    await v.request("DELETE", "/api/basket");
  });
});
