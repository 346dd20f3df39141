/**
 * `npm run build`: the Gatsby build, incremental when only the catalogue changed.
 *
 * An editor's rebuild keeps `.cache/` and `public/`, so Gatsby re-renders only the pages
 * whose data changed. A new release of the site's code needs a build from scratch: Gatsby
 * does not re-render pages whose inlined CSS changed, for one. So the build remembers a
 * fingerprint of everything that is not catalogue data (the code, the texts, the
 * dependencies, the settings baked into the bundle) and starts from scratch when it differs.
 *
 * Gatsby compiles gatsby-config.ts and gatsby-node.ts with Parcel before anything else (4-9 s
 * at 10,000 events). Their code is part of the fingerprint, so an incremental build tells the
 * patched Gatsby to keep last build's compiled copies (a marker file it takes when read).
 * Parcel's own cache treats every file written to public/ since its last run as new and scans
 * them all (about 9 s after a 10,000-event build), so it is dropped before each build.
 *
 *   npm run build                 # incremental when the code is unchanged
 *   npm run build -- --clean      # from scratch in any case
 *   npm run build -- --verbose    # other options go to `gatsby build`
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fingerprintFile } from "../lib/build-fingerprint";
import { SNAPSHOT_FILE } from "../lib/snapshot-file";
import { helpAsked } from "../src/core/command-help";
import { readBuildConfig } from "../src/core/site-config";

const USAGE = `usage: npm run build -- [--clean] [gatsby build options]
  incremental when the site's code and settings are unchanged since the last build
  --clean              from scratch in any case
settings: CATALOGUE_API_URL, BASKET_API_URL, LANDING_ID, SITE_URL, CATALOGUE_RATE_LIMIT`;

const ROOT = path.resolve(__dirname, "..");
const FINGERPRINT_FILE = fingerprintFile(ROOT);
/** The marker the patched Gatsby reads (and removes) in `.cache/`: its compiled gatsby-*.ts are current. */
export const COMPILED_FILES_CURRENT = "compiled-gatsby-files-current";

/**
 * What the built pages are made of besides the catalogue: the site (with the core and the
 * sourcing under src/, and the files of lib/ the build runs), the texts, the static files,
 * the dependencies. Operations, the
 * server, the benchmarks, the tests and the other commands are not: a change there keeps an
 * editor's next build incremental.
 */
export const CODE = [
  "src",
  "lib/cdn-rule-files.ts",
  "lib/snapshot-file.ts",
  "locales",
  "static",
  "patches",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  ".browserslistrc",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.site.json",
];

function files(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, path.join(entry, name)));
}

/**
 * The settings are hashed as the build reads them (src/core/site-config.ts), defaults filled
 * in: `npm start` names the local addresses, `npm run publisher` started without them takes
 * the same defaults, and the two must see the same build.
 */
export function codeFingerprint(root: string = ROOT, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash("sha256");
  for (const file of CODE.flatMap((entry) => files(root, entry)))
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  hash.update(JSON.stringify(readBuildConfig(env)));
  return hash.digest("hex");
}

function main(): void {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const fingerprint = codeFingerprint();
  const previous = existsSync(FINGERPRINT_FILE) ? readFileSync(FINGERPRINT_FILE, "utf8").trim() : null;
  const clean = process.argv.includes("--clean") || previous !== fingerprint;
  if (clean) {
    if (previous !== null)
      console.log("build: the site's code or settings changed since the last build, building from scratch");
    rmSync(path.join(ROOT, ".cache"), { recursive: true, force: true });
    rmSync(path.join(ROOT, "public"), { recursive: true, force: true });
    // the catalogue as the old code read it: this build reads everything again
    rmSync(path.join(ROOT, SNAPSHOT_FILE), { force: true });
  } else {
    console.log("build: same code and settings as the last build, re-rendering only what the catalogue changed");
    rmSync(path.join(ROOT, ".cache", ".parcel-cache"), { recursive: true, force: true });
    // the compiled gatsby-config and gatsby-node are made of the fingerprinted code: the
    // patched Gatsby keeps them instead of starting Parcel (docs/adr/0004-byte-patches.md)
    writeFileSync(path.join(ROOT, ".cache", COMPILED_FILES_CURRENT), `${fingerprint}\n`);
  }
  const gatsbyOptions = process.argv.slice(2).filter((arg) => arg !== "--clean");
  const gatsby = spawnSync(path.join(ROOT, "node_modules", ".bin", "gatsby"), ["build", ...gatsbyOptions], {
    cwd: ROOT,
    stdio: "inherit",
    // Gatsby defines every variable of the environment in its HTML renderer (webpack's
    // DefinePlugin), and a variable that comes or goes makes webpack rebuild the whole
    // renderer: CATALOGUE_CHANGES (a publish that names its changed records) is always there.
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CATALOGUE_CHANGES: process.env.CATALOGUE_CHANGES ?? "" },
  });
  if (gatsby.status !== 0) {
    // a failed build leaves no fingerprint: the next one starts from scratch
    rmSync(FINGERPRINT_FILE, { force: true });
    rmSync(path.join(ROOT, SNAPSHOT_FILE), { force: true });
    process.exit(gatsby.status ?? 1);
  }
  writeFileSync(FINGERPRINT_FILE, `${fingerprint}\n`);
}

if (require.main === module) main();
