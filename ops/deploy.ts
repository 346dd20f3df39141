/**
 * `npm run deploy -- --to <target>`: uploads a release to where the public is served from, in the
 * safe order (hashed assets, page-data, other files, HTML, rules; ops/lib/deploy-plan.ts),
 * removing files the release no longer has only after a grace period.
 *
 *   npm run deploy -- --to /srv/www/tickets             # a directory (a mounted CDN origin, a web root)
 *   npm run deploy -- --to deploy@origin.example:/srv/www/tickets   # rsync over ssh
 *   npm run deploy -- --to s3://bucket/prefix           # S3-compatible storage (docs/DEPLOY-S3.md)
 *   npm run deploy -- --to <target> --release 0005      # another release than the live one
 *   npm run deploy -- --to <target> --verbose           # every file written, in order
 *   npm run deploy -- --to s3://bucket --dry-run        # the plan, nothing changed
 *   npm run deploy -- --to s3://bucket --list           # the releases the bucket keeps
 *   npm run deploy -- --to s3://bucket --rollback [0005]  # the release before the bucket's live one
 *   npm run deploy -- --to s3://bucket --cdn-config cdn/  # the CDN worker in front of the bucket
 *
 * Settings: PUBLISH_ROOT (releases/), DEPLOY_GRACE (1d; 30s, 15m, 2h ...), RSYNC_RSH for ssh
 * options (`ssh -p 2222 -i key`). What was uploaded and since when it is stale is kept on the
 * target itself in .deploy/state.json, so a fresh CI runner knows it too.
 *
 * Into a directory each file is written under a temporary name and renamed, so a reader never
 * sees half a file; a file whose size and time already match is skipped. rsync does the same
 * by itself. A bucket compares content hashes instead (ops/lib/s3-deploy.ts).
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { helpAsked } from "../src/core/command-help";
import { cloudflareWorker, wranglerConfig } from "./lib/cdn-worker";
import { type DeployState, decideStale, parseDuration, planPhases } from "./lib/deploy-plan";
import { isHashedAsset, liveRelease, releaseNames, sameTime, walkFiles } from "./lib/releases";
import { isS3Address, parseS3Address } from "./lib/s3-client";
import { deployToS3, listS3Releases, s3RollbackTarget, summaryLine } from "./lib/s3-deploy";
import { compressingRelease, publishSettings } from "./publish";

const STATE_FILE = ".deploy/state.json";

interface Target {
  describe: string;
  readState(): DeployState;
  upload(releaseDir: string, files: string[], onWrite: (file: string) => void): number;
  remove(files: string[]): void;
  writeState(state: DeployState): void;
}

function say(message: string): void {
  process.stdout.write(`deploy: ${message}\n`);
}

function emptyState(): DeployState {
  return { files: {} };
}

function parseState(text: string): DeployState {
  const parsed = JSON.parse(text) as DeployState;
  if (typeof parsed !== "object" || parsed === null || typeof parsed.files !== "object")
    throw new Error("not a deploy state");
  return parsed;
}

class DirectoryTarget implements Target {
  constructor(private readonly dir: string) {
    this.describe = dir;
  }
  describe: string;

  readState(): DeployState {
    const file = path.join(this.dir, STATE_FILE);
    return existsSync(file) ? parseState(readFileSync(file, "utf8")) : emptyState();
  }

  upload(releaseDir: string, files: string[], onWrite: (file: string) => void): number {
    let written = 0;
    for (const file of files) {
      const from = path.join(releaseDir, file);
      const to = path.join(this.dir, file);
      const source = statSync(from);
      try {
        const existing = statSync(to);
        if (existing.size === source.size && sameTime(existing.mtimeMs, source.mtimeMs)) continue;
      } catch {
        /* not there yet */
      }
      mkdirSync(path.dirname(to), { recursive: true });
      const temporary = path.join(path.dirname(to), `.${path.basename(to)}.deploy-${process.pid}`);
      copyFileSync(from, temporary);
      utimesSync(temporary, source.atime, source.mtime);
      renameSync(temporary, to);
      onWrite(file);
      written++;
    }
    return written;
  }

  remove(files: string[]): void {
    for (const file of files) {
      rmSync(path.join(this.dir, file), { force: true });
      // drop directories the removal left empty (an old event's page-data folder)
      let dir = path.dirname(path.join(this.dir, file));
      while (dir.startsWith(this.dir + path.sep)) {
        try {
          rmdirSync(dir);
        } catch {
          break;
        }
        dir = path.dirname(dir);
      }
    }
  }

  writeState(state: DeployState): void {
    const file = path.join(this.dir, STATE_FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`);
    renameSync(`${file}.tmp`, file);
  }
}

/** `user@host:/path` through rsync over ssh (RSYNC_RSH for ssh options). */
class RsyncTarget implements Target {
  private readonly host: string;
  private readonly remotePath: string;
  private readonly scratch = mkdtempSync(path.join(tmpdir(), "deploy-"));
  describe: string;

  constructor(spec: string) {
    const colon = spec.indexOf(":");
    this.host = spec.slice(0, colon);
    this.remotePath = spec.slice(colon + 1).replace(/\/+$/, "") || ".";
    this.describe = spec;
  }

  private run(command: string, args: string[], input?: string): string {
    const result = spawnSync(command, args, { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"] });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(" ")} failed: ${(result.stderr || result.error?.message || "").trim()}`);
    return result.stdout;
  }

  private ssh(script: string, input?: string): string {
    const rsh = (process.env.RSYNC_RSH || "ssh").split(/\s+/).filter(Boolean);
    return this.run(rsh[0] as string, [...rsh.slice(1), this.host, script], input);
  }

  private quoted(value: string): string {
    return `'${value.replace(/'/g, "'\\''")}'`;
  }

  readState(): DeployState {
    const text = this.ssh(`cat ${this.quoted(`${this.remotePath}/${STATE_FILE}`)} 2>/dev/null || true`);
    return text.trim() ? parseState(text) : emptyState();
  }

  upload(releaseDir: string, files: string[], onWrite: (file: string) => void): number {
    if (files.length === 0) return 0;
    const list = path.join(this.scratch, "files");
    writeFileSync(list, `${files.join("\n")}\n`);
    // -a keeps times, so unchanged files are skipped; rsync writes each file under a temporary name
    const out = this.run("rsync", [
      "-a",
      "--out-format=%n",
      `--files-from=${list}`,
      `${releaseDir}/`,
      `${this.host}:${this.remotePath}/`,
    ]);
    const written = out.split("\n").filter((line) => line && !line.endsWith("/"));
    for (const file of written) onWrite(file);
    return written.length;
  }

  remove(files: string[]): void {
    if (files.length === 0) return;
    // as into a directory: each file, then the folders its removal left empty (rmdir fails on the rest)
    const removeEach =
      'for f; do rm -f -- "$f"; d=$(dirname -- "$f"); while [ "$d" != . ] && rmdir -- "$d" 2>/dev/null; do d=$(dirname -- "$d"); done; done';
    this.ssh(
      `cd ${this.quoted(this.remotePath)} && xargs -0 sh -c ${this.quoted(removeEach)} sh`,
      `${files.join("\0")}\0`,
    );
  }

  writeState(state: DeployState): void {
    this.ssh(
      `mkdir -p ${this.quoted(`${this.remotePath}/.deploy`)} && cat > ${this.quoted(`${this.remotePath}/${STATE_FILE}`)}`,
      `${JSON.stringify(state)}\n`,
    );
    rmSync(this.scratch, { recursive: true, force: true });
  }
}

