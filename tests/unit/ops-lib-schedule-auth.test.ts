/**
 * When the publisher rebuilds by itself (UAE midnight, an event starting or ending) and whom
 * its hooks accept (Bearer token or HMAC-SHA256 signature of the body).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, it } from "node:test";
import { isAuthorized, signBody } from "../../ops/lib/auth";
import { nextDailyRun, nextListingChange, nextScheduledRun } from "../../ops/lib/schedule";

describe("the publishing schedule", () => {
  it("runs daily five minutes after midnight in the UAE (20:05 UTC)", () => {
    assert.equal(nextDailyRun(new Date("2026-11-26T06:00:00Z")).toISOString(), "2026-11-26T20:05:00.000Z");
    // 21:00 UTC is already 01:00 on the 27th in Dubai: the next run is the next UAE midnight
    assert.equal(nextDailyRun(new Date("2026-11-26T21:00:00Z")).toISOString(), "2026-11-27T20:05:00.000Z");
    assert.equal(nextDailyRun(new Date("2026-11-26T20:05:00Z")).toISOString(), "2026-11-27T20:05:00.000Z");
    assert.equal(nextDailyRun(new Date("2026-12-31T20:04:59Z")).toISOString(), "2026-12-31T20:05:00.000Z");
  });

  it("finds the next start or end of an event, a minute after it", () => {
    const now = new Date("2026-11-26T06:00:00Z");
    const events = [
      { id: 1, started_at: "2026-11-20T16:00:00+04:00", finished_at: "2026-11-28T23:00:00+04:00" },
      { id: 2, started_at: "2026-11-26T19:30:00+04:00", finished_at: null },
      { id: 3, started_at: "2026-11-25T10:00:00+04:00", finished_at: "2026-11-26T12:00:00+04:00" },
    ];
    const change = nextListingChange(events, now);
    assert.equal(change?.reason, "event 3 ends");
    assert.equal(change?.at.toISOString(), "2026-11-26T08:01:00.000Z");
    assert.equal(nextListingChange([], now), null);
    assert.equal(nextListingChange([{ id: 4, started_at: "not a date", finished_at: null }], now), null);
  });

  it("takes the earlier of the daily run and the next listing change", () => {
    const now = new Date("2026-11-26T06:00:00Z");
    assert.match(
      nextScheduledRun(now, [{ id: 9, started_at: "2026-11-26T10:00:00Z", finished_at: null }]).reason,
      /event 9 starts/,
    );
    assert.match(
      nextScheduledRun(now, [{ id: 9, started_at: "2026-11-29T10:00:00Z", finished_at: null }]).reason,
      /daily/,
    );
  });
});

describe("the hooks' authentication", () => {
  const token = "s3cret-token-for-tests";
  const body = Buffer.from('{"event":"entry.publish"}');

  it("accepts the Bearer token and a correct signature of the body", () => {
    assert.equal(isAuthorized(token, { authorization: `Bearer ${token}` }, body), true);
    assert.equal(isAuthorized(token, { signature: signBody(token, body) }, body), true);
    assert.equal(
      isAuthorized(token, { signature: signBody(token, body).toUpperCase().replace("SHA256=", "sha256=") }, body),
      true,
    );
  });

  it("refuses a wrong or missing token, a signature of another body or key, and an empty secret", () => {
    assert.equal(isAuthorized(token, {}, body), false);
    assert.equal(isAuthorized(token, { authorization: "Bearer wrong" }, body), false);
    assert.equal(isAuthorized(token, { authorization: `Basic ${token}` }, body), false);
    assert.equal(isAuthorized(token, { authorization: `Bearer ${token}x` }, body), false);
    assert.equal(isAuthorized(token, { signature: signBody(token, Buffer.from("{}")) }, body), false);
    assert.equal(isAuthorized(token, { signature: signBody("another-key-entirely", body) }, body), false);
    assert.equal(isAuthorized(token, { signature: "sha256=zz" }, body), false);
    assert.equal(isAuthorized("", { authorization: "Bearer " }, body), false);
  });

  it("keeps the publisher from starting without a token", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", path.resolve(__dirname, "../../ops/publisher.ts")], {
      env: { ...process.env, PUBLISH_TOKEN: "", PUBLISHER_PORT: "1" },
      encoding: "utf8",
      timeout: 30_000,
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /refusing to start: set PUBLISH_TOKEN/);
  });
});
