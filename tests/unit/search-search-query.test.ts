import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { eventFilterToParams } from "../../src/clients/catalogue-params";
import { EMPTY_SEARCH, parseSearchQuery, searchFilter, stringifySearchQuery } from "../../src/search/search-query";

describe("search query in the URL", () => {
  it("round-trips every filter", () => {
    const state = {
      q: "jazz & soul",
      categories: [3, 7],
      cities: [1],
      places: [12],
      from: "2026-12-01",
      to: "2026-12-31",
      star: true,
    };
    const query = stringifySearchQuery(state);
    assert.equal(query, "?q=jazz%20%26%20soul&categories=3,7&cities=1&places=12&from=2026-12-01&to=2026-12-31&star=1");
    assert.deepEqual(parseSearchQuery(query), state);
  });

  it("is empty for an empty search", () => {
    assert.equal(stringifySearchQuery(EMPTY_SEARCH), "");
    assert.deepEqual(parseSearchQuery(""), EMPTY_SEARCH);
  });

  it("reads bracket and repeated arrays too", () => {
    assert.deepEqual(parseSearchQuery("?categories[]=1&categories[]=2").categories, [1, 2]);
    assert.deepEqual(parseSearchQuery("?cities=1&cities=2").cities, [1, 2]);
  });

  it("drops malformed values instead of passing them to the catalogue", () => {
    const state = parseSearchQuery("?categories=1,x,-2,0,1&from=2026-02-30&to=tomorrow&q[a][b]=1&star=yes");
    assert.deepEqual(state.categories, [1]);
    assert.equal(state.from, "");
    assert.equal(state.to, "");
    assert.equal(state.q, "");
    assert.equal(state.star, false);
  });

  it("holds to the parser limits: depth 5, 20 array items, 1000 parameters", () => {
    const many = Array.from({ length: 30 }, (_x, i) => `places[${i}]=${i + 1}`).join("&");
    assert.ok(parseSearchQuery(`?${many}`).places.length <= 20);
    const deep = parseSearchQuery("?q[a][b][c][d][e][f][g]=x");
    assert.equal(deep.q, "");
    const flood = Array.from({ length: 2000 }, (_x, i) => `p${i}=1`).join("&") + "&q=late";
    assert.equal(parseSearchQuery(`?${flood}`).q, "", "parameters past the limit are ignored");
  });

  it("reads what a browser or a person may write: plus for a space, commas in the text, stray percent signs", () => {
    assert.equal(parseSearchQuery("?q=jazz+night").q, "jazz night");
    assert.equal(parseSearchQuery("?q=rock,%20pop").q, "rock, pop");
    assert.equal(parseSearchQuery("?q=100%").q, "100%");
    assert.deepEqual(parseSearchQuery("?places[0]=4&places[1]=5,6").places, [4, 5, 6]);
    assert.equal(parseSearchQuery("?q=a&q=b").q, "", "a single value given twice is dropped");
    assert.equal(parseSearchQuery("?star=1&star=1").star, false);
  });

  it("writes every character a text may hold so that it reads back the same", () => {
    const state = { ...EMPTY_SEARCH, q: "it's (nearly) 100% *live*! #1 & more, ру ع" };
    const query = stringifySearchQuery(state);
    assert.match(query, /^\?q=[A-Za-z0-9%._~-]+$/);
    assert.deepEqual(parseSearchQuery(query), state);
  });

  it("swaps a reversed date range", () => {
    const state = parseSearchQuery("?from=2026-12-31&to=2026-12-01");
    assert.equal(state.from, "2026-12-01");
    assert.equal(state.to, "2026-12-31");
  });

  it("becomes the catalogue query parameters", () => {
    const params = Object.fromEntries(
      eventFilterToParams(
        searchFilter(parseSearchQuery("?q=opera&categories=2&cities=1&from=2026-12-05&star=1"), 2, 24),
        "ar",
      ),
    );
    assert.deepEqual(params, {
      lang: "ar",
      category_id_in: "2",
      location_id_in: "1",
      label_id_in: "3",
      started_gte: "2026-12-05",
      started_lte: "2026-12-05",
      date_type: "active",
      sort_by: "started_at",
      sort_on: "asc",
      search: "opera",
      page: "2",
      page_size: "24",
    });
  });
});