/** A colon before any slash means host:path (rsync's own rule); anything else is a directory. */
export function targetFor(spec: string): Target {
  const colon = spec.indexOf(":");
  const slash = spec.indexOf("/");
  if (colon > 0 && (slash === -1 || colon < slash)) return new RsyncTarget(spec);
  return new DirectoryTarget(path.resolve(spec));
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`--${name} needs a value`);
  return value;
}

/**
 * A release is live before its compressed copies are written (the publish writes them right
 * after the switch, holding its lock): its upload waits for them, so a CDN gets them too.
 */
async function waitForCompression(root: string, release: string, timeoutMs = 60 * 60 * 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  if (compressingRelease(root) !== release) return;
  say(`waiting for the publish to finish compressing release ${release}`);
  while (compressingRelease(root) === release) {
    if (Date.now() > deadline)
      throw new Error(`release ${release} was still being compressed after ${timeoutMs / 60000} min`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const USAGE = `usage: npm run deploy -- --to <target> [options]

Targets:
  /srv/www/tickets              a directory
  user@host:/srv/www/tickets    rsync over ssh (RSYNC_RSH for ssh options)
  s3://bucket/prefix            S3-compatible storage: AWS, R2, Spaces, B2, MinIO (docs/DEPLOY-S3.md)

Options:
  --release 0005       deploy that release of PUBLISH_ROOT instead of the live one
  --verbose            every object written and removed
  --dry-run            (s3) print the plan, change nothing
  --verify             (s3) check what the bucket holds against its listing (after other tools wrote to it)
  --list               (s3) the releases the bucket keeps
  --rollback [0005]    (s3) serve the release before the bucket's live one (or the named one)
  --cdn-config <dir>   (s3) write the Cloudflare Worker for the bucket (worker.js, wrangler.toml)
  --help               this text

Settings: PUBLISH_ROOT (releases), DEPLOY_GRACE (1d), DEPLOY_KEEP (PUBLISH_KEEP, 5),
DEPLOY_S3_CONCURRENCY (16); for s3: AWS_ENDPOINT_URL_S3, AWS_REGION, S3_FORCE_PATH_STYLE,
AWS_REQUEST_CHECKSUM_CALCULATION and the AWS SDK's credentials (environment, profile, role).
`;

/** The release directory to deploy, once it is finished and its compressed copies are written. */
async function releaseToDeploy(root: string, release: string): Promise<string> {
  const releaseDir = path.join(root, release);
  if (!existsSync(path.join(releaseDir, "release.json")))
    throw new Error(`there is no finished release ${release} in ${root}`);
  await waitForCompression(root, release);
  return releaseDir;
}

async function deployToBucket(to: string, args: string[]): Promise<void> {
  const address = parseS3Address(to);
  const cdnConfig = option(args, "cdn-config");
  if (cdnConfig) {
    mkdirSync(cdnConfig, { recursive: true });
    writeFileSync(path.join(cdnConfig, "worker.js"), cloudflareWorker());
    writeFileSync(path.join(cdnConfig, "wrangler.toml"), wranglerConfig(address));
    say(`wrote the CDN worker for ${to} to ${cdnConfig}/worker.js and wrangler.toml (docs/DEPLOY-S3.md)`);
    return;
  }
  if (args.includes("--list")) {
    process.stdout.write(await listS3Releases(address));
    return;
  }
  const settings = publishSettings();
  const grace = process.env.DEPLOY_GRACE || "1d";
  const rollingBack = args.includes("--rollback");
  const named = rollingBack ? args[args.indexOf("--rollback") + 1] : undefined;
  const release = rollingBack
    ? await s3RollbackTarget(address, named && !named.startsWith("--") ? named : undefined)
    : (option(args, "release") ?? liveRelease(settings.root));
  if (!release) throw new Error(`there is no live release in ${settings.root}: run npm run publish first`);
  if (rollingBack && !existsSync(path.join(settings.root, release, "release.json")))
    throw new Error(
      `the bucket's release ${release} is not in ${settings.root}: its files are needed to serve it again (the workflow's cache keeps them; PUBLISH_KEEP releases are kept)`,
    );
  const releaseDir = await releaseToDeploy(settings.root, release);
  if (rollingBack) say(`rolling back to release ${release}`);
  const keep = Number(process.env.DEPLOY_KEEP || settings.keep);
  if (!Number.isInteger(keep) || keep < 2)
    throw new Error(`DEPLOY_KEEP=${process.env.DEPLOY_KEEP} is not a count of at least 2`);
  const concurrency = Number(process.env.DEPLOY_S3_CONCURRENCY || 16);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`DEPLOY_S3_CONCURRENCY=${process.env.DEPLOY_S3_CONCURRENCY} is not a positive whole number`);
  const dryRun = args.includes("--dry-run");
  const summary = await deployToS3({
    releaseDir,
    release,
    address,
    graceMs: parseDuration(grace),
    keep,
    dryRun,
    verify: args.includes("--verify"),
    verbose: args.includes("--verbose"),
    concurrency,
  });
  say(summaryLine(summary, grace, dryRun));
}

export async function deploy(args: string[]): Promise<void> {
  if (helpAsked(args)) {
    process.stdout.write(USAGE);
    return;
  }
  const to = option(args, "to");
  if (!to) throw new Error("say where to: npm run deploy -- --to <directory | user@host:path | s3://bucket/prefix>");
  if (isS3Address(to)) return deployToBucket(to, args);
  for (const s3Only of ["--dry-run", "--verify", "--list", "--rollback", "--cdn-config"])
    if (args.includes(s3Only))
      throw new Error(
        `${s3Only} is for s3:// targets; a directory or rsync target follows npm run publish -- --rollback`,
      );
  const verbose = args.includes("--verbose");
  const settings = publishSettings();
  const graceMs = parseDuration(process.env.DEPLOY_GRACE || "1d");
  const release = option(args, "release") ?? liveRelease(settings.root);
  if (!release) throw new Error(`there is no live release in ${settings.root}: run npm run publish first`);
  const releaseDir = await releaseToDeploy(settings.root, release);

  const target = targetFor(to);
  say(`release ${release} to ${target.describe}`);
  const previous = target.readState();
  const files = walkFiles(releaseDir);
  let total = 0;
  for (const { phase, files: batch } of planPhases(files)) {
    const written = target.upload(releaseDir, batch, (file) => verbose && say(`wrote ${file}`));
    total += written;
    say(`${phase}: ${written} of ${batch.length} files written`);
  }

  // the hashed assets of every kept release stay: pages of those releases may still be open
  const protectedFiles = new Set<string>();
  for (const name of releaseNames(settings.root)) {
    for (const file of walkFiles(path.join(settings.root, name))) if (isHashedAsset(file)) protectedFiles.add(file);
  }
  const decision = decideStale(previous, files, protectedFiles, Date.now(), graceMs);
  target.remove(decision.remove);
  for (const file of verbose ? decision.remove : []) say(`removed ${file}`);
  target.writeState({ ...decision.state, lastRelease: release, lastDeployAt: new Date().toISOString() });
  say(
    `done: ${total} files written, ${decision.remove.length} stale files removed, ${decision.keep.length} stale files kept until their grace period (${process.env.DEPLOY_GRACE || "1d"}) has passed`,
  );
}

if (require.main === module) {
  deploy(process.argv.slice(2)).catch((error: unknown) => {
    say(`failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
