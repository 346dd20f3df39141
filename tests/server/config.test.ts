/** Settings read from the environment: the cookie's Secure flag, the trusted proxy, the expiry and limit settings. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadConfig } from "../../server/src/config";

describe("loadConfig", () => {
  it("marks the cookie Secure when the site is served over https, or when told", () => {
    assert.equal(loadConfig({}).cookieSecure, false, "the local http origins");
    assert.equal(loadConfig({ SITE_URL: "https://tickets.example" }).cookieSecure, true);
    assert.equal(
      loadConfig({ SITE_ORIGINS: "https://tickets.example,https://www.tickets.example" }).cookieSecure,
      true,
    );
    assert.equal(loadConfig({ SITE_URL: "https://tickets.example", COOKIE_SECURE: "0" }).cookieSecure, false);
    assert.equal(loadConfig({ COOKIE_SECURE: "1" }).cookieSecure, true);
  });

  it("trusts X-Forwarded-For only when a proxy is named", () => {
    assert.equal(loadConfig({}).trustedProxy, false);
    assert.equal(loadConfig({ TRUSTED_PROXY: "" }).trustedProxy, false);
    assert.equal(loadConfig({ TRUSTED_PROXY: "10.0.0.1,10.0.0.2" }).trustedProxy, "10.0.0.1,10.0.0.2");
    assert.equal(loadConfig({ TRUSTED_PROXY: "2" }).trustedProxy, 2);
    assert.equal(loadConfig({ TRUSTED_PROXY: "true" }).trustedProxy, true);
  });

  it("has the documented defaults for holds, payment times and limits", () => {
    const c = loadConfig({});
    assert.deepEqual(
      [
        c.holdMinutes,
        c.cardPayMinutes,
        c.offlinePayMinutes,
        c.heldPerClient,
        c.orderRateMax,
        c.lookupFailMax,
        c.lookupWindowMs,
      ],
      [15, 30, 48 * 60, 50, 10, 10, 600_000],
    );
    assert.equal(loadConfig({ CAPTCHA_MAX_NUMBER: "500" }).captchaMaxNumber, 500);
  });
});
