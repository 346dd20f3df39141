/**
 * The Cloudflare Worker generated for a bucket (ops/lib/cdn-worker.ts), run in node:vm in front
 * of a real S3 server (s3rver) that a real deploy filled, against `npm run serve` on the same
 * release: every path of the table that also compares nginx with `npm run serve`
 * (tests/e2e/support/path-table.ts) must get the same status, headers and body, through the
 * worker's HTTP origin and through its R2 binding.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { runInNewContext } from "node:vm";
import { GetObjectCommand, ListObjectsCommand, type S3Client } from "@aws-sdk/client-s3";
import { cloudflareWorker, wranglerConfig } from "../../ops/lib/cdn-worker";
import { s3Client } from "../../ops/lib/s3-client";
import { deployToS3 } from "../../ops/lib/s3-deploy";
import { type LocalS3, startLocalS3 } from "../../scripts/lib/local-s3";
import { createSiteServer, loadRules } from "../../scripts/serve";
import { type Answer, comparable, get, pathTable } from "../e2e/support/path-table";
import { writeSiteRelease } from "./support/site-release";

const scratch = mkdtempSync(path.join(tmpdir(), "cdn-worker-"));
const releaseDir = path.join(scratch, "releases", "0001");
let s3: LocalS3;
let client: S3Client;
let serve: Server;
let serveUrl = "";

type Env = Record<string, unknown>;
type Worker = { fetch(request: Request, env: Env): Promise<Response> };

/** The generated module's default export, evaluated in a context of its own. */
function loadWorker(): Worker {
  const code = cloudflareWorker().replace(/^export default /m, "return ");
  return runInNewContext(`(() => {${code}})()`, { fetch, Response, URL, console }) as Worker;
}

/** An R2 binding as a Worker gets it, backed by the S3 server. */
function r2Binding(bucket: string) {
  return {
    async get(key: string) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { body, size: body.length, customMetadata: answer.Metadata ?? {} };
      } catch {
        return null;
      }
    },
    async list(options: { prefix: string; limit: number }) {
      const page = await client.send(
        new ListObjectsCommand({ Bucket: bucket, Prefix: options.prefix, MaxKeys: options.limit }),
      );
      return { objects: page.Contents ?? [] };
    },
  };
}

async function viaWorker(worker: Worker, env: Env, sitePath: string): Promise<Answer> {
  const response = await worker.fetch(new Request(`http://site.test${sitePath}`), env);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

before(async () => {
  s3 = await startLocalS3(path.join(scratch, "s3"), ["site"]);
  Object.assign(process.env, s3.env);
  client = s3Client();
  await writeSiteRelease(path.join(scratch, "releases"), "0001", { version: "a", events: [7, 8] });
  await deployToS3({
    releaseDir,
    release: "0001",
    address: { bucket: "site", prefix: "www" },
    graceMs: 60_000,
    keep: 3,
    out: { write: () => true },
    env: { ...process.env, DEPLOY_LOCK_SETTLE_MS: "10" },
    client,
  });
  serve = createSiteServer(releaseDir, await loadRules(releaseDir));
  await new Promise<void>((resolve) => serve.listen(0, "127.0.0.1", resolve));
  serveUrl = `http://127.0.0.1:${(serve.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise((resolve) => serve.close(resolve));
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the CDN worker in front of the bucket", () => {
  for (const [name, env] of [
    ["over HTTP", () => ({ ORIGIN_URL: `${s3.endpoint}/site`, SITE_PREFIX: "www" })],
    ["through an R2 binding", () => ({ SITE: r2Binding("site"), SITE_PREFIX: "/www/" })],
  ] as const) {
    it(`answers every path of the shared table as npm run serve does, ${name}`, async () => {
      const worker = loadWorker();
      const differences: string[] = [];
      const table = pathTable(releaseDir);
      for (const sitePath of table) {
        const [edge, local] = await Promise.all([viaWorker(worker, env(), sitePath), get(serveUrl, sitePath)]);
        try {
          assert.deepEqual(
            { status: edge.status, headers: comparable(edge) },
            { status: local.status, headers: comparable(local) },
          );
          if (local.status !== 301) assert.ok(edge.body.equals(local.body), "same body");
        } catch (error) {
          differences.push(`${sitePath}: ${(error as Error).message}`);
        }
      }
      assert.deepEqual(differences, []);
      assert.ok(table.length > 50);
    });
  }

  it("redirects language roots and folders, gives each language its 404, and hides this tool's objects", async () => {
    const worker = loadWorker();
    const env = { ORIGIN_URL: `${s3.endpoint}/site`, SITE_PREFIX: "www" };
    const ru = await viaWorker(worker, env, "/ru?from=mail");
    assert.equal(ru.status, 301);
    assert.equal(ru.headers.location, "/ru/?from=mail");
    assert.match(ru.headers["content-security-policy"] ?? "", /frame-ancestors 'none'/);
    const missing = await viaWorker(worker, env, "/ar/no-such-page/");
    assert.equal(missing.status, 404);
    assert.match(missing.body.toString(), /ar not found/);
    assert.equal(missing.headers["cache-control"], "public, max-age=0, must-revalidate");
    for (const control of ["/.deploy/state.json", "/.deploy/cdn-rules.json"]) {
      const answer = await viaWorker(worker, env, control);
      assert.equal(answer.status, 404, control);
      assert.doesNotMatch(answer.body.toString(), /objects|redirects/, control);
    }
    assert.equal(
      (await viaWorker(worker, env, "/events/7/")).headers["strict-transport-security"],
      "max-age=31536000; includeSubDomains",
    );
  });

  it("comes with a wrangler.toml for the bucket's R2 binding", () => {
    const toml = wranglerConfig({ bucket: "tickets-site", prefix: "www" });
    assert.match(toml, /bucket_name = "tickets-site"/);
    assert.match(toml, /SITE_PREFIX = "www"/);
    assert.match(toml, /main = "worker\.js"/);
  });
});
