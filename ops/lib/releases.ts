/**
 * The release store: numbered, never-modified copies of the built site under one root, and a
 * `current` symlink naming the live one, as Capistrano keeps them.
 *
 *   releases/0007/            a whole site (plus release.json and the nginx configuration)
 *   releases/current -> 0007  switched by renaming a new symlink over it: a reader sees the old
 *                             release or the new one, never neither
 *
 * A release is copied from public/ (Gatsby rewrites public/ in place on the next build, so the
 * live site must not share files with it), but a file unchanged since the live release (same
 * size and modification time, or same size and same bytes: a build rewrites every .ics file
 * and the sitemap whether they changed or not) is hard-linked from there instead, with its
 * compressed copies: an incremental publish of 10,000 events copies, checks and compresses
 * only the files that changed. Releases are never written to after they
 * are finished, which is what makes sharing their files safe; the one exception is the
 * compression step right after the switch, which adds each missing .br and .gz as a new file
 * (written aside and renamed, never into a file another release shares) and records itself
 * in the manifest, while the publish still holds the lock.
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import * as fsp from "node:fs/promises";
import path from "node:path";
import {
  formatHeaders,
  isHashedAsset as isHashedSitePath,
  parseHeaders,
  withImmutableAssets,
} from "../../src/core/cdn-rules";

export const MANIFEST = "release.json";
export const CURRENT = "current";

export interface ReleaseManifest {
  name: string;
  createdAt: string;
  /** HTML pages by kind (event, place, person, news, page), all languages together */
  pages: Record<string, number>;
  totalPages: number;
  /** build, verification and switch, in seconds (the compression after it is in `compression`) */
  seconds: number;
  /** why it was published: "hook", "schedule: ...", "by hand" */
  reason: string;
  /** the pages added, removed and changed against the release live before it (none for the first) */
  changes?: ReleaseChanges | null;
  /** the compression after the switch, once it has ended (absent while it runs) */
  compression?: CompressionRecord | null;
}

/** How the compression of a live release went: files given copies, or why it stopped. */
export interface CompressionRecord {
  seconds: number;
  /** files given a .br and a .gz (null when it failed) */
  written: number | null;
  /** why it failed: the release stays live, the next publish writes the missing copies */
  error: string | null;
}

/** What a release changed against the one before it: counts and a few pages of each. */
export interface ReleaseChanges {
  previous: string;
  added: number;
  removed: number;
  changed: number;
  samples: { added: string[]; removed: string[]; changed: string[] };
}

const SAMPLES = 5;

/**
 * The pages added, removed and changed (their HTML was copied, not linked: its content or
 * time changed) between the previous release's pages and the new one's, with a few of each.
 */
export function releaseChanges(
  previous: string,
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
  changedPages: Iterable<string>,
): ReleaseChanges {
  const added = [...after].filter((page) => !before.has(page));
  const removed = [...before].filter((page) => !after.has(page));
  const changed = [...new Set(changedPages)].filter((page) => before.has(page) && after.has(page));
  // English pages first, and among them the pages of one record (an event, a place) before lists
  const rank = (page: string) => Number(/^\/(ru|ar)\//.test(page)) * 2 + Number(!/\/\d+\/$/.test(page));
  const sample = (pages: string[]) =>
    [...pages].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, "en", { numeric: true })).slice(0, SAMPLES);
  return {
    previous,
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    samples: { added: sample(added), removed: sample(removed), changed: sample(changed) },
  };
}

export interface ReleaseInfo {
  name: string;
  dir: string;
  live: boolean;
  manifest: ReleaseManifest | null;
}

const RELEASE_NAME = /^\d{4,}$/;

export function isReleaseName(name: string): boolean {
  return RELEASE_NAME.test(name);
}

/** The release names under `root`, oldest first. */
export function releaseNames(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && isReleaseName(entry.name) && existsSync(path.join(root, entry.name, MANIFEST)),
    )
    .map((entry) => entry.name)
    .sort((a, b) => Number(a) - Number(b));
}

