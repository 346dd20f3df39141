/**
 * The CDN rules of a built site (the model is src/core/cdn-rules.ts): worked out from its
 * files at the end of the build (`writeCdnRules`, from gatsby-node.ts), and read back from
 * `_redirects` and `_headers` by `npm run serve` and the publishing (`readCdnRules`).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  buildCdnRules,
  type CdnRules,
  formatHeaders,
  formatRedirects,
  HASHED_ROOT_ASSET,
  inlineBlocks,
  isHiddenPath,
  parseHeaders,
  parseRedirects,
} from "../src/core/cdn-rules";
import { LANGUAGES, localize, ROUTES } from "../src/core/routes";

/**
 * The hashed assets and hidden files of a built site. Hashed assets and the build artefacts
 * sit at the root (and in /static/, covered by one rule); the page folders are not walked,
 * which keeps this fast at 30,000 pages.
 */
export async function listRuleFiles(publicDir: string): Promise<{ hashedAssets: string[]; hiddenFiles: string[] }> {
  const rootEntries = await readdir(publicDir, { withFileTypes: true });
  const rootFiles = rootEntries.filter((e) => e.isFile()).map((e) => `/${e.name}`);
  const hashedAssets = rootFiles.filter((f) => HASHED_ROOT_ASSET.test(f));
  const hiddenFiles = rootFiles.filter((f) => isHiddenPath(f) && f !== "/_headers" && f !== "/_redirects");
  return { hashedAssets, hiddenFiles };
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/**
 * The CSP hashes of the inline scripts and styles of a built site. Gatsby's inline scripts
 * are the same on every page (gatsby-ssr makes the page path an attribute rather than part of
 * the script); the pages read here are one of each route kind and language, plus the shared
 * scripts slice, so a template's own inline <style> is covered too.
 */
export async function inlineHashes(publicDir: string): Promise<{ scriptHashes: string[]; styleHashes: string[] }> {
  const samples = new Set<string>(["/_gatsby/slices/_gatsby-scripts-1.html", "/404.html"]);
  for (const lang of LANGUAGES) {
    for (const route of Object.values(ROUTES)) {
      if (!route.path.includes(":")) samples.add(`${localize(route.path, lang)}index.html`);
    }
    for (const dir of [ROUTES.event, ROUTES.place, ROUTES.person, ROUTES.news].map((route) =>
      route.path.replace(/:id\/$/, ""),
    )) {
      const base = path.join(publicDir, localize(dir, lang));
      const first = (await readdir(base).catch(() => [] as string[])).find((name) => /^\d+$/.test(name));
      if (first) samples.add(`${localize(dir, lang)}${first}/index.html`);
    }
  }
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const sample of samples) {
    const html = await readFile(path.join(publicDir, sample), "utf8").catch(() => null);
    if (html === null) continue;
    const found = inlineBlocks(html);
    for (const s of found.scripts) scripts.add(sha256(s));
    for (const s of found.styles) styles.add(sha256(s));
  }
  return { scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort() };
}

export interface SiteSettings {
  siteUrl: string;
  catalogueApiUrl: string;
  basketApiUrl: string;
}

/** Works out the rules of a built site from its files (hashes, hashed assets, hidden files). */
export async function rulesOfBuild(publicDir: string, settings: SiteSettings): Promise<CdnRules> {
  const [files, hashes] = await Promise.all([listRuleFiles(publicDir), inlineHashes(publicDir)]);
  return buildCdnRules({ ...settings, ...hashes }, files);
}

/** Writes public/_redirects and public/_headers (at the end of the build). */
export async function writeCdnRules(publicDir: string, settings: SiteSettings): Promise<CdnRules> {
  const rules = await rulesOfBuild(publicDir, settings);
  await writeFile(path.join(publicDir, "_redirects"), formatRedirects(rules), "utf8");
  await writeFile(path.join(publicDir, "_headers"), formatHeaders(rules), "utf8");
  return rules;
}

/**
 * The rules of a built site as the host sees them: read back from its _redirects and
 * _headers, or, for a folder without them, worked out from its files and `settings`.
 */
export async function readCdnRules(publicDir: string, settings: SiteSettings): Promise<CdnRules> {
  const [redirects, headers] = await Promise.all([
    readFile(path.join(publicDir, "_redirects"), "utf8").catch(() => null),
    readFile(path.join(publicDir, "_headers"), "utf8").catch(() => null),
  ]);
  if (redirects !== null && headers !== null)
    return { redirects: parseRedirects(redirects), headers: parseHeaders(headers) };
  return rulesOfBuild(publicDir, settings);
}
