/**
 * Files the build writes next to Gatsby's output (onPostBuild): an .ics per event and
 * language, sitemap.xml and robots.txt. Node only.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eventIcs } from "../core/ics";
import { href, LANGUAGES, localize } from "../core/routes";
import type { PlannedPage } from "./plan-pages";
import { absoluteUrl, robotsTxt, sitemapXml } from "./sitemap";
import type { CatalogueSnapshot } from "./source-catalogue";

export interface WriteResult {
  icsFiles: number;
  sitemapUrls: number;
}

/** Writes in bounded batches: 30,000 files at once would exhaust file handles. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

export async function writeBuildFiles(
  publicDir: string,
  snapshot: CatalogueSnapshot,
  pages: PlannedPage[],
  siteUrl: string,
): Promise<WriteResult> {
  const uidDomain = new URL(siteUrl).hostname;
  const files: Array<{ file: string; text: string }> = [];
  for (const lang of LANGUAGES) {
    for (const event of snapshot.byLanguage[lang].events) {
      files.push({
        file: path.join(publicDir, href.ics(event.id, lang)),
        text: eventIcs(event, {
          url: absoluteUrl(siteUrl, localize(href.event(event.id), lang)),
          uidDomain,
          lang,
          sessions: snapshot.sessions?.[event.id],
        }),
      });
    }
  }
  await mkdir(path.join(publicDir, "ics"), { recursive: true });
  await inBatches(files, 200, ({ file, text }) => writeFile(file, text, "utf8"));

  const xml = sitemapXml(pages, siteUrl);
  await writeFile(path.join(publicDir, href.sitemap()), xml, "utf8");
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl), "utf8");
  return { icsFiles: files.length, sitemapUrls: (xml.match(/<loc>/g) ?? []).length };
}
