/** How the site's search hands the events it found to the catalogue, and keeps their order. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { inMatchOrder, withMatchedEvents } from "../../src/search/site-search";

describe("site search and the catalogue", () => {
  it("asks for the events found instead of the text, keeping every other filter", () => {
    assert.deepEqual(
      withMatchedEvents({ search: "rahmaninoff", categories: [2], page: 2, page_size: 12 }, [
        { id: 7, inTitle: true },
        { id: 3, inTitle: false },
      ]),
      {
        search: undefined,
        ids: [7, 3],
        categories: [2],
        page: 2,
        page_size: 12,
      },
    );
  });

  it("leaves the text to the catalogue when the site found nothing", () => {
    const filter = { search: "new event", page: 1 };
    assert.equal(withMatchedEvents(filter, []), filter);
  });

  it("puts the events whose title holds the query first, otherwise keeps the catalogue's order", () => {
    const page = [{ id: 3 }, { id: 9 }, { id: 7 }, { id: 5 }];
    const found = [
      { id: 7, inTitle: true },
      { id: 5, inTitle: true },
      { id: 3, inTitle: false },
      { id: 9, inTitle: false },
    ];
    assert.deepEqual(
      inMatchOrder(page, found).map((e) => e.id),
      [7, 5, 3, 9],
    );
    assert.deepEqual(inMatchOrder(page, []), page, "nothing found by the site: the catalogue's order");
  });
});
