/**
 * Deploy benchmark (`npm run bench:deploy`): a release into a local S3 server (s3rver, in a
 * process of its own), the first time and after one event changed, for the sample site's shape
 * and for 10,000 events (about 105,000 files).
 *
 *   npm run bench:deploy                        # the sample and 10,000 events
 *   npm run bench:deploy -- --events 2000       # the sample and 2,000 events
 *   npm run bench:deploy -- --only sample       # the sample only
 *   npm run bench:deploy -- --dir /tmp/bench-deploy   # where the trees and the bucket go
 *   npm run bench:deploy -- --reuse-bucket       # keep the last run's bucket: two one-event changes
 *
 * The release trees are synthesized in the real site's shape (bench/lib/synthetic-release.ts),
 * not built: a 10,000-event build takes about 40 minutes, and the deploy reads only files. The
 * one-event change rewrites that event's pages, page data and calendar files in the three
 * languages (9 files) in a copy of the first tree made of hard links, as a publish does.
 *
 * For each deploy: objects and bytes uploaded, seconds, and the CPU seconds of the deploy (this
 * process) and of the S3 server: whichever is near the wall time is what limits the deploy.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { s3Client } from "../ops/lib/s3-client";
import { deployToS3, type S3DeploySummary } from "../ops/lib/s3-deploy";
import { formatBytes } from "../ops/lib/s3-progress";
import { localS3Env } from "../scripts/lib/local-s3";
import { arg } from "./lib/cli";
import { statFields } from "./lib/process-memory";
import { changeEvent, SAMPLE, type Shape, scaled, writeSyntheticRelease } from "./lib/synthetic-release";

const ROOT = path.resolve(__dirname, "..");

const DIR = path.resolve(arg("dir") ?? "/tmp/bench-deploy");
const EVENTS = Number(arg("events") ?? 10_000);
const ONLY = arg("only");
/** the last run's bucket (release 0002 live): the first tree, then the changed one again */
const REUSE = process.argv.includes("--reuse-bucket");

/** CPU seconds (user + system) of a process so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) throw new Error(`process ${pid} is gone: no /proc/${pid}/stat`);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

async function startServer(dataDir: string): Promise<{ pid: number; port: number; stop(): void }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts/lib/local-s3.ts"), dataDir, "site"],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the S3 server exited with ${code}`)));
  });
  return { pid: child.pid as number, port, stop: () => child.kill("SIGTERM") };
}

/** The release trees of a shape: the first, and a hard-linked copy with one event changed. */
function releaseTrees(label: string, shape: Shape): { first: string; changed: string; files: number } {
  const base = path.join(DIR, label);
  const first = path.join(base, "0001");
  const changed = path.join(base, "0002");
  const marker = path.join(base, "complete.json");
  if (!existsSync(marker)) {
    rmSync(base, { recursive: true, force: true });
    const started = Date.now();
    const files = writeSyntheticRelease(first, shape);
    const copy = spawnSync("cp", ["-al", first, changed]);
    if (copy.status !== 0) throw new Error(`cp -al failed: ${copy.stderr}`);
    changeEvent(changed, 1, "2");
    writeFileSync(marker, JSON.stringify({ files }));
    console.log(
      `${label}: wrote ${files.toLocaleString("en-US")} files in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return { first, changed, files: (JSON.parse(readFileSync(marker, "utf8")) as { files: number }).files };
}

interface Row {
  run: string;
  summary: S3DeploySummary;
  seconds: number;
  deployCpu: number;
  serverCpu: number;
}

async function benchShape(label: string, shape: Shape): Promise<Row[]> {
  const trees = releaseTrees(label, shape);
  const dataDir = path.join(DIR, `${label}-bucket`);
  const reuse = REUSE && existsSync(dataDir);
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(dataDir);
  const env = { ...process.env, ...localS3Env(`http://127.0.0.1:${server.port}`) };
  Object.assign(process.env, env);
  const rows: Row[] = [];
  try {
    for (const [run, dir, release] of [
      [reuse ? "one event back" : "first deploy", trees.first, "0001"],
      ["one event changed", trees.changed, "0002"],
    ] as const) {
      const [cpu0, server0, wall0] = [ownCpu(), cpuSeconds(server.pid), Date.now()];
      const summary = await deployToS3({
        releaseDir: dir,
        release,
        address: { bucket: "site", prefix: "www" },
        graceMs: 86_400_000,
        keep: 5,
        concurrency: Number(process.env.DEPLOY_S3_CONCURRENCY || 16),
        env,
        client: s3Client(env),
      });
      rows.push({
        run,
        summary,
        seconds: (Date.now() - wall0) / 1000,
        deployCpu: ownCpu() - cpu0,
        serverCpu: cpuSeconds(server.pid) - server0,
      });
    }
  } finally {
    server.stop();
  }
  console.log(`\n${label}: ${trees.files.toLocaleString("en-US")} files in the release`);
  console.log(
    "| run               | objects uploaded | bytes     | unchanged | seconds | deploy CPU s | s3rver CPU s |",
  );
  console.log(
    "| ----------------- | ---------------- | --------- | --------- | ------- | ------------ | ------------ |",
  );
  for (const row of rows)
    console.log(
      `| ${row.run.padEnd(17)} | ${String(row.summary.uploaded).padStart(16)} | ${formatBytes(row.summary.uploadedBytes).padStart(9)} | ${String(row.summary.skipped).padStart(9)} | ${row.seconds.toFixed(1).padStart(7)} | ${row.deployCpu.toFixed(1).padStart(12)} | ${row.serverCpu.toFixed(1).padStart(12)} |`,
    );
  return rows;
}

const USAGE = `usage: npm run bench:deploy [-- options]
  --events 2000        the large site's events (10000)
  --only sample        one of the two: sample, or the number given to --events
  --dir /tmp/x         where the trees and the buckets go (/tmp/bench-deploy)
  --reuse-bucket       keep the last run's bucket: two one-event changes instead of a first deploy
`;

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    process.stdout.write(USAGE);
    return;
  }
  if (ONLY !== `${EVENTS}`) await benchShape("sample", SAMPLE);
  if (ONLY !== "sample") await benchShape(`${EVENTS}-events`, scaled(EVENTS));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
