/**
 * `npm run publish`: build, verify and switch the live site atomically, keeping old releases.
 *
 *   npm run publish                       # build (incrementally), verify, go live
 *   npm run publish -- --force            # also when a kind of page lost more than PUBLISH_MAX_LOSS
 *   npm run publish -- --skip-build       # release what public/ holds now (built by `npm run build`)
 *   npm run publish -- --rollback         # back to the release before the live one
 *   npm run publish -- --rollback 0005    # to that release
 *   npm run publish -- --list             # the releases: time, pages, catalogue summary
 *
 * Settings (environment): PUBLISH_ROOT (releases/), PUBLISH_KEEP (5), PUBLISH_MAX_LOSS (0.1),
 * PUBLISH_CARRY (3: how many earlier releases' hashed JS and CSS each release carries), and
 * everything `npm run build` reads (CATALOGUE_API_URL, SITE_URL, ...).
 *
 * Steps, one log line each ("publish: building", "publish: verifying", ...), so the publisher
 * can tell its status from them: building, staging, verifying, switching, "live <release>",
 * then compressing (a .br and .gz beside each changed text file: the release is live already,
 * nginx compresses on the fly meanwhile) and "compressed ..." or "compression failed: ..."
 * (a warning: the release stays live). A failed build or verification removes the unfinished
 * release and leaves `current` alone; the last line then reads "publish: failed: <why>".
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { putFingerprint, takeFingerprint } from "../lib/build-fingerprint";
import { readCdnRules } from "../lib/cdn-rule-files";
import { startProcess } from "../lib/processes";
import { helpAsked } from "../src/core/command-help";
import { readBuildConfig } from "../src/core/site-config";
import { compressRelease, filesToCompress, type ReleaseFiles } from "./lib/compress";
import { unprivilegedUser, writeNginxConfig } from "./lib/nginx-config";
import {
  type CompressionRecord,
  carryHashedAssets,
  copyBack,
  listReleases,
  liveRelease,
  moveIntoRelease,
  nextReleaseName,
  prepareFromLive,
  pruneReleases,
  type ReleaseManifest,
  readManifest,
  releaseChanges,
  releaseNames,
  rollbackTarget,
  type StageResult,
  stageRelease,
  switchCurrent,
  syncPreparedTree,
  walkFiles,
  writeManifest,
} from "./lib/releases";
import { PAGE_KINDS, pagePathOf, scanPages, verifyRelease } from "./lib/verify";

const USAGE = `usage: npm run publish -- [options]   build, verify and switch the live site (PUBLISH_ROOT/current)
  --force              also when a kind of page lost more than PUBLISH_MAX_LOSS
  --skip-build         release what public/ holds now (built by npm run build)
  --reason <text>      why, for the release's record (default: by hand)
  --rollback [<name>]  back to the release before the live one, or to the one named (0005)
  --list               the releases: time, pages, catalogue summary
  other options go to the build (npm run build)
settings: PUBLISH_ROOT (releases/), PUBLISH_KEEP (5), PUBLISH_MAX_LOSS (0.1), PUBLISH_CARRY (3), and what npm run build reads`;

const ROOT = path.resolve(__dirname, "..");

export interface PublishSettings {
  root: string;
  keep: number;
  maxLoss: number;
  carry: number;
}

export function publishSettings(env: NodeJS.ProcessEnv = process.env): PublishSettings {
  const number = (name: string, fallback: number, valid: (n: number) => boolean): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!valid(value)) throw new Error(`${name}=${raw} is not valid`);
    return value;
  };
  return {
    root: path.resolve(ROOT, env.PUBLISH_ROOT || "releases"),
    keep: number("PUBLISH_KEEP", 5, (n) => Number.isInteger(n) && n >= 2),
    maxLoss: number("PUBLISH_MAX_LOSS", 0.1, (n) => n >= 0 && n <= 1),
    carry: number("PUBLISH_CARRY", 3, (n) => Number.isInteger(n) && n >= 0),
  };
}

function step(message: string): void {
  process.stdout.write(`publish: ${message}\n`);
}

class PublishError extends Error {}

/** The lock file of a release root: the holder's process id, and "compressing <release>" once it is live. */
function lockFile(root: string): string {
  return path.join(root, ".lock");
}

