/**
 * What `npm run server:cluster` makes of its command line and environment
 * (ops/lib/cluster-plan.ts): ports one after another behind the balancer, PostgreSQL for more
 * than one instance, and a clear refusal of anything it cannot run.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { planCluster, shownDatabaseUrl } from "../../ops/lib/cluster-plan";

const PG = "postgres://shop:secret@db.internal:5432/shop";

describe("the server cluster's plan", () => {
  it("puts N instances on the ports after the balancer's, on the PostgreSQL URL given", () => {
    assert.deepEqual(planCluster(["--instances", "3", "--database-url", PG], {}), {
      instances: 3,
      host: "127.0.0.1",
      port: 4010,
      instancePorts: [4011, 4012, 4013],
      databaseUrl: PG,
    });
    const plan = planCluster(["--instances=2", "--port=5000", "--instance-port=6000"], {
      DATABASE_URL: PG,
      HOST: "0.0.0.0",
    });
    assert.deepEqual(plan, { instances: 2, host: "0.0.0.0", port: 5000, instancePorts: [6000, 6001], databaseUrl: PG });
  });

  it("runs one instance on the SQLite file when no PostgreSQL is named", () => {
    assert.deepEqual(planCluster([], { PORT: "4100" }), {
      instances: 1,
      host: "127.0.0.1",
      port: 4100,
      instancePorts: [4101],
      databaseUrl: undefined,
    });
  });

  it("refuses several instances on one SQLite file, and says what to run instead", () => {
    assert.throws(
      () => planCluster(["--instances", "2"], { DATABASE_URL: "" }),
      /2 instances on one SQLite file is not a supported way.*--database-url postgres:\/\/.*--instances 1/,
    );
  });

  it("refuses what it cannot run, naming the argument", () => {
    const refusals: [string[], RegExp][] = [
      [["--instances", "0"], /--instances must be a whole number from 1 to 32, got "0"/],
      [["--instances", "2.5"], /--instances must be a whole number/],
      [["--instances", "33", "--database-url", PG], /from 1 to 32/],
      [["--port", "http"], /--port must be a whole number/],
      [["--instances"], /--instances needs a value/],
      [["--instances", "--port", "4000"], /--instances needs a value/],
      [["--instances", "1", "--instances", "2"], /--instances is given twice/],
      [["--workers", "2"], /unknown argument "--workers"/],
      [["3"], /unknown argument "3"/],
      [["--database-url", "mysql://db/shop"], /must be a PostgreSQL one/],
      [
        ["--instances", "2", "--database-url", PG, "--port", "4011", "--instance-port", "4010"],
        /is one of the instances' ports/,
      ],
      [
        ["--instance-port", "65535", "--instances", "2", "--database-url", PG],
        /--instance-port must be a whole number from 1 to 65534/,
      ],
    ];
    for (const [argv, reason] of refusals) assert.throws(() => planCluster(argv, {}), reason, argv.join(" "));
  });

  it("never prints a database password", () => {
    assert.equal(shownDatabaseUrl(PG), "postgres://shop:***@db.internal:5432/shop");
    assert.equal(
      shownDatabaseUrl("postgres://postgres@127.0.0.1:4132/shop"),
      "postgres://postgres@127.0.0.1:4132/shop",
    );
  });
});
