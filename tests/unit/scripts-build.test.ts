/**
 * `npm run build` starts from scratch when the site's code or baked-in settings changed
 * and re-renders incrementally when only the catalogue did: the fingerprint it compares.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codeFingerprint } from "../../scripts/build";

describe("the build's code fingerprint", () => {
  it("is the same for the same code and settings", () => {
    assert.equal(codeFingerprint(), codeFingerprint());
  });

  it("changes with a setting baked into the pages", () => {
    const before = codeFingerprint();
    const saved = process.env.SITE_URL;
    process.env.SITE_URL = "https://tickets.example.ae";
    try {
      assert.notEqual(codeFingerprint(), before);
    } finally {
      if (saved === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = saved;
    }
    assert.equal(codeFingerprint(), before);
  });
});
