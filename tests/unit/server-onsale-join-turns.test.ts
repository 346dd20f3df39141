/**
 * Joins take turns (server/src/onsale/join-turns.ts): a bounded number at once, in their order of
 * arrival, each started on a later turn of the event loop so that what arrived meanwhile (a poll)
 * is answered first.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { joinTurns } from "../../server/src/onsale/join-turns";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("joinTurns", () => {
  it("runs at most the given number at once, and starts them in their order of arrival", async () => {
    const inTurn = joinTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const all = Array.from({ length: 8 }, (_, i) =>
      inTurn(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await tick();
        await tick();
        running--;
        return i * 10;
      }),
    );
    assert.deepEqual(await Promise.all(all), [0, 10, 20, 30, 40, 50, 60, 70]);
    assert.equal(most, 2);
    assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("a poll that arrives while joins wait is answered before the waiting joins start", async () => {
    const inTurn = joinTurns(1);
    const order: string[] = [];
    const joins = Array.from({ length: 5 }, (_, i) =>
      inTurn(async () => {
        order.push(`join ${i}`);
      }),
    );
    // the poll comes in on the next turn of the loop, as a request read from its socket does
    const poll = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push("poll");
        resolve();
      }),
    );
    await Promise.all([...joins, poll]);
    assert.ok(order.indexOf("poll") < order.indexOf("join 4"), order.join(", "));
    assert.ok(order.indexOf("poll") <= 1, `the poll waits for at most one join: ${order.join(", ")}`);
  });

  it("a join that fails gives its turn to the next", async () => {
    const inTurn = joinTurns(1);
    const failed = inTurn(async () => {
      throw new Error("captcha used before");
    });
    const next = inTurn(async () => "placed");
    await assert.rejects(failed, /captcha used before/);
    assert.equal(await next, "placed");
  });
});
