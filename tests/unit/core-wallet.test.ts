/** Which wallet a device is shown (src/core/wallet.ts): Apple's on Apple's platforms, Google's on Android and elsewhere. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type OrderWallets, offerFor, ticketLink, walletPlatform } from "../../src/core/wallet";

const AGENTS: Array<[string, string, "apple" | "google"]> = [
  [
    "iPhone Safari",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "apple",
  ],
  [
    "iPhone Chrome",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1",
    "apple",
  ],
  [
    "iPad (desktop mode)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    "apple",
  ],
  [
    "Android Chrome",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36",
    "google",
  ],
  [
    "Samsung Internet",
    "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
    "google",
  ],
  [
    "Windows Chrome",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36",
    "google",
  ],
  ["Linux Firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", "google"],
  ["no agent", "", "google"],
];

describe("walletPlatform", () => {
  for (const [name, agent, platform] of AGENTS) {
    it(`${name}: ${platform === "apple" ? "Apple Wallet" : "Google Wallet"}`, () => {
      assert.equal(walletPlatform(agent), platform);
    });
  }
});

describe("offers", () => {
  const wallets: OrderWallets = {
    apple: { orderUrl: "a/o", tickets: [{ code: "C1", url: "a/1" }] },
    google: null,
  };
  it("a device is offered only its own wallet, and only when the server offers it", () => {
    assert.equal(offerFor(wallets, "apple"), wallets.apple);
    assert.equal(offerFor(wallets, "google"), null);
  });
  it("a ticket without a link (revoked) has no badge", () => {
    assert.equal(ticketLink(wallets.apple, "C1"), "a/1");
    assert.equal(ticketLink(wallets.apple, "C2"), null);
    assert.equal(ticketLink(null, "C1"), null);
  });
});