export function liveRelease(root: string): string | null {
  try {
    const target = readlinkSync(path.join(root, CURRENT));
    const name = path.basename(target);
    return isReleaseName(name) ? name : null;
  } catch {
    return null;
  }
}

export function readManifest(root: string, name: string): ReleaseManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(root, name, MANIFEST), "utf8")) as ReleaseManifest;
  } catch {
    return null;
  }
}

export function listReleases(root: string): ReleaseInfo[] {
  const live = liveRelease(root);
  return releaseNames(root).map((name) => ({
    name,
    dir: path.join(root, name),
    live: name === live,
    manifest: readManifest(root, name),
  }));
}

/** The next free number, also past unfinished directories a failed publish left. */
export function nextReleaseName(root: string): string {
  let highest = 0;
  if (existsSync(root))
    for (const entry of readdirSync(root)) if (isReleaseName(entry)) highest = Math.max(highest, Number(entry));
  return String(highest + 1).padStart(4, "0");
}

/** Points `current` at `name` atomically: a new symlink renamed over the old one. */
export function switchCurrent(root: string, name: string): void {
  if (!existsSync(path.join(root, name, MANIFEST))) throw new Error(`there is no finished release ${name} in ${root}`);
  const temporary = path.join(root, `.${CURRENT}-${process.pid}-${Date.now()}`);
  rmSync(temporary, { force: true });
  // relative, so the whole root can be moved or mounted elsewhere
  symlinkSync(name, temporary, "dir");
  renameSync(temporary, path.join(root, CURRENT));
}

/** The release a rollback goes to: the named one, or the newest one older than the live one. */
export function rollbackTarget(root: string, requested?: string): string {
  const names = releaseNames(root);
  const live = liveRelease(root);
  if (requested !== undefined) {
    if (!names.includes(requested))
      throw new Error(`there is no release ${requested}; there are ${names.join(", ") || "none"}`);
    if (requested === live) throw new Error(`release ${requested} is already live`);
    return requested;
  }
  const older = names.filter((name) => live === null || Number(name) < Number(live));
  const target = older.at(-1);
  if (!target) throw new Error(`there is no release before the live one (${live ?? "none"}) to roll back to`);
  return target;
}

/**
 * Removes the oldest releases beyond `keep`, and directories of publishes that never finished.
 * The live release is never removed, even when it is older than the kept ones (after a rollback).
 */
