/**
 * The safe order of an upload, and which old files may go. Pure, so the CLI (ops/deploy.ts)
 * only moves files.
 *
 * A visitor loads HTML, then the page-data and app-data it names, then the hashed chunks.
 * Uploading in the reverse order means that whatever a new file names is already there:
 *   1. hashed assets (JS, CSS, static/) — new names, nobody asks for them yet
 *   2. page-data/ (with app-data.json) — read by the new HTML and by client navigation
 *   3. other files (ics, images, sitemap, robots, unhashed scripts)
 *   4. HTML
 *   5. rules (_headers, _redirects, the nginx configuration), which may point at any of it;
 *      in a bucket, the redirect objects ("events" -> "/events/") and the CDN's rules
 * Files that the new release no longer has are removed only after a grace period (pages open
 * in browsers still fetch them), and never the hashed assets of a kept release.
 */
import { isHashedAsset } from "./releases";

export const PHASES = ["hashed assets", "page data", "other files", "HTML", "rules"] as const;
export type Phase = (typeof PHASES)[number];

const RULES = new Set(["_headers", "_redirects", "nginx.conf", "nginx-site.conf", "release.json"]);

function base(file: string): string {
  return file.replace(/\.(br|gz)$/, "");
}

export function phaseOf(file: string): Phase {
  const plain = base(file);
  if (RULES.has(plain) || plain.startsWith("nginx/") || /^nginx[^/]*\.conf$/.test(plain)) return "rules";
  if (isHashedAsset(plain)) return "hashed assets";
  if (plain.startsWith("page-data/")) return "page data";
  if (plain.endsWith(".html")) return "HTML";
  return "other files";
}

/**
 * The files in their phases, each phase sorted. `rules` are names that go last whatever their
 * look (the redirect objects of a bucket: "events" would otherwise pass for an other file).
 */
export function planPhases(files: string[], rules: readonly string[] = []): Array<{ phase: Phase; files: string[] }> {
  const byPhase = new Map<Phase, string[]>(PHASES.map((p) => [p, []]));
  for (const file of files) byPhase.get(phaseOf(file))?.push(file);
  byPhase.get("rules")?.push(...rules);
  // a compressed copy goes up right after its file, never before it
  return PHASES.map((phase) => ({ phase, files: (byPhase.get(phase) ?? []).sort() }));
}

export interface DeployState {
  /** every file this tool has put on the target and not removed, with when it became stale (ms) or null */
  files: Record<string, number | null>;
  lastRelease?: string;
  lastDeployAt?: string;
}

export interface StaleDecision {
  state: DeployState;
  remove: string[];
  /** stale files still inside their grace period */
  keep: string[];
}

/**
 * Marks what the release no longer has as stale (since now, unless it already was) and picks
 * those whose grace period has passed; the protected files (hashed assets of kept releases)
 * are never picked.
 */
export function decideStale(
  previous: DeployState,
  uploaded: string[],
  protectedFiles: Set<string>,
  now: number,
  graceMs: number,
): StaleDecision {
  const files: Record<string, number | null> = {};
  const present = new Set(uploaded);
  for (const file of uploaded) files[file] = null;
  const remove: string[] = [];
  const keep: string[] = [];
  for (const [file, staleSince] of Object.entries(previous.files)) {
    if (present.has(file)) continue;
    if (protectedFiles.has(base(file))) {
      files[file] = null;
      continue;
    }
    const since = staleSince ?? now;
    if (now - since >= graceMs) remove.push(file);
    else {
      files[file] = since;
      keep.push(file);
    }
  }
  return { state: { ...previous, files }, remove: remove.sort(), keep: keep.sort() };
}

/** "30s", "15m", "2h", "1d" or a number of seconds -> milliseconds. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a duration such as 30s, 15m, 2h or 1d`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    (match[2] ?? "s") as "ms" | "s" | "m" | "h" | "d"
  ];
  return Number(match[1]) * unit;
}
