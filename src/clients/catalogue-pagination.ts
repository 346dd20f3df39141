/**
 * Reading a whole paged list: the contract's pages carry `count` and an absolute `next`
 * link. When `next` is the contract's page-numbered link, the remaining pages are asked
 * for side by side (the transport's rate limit still spaces them); any other `next` (a
 * cursor, say) is followed link by link. A broken server cannot make this loop forever.
 */
import type { PageOf } from "../core/reshape";
import { CatalogueError, malformedError } from "./catalogue-error";

export type ListProgress = (loaded: number, total: number) => void;

/** Pages read side by side per list (the rate limit spaces them anyway). */
const PAGE_CONCURRENCY = 4;
/** No list of this site is near this long; a `next` chain past it is a broken server. */
const MAX_LIST_PAGES = 10_000;

/**
 * The URLs of pages 2..last when `next` is the contract's page-numbered link (page=2 on
 * the same path), so they can be asked for at once; null for any other kind of `next`.
 */
export function numberedPages(next: string, count: number, perPage: number): string[] | null {
  const url = new URL(next);
  if (url.searchParams.get("page") !== "2" || perPage <= 0 || !Number.isSafeInteger(count)) return null;
  const last = Math.ceil(count / perPage);
  if (last > MAX_LIST_PAGES) return null;
  const urls: string[] = [];
  for (let page = 2; page <= last; page++) {
    url.searchParams.set("page", String(page));
    urls.push(url.toString());
  }
  return urls;
}

/**
 * `next` is an absolute URL per the contract. A server behind a proxy may name another
 * origin; read it against ours so the build keeps talking to the catalogue it was given.
 */
export function resolveNext(next: string, currentUrl: string, baseUrl: string): string {
  const url = new URL(next, currentUrl);
  const base = new URL(baseUrl);
  if (url.origin !== base.origin) {
    url.protocol = base.protocol;
    url.host = base.host;
  }
  return url.toString();
}

async function inParallel<T>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let nextIndex = 0;
  const worker = async (): Promise<void> => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function emptyPageWithNext(url: string): CatalogueError {
  return malformedError(url, "/results is empty but /next is set");
}

/**
 * Every item of the list whose first page is `firstUrl`, in the catalogue's order.
 * `readPage` fetches and reshapes one page; `baseUrl` is the catalogue the links are read against.
 */
export async function readWholeList<T>(
  readPage: (url: string) => Promise<PageOf<T>>,
  firstUrl: string,
  baseUrl: string,
  onProgress?: ListProgress,
): Promise<T[]> {
  const all: T[] = [];
  const seen = new Set<string>([firstUrl]);
  const first = await readPage(firstUrl);
  all.push(...first.results);
  onProgress?.(all.length, Math.max(first.count, all.length));
  if (first.next !== null && first.results.length === 0) throw emptyPageWithNext(firstUrl);
  let url: string | null = first.next === null ? null : resolveNext(first.next, firstUrl, baseUrl);

  // A 10,000-event catalogue is a hundred pages per language: asking for the numbered
  // pages side by side instead of one answer after another makes the build minutes shorter.
  const planned = url === null ? null : numberedPages(url, first.count, first.results.length);
  if (planned !== null && planned.length > 0) {
    const pages: Array<PageOf<T> | null> = new Array(planned.length).fill(null);
    let loaded = all.length;
    await inParallel(planned, PAGE_CONCURRENCY, async (pageUrl, i) => {
      seen.add(pageUrl);
      try {
        pages[i] = await readPage(pageUrl);
      } catch (error) {
        // the list shrank since the first page was read: a page past the end answers 404
        if (error instanceof CatalogueError && error.status === 404 && i > 0) return;
        throw error;
      }
      loaded += pages[i]?.results.length ?? 0;
      onProgress?.(loaded, Math.max(first.count, loaded));
    });
    url = null;
    for (const [i, page] of pages.entries()) {
      if (page === null) break;
      all.push(...page.results);
      const pageUrl = planned[i] as string;
      if (page.next === null) break;
      if (page.results.length === 0) throw emptyPageWithNext(pageUrl);
      // more than `count` promised (the list grew meanwhile): go on from the last page
      if (i === pages.length - 1) url = resolveNext(page.next, pageUrl, baseUrl);
    }
  }

  while (url !== null) {
    const currentUrl: string = url;
    if (seen.has(currentUrl))
      throw malformedError(currentUrl, `/next points back to a page already read (${currentUrl})`);
    if (seen.size >= MAX_LIST_PAGES) throw malformedError(currentUrl, `/next still set after ${MAX_LIST_PAGES} pages`);
    seen.add(currentUrl);
    const page = await readPage(currentUrl);
    all.push(...page.results);
    onProgress?.(all.length, Math.max(page.count, all.length));
    if (page.results.length === 0 && page.next !== null) throw emptyPageWithNext(currentUrl);
    url = page.next === null ? null : resolveNext(page.next, currentUrl, baseUrl);
  }
  return all;
}
