/**
 * Small release stores for the publishing tests: files written from a table, a release
 * finished (its release.json) and made live.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { switchCurrent, writeManifest } from "../../../ops/lib/releases";

/** Writes each file of `files` (relative path -> text) under `dir`, making folders as needed. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/** Gives the release `name` under `root` its release.json and switches `current` to it. */
export function finishRelease(root: string, name: string): void {
  writeManifest(path.join(root, name), {
    name,
    createdAt: new Date().toISOString(),
    pages: {},
    totalPages: 1,
    seconds: 1,
    reason: "test",
  });
  switchCurrent(root, name);
}
