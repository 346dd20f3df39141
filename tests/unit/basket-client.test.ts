import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";

interface Seen {
  method: string;
  url: string;
  body: string;
}

const seen: Seen[] = [];
let server: Server;
let reply: (req: IncomingMessage, body: string) => { status: number; json: unknown } = () => ({ status: 200, json: {} });

const wireBasket = {
  currency_code: "USD",
  expires_at: "2030-01-01T10:00:00Z",
  events: [
    {
      event: { id: 7, event_source_id: 70, title: "Concert", started_at: "2030-01-02T16:00:00Z", place: { id: 3, title: "Arena" } },
      tickets: [
        { id: 11, title: "VIP", price: 100.5, count: 2, started_at: "2030-01-02T16:00:00Z", extra: { service_fee: 5 } },
        { id: 12, title: "Floor", price: 40, count: 1 },
      ],
    },
  ],
};

before(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body });
      const { status, json } = reply(req, body);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.GATSBY_BASKET_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

after(() => {
  server.close();
});

describe("basket client", () => {
  it("GET /api/basket in the asked currency, reshaped into the site's types", async () => {
    const { getBasket } = await import("../../src/clients/basket-client");
    reply = () => ({ status: 200, json: wireBasket });
    const basket = await getBasket("usd");
    assert.equal(seen.at(-1)?.method, "GET");
    assert.equal(seen.at(-1)?.url, "/api/basket?currency_code=USD");
    assert.deepEqual(basket, {
      currencyCode: "USD",
      expiresAt: "2030-01-01T10:00:00Z",
      updatedAt: null,
      events: [
        {
          event: { id: 7, eventSourceId: 70, title: "Concert", startedAt: "2030-01-02T16:00:00Z", place: { id: 3, title: "Arena" } },
          tickets: [
            { id: 11, title: "VIP", price: 100.5, count: 2, startedAt: "2030-01-02T16:00:00Z", serviceFee: 5 },
            { id: 12, title: "Floor", price: 40, count: 1, startedAt: null, serviceFee: 0 },
          ],
        },
      ],
    });
  });

  it("POSTs each change with its type, and DELETE clears", async () => {
    const { changeBasket, clearBasket } = await import("../../src/clients/basket-client");
    reply = () => ({ status: 200, json: wireBasket });
    await changeBasket({ type: "ADD_TICKET", ticket: { id: 11, count: 2 } }, "AED");
    assert.equal(seen.at(-1)?.method, "POST");
    assert.equal(seen.at(-1)?.url, "/api/basket?currency_code=AED");
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), { type: "ADD_TICKET", ticket: { id: 11, count: 2 } });
    await changeBasket({ type: "DELETE_EVENT", event: { id: 7 } }, "AED");
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), { type: "DELETE_EVENT", event: { id: 7 } });
    reply = () => ({ status: 200, json: { currency_code: "AED", events: [] } });
    const empty = await clearBasket("AED");
    assert.equal(seen.at(-1)?.method, "DELETE");
    assert.deepEqual(empty.events, []);
  });

  it("an error answer carries the server's status, code and detail", async () => {
    const { changeBasket, BasketApiError } = await import("../../src/clients/basket-client");
    reply = () => ({ status: 409, json: { code: "not_enough_tickets", detail: "only 2 left" } });
    await assert.rejects(changeBasket({ type: "UPDATE_TICKET", ticket: { id: 11, count: 9 } }, "AED"), (error: unknown) => {
      assert.ok(error instanceof BasketApiError);
      assert.equal(error.status, 409);
      assert.equal(error.code, "not_enough_tickets");
      assert.equal(error.detail, "only 2 left");
      assert.equal(error.network, false);
      return true;
    });
  });

  it("an answer without the error shape still gets a code from its status", async () => {
    const { getBasket } = await import("../../src/clients/basket-client");
    reply = () => ({ status: 502, json: "bad gateway" });
    await assert.rejects(getBasket("AED"), { code: "http_502", status: 502, network: false });
  });

  it("order calls: create (snake_case body with utm), get, pay", async () => {
    const { createOrder, getOrder, payOrder } = await import("../../src/clients/basket-client");
    const wireOrder = {
      id: "abc/def",
      status: "awaiting_payment",
      currency_code: "AED",
      events: wireBasket.events,
      total: { price: 241, service_fee: 10, count: 3 },
      created_at: "2030-01-01T09:00:00Z",
    };
    reply = () => ({ status: 201, json: wireOrder });
    const order = await createOrder({
      email: "a@b.co",
      name: "A",
      acquisitionId: 2,
      currencyCode: "aed",
      utm: { utm_source: "x" },
    });
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), {
      email: "a@b.co",
      name: "A",
      phone: null,
      acquisition_id: 2,
      currency_code: "AED",
      utm: { utm_source: "x" },
    });
    assert.deepEqual(order.total, { price: 241, serviceFee: 10, count: 3 });
    assert.deepEqual(order.ticketsCodes, []);
    assert.equal(order.paidAt, null);
    await getOrder("abc/def");
    assert.equal(seen.at(-1)?.url, "/api/orders/abc%2Fdef");
    await payOrder("abc", "4242 4242 4242 4242");
    assert.equal(seen.at(-1)?.url, "/api/orders/abc/pay");
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), { card_number: "4242 4242 4242 4242" });
  });

  it("a server that cannot be reached is a network error", async () => {
    const { toBasketApiError } = await import("../../src/clients/basket-client");
    const error = toBasketApiError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    assert.equal(error.network, true);
    assert.equal(error.code, "network");
    assert.equal(error.status, null);
  });
});
