/**
 * Inputs that used to answer 500 or hold a socket: JSON nested thousands of levels deep,
 * image kinds named after Object.prototype's properties, a full disk, the acquirer's form
 * over its limit, a request without Host, and a Content-Length larger than the body sent.
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, describe, test } from "node:test";
import { TEST_ENGINE } from "../support/test-database";
import { json, makeApp, SITE_ORIGIN, type TestApp, Visitor } from "./helpers";

const origin = { origin: SITE_ORIGIN, "content-type": "application/json" };

describe("JSON nested deeper than any request needs", () => {
  test("8,000 levels on every JSON route: 400 with a detail, never 500", async () => {
    const { app } = await makeApp();
    after(() => app.close());
    const deep = `${"[".repeat(8000)}${"]".repeat(8000)}`;
    const deepObject = `${'{"a":'.repeat(2500)}1${"}".repeat(2500)}`;
    for (const url of ["/api/basket", "/api/orders", "/api/orders/lookup", "/api/orders/x/payments"]) {
      for (const payload of [deep, deepObject]) {
        const res = await app.inject({ method: "POST", url, headers: origin, payload });
        assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 200)}`);
        const body = json<{ detail: string; code: string }>(res);
        assert.equal(body.code, "invalid_json");
        assert.match(body.detail, /deeper than 32 levels/);
      }
    }
    // brackets inside strings are text, not nesting
    const inString = JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 }, note: "[".repeat(5000) });
    const ok = await app.inject({ method: "POST", url: "/api/basket", headers: origin, payload: inString });
    assert.equal(ok.statusCode, 200, ok.body);
  });
});

describe("images", () => {
  test("kinds named after Object.prototype's properties are 404, the real kinds still answer", async () => {
    const { app } = await makeApp();
    after(() => app.close());
    for (const kind of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"]) {
      const res = await app.inject(`/media/${kind}/1.svg`);
      assert.equal(res.statusCode, 404, `${kind}: ${res.body.slice(0, 200)}`);
      assert.equal(json<{ code: string }>(res).code, "not_found");
    }
    assert.equal((await app.inject("/media/events/1.svg")).statusCode, 200);
  });
});

/** Fills the database to its (lowered) size limit, so that the next write needing a page fails with SQLITE_FULL. */
function fillTheDisk(app: TestApp): void {
  const db = app.deps.db.sqlite;
  assert.ok(db, "a SQLite database");
  db.exec("CREATE TABLE ballast (x BLOB)");
  const pages = (db.pragma("page_count", { simple: true }) as number) + 8;
  db.pragma(`max_page_count = ${pages}`);
  const insert = db.prepare("INSERT INTO ballast (x) VALUES (randomblob(1024))");
  for (;;) {
    try {
      insert.run();
    } catch (err) {
      assert.equal((err as { code?: string }).code, "SQLITE_FULL");
      return;
    }
  }
}

describe("a full disk", () => {
  // a full disk is made by lowering SQLite's page limit; PostgreSQL has no such switch to pull
  const sqliteOnly = { skip: TEST_ENGINE === "postgres" && "SQLite only (a lowered max_page_count)" };
  test("a write answers 503 saying storage is full; reads keep working", sqliteOnly, async () => {
    const { app, clock } = await makeApp();
    after(() => app.close());
    const holder = new Visitor(app);
    assert.equal((await holder.add(1, 1)).statusCode, 200);
    fillTheDisk(app);

    // new visitors' first changes fill what room the pages had left, then the disk refuses
    let refused: Awaited<ReturnType<Visitor["add"]>> | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await new Visitor(app).add(2, 1);
      assert.ok(res.statusCode === 200 || res.statusCode === 503, `${res.statusCode} ${res.body}`);
      if (res.statusCode === 503) refused = res;
    }
    assert.ok(refused, "the disk filled up");
    const body = json<{ detail: string; code: string }>(refused);
    assert.equal(body.code, "storage_full");
    assert.match(body.detail, /storage is full/);
    assert.ok(refused.headers["retry-after"]);

    // the holder's hold runs out meanwhile: releasing it needs the disk too, and must not stop the reads
    clock.advance(20 * 60_000);
    assert.equal((await app.inject("/v1/events?page_size=5")).statusCode, 200);
    assert.equal((await app.inject("/v2/dates_prices?event_source_id=10001&currency=AED&source_id=2")).statusCode, 200);
    assert.equal((await app.inject({ url: "/api/basket", headers: { origin: SITE_ORIGIN } })).statusCode, 200);
    const mine = await holder.basket();
    assert.equal(mine.statusCode, 200, mine.body);
    assert.equal((await app.inject("/media/events/1.svg")).statusCode, 200);
  });
});

describe("the acquirer's form", () => {
  test("over its limit: 413 naming its own limit (4 KiB)", async () => {
    const { app } = await makeApp();
    after(() => app.close());
    const res = await app.inject({
      method: "POST",
      url: "/sandbox-acquirer/pay/whatever",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://api.test" },
      payload: `card_number=${"4".repeat(5000)}`,
    });
    assert.equal(res.statusCode, 413);
    assert.match(json<{ detail: string }>(res).detail, /larger than 4 KiB/);
    const api = await app.inject({
      method: "POST",
      url: "/api/basket",
      headers: origin,
      payload: `"${"x".repeat(17000)}"`,
    });
    assert.equal(api.statusCode, 413);
    assert.match(json<{ detail: string }>(api).detail, /larger than 16 KiB/);
  });
});

/** Sends raw bytes to the app's port and reads until the server closes (or `ms` pass). */
function raw(port: number, text: string, ms: number): Promise<{ answer: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, ms);
    socket.on("data", (d) => (answer += d.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe("over a real socket", () => {
  test("a request without Host: 400 with a detail", async () => {
    const { app } = await makeApp();
    after(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const { answer } = await raw(port, "GET /api/basket HTTP/1.1\r\nConnection: close\r\n\r\n", 5000);
    assert.match(answer, /^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { detail: string; code: string };
    assert.match(body.detail, /Host/);
    assert.equal(body.code, "bad_request");
  });

  test("a Content-Length larger than the body: the socket is answered 408 and closed in bounded time", async () => {
    const { app } = await makeApp({ requestTimeoutMs: 1000 });
    after(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const { answer, closedAfterMs } = await raw(
      port,
      "POST /api/basket HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      10_000,
    );
    assert.ok(closedAfterMs !== null, "the server closed the socket");
    assert.ok(closedAfterMs < 5000, `closed after ${closedAfterMs} ms`);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.match(answer, /request_timeout/);
  });
});
