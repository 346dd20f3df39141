/** The build writes each language's search index, leaving out the events already over. */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { LANGUAGES } from "../../src/core/catalogue";
import type { SearchIndex } from "../../src/core/search-index";
import type { CatalogueSnapshot } from "../../src/sourcing/source-catalogue";
import { writeSearchIndexes } from "../../src/sourcing/write-search-index";

const event = (id: number, title: string, startedAt: string, finishedAt: string | null) => ({
  id,
  title,
  startedAt,
  finishedAt,
  place: { id: 1, title: "Coca-Cola Arena" },
  persons: [],
});

describe("writeSearchIndexes", () => {
  it("writes every language's index with the events not over at build time", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "search-index-"));
    try {
      const events = [
        event(1, "Over yesterday", "2026-11-26T20:00:00+04:00", "2026-11-26T22:00:00+04:00"),
        event(2, "Running all week", "2026-11-26T18:00:00+04:00", "2026-12-02T23:00:00+04:00"),
        event(3, "Tomorrow", "2026-11-28T20:00:00+04:00", null),
      ];
      const language = { events, places: [], persons: [] };
      const snapshot = {
        byLanguage: Object.fromEntries(LANGUAGES.map((lang) => [lang, language])),
      } as unknown as CatalogueSnapshot;
      assert.equal(await writeSearchIndexes(dir, snapshot, new Date("2026-11-27T12:00:00+04:00")), 3);
      for (const lang of LANGUAGES) {
        const index = JSON.parse(await readFile(path.join(dir, `search-index.${lang}.json`), "utf8")) as SearchIndex;
        assert.deepEqual(
          index.events.map((e) => e.id),
          [2, 3],
          lang,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
