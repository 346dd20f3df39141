import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createBuildCatalogueClient, sourceCatalogue } from "../../src/sourcing/source-catalogue";
import { answerRestOfCatalogue, sendJson, stubsForThisFile, wireEvent } from "./support/catalogue-stub";

const startStub = stubsForThisFile();

/** A whole conforming catalogue in miniature: events come in pages of two. */
function catalogue(options: { brokenEventsIn?: string } = {}) {
  return startStub((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const lang = url.searchParams.get("lang") ?? "en";
    const page = Number(url.searchParams.get("page") ?? "1");
    if (url.pathname === "/v1/events") {
      const all = [1, 2, 3].map((id) => wireEvent(id, { title: `${lang} ${id}` }));
      if (options.brokenEventsIn === lang) all[2] = { ...all[2], status: "maybe" };
      const slice = all.slice((page - 1) * 2, page * 2);
      const next =
        page * 2 < all.length
          ? `http://${req.headers.host}/v1/events?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(page + 1) })}`
          : null;
      return sendJson(res, 200, { count: all.length, next, previous: null, results: slice });
    }
    answerRestOfCatalogue(res, url);
  });
}

describe("sourcing the whole catalogue for the build", () => {
  it("reads every kind in en, ru and ar, to the end, and reports progress per kind and language", async () => {
    const stub = await catalogue();
    const lines: string[] = [];
    const { snapshot } = await sourceCatalogue(
      createBuildCatalogueClient({ catalogueApiUrl: stub.baseUrl, catalogueRateLimit: 1000 }),
      1,
      (l) => lines.push(l),
    );
    assert.equal(snapshot.landing.siteUrl, "https://tickets.example");
    for (const lang of ["en", "ru", "ar"] as const) {
      const data = snapshot.byLanguage[lang];
      assert.deepEqual(
        data.events.map((e) => e.title),
        [`${lang} 1`, `${lang} 2`, `${lang} 3`],
      );
      assert.equal(data.events[0]?.descriptionHtml, "<p>Hello</p>", "sanitized at the boundary");
      assert.equal(data.places.length, 1);
      assert.equal(data.persons.length, 1);
      assert.equal(data.acquisitions.length, 1);
      assert.equal(data.facets.categories.length, 1);
      assert.equal(data.facets.dates[0]?.date, "2026-12-12");
      assert.ok(lines.includes(`catalogue: events ${lang} 3/3`), lines.join("\n"));
      assert.ok(lines.includes(`catalogue: places ${lang} 1/1`));
      assert.ok(lines.includes(`catalogue: news ${lang} 0/0`));
    }
    const eventRequests = stub.requests.filter((r) => r.url.startsWith("/v1/events?"));
    assert.equal(eventRequests.length, 6, "two pages per language");
    assert.ok(
      eventRequests.every((r) => /date_type=all/.test(r.url)),
      "archived events get pages too",
    );
  });

  it("fails with the URL and the field when one answer breaks the contract", async () => {
    const stub = await catalogue({ brokenEventsIn: "ar" });
    await assert.rejects(
      sourceCatalogue(createBuildCatalogueClient({ catalogueApiUrl: stub.baseUrl, catalogueRateLimit: 1000 }), 1),
      /^CatalogueError: Malformed answer from http:\/\/127\.0\.0\.1:\d+\/v1\/events\?lang=ar&[^ ]*page=2: \/results\/0\/status must be equal to one of the allowed values/,
    );
  });
});
