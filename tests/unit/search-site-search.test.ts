/** How the site's search hands the events it found to the catalogue, and keeps their order. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { inMatchOrder, withMatchedEvents } from "../../src/search/site-search";

describe("site search and the catalogue", () => {
  it("asks for the events found instead of the text, keeping every other filter", () => {
    assert.deepEqual(withMatchedEvents({ search: "rahmaninoff", categories: [2], page: 2, page_size: 12 }, [7, 3]), {
      search: undefined,
      ids: [7, 3],
      categories: [2],
      page: 2,
      page_size: 12,
    });
  });

  it("leaves the text to the catalogue when the site found nothing", () => {
    const filter = { search: "new event", page: 1 };
    assert.equal(withMatchedEvents(filter, []), filter);
  });

  it("orders the catalogue's answer by the site's relevance", () => {
    const page = [{ id: 3 }, { id: 9 }, { id: 7 }];
    assert.deepEqual(
      inMatchOrder(page, [7, 3, 9]).map((e) => e.id),
      [7, 3, 9],
    );
    assert.deepEqual(inMatchOrder(page, []), page, "no match order: the catalogue's order");
  });
});
