/** The share links: the page's address and title reach WhatsApp, Telegram and mail intact. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shareTargets } from "../../src/components/share-targets";

describe("share links", () => {
  const url = "https://tickets.example/ar/events/2/";
  const title = "رحمانينوف: كونشرتو & more";
  const targets = shareTargets(title, url);

  it("gives WhatsApp the title and the address in one text", () => {
    const link = new URL(targets.whatsapp);
    assert.equal(link.origin, "https://wa.me");
    assert.equal(link.searchParams.get("text"), `${title}\n${url}`);
  });

  it("gives Telegram the address and the title apart", () => {
    const link = new URL(targets.telegram);
    assert.equal(link.href.split("?")[0], "https://t.me/share/url");
    assert.equal(link.searchParams.get("url"), url);
    assert.equal(link.searchParams.get("text"), title);
  });

  it("writes a mail with the title as subject and the address in the body", () => {
    assert.ok(targets.email.startsWith("mailto:?"));
    const params = new URLSearchParams(targets.email.slice("mailto:?".length));
    assert.equal(params.get("subject"), title);
    assert.equal(params.get("body"), `${title}\n${url}`);
    assert.doesNotMatch(targets.email, /[ &]more/, "the ampersand in the title is encoded");
  });
});
