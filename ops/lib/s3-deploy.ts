/**
 * A release into an S3-compatible bucket (`npm run deploy -- --to s3://bucket/prefix`):
 *
 * - in the shared safe order (ops/lib/deploy-plan.ts): hashed assets, page data, other files,
 *   HTML, then the redirect objects and the CDN's rules; each phase ends before the next starts,
 *   so whatever an uploaded object names is already there;
 * - with the metadata of the one rule model (ops/lib/s3-objects.ts);
 * - incrementally: the state object (`.deploy/state.json`) records each object's content hash
 *   and headers; after a deploy that stopped half way (or with --verify) the bucket's listing
 *   checks it (an object changed or removed by someone else is uploaded again; an object the
 *   state does not know and the plan wants, a killed deploy's last uploads, is asked for its
 *   hash with a HEAD instead of being uploaded again). After a deploy that ended, the state
 *   is trusted: listing 140,000 keys would cost more than the one-event change it precedes;
 * - resumably: the state is written after each phase and every ten seconds within one, and
 *   re-running a killed deploy converges to the same bucket;
 * - under a lock (ops/lib/s3-lock.ts);
 * - with a release manifest per deploy (`.deploy/releases/<name>.json`) and the releases in the
 *   state: the hashed assets of every kept release stay, anything else the live release does not
 *   have is removed once DEPLOY_GRACE has passed since it went stale.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { readCdnRules } from "../../lib/cdn-rule-files";
import type { CdnRules } from "../../src/core/cdn-rules";
import { readBuildConfig } from "../../src/core/site-config";
import { type DeployState, decideStale, planPhases } from "./deploy-plan";
import { isHashedAsset, walkFiles } from "./releases";
import { explainS3Error, formatAddress, isNotFound, type S3Address, s3Client } from "./s3-client";
import { acquireLock, describeLock, type HeldLock, LockRefused, readLock } from "./s3-lock";
import {
  CONTROL_PREFIX,
  fullKey,
  HASH_METADATA,
  isBucketFile,
  isUnchanged,
  type ObjectRecord,
  type ObjectSpec,
  objectHeaders,
  RULES_KEY,
  redirectObjects,
  releaseManifestKey,
  STATE_KEY,
} from "./s3-objects";
import { formatBytes, Progress, type ProgressOutput } from "./s3-progress";

export interface ReleaseEntry {
  name: string;
  deployedAt: string;
  objects: number;
  bytes: number;
  /** its hashed assets: kept in the bucket as long as the release is */
  hashed: string[];
}

export interface S3State {
  version: 1;
  live: string | null;
  objects: Record<string, ObjectRecord>;
  /** objects the live release does not have, with when they became stale (ms) */
  stale: Record<string, number>;
  /** the kept releases, by name */
  releases: ReleaseEntry[];
  /** sha256 of the CDN rules object last written */
  rules?: string;
  /** written by a deploy that ended: then the state is the bucket's, and no listing is needed */
  complete?: boolean;
}

export interface S3DeployOptions {
  releaseDir: string;
  release: string;
  address: S3Address;
  graceMs: number;
  /** releases kept in the bucket's history (the live one always) */
  keep: number;
  dryRun?: boolean;
  /** check the state against the bucket's listing even after a deploy that ended */
  verify?: boolean;
  verbose?: boolean;
  concurrency?: number;
  out?: ProgressOutput;
  client?: S3Client;
  env?: NodeJS.ProcessEnv;
}

export interface S3DeploySummary {
  release: string;
  uploaded: number;
  uploadedBytes: number;
  skipped: number;
  redirects: number;
  removed: number;
  kept: number;
  seconds: number;
}

/** A deploy that stopped on a setting or the store: its message says which; the bucket is as it was. */
export class DeployStopped extends Error {}

const emptyState = (): S3State => ({ version: 1, live: null, objects: {}, stale: {}, releases: [] });

function sha256(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Runs `task` over `items`, `limit` at a time; the first failure stops new starts and is thrown. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) throw failure;
}

