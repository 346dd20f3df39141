/**
 * Requests are checked by the contract's own schemas (server/src/http/contract-validation.ts):
 * one request breaking each kind of rule the contract writes gets a 400 whose detail names the
 * field, in the shop's {detail, code}, and changes nothing.
 */

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertMatchesContract, BUYER, json, makeApp, solveCaptcha, type TestApp, Visitor } from "./helpers";
import { rowCount } from "./written-rows";

let app: TestApp;
before(async () => {
  ({ app } = await makeApp());
});
after(async () => app.close());

const count = (table: string): Promise<number> => rowCount(app.deps.db, table);
const held = async (): Promise<number> =>
  Number((await app.deps.db.one<{ n: number }>("SELECT COALESCE(SUM(held), 0) AS n FROM tickets"))?.n);

/** A refused request: 400, the contract's error body, the code and a detail naming the field; no row changed. */
async function refused(
  send: (v: Visitor) => Promise<{ statusCode: number; body: string }>,
  path: string,
  code: string,
  field: RegExp,
): Promise<void> {
  const visitor = new Visitor(app);
  assert.equal((await visitor.add(1, 2)).statusCode, 200);
  const before = { orders: await count("orders"), held: await held(), payments: await count("payments") };
  const res = await send(visitor);
  assert.equal(res.statusCode, 400, res.body);
  const body = assertMatchesContract("basket", path, "post", res) as { detail: string; code: string };
  assert.equal(body.code, code, body.detail);
  assert.match(body.detail, field);
  assert.deepEqual({ orders: await count("orders"), held: await held(), payments: await count("payments") }, before);
  const basket = json<{ events: Array<{ tickets: Array<{ count: number }> }> }>(await visitor.basket());
  assert.equal(basket.events[0]?.tickets[0]?.count, 2, "the basket is as it was");
}

describe("requests the contract refuses", () => {
  it("a missing required field", async () => {
    await refused(
      async (v) => v.request("POST", "/api/orders", { ...BUYER, captcha: undefined }),
      "/api/orders",
      "captcha_invalid",
      /^captcha is required$/,
    );
    await refused(
      async (v) => v.change({ type: "ADD_TICKET", ticket: { id: 1 } }),
      "/api/basket",
      "invalid_count",
      /^ticket\.count is required$/,
    );
  });

  it("a field of the wrong type", async () => {
    await refused(
      async (v) => v.change({ type: "ADD_TICKET", ticket: { id: "1", count: 1 } }),
      "/api/basket",
      "bad_request",
      /^ticket\.id must be integer$/,
    );
    await refused(
      async (v) =>
        v.request("POST", "/api/orders", { ...BUYER, acquisition_id: "1", captcha: await solveCaptcha(app, v) }),
      "/api/orders",
      "unknown_acquisition",
      /^acquisition_id must be integer or null$/,
    );
    await refused(
      async (v) => v.request("POST", "/api/orders/lookup", { number: 12345, email: BUYER.email }),
      "/api/orders/lookup",
      "invalid_number",
      /^number must be string$/,
    );
  });

  it("a value outside an enum, and a kind of change the contract does not know", async () => {
    await refused(
      async (v) => v.request("POST", "/api/orders", { ...BUYER, lang: "fr", captcha: await solveCaptcha(app, v) }),
      "/api/orders",
      "invalid_lang",
      /^lang must be one of en, ru, ar$/,
    );
    await refused(
      async (v) => v.change({ type: "EMPTY_BASKET" }),
      "/api/basket",
      "unknown_type",
      /^type must be one of ADD_TICKET, UPDATE_TICKET, DELETE_TICKET, DELETE_EVENT$/,
    );
  });

  it("a value over a length limit", async () => {
    await refused(
      async (v) =>
        v.request("POST", "/api/orders/any/payments", { return_url: `https://x.example/${"a".repeat(2000)}` }),
      "/api/orders/{id}/payments",
      "invalid_return_url",
      /^return_url must be at most 2000 characters$/,
    );
  });

  it("a bad query parameter", async () => {
    await refused(
      async (v) => v.request("POST", "/api/basket?lang=fr", { type: "ADD_TICKET", ticket: { id: 1, count: 1 } }),
      "/api/basket",
      "invalid_lang",
      /^lang must be one of en, ru, ar$/,
    );
  });

  it("a body that is not an object", async () => {
    await refused(
      async (v) => v.request("POST", "/api/orders", [BUYER]),
      "/api/orders",
      "bad_request",
      /^the body must be a JSON object$/,
    );
  });
});
