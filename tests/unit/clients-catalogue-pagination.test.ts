import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CatalogueError } from "../../src/clients/catalogue-error";
import { numberedPages, readWholeList, resolveNext } from "../../src/clients/catalogue-pagination";
import type { PageOf } from "../../src/core/reshape";

const BASE = "http://127.0.0.1:4012";
const pageUrl = (n: number) => `${BASE}/v1/places?lang=en&page=${n}`;

/** A list of `total` numbers served `perPage` at a time, with contract-style next links. */
function pagedList(
  total: number,
  perPage: number,
  options: { nextOf?: (n: number) => string | null; count?: number } = {},
) {
  const asked: string[] = [];
  const readPage = async (url: string): Promise<PageOf<number>> => {
    asked.push(url);
    const n = Number(new URL(url).searchParams.get("page") ?? "1");
    const results = Array.from(
      { length: Math.max(0, Math.min(perPage, total - (n - 1) * perPage)) },
      (_, i) => (n - 1) * perPage + i + 1,
    );
    const last = Math.ceil(total / perPage);
    const next = options.nextOf ? options.nextOf(n) : n < last ? pageUrl(n + 1) : null;
    return { count: options.count ?? total, next, results };
  };
  return { readPage, asked };
}

describe("catalogue pagination", () => {
  it("derives page-numbered URLs only from a contract-style next", () => {
    assert.deepEqual(numberedPages("http://x/v1/events?lang=ru&page=2", 5, 2), [
      "http://x/v1/events?lang=ru&page=2",
      "http://x/v1/events?lang=ru&page=3",
    ]);
    assert.equal(numberedPages("http://x/v1/events?cursor=abc", 5, 2), null);
    assert.equal(numberedPages("http://x/v1/events?page=3", 5, 2), null);
  });

  it("reads next against the configured catalogue when it names another origin", () => {
    assert.equal(
      resolveNext("http://internal:8080/v1/places?page=2", "http://127.0.0.1:4012/v1/places", "http://127.0.0.1:4012"),
      "http://127.0.0.1:4012/v1/places?page=2",
    );
    assert.equal(
      resolveNext("/v1/places?page=2", "http://127.0.0.1:4012/v1/places", "http://127.0.0.1:4012"),
      "http://127.0.0.1:4012/v1/places?page=2",
    );
  });

  it("reads every page of a numbered list once, in order, reporting progress", async () => {
    const list = pagedList(10, 3);
    const progress: Array<[number, number]> = [];
    const items = await readWholeList(list.readPage, `${BASE}/v1/places?lang=en`, BASE, (loaded, total) =>
      progress.push([loaded, total]),
    );
    assert.deepEqual(items, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(list.asked.length, 4);
    assert.equal(new Set(list.asked).size, 4);
    assert.deepEqual(progress.at(-1), [10, 10]);
  });

  it("stops quietly when the list shrank and a later page answers 404", async () => {
    const list = pagedList(4, 2, { count: 8 });
    const readPage = (url: string) =>
      Number(new URL(url).searchParams.get("page")) > 2
        ? Promise.reject(new CatalogueError("http", url, 404, null, "gone"))
        : list.readPage(url);
    assert.deepEqual(await readWholeList(readPage, pageUrl(1), BASE), [1, 2, 3, 4]);
  });

  it("fails naming the URL when a page is empty yet has a next link", async () => {
    const readPage = async (): Promise<PageOf<number>> => ({
      count: 5,
      next: `${BASE}/v1/places?cursor=x`,
      results: [],
    });
    await assert.rejects(readWholeList(readPage, pageUrl(1), BASE), /results is empty but \/next is set/);
  });

  it("follows a cursor next link by link and stops when it loops back", async () => {
    const asked: string[] = [];
    const readPage = async (url: string): Promise<PageOf<number>> => {
      asked.push(url);
      return { count: 99, next: `${BASE}/v1/places?cursor=${asked.length % 2}`, results: [asked.length] };
    };
    await assert.rejects(readWholeList(readPage, pageUrl(1), BASE), /already read/);
    assert.ok(asked.length <= 3, `asked ${asked.length} pages`);
  });
});
