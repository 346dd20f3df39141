/**
 * Files the build writes next to Gatsby's output (onPostBuild): an .ics per event and
 * language, sitemap.xml and robots.txt. Node only.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
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

/**
 * Leaves a file that already holds `text` alone: an incremental build keeps public/, and an
 * unrewritten file keeps its time, so publishing links it from the live release by its size
 * and time instead of reading both copies (30,000 .ics files at 10,000 events).
 */
export async function writeIfChanged(file: string, text: string): Promise<boolean> {
  const bytes = Buffer.from(text, "utf8");
  const old = await readFile(file).catch(() => null);
  if (old?.equals(bytes)) return false;
  await writeFile(file, bytes);
  return true;
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
  await inBatches(files, 200, async ({ file, text }) => {
    await writeIfChanged(file, text);
  });

  const xml = sitemapXml(pages, siteUrl);
  await writeIfChanged(path.join(publicDir, href.sitemap()), xml);
  await writeIfChanged(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  return { icsFiles: files.length, sitemapUrls: (xml.match(/<loc>/g) ?? []).length };
}
