/**
 * The site's waiting-list client: the e-mail link's token read from the fragment, a server
 * without a waiting list (404) taken as "none offered", and refusals carried by their code.
 */
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { errorKey, linkInHash, WaitlistError, waitlistApi } from "../../src/waitlist/waitlist-client";

const realFetch = globalThis.fetch;
const answer = (status: number, body: unknown) => {
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status });
};

describe("waiting-list client", () => {
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("reads the offer or leave token from the fragment, and nothing else", () => {
    assert.deepEqual(linkInHash("#waitlist-offer=12.abc_-DEF"), { action: "offer", token: "12.abc_-DEF" });
    assert.deepEqual(linkInHash("#waitlist-leave=7.x%2Dy"), { action: "leave", token: "7.x-y" });
    assert.equal(linkInHash("#tickets"), null);
    assert.equal(linkInHash("#waitlist-join=1.a"), null);
    assert.equal(linkInHash("#waitlist-offer=%E0%A4%A"), null, "a broken escape is no link");
  });

  it("takes a 404 from a server without a waiting list as 'none offered'", async () => {
    answer(404, { detail: "Route GET:/api/waitlist/tickets/5 not found", code: "not_found" });
    assert.equal(await waitlistApi.status(5, "en"), null);
    answer(200, { ticket_id: 5, sold_out: true, open: true, waiting: 3 });
    assert.deepEqual(await waitlistApi.status(5, "ar"), { ticket_id: 5, sold_out: true, open: true, waiting: 3 });
  });

  it("carries a refusal's code, and words every code the visitor can meet", async () => {
    answer(409, { detail: "already on the list", code: "already_waiting" });
    const error = await waitlistApi
      .join({ ticket_id: 5, count: 1, email: "a@b.ae", captcha: "x" }, "ru")
      .catch((e) => e);
    assert.ok(error instanceof WaitlistError);
    assert.equal(error.code, "already_waiting");
    assert.equal(errorKey(error.code), "waitlist.error.already_waiting");
    assert.equal(errorKey("captcha_invalid"), "waitlist.error.other");
    globalThis.fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    const offline = await waitlistApi.leave("1.a", "en").catch((e) => e);
    assert.equal(offline.code, "network");
  });
});