async function getText(client: S3Client, address: S3Address, key: string): Promise<string | null> {
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: address.bucket, Key: fullKey(address.prefix, key) }),
    );
    return (await answer.Body?.transformToString()) ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function putJson(client: S3Client, address: S3Address, key: string, value: unknown): Promise<void> {
  await client.send(
    new PutObjectCommand({
      Bucket: address.bucket,
      Key: fullKey(address.prefix, key),
      Body: JSON.stringify(value),
      ContentType: "application/json",
      CacheControl: "no-store",
    }),
  );
}

export async function readState(client: S3Client, address: S3Address): Promise<S3State> {
  const text = await getText(client, address, STATE_KEY);
  if (text === null) return emptyState();
  const parsed = JSON.parse(text) as S3State;
  if (parsed?.version !== 1 || typeof parsed.objects !== "object")
    throw new DeployStopped(`${formatAddress(address)}/${STATE_KEY} is not a deploy state of this tool`);
  return parsed;
}

/**
 * Every object under the prefix but this tool's own, with its ETag and size. Listed with the
 * first version of the call (a marker, the last key seen): every store has it, and s3rver's
 * continuation tokens of the second are made with DES, which Node's OpenSSL 3 no longer has.
 */
async function listBucket(client: S3Client, address: S3Address): Promise<Map<string, { etag: string; size: number }>> {
  const listed = new Map<string, { etag: string; size: number }>();
  const Prefix = address.prefix ? `${address.prefix}/` : undefined;
  let Marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: address.bucket, Prefix, Marker }));
    const contents = page.Contents ?? [];
    for (const object of contents) {
      const key = Prefix ? (object.Key ?? "").slice(Prefix.length) : (object.Key ?? "");
      if (!key || key.startsWith(CONTROL_PREFIX)) continue;
      listed.set(key, { etag: object.ETag ?? "", size: object.Size ?? 0 });
    }
    Marker = contents.at(-1)?.Key;
    if (!page.IsTruncated || !Marker) return listed;
  }
}

/**
 * The release's objects: its files with their hash and headers, and its redirect objects. Read
 * one after another: for 105,000 small files the thread pool's round trips cost three times
 * the reading (6 s against 2 s), and nothing else waits meanwhile.
 */
function releaseObjects(releaseDir: string, rules: CdnRules): ObjectSpec[] {
  const bucketFiles = walkFiles(releaseDir).filter(isBucketFile);
  const specs = bucketFiles.map((file): ObjectSpec => {
    const data = readFileSync(path.join(releaseDir, file));
    return { key: file, file, size: data.length, sha256: sha256(data), ...objectHeaders(rules, file) };
  });
  return [...specs, ...redirectObjects(bucketFiles, rules)];
}

/**
 * The state's view checked against the listing: what the listing has and the state does not
 * know, or knows with another ETag, is unknown; what the state has and the listing lacks is
 * missing (removed by someone else, or skipped by a store's listing: s3rver's can skip a key
 * at a page boundary).
 */
function reconcile(
  state: S3State,
  listed: Map<string, { etag: string; size: number }>,
): { unknown: string[]; missing: string[] } {
  const missing = Object.keys(state.objects).filter((key) => !listed.has(key));
  const unknown: string[] = [];
  for (const [key, { etag, size }] of listed) {
    const record = state.objects[key];
    if (record && (!record.etag || record.etag === etag) && record.size === size) continue;
    state.objects[key] = { sha256: "", size, contentType: "", cacheControl: "", etag };
    unknown.push(key);
  }
  return { unknown, missing };
}

/**
 * Asks the store for each of `keys`: its stored hash and headers replace what the state said
 * (an unknown object: a killed deploy's last uploads), and one that is not there is forgotten.
 */
