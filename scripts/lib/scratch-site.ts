/**
 * A scratch copy of the project to build in, for the benchmarks and the publishing test: its
 * own .cache/ and public/ (Gatsby rewrites public/ in place, and the shared ones belong to
 * `npm test` and the person at the keyboard), the code copied, node_modules linked.
 */
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

/** What a build, the local server and the publishing scripts read from the project. */
export const COPIED = [
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "src",
  "lib",
  "locales",
  "static",
  "contracts",
  "scripts",
  "ops",
  "server",
  "patches",
];

/**
 * Copies the project's code from `root` into `siteDir`, replacing what an earlier copy left
 * there but keeping its .cache/ and public/ (so a second run can build incrementally).
 */
export function copyProject(root: string, siteDir: string): void {
  mkdirSync(siteDir, { recursive: true });
  for (const entry of COPIED) {
    const from = path.join(root, entry);
    if (!existsSync(from)) continue;
    rmSync(path.join(siteDir, entry), { recursive: true, force: true });
    cpSync(from, path.join(siteDir, entry), { recursive: true });
  }
  // a link left by a copy of the project that has since gone (a removed worktree) is replaced
  const modules = path.join(siteDir, "node_modules");
  const target = path.join(root, "node_modules");
  if (existsSync(modules) && realpathSync(modules) === realpathSync(target)) return;
  rmSync(modules, { recursive: true, force: true });
  symlinkSync(target, modules, "dir");
}

/** Drops the copy's build cache and output, so its next build starts from scratch. */
export function cleanBuild(siteDir: string): void {
  rmSync(path.join(siteDir, ".cache"), { recursive: true, force: true });
  rmSync(path.join(siteDir, "public"), { recursive: true, force: true });
}
