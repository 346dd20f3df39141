/**
 * The basket client whose code loads with its first request: it offers every method of the
 * client, and what it reports is the client's own BasketApiError, so callers tell a refusal
 * from an unreachable server as before.
 */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { createBasketClient, isBasketApiError } from "../../src/clients/basket-client";
import { lazyBasketClient } from "../../src/clients/load-basket-client";

describe("the basket client loaded on first use", () => {
  it("offers every method of the client, in the page's language", () => {
    const options = { baseUrl: "http://127.0.0.1:9", lang: "ar" as const };
    const lazy = lazyBasketClient(options);
    assert.deepEqual(Object.keys(lazy).sort(), Object.keys(createBasketClient(options)).sort());
    assert.equal(lazy.lang, "ar");
  });

  it("answers through the real client and reports a refusal as the server worded it", async () => {
    const server = createServer((request, response) => {
      response.setHeader("content-type", "application/json");
      if (request.url?.startsWith("/api/orders/")) {
        response.statusCode = 404;
        response.end(JSON.stringify({ code: "not_found", detail: "no such order" }));
      } else {
        response.end(JSON.stringify({ results: [] }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const lazy = lazyBasketClient({ baseUrl: `http://127.0.0.1:${port}`, lang: "en" });
      assert.deepEqual(await lazy.listOrders(), []);
      const refused = await lazy.getOrder("42").then(
        () => null,
        (error: unknown) => error,
      );
      assert.ok(isBasketApiError(refused), String(refused));
      assert.equal(refused.code, "not_found");
      assert.equal(refused.network, false);
    } finally {
      server.close();
    }
  });

  it("reports a server that does not answer as a network failure", async () => {
    const lazy = lazyBasketClient({ baseUrl: "http://127.0.0.1:9", lang: "en", timeoutMs: 2000 });
    const failed = await lazy.getBasket("AED").then(
      () => null,
      (error: unknown) => error,
    );
    assert.ok(isBasketApiError(failed), String(failed));
    assert.equal(failed.network, true);
  });
});
