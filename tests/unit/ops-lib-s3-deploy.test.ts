/**
 * `npm run deploy -- --to s3://bucket/prefix` against a real S3 server on 127.0.0.1 (s3rver),
 * checked through the AWS SDK as a CDN reads the bucket: the order of the uploads, each
 * object's headers and redirects, incremental and resumed deploys, the lock, stale objects and
 * their grace period, rollback, and the refusals that change nothing. Releases are small
 * synthetic sites of the real shape (support/site-release.ts).
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { phaseOf } from "../../ops/lib/deploy-plan";
import { walkFiles } from "../../ops/lib/releases";
import { s3Client } from "../../ops/lib/s3-client";
import { deployToS3, readState, type S3DeployOptions } from "../../ops/lib/s3-deploy";
import { contentTypeOf, isBucketFile } from "../../ops/lib/s3-objects";
import { type LocalS3, startLocalS3 } from "../../scripts/lib/local-s3";
import { IMMUTABLE, REVALIDATE } from "../../src/core/cdn-rules";
import { type SiteRelease, writeSiteRelease } from "./support/site-release";

const ROOT = path.resolve(__dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "deploy-s3-"));
const releases = path.join(scratch, "releases");
const BUCKET = "site";
const PREFIX = "www";
let s3: LocalS3;
let client: S3Client;
let env: NodeJS.ProcessEnv;
/** every PUT the server stored, in order, with its time */
const puts: Array<{ key: string; at: number }> = [];

before(async () => {
  s3 = await startLocalS3(path.join(scratch, "s3"), [BUCKET, "other"]);
  // the SDK reads its settings from the process's environment, as in `npm run deploy`
  Object.assign(process.env, s3.env);
  env = { ...process.env, PUBLISH_ROOT: releases, DEPLOY_LOCK_SETTLE_MS: "50", CI: "1" };
  client = s3Client(env);
  s3.server.on("event", (event: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => {
    for (const record of event.Records)
      if (record.eventName.startsWith("ObjectCreated"))
        puts.push({ key: decodeURIComponent(record.s3.object.key), at: performance.now() });
  });
});
after(async () => {
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
});

const lines: string[] = [];
const out = { write: (text: string) => lines.push(text) };

function deploy(release: string, extra: Partial<S3DeployOptions> = {}) {
  return deployToS3({
    releaseDir: path.join(releases, release),
    release,
    address: { bucket: BUCKET, prefix: PREFIX },
    graceMs: 60_000,
    keep: 3,
    concurrency: 4,
    out,
    env,
    client,
    ...extra,
  });
}

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a person runs it; asynchronous, since the S3 server answers in this process. */
function runCli(args: string[], extraEnv: NodeJS.ProcessEnv = {}, onStart?: (child: ChildProcess) => void) {
  return new Promise<CliRun>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "ops/deploy.ts"), ...args], {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
    onStart?.(child);
  });
}

async function listKeys(bucket = BUCKET): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  // one page: these buckets hold fewer than 1,000 objects
  const page = await client.send(new ListObjectsCommand({ Bucket: bucket }));
  for (const o of page.Contents ?? []) keys.set(o.Key ?? "", o.ETag ?? "");
  assert.equal(page.IsTruncated, false);
  return keys;
}

async function text(key: string): Promise<string | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${key}` }));
    return (await answer.Body?.transformToString()) ?? "";
  } catch {
    return null;
  }
}

async function exists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${key}` }));
    return true;
  } catch {
    return false;
  }
}

/** The site objects a release should leave in the bucket: its files as they are. */
function expectedFiles(release: string): string[] {
  return walkFiles(path.join(releases, release)).filter(isBucketFile);
}

async function assertBucketServes(release: string): Promise<void> {
  for (const file of expectedFiles(release)) {
    assert.equal(await text(file), readFileSync(path.join(releases, release, file), "utf8"), file);
  }
  assert.equal((await readState(client, { bucket: BUCKET, prefix: PREFIX })).live, release);
}

let first: SiteRelease;