async function askStore(
  client: S3Client,
  address: S3Address,
  state: S3State,
  keys: string[],
  concurrency: number,
): Promise<void> {
  await eachLimited(keys, concurrency, async (key) => {
    let head: HeadObjectCommandOutput;
    try {
      head = await client.send(new HeadObjectCommand({ Bucket: address.bucket, Key: fullKey(address.prefix, key) }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      delete state.objects[key];
      delete state.stale[key];
      return;
    }
    state.objects[key] = {
      sha256: head.Metadata?.[HASH_METADATA] ?? "",
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? "",
      cacheControl: head.CacheControl ?? "",
      ...(head.WebsiteRedirectLocation ? { redirect: head.WebsiteRedirectLocation } : {}),
      etag: head.ETag ?? "",
    };
  });
}

function keptReleases(releases: ReleaseEntry[], live: string, keep: number): ReleaseEntry[] {
  const sorted = [...releases].sort((a, b) => Number(a.name) - Number(b.name));
  const kept = sorted.slice(Math.max(0, sorted.length - keep));
  const liveEntry = sorted.find((entry) => entry.name === live);
  if (liveEntry && !kept.includes(liveEntry)) kept.unshift(liveEntry);
  return kept;
}

export async function deployToS3(options: S3DeployOptions): Promise<S3DeploySummary> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const { address, release } = options;
  const concurrency = options.concurrency ?? 16;
  const progress = new Progress(options.out ?? process.stdout, "deploy");
  const client = options.client ?? s3Client(env);
  const where = formatAddress(address);

  const rules = await readCdnRules(options.releaseDir, readBuildConfig(env));
  let state: S3State;
  let specs: ObjectSpec[];
  let lock: HeldLock | null = null;
  let unknown: string[] = [];
  let missing: string[] = [];
  try {
    // a read first: a wrong bucket, endpoint or key stops here, before anything is written
    const reachable = client.send(
      new ListObjectsCommand({ Bucket: address.bucket, Prefix: fullKey(address.prefix, CONTROL_PREFIX), MaxKeys: 1 }),
    );
    specs = releaseObjects(options.releaseDir, rules);
    await reachable;
    if (!options.dryRun) {
      lock = await acquireLock(client, address, release, {
        staleMs: Number(env.DEPLOY_LOCK_STALE_MS) || 120_000,
        settleMs: Number(env.DEPLOY_LOCK_SETTLE_MS) || 1500,
      });
      if (lock.tookOver) progress.say(`took over the lock of a deploy that stopped (${describeLock(lock.tookOver)})`);
    }
    // read under the lock: no other deploy changes it until this one ends
    state = await readState(client, address);
    // the state of a deploy that ended is the bucket's; after one that stopped half way (its
    // lock is still there) it is checked against the listing
    const interrupted = lock ? lock.tookOver !== null : (await readLock(client, address)) !== null;
    if (!state.complete || interrupted || options.verify)
      ({ unknown, missing } = reconcile(state, await listBucket(client, address)));
  } catch (error) {
    await lock?.release().catch(() => undefined);
    if (error instanceof LockRefused || error instanceof DeployStopped) throw error;
    throw new DeployStopped(explainS3Error(error, address, env));
  }

  try {
    const wanted = new Set(specs.map((spec) => spec.key));
    // an unknown object the release does not want is stale whatever it holds
    await askStore(client, address, state, [...missing, ...unknown.filter((key) => wanted.has(key))], concurrency);

    const byKey = new Map(specs.map((spec) => [spec.key, spec]));
    const redirects = specs.filter((spec) => spec.redirect !== undefined);
    const phases = planPhases(
      specs.filter((spec) => spec.file !== null).map((spec) => spec.key),
      redirects.map((spec) => spec.key),
    );
    const summary: S3DeploySummary = {
      release,
      uploaded: 0,
      uploadedBytes: 0,
      skipped: 0,
      redirects: 0,
      removed: 0,
      kept: 0,
      seconds: 0,
    };
    progress.say(`release ${release} to ${where}${options.dryRun ? " (dry run: nothing is changed)" : ""}`);

    let lastCheckpoint = Date.now();
    // uploads since the state was last written: a phase that changed nothing writes nothing
    let unsaved = 0;
    const checkpoint = async (force: boolean) => {
      if (options.dryRun || unsaved === 0 || (!force && Date.now() - lastCheckpoint < 10_000)) return;
      lastCheckpoint = Date.now();
      unsaved = 0;
      await putJson(client, address, STATE_KEY, { ...state, complete: false });
    };

    for (const { phase, files } of phases) {
      const todo = files
        .map((key) => byKey.get(key) as ObjectSpec)
        .filter((spec) => !isUnchanged(spec, state.objects[spec.key]));
      summary.skipped += files.length - todo.length;
      const bytes = todo.reduce((sum, spec) => sum + spec.size, 0);
      const label = phase === "rules" ? "redirects and rules" : phase;
      if (options.dryRun) {
        progress.say(`${label}: ${todo.length} of ${files.length} objects to upload (${formatBytes(bytes)})`);
        for (const spec of options.verbose ? todo : []) progress.say(`  would upload ${spec.key}`);
        summary.uploaded += todo.length;
        summary.uploadedBytes += bytes;
        summary.redirects += todo.filter((spec) => spec.redirect !== undefined).length;
        continue;
      }
      progress.start(label, todo.length, bytes, files.length - todo.length);
      await eachLimited(todo, concurrency, async (spec) => {
        const body = spec.file === null ? Buffer.alloc(0) : await readFile(path.join(options.releaseDir, spec.file));
        // the file changed since it was hashed: the release is not what was planned
        if (body.length !== spec.size || (spec.file !== null && sha256(body) !== spec.sha256))
          throw new DeployStopped(`${spec.file} changed during the deploy; releases must not be written to`);
        const answer = await client.send(
          new PutObjectCommand({
            Bucket: address.bucket,
            Key: fullKey(address.prefix, spec.key),
            Body: body,
            ContentType: spec.contentType,
            CacheControl: spec.cacheControl,
            Metadata: { [HASH_METADATA]: spec.sha256 },
            ...(spec.redirect !== undefined ? { WebsiteRedirectLocation: spec.redirect } : {}),
          }),
        );
        state.objects[spec.key] = {
          sha256: spec.sha256,
          size: spec.size,
          contentType: spec.contentType,
          cacheControl: spec.cacheControl,
          ...(spec.redirect !== undefined ? { redirect: spec.redirect } : {}),
          etag: answer.ETag ?? "",
        };
        delete state.stale[spec.key];
        unsaved++;
        summary.uploaded++;
        summary.uploadedBytes += spec.size;
        if (spec.redirect !== undefined) summary.redirects++;
        if (options.verbose) progress.say(`wrote ${spec.key}`);
        progress.advance(spec.size);
        await checkpoint(false);
      });
      progress.end();
      if (phase === "rules") {
        // last: the worker's rules may name any of the above (ops/lib/cdn-worker.ts)
        const rulesText = JSON.stringify(rules);
        if (state.rules !== sha256(rulesText)) {
          await client.send(
            new PutObjectCommand({
              Bucket: address.bucket,
              Key: fullKey(address.prefix, RULES_KEY),
              Body: rulesText,
              ContentType: "application/json",
              CacheControl: "no-store",
            }),
          );
          state.rules = sha256(rulesText);
          unsaved++;
        }
      }
      await checkpoint(true);
    }

    // the releases kept, this one among them, and what none of them may lose
    const now = Date.now();
    const entry: ReleaseEntry = {
      name: release,
      deployedAt: new Date(now).toISOString(),
      objects: specs.length,
      bytes: specs.reduce((sum, spec) => sum + spec.size, 0),
      hashed: specs.filter((spec) => spec.file !== null && isHashedAsset(spec.key)).map((spec) => spec.key),
    };
    const releases = keptReleases([...state.releases.filter((r) => r.name !== release), entry], release, options.keep);
    const protectedKeys = new Set(releases.flatMap((r) => r.hashed));
    const previous: DeployState = {
      files: Object.fromEntries(Object.keys(state.objects).map((key) => [key, state.stale[key] ?? null])),
    };
    const decision = decideStale(previous, [...wanted], protectedKeys, now, options.graceMs);
    summary.removed = decision.remove.length;
    summary.kept = decision.keep.length;
    if (options.dryRun) {
      for (const key of decision.remove) progress.say(`would remove ${key} (stale for longer than the grace period)`);
    } else {
      await putJson(client, address, releaseManifestKey(release), {
        name: release,
        deployedAt: entry.deployedAt,
        objects: Object.fromEntries(specs.map((spec) => [spec.key, spec.sha256])),
      });
      await eachLimited(decision.remove, concurrency, async (key) => {
        await client.send(new DeleteObjectCommand({ Bucket: address.bucket, Key: fullKey(address.prefix, key) }));
        delete state.objects[key];
        if (options.verbose) progress.say(`removed ${key}`);
      });
      state.stale = Object.fromEntries(
        Object.entries(decision.state.files).filter((pair): pair is [string, number] => pair[1] !== null),
      );
      for (const dropped of state.releases.filter((r) => !releases.includes(r) && r.name !== release))
        await client.send(
          new DeleteObjectCommand({
            Bucket: address.bucket,
            Key: fullKey(address.prefix, releaseManifestKey(dropped.name)),
          }),
        );
      state.releases = releases;
      state.live = release;
      state.complete = true;
      await putJson(client, address, STATE_KEY, state);
    }
    summary.seconds = Math.round((Date.now() - started) / 100) / 10;
    return summary;
  } catch (error) {
    if (error instanceof DeployStopped) throw error;
    throw new DeployStopped(explainS3Error(error, address, env));
  } finally {
    await lock?.release().catch(() => undefined);
  }
}

export function summaryLine(summary: S3DeploySummary, grace: string, dryRun = false): string {
  const verb = dryRun ? "would upload" : "uploaded";
  return `${dryRun ? "dry run" : "done"}: release ${summary.release}: ${verb} ${summary.uploaded} objects (${formatBytes(summary.uploadedBytes)}, ${summary.redirects} of them redirects), ${summary.skipped} unchanged skipped, ${summary.removed} stale ${dryRun ? "to remove" : "removed"}, ${summary.kept} stale kept until their grace period (${grace}) has passed, ${summary.seconds} s`;
}

/** The releases the bucket keeps, newest last, the live one marked. */
export async function listS3Releases(address: S3Address, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const client = s3Client(env);
  let state: S3State;
  try {
    state = await readState(client, address);
  } catch (error) {
    if (error instanceof DeployStopped) throw error;
    throw new DeployStopped(explainS3Error(error, address, env));
  }
  if (state.releases.length === 0) return `${formatAddress(address)}: no release deployed yet\n`;
  const lines = [...state.releases]
    .sort((a, b) => Number(a.name) - Number(b.name))
    .map(
      (r) =>
        `${r.name === state.live ? "*" : " "} ${r.name}  ${r.deployedAt}  ${String(r.objects).padStart(7)} objects  ${formatBytes(r.bytes).padStart(8)}`,
    );
  return `${formatAddress(address)} (* live)\n${lines.join("\n")}\n`;
}

/** The release a rollback goes to: the named one, or the newest kept release older than the live one. */
export async function s3RollbackTarget(
  address: S3Address,
  requested: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  let state: S3State;
  try {
    state = await readState(s3Client(env), address);
  } catch (error) {
    throw new DeployStopped(explainS3Error(error, address, env));
  }
  const names = state.releases.map((r) => r.name).sort((a, b) => Number(a) - Number(b));
  if (requested !== undefined) {
    if (!names.includes(requested))
      throw new DeployStopped(
        `${formatAddress(address)} keeps no release ${requested}; it keeps ${names.join(", ") || "none"}`,
      );
    if (requested === state.live)
      throw new DeployStopped(`release ${requested} is already live in ${formatAddress(address)}`);
    return requested;
  }
  const target = names.filter((name) => state.live === null || Number(name) < Number(state.live)).at(-1);
  if (!target)
    throw new DeployStopped(`${formatAddress(address)} keeps no release before the live one (${state.live ?? "none"})`);
  return target;
}
