import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildUrl, eventFilterToParams } from "../../src/clients/catalogue-params";

const asObject = (params: Array<[string, string]>) => Object.fromEntries(params);

describe("events filter -> catalogue params", () => {
  it("applies the defaults date_type=active, sort_by=started_at, sort_on=asc and passes lang", () => {
    assert.deepEqual(asObject(eventFilterToParams({}, "ru")), {
      lang: "ru",
      date_type: "active",
      sort_by: "started_at",
      sort_on: "asc",
    });
  });

  it("maps categories, halls, places, cities to the *_id_in lists, comma-joined", () => {
    const p = asObject(eventFilterToParams({ categories: [3, 7], halls: [4], places: [12, 13], cities: [1] }, "en"));
    assert.equal(p.category_id_in, "3,7");
    assert.equal(p.hall_id_in, "4");
    assert.equal(p.place_id_in, "12,13");
    assert.equal(p.location_id_in, "1");
    assert.equal(p.categories, undefined);
    assert.equal(p.cities, undefined);
  });

  it("maps persons and ids too, and drops values that are not positive integers", () => {
    const p = asObject(eventFilterToParams({ persons: [5], ids: [1, 0, -2, 2.5, Number.NaN, 2, 1] }, "en"));
    assert.equal(p.person_id_in, "5");
    assert.equal(p.id_in, "1,2");
  });

  it("leaves out empty lists instead of sending an empty value", () => {
    const p = asObject(eventFilterToParams({ categories: [], places: [0] }, "en"));
    assert.equal("category_id_in" in p, false);
    assert.equal("place_id_in" in p, false);
  });

  it("maps date_gte to started_gte and defaults started_lte to date_gte", () => {
    const p = asObject(eventFilterToParams({ date_gte: "2026-12-12" }, "en"));
    assert.equal(p.started_gte, "2026-12-12");
    assert.equal(p.started_lte, "2026-12-12");
  });

  it("maps date_lte to started_lte when given", () => {
    const p = asObject(eventFilterToParams({ date_gte: "2026-12-12", date_lte: "2026-12-20" }, "en"));
    assert.equal(p.started_gte, "2026-12-12");
    assert.equal(p.started_lte, "2026-12-20");
  });

  it("sends only started_lte when only date_lte is given", () => {
    const p = asObject(eventFilterToParams({ date_lte: "2026-12-20" }, "en"));
    assert.equal("started_gte" in p, false);
    assert.equal(p.started_lte, "2026-12-20");
  });

  it("maps is_star_cast to label_id_in=3, and leaves it out when false", () => {
    assert.equal(asObject(eventFilterToParams({ is_star_cast: true }, "en")).label_id_in, "3");
    assert.equal("label_id_in" in asObject(eventFilterToParams({ is_star_cast: false }, "en")), false);
  });

  it("forces sort_by=started_at whenever a start date is given", () => {
    assert.equal(
      asObject(eventFilterToParams({ sort_by: "title", date_gte: "2026-12-12" }, "en")).sort_by,
      "started_at",
    );
    assert.equal(asObject(eventFilterToParams({ sort_by: "title" }, "en")).sort_by, "title");
  });

  it("keeps explicit date_type and sort_on", () => {
    const p = asObject(eventFilterToParams({ date_type: "all", sort_on: "desc" }, "en"));
    assert.equal(p.date_type, "all");
    assert.equal(p.sort_on, "desc");
  });

  it("trims the search text, drops it when blank and caps it at 200 characters", () => {
    assert.equal(asObject(eventFilterToParams({ search: "  jazz  " }, "en")).search, "jazz");
    assert.equal("search" in asObject(eventFilterToParams({ search: "   " }, "en")), false);
    assert.equal(asObject(eventFilterToParams({ search: "x".repeat(300) }, "en")).search?.length, 200);
  });

  it("passes page and page_size (capped at 100), ignoring invalid ones", () => {
    const p = asObject(eventFilterToParams({ page: 3, page_size: 500 }, "en"));
    assert.equal(p.page, "3");
    assert.equal(p.page_size, "100");
    assert.equal("page" in asObject(eventFilterToParams({ page: 0 }, "en")), false);
  });

  it("builds the full URL with the query encoded", () => {
    const url = buildUrl(
      "http://127.0.0.1:4010/",
      "/v1/events",
      eventFilterToParams({ categories: [1, 2], search: "a&b" }, "ar"),
    );
    assert.equal(
      url,
      "http://127.0.0.1:4010/v1/events?lang=ar&category_id_in=1%2C2&date_type=active&sort_by=started_at&sort_on=asc&search=a%26b",
    );
  });
});
