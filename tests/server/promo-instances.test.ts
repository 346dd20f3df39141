/**
 * A promo code's uses with two server instances on one PostgreSQL database: orders racing through
 * both never use a code more often than it allows (the code's advisory lock in the order's transaction).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runPromoCommand } from "../../server/src/promo/cli";
import { promoRepository } from "../../server/src/promo/promo-repository";
import { postgresUrl } from "../support/test-database";
import { BUYER, createOrder, fromAddress, json, type TestApp, Visitor, withInstancesOnPostgres } from "./helpers";

const NO_POSTGRES = postgresUrl() ? false : "needs PostgreSQL: TEST_DATABASE_URL is not set";

describe("promo code uses on two instances of one PostgreSQL database", { skip: NO_POSTGRES }, () => {
  const instances = withInstancesOnPostgres(2);

  it("sixteen orders through both instances at once with a code of 3 uses: exactly 3 use it", async () => {
    const [a, b] = instances.apps as [TestApp, TestApp];
    const repo = promoRepository(a.deps.db);
    await runPromoCommand(["create", "--code", "RACE3", "--percent", "10", "--uses", "3"], repo, Date.now());
    // orders of different tickets from different addresses take no common lock but the code's
    const visitors: Visitor[] = [];
    for (let ticket = 1; visitors.length < 16 && ticket < 60; ticket++) {
      const v = new Visitor(a);
      if ((await v.add(ticket, 1)).statusCode !== 200) continue;
      assert.equal((await v.request("PUT", "/api/basket/promo", { code: "race3" })).statusCode, 200);
      visitors.push(v);
    }
    assert.equal(visitors.length, 16);
    // the session lives in the database: half of the visitors order through B
    const results = await Promise.all(
      visitors.map((v, i) => {
        const through = i % 2 === 0 ? a : b;
        const moved = new Visitor(fromAddress(through, `10.0.0.${i + 1}`));
        moved.cookie = v.cookie;
        return createOrder(fromAddress(through, `10.0.0.${i + 1}`), moved, { ...BUYER, email: `race${i}@example.ae` });
      }),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? "made" : json<{ code: string }>(r).code));
    assert.equal(codes.filter((c) => c === "made").length, 3, codes.join(" "));
    assert.deepEqual(
      codes.filter((c) => c !== "made"),
      Array(13).fill("promo_used_up"),
    );
    assert.equal(await runPromoCommand(["count", "--code", "RACE3"], repo, Date.now()), "3");
  });
});
