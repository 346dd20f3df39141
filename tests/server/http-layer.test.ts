/**
 * Finding 7: everything the HTTP layer answers has {detail, code}; bodies are UTF-8 JSON and
 * nothing else; text that is not well-formed is refused, never stored.
 */

import assert from "node:assert/strict";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { json, makeApp, type TestApp, Visitor } from "./helpers";

let app: TestApp;
let base: { host: string; port: number };
before(async () => {
  ({ app } = await makeApp());
  // real sockets for what Node's parser answers before Fastify sees a request (a free port of the system's choosing)
  await app.listen({ host: "127.0.0.1", port: 0 });
  base = { host: "127.0.0.1", port: (app.server.address() as AddressInfo).port };
});
after(async () => app.close());

function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...base, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers["content-type"]) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const errorBody = (res: { body: string }) => {
  const b = JSON.parse(res.body) as { detail?: unknown; code?: unknown };
  assert.equal(typeof b.detail, "string");
  assert.equal(typeof b.code, "string");
  return b as { detail: string; code: string };
};

describe("errors of the HTTP layer carry {detail, code}", () => {
  it("414 for an address that is too long", async () => {
    const res = await raw(`/v1/events?search=${"a".repeat(20_000)}`);
    assert.equal(res.status, 414);
    assert.match(res.type, /application\/json/);
    assert.equal(errorBody(res).code, "uri_too_long");
  });

  it("431 for headers that are too large", async () => {
    const res = await raw("/v1/events", { "x-big": "b".repeat(20_000) });
    assert.equal(res.status, 431);
    assert.equal(errorBody(res).code, "headers_too_large");
  });

  it("413 for a body over 16 KiB, 404 for an unknown path", async () => {
    const v = new Visitor(app);
    const big = await v.request("POST", "/api/basket", JSON.stringify({ type: "ADD_TICKET", pad: "x".repeat(17_000) }));
    assert.equal(big.statusCode, 413);
    assert.equal(errorBody(big).code, "body_too_large");
    const missing = await app.inject("/no/such/path");
    assert.equal(missing.statusCode, 404);
    assert.equal(errorBody(missing).code, "not_found");
  });
});

/** A well-formed ADD_TICKET sent under the given content type. */
const addAs = (v: Visitor, contentType: string) =>
  v.request("POST", "/api/basket", JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }), {
    "content-type": contentType,
  });

describe("bodies are UTF-8 JSON", () => {
  it("a text/plain body gets a 400 that says to send JSON", async () => {
    const v = new Visitor(app);
    const res = await addAs(v, "text/plain");
    assert.equal(res.statusCode, 400);
    const b = errorBody(res);
    assert.equal(b.code, "unsupported_media_type");
    assert.match(b.detail, /application\/json/);
    assert.match(b.detail, /text\/plain/);
  });

  it("application/json; charset=latin1 is refused", async () => {
    const v = new Visitor(app);
    const res = await addAs(v, "application/json; charset=latin1");
    assert.equal(res.statusCode, 400);
    assert.equal(errorBody(res).code, "unsupported_media_type");
    assert.equal(json<{ events: unknown[] }>(await v.basket()).events.length, 0);
  });

  it("bytes that are not UTF-8 and lone surrogates are refused", async () => {
    const v = new Visitor(app);
    const bad = await app.inject({
      method: "POST",
      url: "/api/orders/lookup",
      headers: { "content-type": "application/json", cookie: v.cookie ?? "" },
      payload: Buffer.concat([
        Buffer.from('{"number":"UAE-'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","email":"a@b.ae"}'),
      ]),
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(errorBody(bad).code, "invalid_text");
    const lone = await v.request("POST", "/api/orders/lookup", '{"number":"UAE-\\udc00","email":"a@b.ae"}');
    assert.equal(lone.statusCode, 400);
    assert.equal(errorBody(lone).code, "invalid_text");
  });
});