/** Who holds the lock, if a live process does: its id and the release it is compressing, if any. */
function lockHolder(root: string): { pid: number; compressing: string | null } | null {
  let text: string;
  try {
    text = readFileSync(lockFile(root), "utf8");
  } catch {
    return null;
  }
  const [pidLine = "", phase = ""] = text.split("\n");
  const pid = Number(pidLine.trim());
  try {
    process.kill(pid, 0);
  } catch {
    return null; // the holder died without cleaning up
  }
  return { pid, compressing: /^compressing (\d{4,})$/.exec(phase.trim())?.[1] ?? null };
}

/** The release a running publish is still writing compressed copies for (it is live already). */
export function compressingRelease(root: string): string | null {
  return lockHolder(root)?.compressing ?? null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One publish or rollback at a time per release root, whoever starts it (CLI or publisher).
 * A publish whose release is already live and only compressing is waited for (the next one
 * then links its complete copies); one that is still building is refused.
 */
async function lock(root: string): Promise<{ unlock: () => void; compressing: (release: string) => void }> {
  mkdirSync(root, { recursive: true });
  const file = lockFile(root);
  let announced = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        unlock: () => rmSync(file, { force: true }),
        // written aside and renamed: a reader sees the old text or the new, never half
        compressing: (release) => {
          const temporary = `${file}.${process.pid}.tmp`;
          writeFileSync(temporary, `${process.pid}\ncompressing ${release}\n`);
          renameSync(temporary, file);
        },
      };
    } catch {
      const holder = lockHolder(root);
      if (holder?.compressing) {
        if (!announced) step(`waiting for the publish of ${holder.compressing} to finish compressing`);
        announced = true;
        await sleep(250);
        continue;
      }
      if (holder) throw new PublishError(`another publish (process ${holder.pid}) is running on ${root}`);
      if (attempt > 1) throw new PublishError(`could not lock ${root}`);
      rmSync(file, { force: true });
    }
  }
}

/** Runs `npm run build`, passing its output through; the error lines are kept for the report. */
function build(extraArgs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const { child } = startProcess(
      "build",
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "scripts", "build.ts"), ...extraArgs],
      {
        cwd: ROOT,
        env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
        output: "pipe",
        ownGroup: false,
      },
    );
    const errors: string[] = [];
    const remember = (chunk: Buffer, out: NodeJS.WriteStream) => {
      out.write(chunk);
      for (const line of chunk.toString().split("\n")) {
        // terminal colour codes are stripped so only the words reach the status page
        const clean = line.replace(/\u001b\[[0-9;]*m/g, "").trim();
        if (/error|failed|malformed|ECONN|timed out/i.test(clean) && clean.length > 5) errors.push(clean.slice(0, 300));
      }
    };
    child.stdout?.on("data", (chunk: Buffer) => remember(chunk, process.stdout));
    child.stderr?.on("data", (chunk: Buffer) => remember(chunk, process.stderr));
    child.once("error", (error) => reject(new PublishError(`the build could not start: ${error.message}`)));
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      // the most telling line is usually the first specific one, not Gatsby's summary
      const specific = errors.find((line) => /Malformed|ECONN|timed out|catalogue|http:\/\//i.test(line)) ?? errors[0];
      reject(new PublishError(`the build failed (${signal ?? `exit code ${code}`})${specific ? `: ${specific}` : ""}`));
    });
  });
}

