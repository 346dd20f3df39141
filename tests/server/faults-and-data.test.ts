/** Fault injection, the hostile planter and the scale seeder. */

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildApp } from "../../server/src/app";
import { type Db, openDatabase } from "../../server/src/db/database";
import { HOSTILE_HTML, HOSTILE_TITLE, plantHostile } from "../../server/src/seed/plant-hostile";
import { seedSample } from "../../server/src/seed/seed-sample";
import { seedScale } from "../../server/src/seed/seed-scale";
import { openTestDatabase } from "../support/test-database";
import { assertMatchesContract, HERMETIC, json, makeApp, type TestApp, Visitor, withApp } from "./helpers";

/** A server on a database file of its own (not :memory:), removed afterwards. */
async function withFileApp(
  work: (app: Awaited<ReturnType<typeof buildApp>>, file: string) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "server-test-"));
  const file = join(dir, "db.sqlite");
  const app = await buildApp({ config: { ...HERMETIC, databasePath: file } });
  try {
    await work(app, file);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server on a database the test prepared; both are closed afterwards. */
async function withDbApp(db: Db, work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>): Promise<void> {
  const app = await buildApp({ db, config: HERMETIC });
  try {
    await work(app);
  } finally {
    await app.close();
    await db.close();
  }
}

describe("fault injection", () => {
  let app: TestApp;
  let base: string;
  before(async () => {
    ({ app } = await makeApp({ faultControl: true }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => app.close());

  const put = (body: unknown) => app.inject({ method: "PUT", url: "/__faults", payload: body as object });

  it("is off by default", async () => {
    assert.equal((await app.inject("/v1/events?page_size=1")).statusCode, 200);
    assert.deepEqual(json(await app.inject("/__faults")), {
      latencyMs: 0,
      rate429: 0,
      rate503: 0,
      dead: false,
      scope: "all",
    });
  });

  it("answers 429 with Retry-After, readable cross-origin", async () => {
    assert.equal((await put({ rate429: 1 })).statusCode, 200);
    const res = await app.inject("/v1/events");
    assert.equal(res.statusCode, 429);
    assert.equal(res.headers["retry-after"], "1");
    assert.equal(res.headers["access-control-allow-origin"], "*");
    assertMatchesContract("catalogue", "/v1/events", "get", res);
    assert.equal((await app.inject("/__faults")).statusCode, 200, "the control endpoint is never faulted");
    await put({ rate429: 0 });
  });

  it("answers 503 for the scope asked only", async () => {
    await put({ rate503: 1, scope: "basket" });
    assert.equal((await app.inject("/v1/events?page_size=1")).statusCode, 200);
    const res = await app.inject({ url: "/api/basket", headers: { origin: "http://127.0.0.1:9000" } });
    assert.equal(res.statusCode, 503);
    assert.equal(res.headers["access-control-allow-origin"], "http://127.0.0.1:9000");
    await put({ rate503: 0, scope: "all" });
    assert.equal((await app.inject("/api/basket")).statusCode, 200);
  });

  it("adds latency", async () => {
    await put({ latencyMs: 150 });
    const t0 = Date.now();
    await app.inject("/v1/persons");
    assert.ok(Date.now() - t0 >= 140);
    await put({ latencyMs: 0 });
  });

  it("dead mode drops the connection without an answer, and comes back", async () => {
    await put({ dead: true, scope: "catalogue" });
    await assert.rejects(
      new Promise((resolve, reject) => {
        const req = http.get(`${base}/v1/events`, { agent: false }, resolve);
        req.on("error", reject);
      }),
    );
    await put({ dead: false });
    const ok = await new Promise<number>((resolve, reject) =>
      http
        .get(`${base}/v1/events`, { agent: false }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        })
        .on("error", reject),
    );
    assert.equal(ok, 200);
  });

  it("dead mode changes nothing: a basket write sent while dead is not applied", async () => {
    const v = new Visitor(app);
    await v.add(1, 1);
    await v.change({ type: "DELETE_TICKET", ticket: { id: 1 } });
    await put({ dead: true, scope: "basket" });
    await new Promise<void>((resolve) => {
      const req = http.request(
        `${base}/api/basket`,
        { method: "POST", agent: false, headers: { cookie: v.cookie!, "content-type": "application/json" } },
        () => resolve(),
      );
      req.on("error", () => resolve());
      req.end(JSON.stringify({ type: "ADD_TICKET", ticket: { id: 1, count: 1 } }));
    });
    await put({ dead: false, scope: "all" });
    assert.equal(json<{ events: unknown[] }>(await v.basket()).events.length, 0);
  });

  it("rejects malformed control input", async () => {
    assert.equal((await put({ rate429: 2 })).statusCode, 400);
    assert.equal((await put({ scope: "everything" })).statusCode, 400);
  });

  it("has no control endpoint unless FAULT_CONTROL=1", async () => {
    const { app: plain } = await makeApp();
    assert.equal((await plain.inject({ method: "PUT", url: "/__faults", payload: { dead: true } })).statusCode, 404);
    await plain.close();
  });
});

describe("hostile content", () => {
  it("plants script, handlers, javascript: links and iframes that the running server then serves", () =>
    withApp({}, async ({ app }) => {
      assert.equal(
        json<{ results: Array<{ description: string }> }>(
          await app.inject("/v1/events?id_in=1"),
        ).results[0]!.description.includes("<script>"),
        false,
      );
      await plantHostile(app.deps.db);
      await app.deps.catalogue.reload(); // same connection: no data_version change to notice
      for (const lang of ["en", "ru", "ar"]) {
        const events = json<{ results: Array<{ id: number; title: string; description: string }> }>(
          await app.inject(`/v1/events?id_in=1,2&lang=${lang}`),
        ).results;
        assert.equal(events.find((e) => e.id === 1)!.description, HOSTILE_HTML);
        assert.equal(events.find((e) => e.id === 2)!.title, HOSTILE_TITLE);
      }
      assert.equal(
        json<{ results: Array<{ body: string }> }>(await app.inject("/v1/news?page_size=100")).results.find(
          (n) => n.body === HOSTILE_HTML,
        ) !== undefined,
        true,
      );
      assert.equal(
        json<{ results: Array<{ description: string }> }>(await app.inject("/v1/persons?page_size=1")).results[0]!
          .description,
        HOSTILE_HTML,
      );
      for (const marker of [
        "<script>window.__xss=1",
        'onerror="window.__xss=2"',
        "javascript:window.__xss=3",
        "<iframe",
        "<strong>bold</strong>",
      ]) {
        assert.ok(HOSTILE_HTML.includes(marker));
      }
    }));
});

describe("a running server and another connection", () => {
  it("serves what another connection (the planter) wrote, within about a second", async () => {
    await withFileApp(async (app, file) => {
      assert.notEqual(
        json<{ results: Array<{ title: string }> }>(await app.inject("/v1/events?id_in=2")).results[0]!.title,
        HOSTILE_TITLE,
      );
      const other = await openDatabase(file);
      await plantHostile(other);
      await other.close();
      await new Promise((r) => setTimeout(r, 1100));
      assert.equal(
        json<{ results: Array<{ title: string }> }>(await app.inject("/v1/events?id_in=2")).results[0]!.title,
        HOSTILE_TITLE,
      );
    });
  });
});

describe("WAL checkpoints", () => {
  it("are made off the request path, by a worker, within about a second", async () => {
    await withFileApp(async (app, file) => {
      const v = new Visitor(app as TestApp);
      for (let i = 0; i < 20; i++) await v.add(1, 1).then(() => v.request("DELETE", "/api/basket"));
      await new Promise((r) => setTimeout(r, 1500));
      const check = await openDatabase(file);
      const raw = check.sqlite;
      assert.ok(raw, "a SQLite file");
      const [result] = raw.pragma("wal_checkpoint(PASSIVE)") as Array<{ log: number; checkpointed: number }>;
      await check.close();
      assert.equal(result!.log, result!.checkpointed, "everything in the WAL was already copied back");
      assert.ok(statSync(file).size > 100_000, "the catalogue reached the database file");
    });
  });
});

describe("a database seeded days ago", () => {
  it("is moved forward by whole days on start, so the sample never goes stale", async () => {
    const db = await openTestDatabase();
    const day = 24 * 3600 * 1000;
    const seededAt = Date.now() - 10 * day - 5000;
    await seedSample(db, { now: seededAt });
    const firstSession = async () =>
      Number((await db.one<{ s: number }>("SELECT MIN(started_at) AS s FROM event_sessions WHERE event_id = 1"))?.s);
    const first = await firstSession();
    await withDbApp(db, async (app) => {
      const moved = await firstSession();
      assert.equal(moved - first, 10 * day);
      const active = json<{ count: number }>(await app.inject("/v1/events"));
      assert.equal(active.count, 40);
    });
  });
});

describe("the sample catalogue reads like a real shop's", () => {
  it("puts an event whose title or text names its days on those days, whatever day it is seeded", async () => {
    const day = 24 * 3600 * 1000;
    for (let offset = 0; offset < 7; offset++) {
      const db = await openDatabase(":memory:");
      await seedSample(db, { now: Date.UTC(2026, 10, 26, 9) + offset * day });
      const uaeWeekday = async (id: number) => {
        const first = await db.one<{ s: number }>(
          "SELECT MIN(started_at) AS s FROM event_sessions WHERE event_id = ?",
          [id],
        );
        return new Date(Number(first?.s) + 4 * 3600 * 1000).getUTCDay();
      };
      assert.equal(await uaeWeekday(35), 0, "Sunday Chamber Music is on a Sunday");
      assert.equal(await uaeWeekday(5), 5, "the Grand Prix weekend starts with Friday's practice");
      assert.equal(await uaeWeekday(10), 5, "the tennis finals weekend runs Friday to Sunday");
      await db.close();
    }
  });
});

describe("scale data", () => {
  it("seeds generated events with proportionate places, persons and news that follow the contract", async () => {
    const db = await openTestDatabase();
    const t0 = Date.now();
    const counts = await seedScale(db, { events: 2000 });
    // PostgreSQL takes a round trip per statement where SQLite takes none
    const bound = db.engine === "postgres" ? 30_000 : 10_000;
    assert.ok(Date.now() - t0 < bound, `2,000 events seeded in ${Date.now() - t0} ms (at most ${bound})`);
    assert.deepEqual(counts, { places: 100, persons: 200, news: 200 });
    await withDbApp(db, async (app) => {
      const page = await app.inject("/v1/events?date_type=all&page_size=100&page=7&lang=ar");
      const body = assertMatchesContract("catalogue", "/v1/events", "get", page) as { count: number };
      assert.equal(body.count, 2000);
      assertMatchesContract("catalogue", "/v1/places", "get", await app.inject("/v1/places?page_size=100&lang=ru"));
      assertMatchesContract("catalogue", "/v1/news", "get", await app.inject("/v1/news?page_size=100"));
      assertMatchesContract(
        "catalogue",
        "/v2/dates_prices",
        "get",
        await app.inject("/v2/dates_prices?event_source_id=10500&currency=USD&source_id=2"),
      );
    });
  });
});
