/** Writes the places-and-persons index of each language into public/ (Node, at build time). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { LANGUAGES } from "../core/catalogue";
import { href } from "../core/routes";
import { buildSearchIndex, searchIndexPath } from "../core/search-index";
import type { CatalogueSnapshot } from "./source-catalogue";

export async function writeSearchIndexes(publicDir: string, snapshot: CatalogueSnapshot): Promise<number> {
  await mkdir(publicDir, { recursive: true });
  await Promise.all(
    LANGUAGES.map((lang) =>
      writeFile(
        path.join(publicDir, searchIndexPath(lang)),
        JSON.stringify(buildSearchIndex(lang, snapshot.byLanguage, { place: href.place, person: href.person })),
        "utf8",
      ),
    ),
  );
  return LANGUAGES.length;
}