function catalogueSummary(pages: Set<string>): Record<string, number> {
  const summary: Record<string, number> = { events: 0, places: 0, persons: 0, news: 0 };
  for (const page of pages) {
    if (/^\/(ru|ar)\//.test(page)) continue;
    if (/^\/events\/\d+\/$/.test(page)) summary.events!++;
    else if (/^\/places\/\d+\/$/.test(page)) summary.places!++;
    else if (/^\/persons\/person\/\d+\/$/.test(page)) summary.persons!++;
    else if (/^\/news\/\d+\/$/.test(page)) summary.news!++;
  }
  return summary;
}

/**
 * The nginx configuration for this release, in its nginx/ folder (never served), for people
 * who run their own nginx: root is PUBLISH_ROOT/current, so it serves whichever release is live.
 */
async function writeReleaseNginxConfig(settings: PublishSettings, releaseDir: string): Promise<void> {
  const config = readBuildConfig(process.env);
  const siteSettings = {
    siteUrl: config.siteUrl,
    catalogueApiUrl: config.catalogueApiUrl,
    basketApiUrl: config.basketApiUrl,
  };
  await writeNginxConfig({
    root: path.join(settings.root, "current"),
    port: Number(process.env.ORIGIN_PORT ?? 9100),
    host: process.env.ORIGIN_HOST ?? "127.0.0.1",
    prefixDir: path.join(releaseDir, "nginx"),
    rules: await readCdnRules(releaseDir, siteSettings),
    settings: siteSettings,
    workerUser: unprivilegedUser(),
  });
}

export interface PublishOptions {
  force: boolean;
  skipBuild: boolean;
  reason: string;
  buildArgs: string[];
}

export async function publish(settings: PublishSettings, options: PublishOptions): Promise<ReleaseManifest> {
  const started = Date.now();
  const held = await lock(settings.root);
  let releaseDir: string | null = null;
  const live = liveRelease(settings.root);
  const liveDir = live ? path.join(settings.root, live) : null;
  // the new release's tree, linked from the live one while the site builds (prepareFromLive)
  const preparedDir = path.join(settings.root, `${PREPARED_PREFIX}${process.pid}`);
  /** public/ as moved into the first release (moveIntoRelease), to copy back */
  let movedPublic: { files: string[]; fingerprint: string | null } | null = null;
  const preparing = liveDir
    ? prepareFromLive(liveDir, preparedDir).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      )
    : null;
  try {
    removeStalePreparedTrees(settings.root, preparedDir);
    if (!options.skipBuild) {
      step("building");
      await build(options.buildArgs);
    }
    const publicDir = path.join(ROOT, "public");
    if (!existsSync(path.join(publicDir, "index.html"))) throw new PublishError(`${publicDir} holds no built site`);

    const name = nextReleaseName(settings.root);
    releaseDir = path.join(settings.root, name);
    step(`staging release ${name}`);
    const prepared = preparing ? await preparing : null;
    if (prepared instanceof Error)
      step(`staging from scratch: the tree prepared from ${live} failed (${prepared.message})`);
    let staged: StageResult;
    // listed once: staging looks files up in it, the summary of changes reads its pages
    let liveFiles: Set<string> | null;
    if (liveDir && prepared && !(prepared instanceof Error)) {
      staged = syncPreparedTree(publicDir, prepared, liveDir);
      renameSync(prepared.dir, releaseDir);
      liveFiles = prepared.liveFiles;
    } else if (!liveDir) {
      // the first release: public/ is renamed into place and copied back after the switch;
      // without the build's fingerprint meanwhile, a publish stopped before then builds from scratch
      const fingerprint = takeFingerprint(ROOT);
      const moved = moveIntoRelease(publicDir, releaseDir);
      if (moved) movedPublic = { files: moved.copiedFiles, fingerprint };
      else if (fingerprint !== null) putFingerprint(ROOT, fingerprint);
      staged = moved ?? stageRelease(publicDir, releaseDir, null);
      liveFiles = null;
    } else {
      liveFiles = new Set(walkFiles(liveDir));
      staged = stageRelease(publicDir, releaseDir, liveDir, liveFiles);
    }
    const older = releaseNames(settings.root).slice(-settings.carry).reverse();
    const carried = carryHashedAssets(
      releaseDir,
      older.map((n) => path.join(settings.root, n)),
    );

    step("verifying");
    // the carried assets belong to earlier releases: not this one's pages, never written again
    const files = walkFiles(releaseDir).filter(
      (file) => !file.endsWith(".br") && !file.endsWith(".gz") && !carried.has(file),
    );
    const liveManifest = live ? readManifest(settings.root, live) : null;
    const result = verifyRelease({
      releaseDir,
      files,
      // pages linked from the live release were read when it was verified
      htmlToCheck: liveDir
        ? files.filter((file) => file.endsWith(".html") && !staged.reusedCompressed.has(file))
        : undefined,
      live: liveManifest?.pages ?? null,
      maxLoss: settings.maxLoss,
      force: options.force,
    });
    for (const message of result.forced) step(`forced: ${message}`);
    if (!result.ok) throw new PublishError(`verification refused release ${name}: ${result.problems.join("; ")}`);

    await writeReleaseNginxConfig(settings, releaseDir);

    const pages: Record<string, number> = {};
    for (const kind of PAGE_KINDS) pages[kind] = result.scan.byKind[kind];
    const manifest: ReleaseManifest & { catalogue: Record<string, number> } = {
      name,
      createdAt: new Date().toISOString(),
      pages,
      totalPages: result.scan.pages.size,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      reason: options.reason,
      catalogue: catalogueSummary(result.scan.pages),
      changes:
        live && liveDir
          ? releaseChanges(
              live,
              scanPages([...(liveFiles ?? [])]).pages,
              result.scan.pages,
              staged.copiedFiles.map(pagePathOf).filter((page): page is string => page !== null),
            )
          : null,
    };
    writeManifest(releaseDir, manifest);
    step(
      `switching current to ${name} (${staged.copied} files ${movedPublic ? "moved in from public/" : "copied"}, ${staged.linked} unchanged, ${carried.size} earlier assets carried)`,
    );
    switchCurrent(settings.root, name);
    const liveDirNow = releaseDir;
    releaseDir = null;
    step(`live ${name}: ${manifest.totalPages} pages in ${manifest.seconds} s`);

    // Live from here: nginx compresses the pages without copies on the fly meanwhile. The
    // copies are written aside and renamed, so nginx never sends half of one; the lock is
    // kept, so the next publish waits and links complete copies from this release.
    held.compressing(name);
    const [compression] = await Promise.all([
      compressLiveRelease(liveDirNow, { own: files, reusedCompressed: staged.reusedCompressed, carried }),
      movedPublic ? copyPublicBack(liveDirNow, publicDir, movedPublic) : null,
    ]);
    manifest.compression = compression;
    writeManifest(liveDirNow, manifest);

    try {
      const removed = pruneReleases(settings.root, settings.keep);
      if (removed.length > 0) step(`removed old release(s) ${removed.join(", ")}`);
    } catch (error) {
      step(`warning: old releases could not be removed: ${(error as Error).message}`);
    }
    return manifest;
  } finally {
    // an unfinished release never stays behind to be mistaken for a good one; a moved public/
    // goes back (its fingerprint stays away: the next build starts from scratch)
    if (releaseDir && movedPublic && !existsSync(path.join(ROOT, "public")))
      renameSync(releaseDir, path.join(ROOT, "public"));
    else if (releaseDir) rmSync(releaseDir, { recursive: true, force: true });
    if (preparing) {
      await preparing;
      rmSync(preparedDir, { recursive: true, force: true });
    }
    held.unlock();
  }
}

