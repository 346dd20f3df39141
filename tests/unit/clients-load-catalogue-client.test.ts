import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadCatalogueClient } from "../../src/clients/load-catalogue-client";

describe("the browser's catalogue client", () => {
  it("is one client per page load, talking to the catalogue the site was built from", async () => {
    const [first, second] = await Promise.all([loadCatalogueClient(), loadCatalogueClient()]);
    assert.equal(first, second);
    assert.equal(await loadCatalogueClient(), first);
    const expected = (process.env.GATSBY_CATALOGUE_API_URL || "http://127.0.0.1:4010").replace(/\/+$/, "");
    assert.equal(first.baseUrl, expected);
  });
});
