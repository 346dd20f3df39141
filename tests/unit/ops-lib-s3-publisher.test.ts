/**
 * The publisher's deploy of each live release when DEPLOY_TARGET is an s3:// address
 * (ops/lib/s3-publisher.ts), against a real local S3 server: the release lands in the bucket,
 * a failure becomes the job's warning with the reason, and other targets are left alone.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { s3Client } from "../../ops/lib/s3-client";
import { readState } from "../../ops/lib/s3-deploy";
import { deployToBucket } from "../../ops/lib/s3-publisher";
import { type LocalS3, startLocalS3 } from "../../scripts/lib/local-s3";
import { writeSiteRelease } from "./support/site-release";

const scratch = mkdtempSync(path.join(tmpdir(), "s3-publisher-"));
const releases = path.join(scratch, "releases");
const logFile = path.join(scratch, "job.log");
let s3: LocalS3;
let env: NodeJS.ProcessEnv;

before(async () => {
  s3 = await startLocalS3(path.join(scratch, "s3"), ["site"]);
  Object.assign(process.env, s3.env);
  env = { ...process.env, PUBLISH_ROOT: releases, DEPLOY_LOCK_SETTLE_MS: "10" };
  await writeSiteRelease(releases, "0001", { version: "a", events: [1] });
});
after(async () => {
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the publisher's deploy to a bucket", () => {
  it("deploys the live release when DEPLOY_TARGET is s3://, its output in the job's log", async () => {
    const said: string[] = [];
    const warning = await deployToBucket("0001", logFile, (m) => said.push(m), {
      ...env,
      DEPLOY_TARGET: "s3://site/shop",
    });
    assert.equal(warning, null);
    assert.equal((await readState(s3Client(), { bucket: "site", prefix: "shop" })).live, "0001");
    assert.match(said.join("\n"), /deployed to s3:\/\/site\/shop: done: release 0001: uploaded \d+ objects/);
    assert.match(readFileSync(logFile, "utf8"), /deploy: HTML: /);
  });

  it("reports a failed deploy as a warning that says why", async () => {
    const warning = await deployToBucket("0001", logFile, () => undefined, { ...env, DEPLOY_TARGET: "s3://gone/shop" });
    assert.match(warning ?? "", /the deploy to s3:\/\/gone\/shop failed \(the bucket "gone" does not exist/);
  });

  it("leaves directory and rsync targets to the workflow", async () => {
    for (const DEPLOY_TARGET of [undefined, "/srv/www", "deploy@origin:/srv/www"])
      assert.equal(
        await deployToBucket("0001", logFile, () => assert.fail("nothing to say"), { ...env, DEPLOY_TARGET }),
        null,
      );
  });
});