/**
 * public/ back from the first release it was moved into, for the next incremental build, while
 * the compression runs. A failure is a warning: without the fingerprint, the next build starts
 * from scratch, slower but whole.
 */
async function copyPublicBack(
  releaseDir: string,
  publicDir: string,
  moved: { files: string[]; fingerprint: string | null },
): Promise<void> {
  const started = Date.now();
  step(`copying the release back to public/ for the next build (${moved.files.length} files)`);
  try {
    await copyBack(releaseDir, publicDir, moved.files);
    if (moved.fingerprint !== null) putFingerprint(ROOT, moved.fingerprint);
    step(`public/ copied back in ${Math.round((Date.now() - started) / 100) / 10} s`);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
    step(`warning: public/ could not be copied back (${message}); the next build starts from scratch`);
  }
}

/**
 * The compression step, after the switch: a failure leaves the release live without some
 * copies (nginx compresses those pages on the fly) and is reported as a warning; the next
 * publish writes what is missing, since only files linked with both copies count as done.
 */
async function compressLiveRelease(releaseDir: string, files: ReleaseFiles): Promise<CompressionRecord> {
  const started = Date.now();
  const todo = filesToCompress(files).length;
  step(`compressing ${todo} files (live meanwhile: nginx compresses them on the fly until their copies are written)`);
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  try {
    const { written } = await compressRelease(releaseDir, files);
    step(
      `compressed ${written} of ${todo} files in ${seconds()} s (the rest are too small to gain, or had their copies)`,
    );
    return { seconds: seconds(), written, error: null };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
    step(
      `compression failed: ${message} (the release stays live, served compressed on the fly; the next publish writes the missing copies)`,
    );
    return { seconds: seconds(), written: null, error: message };
  }
}