export function pruneReleases(root: string, keep: number, unfinishedOf?: string): string[] {
  const live = liveRelease(root);
  const names = releaseNames(root);
  const removed: string[] = [];
  const excess = names.slice(0, Math.max(0, names.length - keep)).filter((name) => name !== live);
  for (const name of excess) {
    rmSync(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  for (const entry of existsSync(root) ? readdirSync(root) : []) {
    if (
      isReleaseName(entry) &&
      entry !== unfinishedOf &&
      !existsSync(path.join(root, entry, MANIFEST)) &&
      entry !== live
    ) {
      rmSync(path.join(root, entry), { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function walkFiles(dir: string, prefix = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walkFiles(dir, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/**
 * Copies keep the modification time through utimes, which rounds it to about a millisecond
 * (a float of seconds): times within 2 ms are the same.
 */
export function sameTime(a: number, b: number): boolean {
  return Math.abs(a - b) < 2;
}

/** Same size and time, or same size and the same bytes (rewritten without a change). */
export function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    if (x.size !== y.size) return false;
    if (sameTime(x.mtimeMs, y.mtimeMs)) return true;
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

export interface StageResult {
  files: number;
  copied: number;
  linked: number;
  /** files linked from the previous release whose .br/.gz were linked too */
  reusedCompressed: Set<string>;
  /** the files copied from public/ (new or changed since the previous release) */
  copiedFiles: string[];
}

const COMPRESSED = [".br", ".gz"];

/**
 * Fills the new release directory from public/: unchanged files hard-linked from `previousDir`
 * (with their compressed copies), changed ones copied with their modification time kept.
 * `previousFiles`, the previous release's files (walkFiles), spares a look-up per file.
 */
export function stageRelease(
  publicDir: string,
  releaseDir: string,
  previousDir: string | null,
  previousFiles?: ReadonlySet<string>,
): StageResult {
  const has = (file: string) =>
    previousFiles ? previousFiles.has(file) : existsSync(path.join(previousDir ?? "", file));
  mkdirSync(releaseDir, { recursive: true });
  const result: StageResult = { files: 0, copied: 0, linked: 0, reusedCompressed: new Set(), copiedFiles: [] };
  const madeDirs = new Set<string>();
  for (const file of walkFiles(publicDir)) {
    // compressed copies in public/ (from another tool) are remade from the release's own files
    if (COMPRESSED.some((ext) => file.endsWith(ext))) continue;
    const from = path.join(publicDir, file);
    const to = path.join(releaseDir, file);
    const dir = path.dirname(to);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    result.files++;
    const old = previousDir && has(file) ? path.join(previousDir, file) : null;
    if (old && sameFile(from, old)) {
      linkSync(old, to);
      result.linked++;
      if (COMPRESSED.every((ext) => has(file + ext))) {
        for (const ext of COMPRESSED) linkSync(old + ext, to + ext);
        result.reusedCompressed.add(file);
      }
      continue;
    }
    copyFileSync(from, to);
    const stat = statSync(from);
    utimesSync(to, stat.atime, stat.mtime);
    result.copied++;
    result.copiedFiles.push(file);
  }
  return result;
}

/**
 * The first release of a publish root: public/ renamed into place instead of copied. At 10,000
 * events that is 105,279 files in 75,189 directories, 14-21 s of copying on these disks, on
 * the way to live. copyBack puts public/ back after the switch, for the next incremental build.
 * Null, with nothing moved, when public/ holds compressed copies (from another tool:
 * stageRelease leaves those out) or cannot be renamed there (another filesystem).
 */
export function moveIntoRelease(publicDir: string, releaseDir: string): StageResult | null {
  const files = walkFiles(publicDir);
  if (files.some((file) => COMPRESSED.some((ext) => file.endsWith(ext)))) return null;
  mkdirSync(path.dirname(releaseDir), { recursive: true });
  try {
    renameSync(publicDir, releaseDir);
  } catch {
    return null;
  }
  return { files: files.length, copied: files.length, linked: 0, reusedCompressed: new Set(), copiedFiles: files };
}

/**
 * Copies `files` of a release moved by moveIntoRelease back to public/, with their times (the
 * next publish links what is unchanged by size and time): into a directory beside public/, then
 * renamed, so public/ is whole or absent. Asynchronous, `concurrency` at a time, so the
 * compression that runs meanwhile keeps its event loop.
 */
export async function copyBack(
  releaseDir: string,
  publicDir: string,
  files: readonly string[],
  concurrency = 16,
): Promise<void> {
  const temporary = `${publicDir}.copying`;
  await fsp.rm(temporary, { recursive: true, force: true });
  await fsp.mkdir(temporary, { recursive: true });
  const each = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>) => {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await work(items[next++] as T);
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  };
  const dirs = [...new Set(files.map((file) => path.posix.dirname(file)))].filter((dir) => dir !== ".");
  await each(dirs, (dir) => fsp.mkdir(path.join(temporary, dir), { recursive: true }));
  await each(files, async (file) => {
    const from = path.join(releaseDir, file);
    const to = path.join(temporary, file);
    await fsp.copyFile(from, to);
    const stat = await fsp.stat(from);
    await fsp.utimes(to, stat.atime, stat.mtime);
  });
  await fsp.rm(publicDir, { recursive: true, force: true });
  await fsp.rename(temporary, publicDir);
}

/** What a tree made by prepareFromLive holds: the live release's files, linked. */
export interface PreparedTree {
  dir: string;
  /** every file of the live release, relative to it (the .br and .gz copies included) */
  liveFiles: Set<string>;
}

/** Entries of a release that are not the site: its manifest and its nginx configuration. */
const RELEASE_OWN = new Set([MANIFEST, "nginx"]);

/**
 * Making a release's 75,000 directories (one per page and one per page's data at 10,000
 * events) is most of what staging costs on these disks (about 155 µs each, 12 s), and it
 * depends only on the live release. So it is done while the site builds: `dir` becomes a copy
 * of `liveDir` made of hard links (its manifest and nginx configuration left out), and
 * syncPreparedTree then turns it into the new release in proportion to the change.
 *
 * The copy is GNU `cp -al` at the lowest CPU priority (`nice -n 19`), so the build keeps the
 * cores: a walk in Node (a promise per directory and per link) took 19 s of CPU for 105,000
 * files, `cp -al` 7 s, almost all of it in the kernel. The list of the live release's files
 * comes from `find`, as niced. Where either command is missing or fails, the same is done in
 * Node.
 */
export async function prepareFromLive(liveDir: string, dir: string): Promise<PreparedTree> {
  await fsp.rm(dir, { recursive: true, force: true });
  try {
    await lowPriority("cp", ["-al", "--", liveDir, dir]);
    for (const own of RELEASE_OWN) await fsp.rm(path.join(dir, own), { recursive: true, force: true });
  } catch {
    await fsp.rm(dir, { recursive: true, force: true });
    await linkTree(liveDir, dir);
  }
  let liveFiles: Set<string>;
  try {
    const listed = await lowPriority("find", [".", "-type", "f", "-printf", "%P\n"], dir);
    liveFiles = new Set(listed.split("\n").filter((line) => line !== ""));
  } catch {
    liveFiles = new Set(walkFiles(dir));
  }
  return { dir, liveFiles };
}

/** Runs a command at the lowest CPU priority and gives its output; rejects when it fails. */
function lowPriority(command: string, args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("nice", ["-n", "19", command, ...args], { cwd, maxBuffer: 1 << 30, encoding: "utf8" }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** `cp -al` in Node: the directories made, the files hard-linked, one after the other on libuv's thread pool. */
async function linkTree(liveDir: string, dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const walk = async (prefix: string): Promise<void> => {
    for (const entry of await fsp.readdir(path.join(liveDir, prefix), { withFileTypes: true })) {
      if (!prefix && RELEASE_OWN.has(entry.name)) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await fsp.mkdir(path.join(dir, relative));
        await walk(relative);
      } else if (entry.isFile()) await fsp.link(path.join(liveDir, relative), path.join(dir, relative));
    }
  };
  await walk("");
}

/**
 * Turns a tree prepared from the live release into the new release: what public/ holds
 * unchanged stays linked (with its compressed copies), what changed or is new is copied (its
 * stale copies dropped), and what public/ no longer holds goes, with directories left empty.
 * Same result as stageRelease into an empty directory.
 */
export function syncPreparedTree(publicDir: string, prepared: PreparedTree, liveDir: string): StageResult {
  const { dir, liveFiles } = prepared;
  const result: StageResult = { files: 0, copied: 0, linked: 0, reusedCompressed: new Set(), copiedFiles: [] };
  const own = walkFiles(publicDir).filter((file) => !COMPRESSED.some((ext) => file.endsWith(ext)));
  const wanted = new Set(own);
  const emptied = new Set<string>();
  const drop = (file: string) => {
    rmSync(path.join(dir, file), { force: true });
    emptied.add(path.dirname(file));
  };
  for (const file of liveFiles) {
    const base = COMPRESSED.reduce((name, ext) => (name.endsWith(ext) ? name.slice(0, -ext.length) : name), file);
    if (!wanted.has(base)) drop(file);
  }
  for (const file of own) {
    result.files++;
    const from = path.join(publicDir, file);
    if (liveFiles.has(file) && sameFile(from, path.join(liveDir, file))) {
      result.linked++;
      if (COMPRESSED.every((ext) => liveFiles.has(file + ext))) result.reusedCompressed.add(file);
      else for (const ext of COMPRESSED) if (liveFiles.has(file + ext)) drop(file + ext);
      continue;
    }
    const to = path.join(dir, file);
    for (const name of [file, ...COMPRESSED.map((ext) => file + ext)]) if (liveFiles.has(name)) drop(name);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    const stat = statSync(from);
    utimesSync(to, stat.atime, stat.mtime);
    result.copied++;
    result.copiedFiles.push(file);
  }
  removeEmptyDirectories(dir, emptied);
  return result;
}

/** Removes each of `dirs` (relative to `root`) and its parents while they are empty. */
function removeEmptyDirectories(root: string, dirs: Iterable<string>): void {
  for (const start of dirs) {
    for (let dir = start; dir !== "." && dir !== ""; dir = path.dirname(dir)) {
      try {
        rmdirSync(path.join(root, dir));
      } catch {
        break; // not empty (or already gone with a child's turn)
      }
    }
  }
}

/**
 * A file (relative to the release) whose name carries a content hash, so it never changes and
 * may be cached for a year: Gatsby's webpack output at the root and everything under static/.
 * The same test as the caching rules', so what is carried is what they call immutable.
 */
export function isHashedAsset(file: string): boolean {
  return isHashedSitePath(`/${file}`);
}

/**
 * Links into the new release the hashed JavaScript and CSS of `olderDirs` it does not have
 * itself, so a visitor still on a page of an older release finds the chunks it asks for, and
 * adds them to the release's _headers with the year-long cache of its own hashed files.
 */
export function carryHashedAssets(releaseDir: string, olderDirs: string[]): Set<string> {
  const carried = new Set<string>();
  for (const older of olderDirs) {
    const rootFiles = readdirSync(older, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    const staticFiles = existsSync(path.join(older, "static")) ? walkFiles(older, "static") : [];
    for (const file of [...rootFiles, ...staticFiles]) {
      if (!isHashedAsset(file) || COMPRESSED.some((ext) => file.endsWith(ext))) continue;
      const to = path.join(releaseDir, file);
      if (existsSync(to)) continue;
      mkdirSync(path.dirname(to), { recursive: true });
      linkSync(path.join(older, file), to);
      for (const ext of COMPRESSED)
        if (existsSync(path.join(older, file + ext))) linkSync(path.join(older, file + ext), to + ext);
      carried.add(file);
    }
  }
  addCarriedAssetRules(releaseDir, carried);
  return carried;
}

/**
 * The release's _headers names its build's hashed files one by one (static/ has a rule of
 * its own); the carried ones are added. The file may be a hard link shared with the live
 * release, so it is replaced, never written in place. A release without _headers needs
 * nothing: its rules are then worked out from its files, carried ones included.
 */
function addCarriedAssetRules(releaseDir: string, carried: Set<string>): void {
  const file = path.join(releaseDir, "_headers");
  if (carried.size === 0 || !existsSync(file)) return;
  const rules = parseHeaders(readFileSync(file, "utf8"));
  const headers = withImmutableAssets(
    rules,
    [...carried].map((asset) => `/${asset}`),
  );
  if (headers.length === rules.length) return;
  rmSync(file);
  writeFileSync(file, formatHeaders({ headers }));
}

/** Written aside and renamed: it is rewritten once the live release's compression ends. */
export function writeManifest(releaseDir: string, manifest: ReleaseManifest): void {
  const file = path.join(releaseDir, MANIFEST);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, file);
}

/** True when `file` is the symlink `current` (not a directory someone put there by hand). */
export function currentIsSymlink(root: string): boolean {
  try {
    return lstatSync(path.join(root, CURRENT)).isSymbolicLink();
  } catch {
    return false;
  }
}
