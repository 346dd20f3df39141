/**
 * Handing 37,582 planned pages to Gatsby's createPage costs about 25 s on these 2 cores at
 * 10,000 events, whatever changed: each call validates the page, compares and hashes its
 * context, writes its SitePage node and runs every plugin's onCreatePage and onCreateNode.
 * An incremental build re-creates only the pages whose plan changed since the last build;
 * the others, still in Gatsby's restored state, are only marked as created in this run, so
 * Gatsby's clean-up (deleteUntouchedPages: a page not created in this run is removed) keeps
 * them and nothing about them is queried, written or rendered again, exactly as when
 * createPage is handed an unchanged page.
 *
 * What each page was handed with is kept beside Gatsby's cache (PAGE_PLAN_FILE, a hash per
 * path), written at the end of a successful build. A build from scratch, or after a failed
 * one, deletes .cache/ with it (scripts/build.ts), so only a page the last successful build
 * created exactly so is ever kept.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { PlannedPage } from "./plan-pages";

export const PAGE_PLAN_FILE = ".cache/page-plan-hashes.json";

/** What decides a page: its template, its client-only path and its whole context. */
export function pageHash(page: PlannedPage, component: string): string {
  return createHash("sha1")
    .update(component)
    .update("\0")
    .update(page.matchPath ?? "")
    .update("\0")
    .update(JSON.stringify(page.context))
    .digest("base64");
}

/**
 * The hashes the last successful build kept, and the file removed: if this build fails
 * half-way, the next one hands every page to Gatsby again.
 */
export function takePageHashes(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map();
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return new Map();
  } finally {
    rmSync(file, { force: true });
  }
}

export function writePageHashes(file: string, hashes: ReadonlyMap<string, string>): Promise<void> {
  return writeFile(file, JSON.stringify(Object.fromEntries(hashes)), "utf8");
}

/** The part of Gatsby's page state this relies on (gatsby/dist/redux/reducers/pages). */
interface GatsbyPageState {
  componentPath: string;
  updatedAt: number;
}

/**
 * Gatsby's pages as restored from its cache, or null when the state does not look as this
 * module expects (another Gatsby version): then every page is handed over as usual.
 */
export function restoredPages(state: unknown): Map<string, GatsbyPageState> | null {
  const pages = (state as { pages?: unknown } | null)?.pages;
  if (!(pages instanceof Map)) return null;
  for (const page of pages.values()) {
    const p = page as Partial<GatsbyPageState> | null;
    if (!p || typeof p.componentPath !== "string" || typeof p.updatedAt !== "number") return null;
    break;
  }
  return pages as Map<string, GatsbyPageState>;
}

export interface Handover {
  /** pages handed to createPage */
  created: number;
  /** pages kept as the last build created them */
  kept: number;
  /** every page's hash, to keep for the next build */
  hashes: Map<string, string>;
}

/**
 * Hands `planned` to `createPage`, except the keepable pages whose hash is the one the last
 * build kept and that Gatsby still holds with the same component: those are marked as created
 * now. Only pages nothing else reacts to may be keepable: a plugin's onCreatePage that makes
 * pages of its own (Gatsby's 404.html from /404/) would not run, and its pages would go.
 */
export function handPagesOver(
  planned: readonly PlannedPage[],
  options: {
    componentOf: (page: PlannedPage) => string;
    previous: ReadonlyMap<string, string>;
    restored: Map<string, GatsbyPageState> | null;
    createPage: (page: PlannedPage, component: string) => void;
    /** pages that may be kept; the others are always handed over */
    keepable: (page: PlannedPage) => boolean;
    now?: () => number;
  },
): Handover {
  const now = options.now ?? Date.now;
  const hashes = new Map<string, string>();
  let kept = 0;
  for (const page of planned) {
    const component = options.componentOf(page);
    const hash = pageHash(page, component);
    hashes.set(page.path, hash);
    const restored =
      options.keepable(page) && options.previous.get(page.path) === hash ? options.restored?.get(page.path) : undefined;
    if (restored && restored.componentPath === component) {
      restored.updatedAt = now();
      kept++;
      continue;
    }
    options.createPage(page, component);
  }
  return { created: planned.length - kept, kept, hashes };
}

/**
 * Hands `planned` to `createPage` again where a page's hash differs from the one in `hashes`
 * (what it was handed over with earlier in this build), and updates `hashes`. For pages whose
 * context changes after createPages: an event's sessions, read while the build runs
 * (gatsby-node.ts). Returns how many pages were handed over.
 */
export function handChangedPagesOver(
  planned: readonly PlannedPage[],
  options: {
    componentOf: (page: PlannedPage) => string;
    hashes: Map<string, string>;
    createPage: (page: PlannedPage, component: string) => void;
  },
): number {
  let changed = 0;
  for (const page of planned) {
    const component = options.componentOf(page);
    const hash = pageHash(page, component);
    if (options.hashes.get(page.path) === hash) continue;
    options.hashes.set(page.path, hash);
    options.createPage(page, component);
    changed++;
  }
  return changed;
}
