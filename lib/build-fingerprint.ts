/**
 * The fingerprint `npm run build` keeps in `.cache/` (scripts/build.ts): while it matches the
 * site's code, a build is incremental and trusts `.cache/` and `public/`; without it, the next
 * build starts from scratch. Publishing takes it away while `public/` is moved (ops/publish.ts)
 * and puts it back once `public/` is whole again, so a publish stopped in between leaves a
 * clean build, never an incremental one on a missing `public/`.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export function fingerprintFile(root: string): string {
  return path.join(root, ".cache", "site-code-fingerprint");
}

/** Removes the fingerprint and returns it (null when there was none). */
export function takeFingerprint(root: string): string | null {
  const file = fingerprintFile(root);
  try {
    const text = readFileSync(file, "utf8");
    rmSync(file, { force: true });
    return text;
  } catch {
    return null;
  }
}

export function putFingerprint(root: string, text: string): void {
  writeFileSync(fingerprintFile(root), text);
}
