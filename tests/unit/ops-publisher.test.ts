/**
 * The publisher's view for the editors' page: changed pages linked on the site, with the
 * address the build uses (SITE_URL, or its default when the publisher was started without it,
 * as the README starts it), never the publisher's own address; the scheduled rebuilds for an
 * event that starts or ends named by the event's title in each language (a stand-in catalogue).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { Publisher } from "../../ops/publisher";
import { DEFAULT_SITE_URL } from "../../src/core/site-config";

const root = mkdtempSync(path.join(tmpdir(), "publisher-view-"));
const saved = {
  PUBLISH_ROOT: process.env.PUBLISH_ROOT,
  SITE_URL: process.env.SITE_URL,
  CATALOGUE_API_URL: process.env.CATALOGUE_API_URL,
  PUBLISH_SCHEDULE: process.env.PUBLISH_SCHEDULE,
};
process.env.PUBLISH_ROOT = root;

after(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  rmSync(root, { recursive: true, force: true });
});

function siteUrlSeen(siteUrl: string | undefined): string {
  if (siteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = siteUrl;
  const publisher = new Publisher("publisher-view-token-0123456789");
  try {
    return publisher.editorView().siteUrl;
  } finally {
    void publisher.close();
  }
}

describe("the editors' page's links", () => {
  it("go to the site's default address when SITE_URL is not set", () => {
    assert.equal(siteUrlSeen(undefined), DEFAULT_SITE_URL);
  });

  it("go to SITE_URL, without its trailing slash", () => {
    assert.equal(siteUrlSeen("https://tickets.example.ae/"), "https://tickets.example.ae");
  });
});

describe("the scheduled rebuilds on the editors' page", () => {
  it("carry the titles of the events that start or end, in en, ru and ar", async () => {
    const startsAt = new Date(Date.now() + 3600_000).toISOString();
    const titles: Record<string, string> = { en: "Desert Jazz", ru: "Джаз в пустыне", ar: "جاز الصحراء" };
    const catalogue = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const lang = url.searchParams.get("lang") ?? "en";
      const wanted = url.searchParams.get("id_in");
      const results =
        wanted === null || wanted.split(",").includes("34")
          ? [{ id: 34, started_at: startsAt, finished_at: null, title: titles[lang] }]
          : [];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ count: results.length, next: null, results }));
    });
    await new Promise<void>((r) => catalogue.listen(0, "127.0.0.1", () => r()));
    process.env.CATALOGUE_API_URL = `http://127.0.0.1:${(catalogue.address() as { port: number }).port}`;
    delete process.env.PUBLISH_SCHEDULE;
    const publisher = new Publisher("publisher-view-token-0123456789");
    try {
      await publisher.schedule();
      const view = publisher.editorView();
      assert.ok(view.schedule.upcoming.some((u) => u.reason === "schedule: event 34 starts"));
      assert.deepEqual(view.eventTitles?.[34], titles);
    } finally {
      await publisher.close();
      await new Promise<void>((r) => catalogue.close(() => r()));
    }
  });
});