/** A tree being prepared for the next release: `.next-<pid>` in the release root. */
const PREPARED_PREFIX = ".next-";

/** Trees a publish that was killed left behind (never the one this publish prepares). */
function removeStalePreparedTrees(root: string, own: string): void {
  for (const entry of readdirSync(root)) {
    const dir = path.join(root, entry);
    if (entry.startsWith(PREPARED_PREFIX) && dir !== own) rmSync(dir, { recursive: true, force: true });
  }
}

export async function rollback(settings: PublishSettings, requested?: string): Promise<string> {
  const held = await lock(settings.root);
  try {
    const target = rollbackTarget(settings.root, requested);
    const from = liveRelease(settings.root);
    step(`rolling back from ${from ?? "none"} to ${target}`);
    switchCurrent(settings.root, target);
    step(`live ${target}`);
    return target;
  } finally {
    held.unlock();
  }
}

export function listText(settings: PublishSettings): string {
  const releases = listReleases(settings.root);
  if (releases.length === 0) return `no releases in ${settings.root} yet\n`;
  return `${releases
    .map(({ name, live, manifest }) => {
      const m = manifest as (ReleaseManifest & { catalogue?: Record<string, number> }) | null;
      const when = m ? m.createdAt.replace("T", " ").replace(/:\d\d\.\d+Z$/, " UTC") : "?";
      const catalogue = m?.catalogue
        ? `${m.catalogue.events} events, ${m.catalogue.places} places, ${m.catalogue.persons} persons, ${m.catalogue.news} news`
        : "";
      return `${live ? "*" : " "} ${name}  ${when}  ${String(m?.totalPages ?? "?").padStart(6)} pages  ${catalogue}  (${m?.reason ?? ""}, ${m?.seconds ?? "?"} s)`;
    })
    .join("\n")}\n  (* live)\n`;
}

async function main(): Promise<void> {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const args = process.argv.slice(2);
  const settings = publishSettings();
  if (args.includes("--list")) {
    process.stdout.write(listText(settings));
    return;
  }
  const rollbackAt = args.indexOf("--rollback");
  if (rollbackAt >= 0) {
    const requested = args[rollbackAt + 1];
    await rollback(settings, requested && !requested.startsWith("--") ? requested : undefined);
    return;
  }
  const reasonAt = args.indexOf("--reason");
  const reason = reasonAt >= 0 ? (args[reasonAt + 1] ?? "by hand") : "by hand";
  const own = new Set(["--force", "--skip-build", "--reason", reason]);
  await publish(settings, {
    force: args.includes("--force"),
    skipBuild: args.includes("--skip-build"),
    reason,
    buildArgs: args.filter((arg) => !own.has(arg)),
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    step(`failed: ${message.replace(/\s+/g, " ")}`);
    if (!(error instanceof PublishError) && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
}
