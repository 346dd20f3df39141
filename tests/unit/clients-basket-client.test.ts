import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { type BasketClient, createBasketClient } from "../../src/clients/basket-client";

interface Seen {
  method: string;
  url: string;
  body: string;
}

const seen: Seen[] = [];
let server: Server;
let baseUrl = "";
let client: BasketClient;
let reply: (req: IncomingMessage, body: string) => { status: number; json: unknown } = () => ({
  status: 200,
  json: {},
});

const START = "2030-01-02T16:00:00Z";
const END = "2030-01-02T19:00:00Z";
const wireBasket = {
  currency_code: "USD",
  expires_at: "2030-01-01T10:00:00Z",
  events: [
    {
      event: { id: 7, event_source_id: 70, title: "Concert", started_at: START, place: { id: 3, title: "Arena" } },
      tickets: [
        { id: 11, title: "VIP", price: 100.5, count: 2, started_at: START, ends_at: END, extra: { service_fee: 5 } },
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
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createBasketClient({ baseUrl, lang: "ru" });
});

after(() => {
  server.close();
});

describe("basket client", () => {
  it("GET /api/basket in the asked currency, reshaped into the site's types", async () => {
    reply = () => ({ status: 200, json: wireBasket });
    const basket = await client.getBasket("usd");
    assert.equal(seen.at(-1)?.method, "GET");
    assert.equal(seen.at(-1)?.url, "/api/basket?currency_code=USD&lang=ru");
    assert.deepEqual(basket, {
      currencyCode: "USD",
      expiresAt: "2030-01-01T10:00:00Z",
      updatedAt: null,
      events: [
        {
          event: { id: 7, eventSourceId: 70, title: "Concert", startedAt: START, place: { id: 3, title: "Arena" } },
          tickets: [
            { id: 11, title: "VIP", price: 100.5, count: 2, startedAt: START, endsAt: END, serviceFee: 5 },
            { id: 12, title: "Floor", price: 40, count: 1, startedAt: null, endsAt: null, serviceFee: 0 },
          ],
        },
      ],
    });
  });

  it("POSTs each change with its type, and DELETE clears", async () => {
    reply = () => ({ status: 200, json: wireBasket });
    await client.changeBasket({ type: "ADD_TICKET", ticket: { id: 11, count: 2 } }, "AED");
    assert.equal(seen.at(-1)?.method, "POST");
    assert.equal(seen.at(-1)?.url, "/api/basket?currency_code=AED&lang=ru");
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), { type: "ADD_TICKET", ticket: { id: 11, count: 2 } });
    await client.changeBasket({ type: "DELETE_EVENT", event: { id: 7 } }, "AED");
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), { type: "DELETE_EVENT", event: { id: 7 } });
    reply = () => ({ status: 200, json: { currency_code: "AED", events: [] } });
    const empty = await client.clearBasket("AED");
    assert.equal(seen.at(-1)?.method, "DELETE");
    assert.deepEqual(empty.events, []);
  });

  it("an error answer carries the server's status, code and detail", async () => {
    const { BasketApiError } = await import("../../src/clients/basket-client");
    reply = () => ({ status: 409, json: { code: "not_enough_tickets", detail: "only 2 left" } });
    await assert.rejects(
      client.changeBasket({ type: "UPDATE_TICKET", ticket: { id: 11, count: 9 } }, "AED"),
      (error: unknown) => {
        assert.ok(error instanceof BasketApiError);
        assert.equal(error.status, 409);
        assert.equal(error.code, "not_enough_tickets");
        assert.equal(error.detail, "only 2 left");
        assert.equal(error.network, false);
        return true;
      },
    );
  });

  it("an answer without the error shape still gets a code from its status", async () => {
    reply = () => ({ status: 502, json: "bad gateway" });
    await assert.rejects(client.getBasket("AED"), { code: "http_502", status: 502, network: false });
  });

  it("order calls: create (snake_case body with lang, captcha and utm), get, start a payment", async () => {
    const wireOrder = {
      id: "abc/def",
      number: "UAE-7K3M9Q",
      status: "awaiting_payment",
      lang: "ru",
      currency_code: "AED",
      events: wireBasket.events,
      total: { price: 241, service_fee: 10, payment_fee: 6.28, amount: 257.28, count: 3 },
      acquisition_id: 4,
      tickets: [],
      created_at: "2030-01-01T09:00:00Z",
      expires_at: "2030-01-03T09:00:00Z",
    };
    reply = () => ({ status: 201, json: wireOrder });
    const order = await client.createOrder({
      email: "a@b.co",
      name: "A",
      acquisitionId: 4,
      currencyCode: "aed",
      captcha: "eyJ9",
      utm: { utm_source: "x" },
    });
    assert.equal(seen.at(-1)?.url, "/api/orders?lang=ru");
    assert.deepEqual(JSON.parse(seen.at(-1)?.body ?? ""), {
      email: "a@b.co",
      name: "A",
      phone: null,
      acquisition_id: 4,
      currency_code: "AED",
      lang: "ru",
      captcha: "eyJ9",
      utm: { utm_source: "x" },
    });
    assert.equal(order.number, "UAE-7K3M9Q");
    assert.equal(order.lang, "ru");
    assert.deepEqual(order.total, { price: 241, serviceFee: 10, paymentFee: 6.28, amount: 257.28, count: 3 });
    assert.deepEqual(order.tickets, []);
    assert.equal(order.expiresAt, "2030-01-03T09:00:00Z");
    assert.equal(order.paidAt, null);

    reply = () => ({
      status: 200,
      json: {
        ...wireOrder,
        status: "paid",
        expires_at: null,
        tickets: [{ code: "T-1", event_id: 7, ticket_id: 11, title: "VIP", ends_at: "2026-11-30T22:00:00+04:00" }],
      },
    });
    const paid = await client.getOrder("abc/def");
    assert.equal(seen.at(-1)?.url, "/api/orders/abc%2Fdef?lang=ru");
    assert.deepEqual(paid.tickets, [
      { code: "T-1", eventId: 7, ticketId: 11, title: "VIP", startedAt: null, endsAt: "2026-11-30T22:00:00+04:00" },
    ]);

    reply = () => ({ status: 201, json: { redirect_url: "http://127.0.0.1:1/acquirer/x" } });
    const started = await client.startPayment("abc", "http://site.example/ru/payment/success/", "en");
    assert.equal(seen.at(-1)?.method, "POST");
    assert.equal(seen.at(-1)?.url, "/api/orders/abc/payments?lang=ru");
    assert.deepEqual(
      JSON.parse(seen.at(-1)?.body ?? ""),
      { return_url: "http://site.example/ru/payment/success/", lang: "en" },
      "the language the buyer pays in, whatever the order was placed in",
    );
    assert.deepEqual(started, { redirectUrl: "http://127.0.0.1:1/acquirer/x" });
  });

  it("the captcha challenge comes back in the site's shape", async () => {
    reply = () => ({
      status: 200,
      json: { algorithm: "SHA-256", challenge: "ab", maxnumber: 1000, salt: "s?expires=1", signature: "sig" },
    });
    assert.deepEqual(await client.getCaptcha(), {
      algorithm: "SHA-256",
      challenge: "ab",
      maxNumber: 1000,
      salt: "s?expires=1",
      signature: "sig",
    });
    assert.equal(seen.at(-1)?.url, "/api/captcha?lang=ru");
  });

  it("two clients keep their own language: no state is shared between them", async () => {
    reply = () => ({ status: 200, json: wireBasket });
    const arabic = createBasketClient({ baseUrl, lang: "ar" });
    await arabic.getBasket();
    assert.equal(seen.at(-1)?.url, "/api/basket?lang=ar");
    await client.getBasket();
    assert.equal(seen.at(-1)?.url, "/api/basket?lang=ru");
  });

  it("a server that cannot be reached is a network error", async () => {
    const { toBasketApiError } = await import("../../src/clients/basket-client");
    const error = toBasketApiError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    assert.equal(error.network, true);
    assert.equal(error.code, "network");
    assert.equal(error.status, null);
  });
});

describe("wallet links (contract 2.3)", () => {
  it("GET /api/orders/{id}/wallet, reshaped; a wallet the server does not offer stays null", async () => {
    reply = () => ({
      status: 200,
      json: {
        apple: { order_url: "http://api/a/o", tickets: [{ code: "UAE-AAAAA-BBBBB", url: "http://api/a/t" }] },
        google: null,
      },
    });
    const wallets = await client.getWalletLinks("ord 1");
    assert.equal(seen.at(-1)?.url, "/api/orders/ord%201/wallet?lang=ru");
    assert.deepEqual(wallets, {
      apple: { orderUrl: "http://api/a/o", tickets: [{ code: "UAE-AAAAA-BBBBB", url: "http://api/a/t" }] },
      google: null,
    });
  });

  it("a 2.2 server (no such route: 404) offers neither wallet; other failures are errors", async () => {
    reply = () => ({ status: 404, json: { detail: "Route GET:/api/orders/x/wallet not found", code: "not_found" } });
    assert.deepEqual(await client.getWalletLinks("x"), { apple: null, google: null });
    reply = () => ({ status: 503, json: { detail: "down", code: "unavailable" } });
    await assert.rejects(client.getWalletLinks("x"));
  });
});
