/**
 * Pages a visitor may open next are prefetched 4 per batch every 3 s,
 * starting after 3 s, and not at all on 2G, in data-saver mode or for bots. Gatsby's
 * loader does this for the links a page shows (cache-dir/loader.js); these tests hold the
 * built site to those numbers, counting the pages whose page-data the browser fetches
 * (Gatsby asks for each twice: a <link rel="prefetch">, then the read from the cache).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withPage } from "./support/browser";

interface Prefetch {
  path: string;
  /** ms after the page was hydrated */
  at: number;
}

async function prefetchesOn(path: string, watchMs: number, initScript?: string): Promise<Prefetch[]> {
  // a tall window, so more links than one batch holds are on screen at once
  return withPage(
    async (tp) => {
      if (initScript) await tp.context.addInitScript(initScript);
      const seen: Array<{ path: string; time: number }> = [];
      tp.page.on("request", (request) => {
        const match = /^\/page-data\/(.*)page-data\.json$/.exec(new URL(request.url()).pathname);
        if (match) seen.push({ path: `/${match[1] === "index/" ? "" : match[1]}`, time: Date.now() });
      });
      await tp.open(path);
      const hydrated = Date.now();
      await tp.page.waitForTimeout(watchMs);
      assert.deepEqual(tp.errors, [], `console of ${path}`);
      const first = new Map<string, number>();
      for (const r of seen) if (r.path !== path && !first.has(r.path)) first.set(r.path, r.time - hydrated);
      return [...first].map(([p, at]) => ({ path: p, at }));
    },
    { viewport: { width: 1280, height: 2400 } },
  );
}

/** Requests less than a second apart belong to one batch. */
function batches(prefetches: Prefetch[]): Prefetch[][] {
  const out: Prefetch[][] = [];
  for (const p of [...prefetches].sort((a, b) => a.at - b.at)) {
    const last = out.at(-1);
    if (last && p.at - (last.at(-1) as Prefetch).at < 1000) last.push(p);
    else out.push([p]);
  }
  return out;
}

describe("prefetching the next pages: 4 pages every 3 s from 3 s on, none on 2G, data-saver or bots", () => {
  it("fetches 4 pages per batch, every 3 s, starting after 3 s", async () => {
    const prefetches = await prefetchesOn("/events/", 10_500);
    const groups = batches(prefetches);
    assert.ok(groups.length >= 2, `two batches at least in 10 s, got ${JSON.stringify(prefetches)}`);
    assert.ok((groups[0]?.[0]?.at ?? 0) >= 2_000, `the first batch starts after 3 s, not at ${groups[0]?.[0]?.at} ms`);
    for (const group of groups) assert.ok(group.length <= 4, `a batch of ${group.length}: ${JSON.stringify(group)}`);
    for (let i = 1; i < groups.length; i++) {
      const gap = (groups[i]?.[0]?.at ?? 0) - (groups[i - 1]?.[0]?.at ?? 0);
      assert.ok(gap >= 2_500, `batches 3 s apart, not ${gap} ms`);
    }
  });

  const quiet: Array<[string, string]> = [
    [
      "on 2G",
      `Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ effectiveType: "2g", saveData: false }) });`,
    ],
    [
      "in data-saver mode",
      `Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ effectiveType: "4g", saveData: true }) });`,
    ],
    [
      "for a bot",
      `Object.defineProperty(Navigator.prototype, "userAgent", { get: () => "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });`,
    ],
  ];
  for (const [when, script] of quiet) {
    it(`fetches nothing ahead ${when}`, async () => {
      assert.deepEqual(await prefetchesOn("/events/", 6_500, script), []);
    });
  }
});
