/** `npm run promo`: create, import, list, disable and count, and what a wrong command line is told. */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Database } from "../../server/src/db/database";
import { runPromoCommand, UsageError } from "../../server/src/promo/cli";
import { promoRepository } from "../../server/src/promo/promo-repository";
import { openTestDatabase } from "../support/test-database";

let db: Database;
const NOW = Date.parse("2026-03-01T08:00:00Z");
const run = (...argv: string[]) => runPromoCommand(argv, promoRepository(db), NOW);
const dir = mkdtempSync(join(tmpdir(), "promo-cli-"));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

before(async () => {
  db = await openTestDatabase();
});
after(async () => db.close());

describe("npm run promo", () => {
  it("creates codes of each kind, upper-case, with their scope, uses and UAE-time bounds", async () => {
    assert.equal(
      await run("create", "--code", "spring10", "--percent", "10", "--event", "1,2", "--uses", "100"),
      "created SPRING10  10%  uses 0/100  events 1,2",
    );
    await run("create", "--code", "FLAT50", "--amount", "50", "--categories", "4", "--per-buyer", "1");
    await run("create", "--code", "VIP", "--price", "99.5", "--from", "2026-03-10", "--until", "2026-03-20");
    const vip = await promoRepository(db).byCode("VIP");
    // a bare date is the whole UAE day: from its first moment to the end of the last day
    assert.equal(vip?.validFrom, Date.parse("2026-03-10T00:00:00+04:00"));
    assert.equal(vip?.validUntil, Date.parse("2026-03-21T00:00:00+04:00"));
    assert.equal(
      await run("list"),
      [
        "FLAT50  50 AED off  uses 0  per buyer 1  categories 4",
        "SPRING10  10%  uses 0/100  events 1,2",
        "VIP  price 99.5 AED  uses 0  from 2026-03-10T00:00:00+04:00  until 2026-03-21T00:00:00+04:00",
      ].join("\n"),
    );
  });

  it("imports a JSON file all or none", async () => {
    const good = file("good.json", [
      { code: "summer5", percent: 5 },
      { code: "EID", amount: 25, events: [3], uses: 10, per_buyer: 2, until: "2026-04-01T23:59" },
    ]);
    assert.equal(await run("import", good), "imported 2 codes");
    assert.equal((await promoRepository(db).byCode("EID"))?.maxUses, 10);
    const clash = file("clash.json", [
      { code: "NEW1", percent: 5 },
      { code: "eid", percent: 5 },
    ]);
    await assert.rejects(run("import", clash), /EID exists already/);
    assert.equal(await promoRepository(db).byCode("NEW1"), undefined, "nothing of a refused file is imported");
    await assert.rejects(
      run("import", file("bad.json", [{ code: "X1", percent: 5, price: 3 }])),
      /entry 1: X1: give exactly one/,
    );
    await assert.rejects(run("import", file("broken.json", "{")), UsageError);
    await assert.rejects(run("import", file("object.json", { code: "A1" })), /JSON array/);
  });

  it("disables and counts, in any case", async () => {
    assert.equal(await run("disable", "--code", "summer5"), "disabled SUMMER5");
    assert.equal(await run("disable", "--code", "SUMMER5"), "SUMMER5 was disabled already");
    assert.match(await run("list"), /SUMMER5 {2}5% {2}uses 0 {2}disabled 2026-03-01T12:00:00\+04:00/);
    assert.equal(await run("count", "--code", "spring10"), "0");
  });

  it("refuses a wrong command line with what is wrong", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["create", "--code", "A", "--percent", "5"], /2 to 40 letters/],
      [["create", "--code", "OK1"], /exactly one of percent, amount, price/],
      [["create", "--code", "OK1", "--percent", "150"], /percent must be a number/],
      [["create", "--code", "OK1", "--percent", "5", "--uses", "0"], /uses must be/],
      [["create", "--code", "OK1", "--percent", "5", "--until", "tomorrow"], /until must be a date/],
      [["create", "--code", "OK1", "--percent", "5", "--from", "2026-05-01", "--until", "2026-04-01"], /after from/],
      [["create", "--code", "OK1", "--percent", "5", "--colour", "red"], /unknown argument --colour/],
      [["create", "--code", "SPRING10", "--percent", "5"], /exists already/],
      [["disable", "--code", "NOPE"], /no code NOPE/],
      [["count"], /--code is required/],
      [["frobnicate"], /unknown command/],
    ];
    for (const [argv, message] of cases) await assert.rejects(run(...argv), message, argv.join(" "));
  });
});