describe("deploy to S3-compatible storage", () => {
  it("uploads in the safe order: hashed files, page data, other files, HTML, then redirects", async () => {
    first = await writeSiteRelease(releases, "0001", { version: "a", events: [1, 2, 3] });
    puts.length = 0;
    const summary = await deploy("0001");
    assert.equal(summary.skipped, 0);
    const order = ["hashed assets", "page data", "other files", "HTML", "rules"];
    const phaseOfKey = (key: string) => {
      const site = key.slice(PREFIX.length + 1);
      if (site.startsWith(".deploy/")) return null;
      return isBucketFile(site) && site.includes(".") ? phaseOf(site) : "rules";
    };
    const phases = puts.map((p) => phaseOfKey(p.key)).filter((p) => p !== null);
    assert.equal(phases.length, summary.uploaded);
    for (let i = 1; i < phases.length; i++)
      assert.ok(
        order.indexOf(phases[i] as string) >= order.indexOf(phases[i - 1] as string),
        `${phases[i - 1]} before ${phases[i]}`,
      );
    assert.deepEqual([...new Set(phases)], order);
    await assertBucketServes("0001");
  });

  it("gives every object the Content-Type and Cache-Control of the rules, and each page folder a redirect", async () => {
    const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${key}` }));
    for (const file of expectedFiles("0001")) {
      const answer = await head(file);
      assert.equal(answer.ContentType, contentTypeOf(file), file);
      const hashed = file.startsWith("static/") || file === first.script || file === first.styles;
      assert.equal(answer.CacheControl, hashed ? IMMUTABLE : REVALIDATE, file);
      assert.match(answer.Metadata?.sha256 ?? "", /^[0-9a-f]{64}$/, file);
    }
    assert.equal((await head("index.html")).ContentType, "text/html; charset=utf-8");
    assert.equal((await head("page-data/app-data.json")).ContentType, "application/json; charset=utf-8");
    for (const [key, location] of [
      ["ru", "/ru/"],
      ["events", "/events/"],
      ["ar/events/2", "/ar/events/2/"],
      ["order/pay", "/order/pay/"],
    ]) {
      const answer = await head(key as string);
      assert.equal(answer.WebsiteRedirectLocation, location, key);
      assert.equal(answer.CacheControl, REVALIDATE);
    }
    const keys = [...(await listKeys()).keys()];
    for (const hidden of [".br", ".map", "_headers", "_redirects", "webpack.stats.json", "release.json"])
      assert.ok(!keys.some((key) => key.endsWith(hidden)), `no ${hidden} object`);
    assert.ok(keys.includes(`${PREFIX}/.deploy/releases/0001.json`), "a release manifest");
    assert.ok(keys.includes(`${PREFIX}/.deploy/cdn-rules.json`), "the CDN's rules");
  });

  it("uploads only the changed event's objects the second time", async () => {
    await writeSiteRelease(releases, "0002", { version: "a", events: [1, 2, 3], edition: { 2: "2" } });
    puts.length = 0;
    const summary = await deploy("0002", { verbose: true });
    const site = puts.map((p) => p.key.slice(PREFIX.length + 1)).filter((key) => !key.startsWith(".deploy/"));
    assert.deepEqual(site.sort(), [
      "ar/events/2/index.html",
      "events/2/index.html",
      "ics/event-2-ar.ics",
      "ics/event-2-en.ics",
      "ics/event-2-ru.ics",
      "page-data/ar/events/2/page-data.json",
      "page-data/events/2/page-data.json",
      "page-data/ru/events/2/page-data.json",
      "ru/events/2/index.html",
    ]);
    assert.equal(summary.uploaded, site.length);
    assert.equal((await deploy("0002")).uploaded, 0, "nothing when nothing changed");
    // an object removed by another tool: the state of an ended deploy is trusted, --verify lists
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/ru/events/3/index.html` }));
    assert.equal((await deploy("0002")).uploaded, 0);
    assert.equal((await deploy("0002", { verify: true })).uploaded, 1);
    assert.ok(await exists("ru/events/3/index.html"));
  });

  it("never lets a reader polling during a deploy find a page whose assets are missing", async () => {
    const events = Array.from({ length: 12 }, (_, i) => i + 1);
    const next = await writeSiteRelease(releases, "0003", { version: "b", events });
    let running = true;
    const seen: string[] = [];
    const broken: string[] = [];
    const reader = (async () => {
      let i = 0;
      while (running) {
        const lang = ["", "ru/", "ar/"][i % 3];
        const html = await text(`${lang}events/${(i++ % events.length) + 1}/index.html`);
        if (html === null) continue;
        const assets = [...html.matchAll(/(?:src|href|data-page-data)="\/([^"]+)"/g)].map((m) => m[1] as string);
        for (const asset of assets) if (!(await exists(asset))) broken.push(asset);
        seen.push(assets.join(" "));
      }
    })();
    try {
      await deploy("0003", { concurrency: 1 });
    } finally {
      running = false;
      await reader;
    }
    assert.deepEqual(broken, []);
    assert.ok(
      seen.some((s) => s.includes(next.script)),
      "the reader saw pages of the new release",
    );
    assert.ok(seen.length > 10, `the reader read ${seen.length} pages during the deploy`);
  });

  it("keeps what the live release lost through the grace period, then removes it, never a kept release's hashed files", async () => {
    await writeSiteRelease(releases, "0004", { version: "c", events: [1, 2] });
    const grace = { graceMs: 1500 };
    const firstRun = await deploy("0004", grace);
    assert.ok(firstRun.kept > 0);
    assert.equal(firstRun.removed, 0);
    assert.ok(await exists("events/3/index.html"), "an old page stays through the grace period");
    await new Promise((r) => setTimeout(r, 1600));
    const secondRun = await deploy("0004", grace);
    assert.equal(secondRun.removed, firstRun.kept);
    assert.equal(await exists("events/3/index.html"), false, "and goes after it");
    assert.equal(await exists("events/3"), false, "with its redirect object");
    assert.equal(await exists("ru/events/12/index.html"), false);
    // releases 0002, 0003 and 0004 are kept (keep: 3): their hashed files stay, 0001's did too (same build)
    assert.ok(await exists(first.script));
  });

  it("rolls back to the release before in one command, lists the releases, and explains itself on --help", async () => {
    const rolled = await runCli(["--to", `s3://${BUCKET}/${PREFIX}`, "--rollback"]);
    assert.equal(rolled.code, 0, rolled.stdout + rolled.stderr);
    assert.match(rolled.stdout, /rolling back to release 0003/);
    await assertBucketServes("0003");
    const [listed, help] = await Promise.all([
      runCli(["--to", `s3://${BUCKET}/${PREFIX}`, "--list"]),
      runCli(["--help"]),
    ]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /s3:\/\/bucket\/prefix/);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, /^\* 0003 /m);
    assert.match(listed.stdout, /^ {2}0004 /m);
    assert.match(listed.stdout, /^ {2}0002 /m);
    await deploy("0004");
    await assertBucketServes("0004");
  });

  it("stops at once on a wrong bucket, endpoint or credential, says which, and changes nothing", async () => {
    const before = await listKeys();
    const cases: Array<[NodeJS.ProcessEnv, string, RegExp]> = [
      [{}, "s3://no-such-bucket/www", /the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/],
      [{ AWS_ACCESS_KEY_ID: "WRONG" }, `s3://${BUCKET}/${PREFIX}`, /the access key is not known .*AWS_ACCESS_KEY_ID/],
      [
        { AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9", AWS_MAX_ATTEMPTS: "1" },
        `s3://${BUCKET}/${PREFIX}`,
        /cannot reach the endpoint http:\/\/127\.0\.0\.1:9: ECONNREFUSED/,
      ],
      [{}, "s3://Bad_Bucket/x", /not an s3:\/\/bucket\/prefix address/],
    ];
    const runs = await Promise.all(cases.map(([extra, to]) => runCli(["--to", to], extra)));
    for (const [i, [, to, message]] of cases.entries()) {
      assert.equal(runs[i]?.code, 1, to);
      assert.match(runs[i]?.stdout ?? "", message);
    }
    assert.deepEqual(await listKeys(), before);
  });

  it("refuses a second deploy while one runs, and prints the plan without a change on --dry-run", async () => {
    await writeSiteRelease(releases, "0005", { version: "d", events: [1, 2, 3, 4, 5, 6] });
    const running = deploy("0005", { concurrency: 1 });
    while (!(await text(".deploy/lock.json"))) await new Promise((r) => setTimeout(r, 10));
    await assert.rejects(deploy("0004"), /another deploy holds the lock \(release 0005 from .*process \d+/);
    assert.equal((await running).release, "0005");
    assert.equal(await text(".deploy/lock.json"), null, "the lock is released");

    const before = await listKeys();
    const dry = await runCli(["--to", `s3://${BUCKET}/${PREFIX}`, "--release", "0004", "--dry-run"]);
    assert.equal(dry.code, 0, dry.stdout + dry.stderr);
    assert.match(dry.stdout, /HTML: \d+ of \d+ objects to upload/);
    assert.match(dry.stdout, /dry run: release 0004: would upload \d+ objects/);
    assert.deepEqual(await listKeys(), before);
  });

  it("converges when a deploy killed with kill -9 between two uploads is run again", async () => {
    await writeSiteRelease(releases, "0006", { version: "e", events: Array.from({ length: 16 }, (_, i) => i + 1) });
    puts.length = 0;
    const killed = await runCli(["--to", `s3://${BUCKET}/${PREFIX}`], { DEPLOY_S3_CONCURRENCY: "1" }, (child) => {
      const timer = setInterval(() => {
        if (puts.length >= 40) {
          clearInterval(timer);
          child.kill("SIGKILL");
        }
      }, 5);
    });
    assert.equal(killed.signal, "SIGKILL");
    assert.ok(await text(".deploy/lock.json"), "the killed deploy left its lock");
    const again = await runCli(["--to", `s3://${BUCKET}/${PREFIX}`]);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /took over the lock of a deploy that stopped/);
    await assertBucketServes("0006");
    const done = /uploaded (\d+) objects/.exec(again.stdout);
    const total = expectedFiles("0006").length;
    assert.ok(Number(done?.[1]) < total, `the re-run uploaded ${done?.[1]} of ${total}: what was there stayed`);
    assert.equal((await deploy("0006")).uploaded, 0, "and a third run finds nothing to do");
  });
});
