/**
 * The publisher's step after a release goes live (or a rollback): when DEPLOY_TARGET is an
 * s3:// address, `npm run deploy` puts that release into the bucket, its whole output appended
 * to the job's log. A deploy that fails leaves the release live on the origin and the bucket as
 * it was (a deploy changes nothing before it can write, and a re-run converges); it becomes the
 * job's warning, and the next publish deploys again.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { isS3Address } from "./s3-client";

const ROOT = path.resolve(__dirname, "../..");

/** null when there was nothing to do or it went well; otherwise the warning to report. */
export async function deployToBucket(
  release: string,
  logFile: string,
  log: (message: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  const target = env.DEPLOY_TARGET ?? "";
  if (!isS3Address(target)) return null;
  log(`deploying release ${release} to ${target}`);
  const out = createWriteStream(logFile, { flags: "a" });
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "ops/deploy.ts"), "--to", target, "--release", release],
    { cwd: ROOT, env: { ...env, CI: env.CI ?? "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let last = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out.write(chunk);
    last = chunk.toString().trim().split("\n").at(-1) ?? last;
  });
  child.stderr.on("data", (chunk: Buffer) => out.write(chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve) => out.end(resolve));
  const line = last.replace(/^deploy: /, "");
  log(code === 0 ? `deployed to ${target}: ${line}` : `deploy to ${target} failed: ${line}`);
  return code === 0
    ? null
    : `the deploy to ${target} failed (${line.replace(/^failed: /, "")}); the next publish deploys again`;
}
