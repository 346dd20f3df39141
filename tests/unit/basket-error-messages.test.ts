import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { basketErrorKey } from "../../src/basket/error-messages";

const err = (code: string, status: number | null, network = false) => ({ code, status, network });

describe("why a basket change failed, as a toast key", () => {
  it("names the 409 reasons, network failure and server trouble", () => {
    assert.equal(basketErrorKey(err("not_enough_tickets", 409)), "toast.notEnoughTickets");
    assert.equal(basketErrorKey(err("over_max_per_order", 409)), "toast.overMaxPerOrder");
    assert.equal(basketErrorKey(err("event_not_on_sale", 409)), "toast.eventNotOnSale");
    assert.equal(basketErrorKey(err("hold_cooldown", 409)), "toast.holdCooldown");
    assert.equal(basketErrorKey(err("session_replaced", 409)), "toast.sessionReplaced");
    assert.equal(basketErrorKey(err("network", null, true)), "toast.basketUnreachable");
    assert.equal(basketErrorKey(err("http_503", 503)), "toast.basketServerError");
    assert.equal(basketErrorKey(err("bad_request", 400)), "toast.basketChangeFailed");
  });

  it("every key it can give exists in all three languages", () => {
    const keys = new Set(
      [
        err("not_enough_tickets", 409),
        err("over_max_per_order", 409),
        err("event_not_on_sale", 409),
        err("hold_cooldown", 409),
        err("ticket_not_found", 404),
        err("network", null, true),
        err("x", 500),
        err("x", 400),
      ].map(basketErrorKey),
    );
    for (const lang of ["en", "ru", "ar"]) {
      const common = JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8")) as {
        toast: Record<string, string>;
      };
      for (const key of keys) assert.ok(common.toast[key.replace("toast.", "")], `${lang}: ${key}`);
    }
  });
});
