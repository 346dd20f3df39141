/**
 * GET /health (server/src/http/health.ts), on a tiny Fastify app with a database stand-in: 200
 * while the ping answers, 503 "stopping" once a graceful stop begins, 503 with a detail (and
 * no database internals) while the ping fails or hangs; never cached.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Fastify, { type FastifyInstance } from "fastify";
import { HEALTH_PATH, health } from "../../server/src/http/health";

interface Stand {
  app: FastifyInstance;
  pings: () => number;
  database: { answer: "ok" | "fail" | "hang" };
  state: { stopping: boolean };
}

async function standUp(timeoutMs?: number): Promise<Stand> {
  const database: Stand["database"] = { answer: "ok" };
  const state = { stopping: false };
  let pings = 0;
  const app = Fastify();
  await app.register(health, {
    ping: async () => {
      pings += 1;
      if (database.answer === "fail") throw new Error("connect ECONNREFUSED 10.1.2.3:5432");
      if (database.answer === "hang") await new Promise(() => undefined);
      return 1;
    },
    stopping: () => state.stopping,
    timeoutMs,
  });
  return { app, pings: () => pings, database, state };
}

describe("GET /health", () => {
  it("answers 200 ok, uncached, while the database answers", async () => {
    const { app, pings } = await standUp();
    const res = await app.inject(HEALTH_PATH);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: "ok" });
    assert.equal(res.headers["cache-control"], "no-store");
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    assert.equal((await app.inject({ method: "HEAD", url: HEALTH_PATH })).statusCode, 200);
    assert.equal(pings(), 2, "each question asks the database anew");
  });

  it("answers 503 with a detail while the database fails, without its error text, and 200 once it is back", async () => {
    const { app, database } = await standUp();
    database.answer = "fail";
    const res = await app.inject(HEALTH_PATH);
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: "unavailable", detail: "the database did not answer" });
    assert.equal(res.headers["cache-control"], "no-store");
    assert.doesNotMatch(res.body, /10\.1\.2\.3|ECONNREFUSED/);
    database.answer = "ok";
    assert.equal((await app.inject(HEALTH_PATH)).statusCode, 200);
  });

  it("does not wait on a database that hangs", async () => {
    const { app, database } = await standUp(50);
    database.answer = "hang";
    const started = Date.now();
    const res = await app.inject(HEALTH_PATH);
    assert.ok(Date.now() - started < 1000, "answered after the bound, not when the database wakes");
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: "unavailable", detail: "the database did not answer within 50 ms" });
  });

  it("answers 503 stopping from the moment a graceful stop begins, without asking the database", async () => {
    const { app, state, pings } = await standUp();
    state.stopping = true;
    const res = await app.inject(HEALTH_PATH);
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: "stopping" });
    assert.equal(res.headers["cache-control"], "no-store");
    assert.equal(pings(), 0);
  });
});
