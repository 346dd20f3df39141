import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import {
  challengeExpiresAt,
  encodeSolution,
  msUntilRefresh,
  REFRESH_MARGIN_MS,
  solve,
} from "../../src/checkout/captcha";

function challengeFor(salt: string, number: number) {
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256").update(`${salt}${number}`).digest("hex"),
    maxNumber: 5000,
    salt,
    signature: "signed-by-the-server",
  };
}

describe("the checkout's captcha", () => {
  it("finds the number and sends back the base64 JSON the server verifies", async () => {
    const challenge = challengeFor("e3b0c442?expires=1900000000", 1234);
    const payload = await solve(challenge, new AbortController().signal);
    assert.deepEqual(JSON.parse(Buffer.from(payload, "base64").toString("utf8")), {
      algorithm: "SHA-256",
      challenge: challenge.challenge,
      number: 1234,
      salt: "e3b0c442?expires=1900000000",
      signature: "signed-by-the-server",
    });
    assert.equal(payload, encodeSolution(challenge, 1234));
  });
  it("fails rather than sending a wrong answer when there is none within maxnumber", async () => {
    const challenge = { ...challengeFor("abc", 9000), maxNumber: 100 };
    await assert.rejects(solve(challenge, new AbortController().signal), /no solution/);
  });
  it("reads the expiry from the salt and refreshes before it", () => {
    assert.equal(challengeExpiresAt("abc?expires=1900000000"), 1_900_000_000_000);
    assert.equal(challengeExpiresAt("abc"), null);
    assert.equal(challengeExpiresAt("abc?expires=soon"), null);
    const now = 1_900_000_000_000 - 120_000;
    assert.equal(msUntilRefresh("abc?expires=1900000000", now), 120_000 - REFRESH_MARGIN_MS);
    assert.equal(msUntilRefresh("abc?expires=1900000000", 1_900_000_000_000), 0);
    assert.equal(msUntilRefresh("abc", now), null);
  });
});
