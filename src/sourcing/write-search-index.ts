/** Writes the places-and-persons index of each language into public/ (Node, at build time). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type EventDetail, LANGUAGES } from "../core/catalogue";
import { href } from "../core/routes";
import { buildSearchIndex, type SearchIndexSources, searchIndexPath } from "../core/search-index";
import type { CatalogueSnapshot } from "./source-catalogue";

/**
 * Events over by the time of the build are left out: the catalogue would not list them
 * anyway, and every byte of the index is fetched by whoever searches.
 */
export async function writeSearchIndexes(
  publicDir: string,
  snapshot: CatalogueSnapshot,
  now: Date = new Date(),
): Promise<number> {
  await mkdir(publicDir, { recursive: true });
  const notOver = (event: EventDetail) => Date.parse(event.finishedAt ?? event.startedAt) >= now.getTime();
  const byLanguage = {} as SearchIndexSources;
  for (const lang of LANGUAGES) {
    const { places, persons, events } = snapshot.byLanguage[lang];
    byLanguage[lang] = { places, persons, events: events.filter(notOver) };
  }
  await Promise.all(
    LANGUAGES.map((lang) =>
      writeFile(
        path.join(publicDir, searchIndexPath(lang)),
        JSON.stringify(buildSearchIndex(lang, byLanguage, { place: href.place, person: href.person })),
        "utf8",
      ),
    ),
  );
  return LANGUAGES.length;
}
