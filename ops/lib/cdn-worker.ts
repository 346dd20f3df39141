/**
 * What a bucket cannot do, the CDN does: a Cloudflare Worker in front of the bucket, generated
 * from the one rule model (src/core/cdn-rules.ts, src/core/routes.ts), that answers every path
 * as nginx and `npm run serve` do:
 *
 * - a folder without its slash is a 301 to it (the query kept, never off the site): the
 *   language roots ("/ru" -> "/ru/") and every page; a folder is a redirect object of the
 *   deploy, or any prefix the bucket holds ("/page-data" -> "/page-data/");
 * - "/events/" is "events/index.html"; the client-only order routes get their page with 200;
 * - unknown paths, build artefacts and this tool's own objects (`.deploy/`) get the 404 page of
 *   the path's language with status 404;
 * - the headers by the rules of the file that answers (security headers and CSP everywhere,
 *   a year's cache for hashed files only), read at run time from the bucket's
 *   `.deploy/cdn-rules.json`, which each deploy writes last: the CSP hashes follow the release.
 *
 * The bucket is reached through an R2 binding (`SITE`), or, for any other S3-compatible store,
 * over HTTP at `ORIGIN_URL` (a bucket readable by the worker alone, or a public one). Cloudflare
 * compresses what it sends (docs/adr/0009-compressed-copies-in-a-bucket.md).
 *
 * The worker's code mirrors scripts/serve.ts; its data (content types, hidden paths, the 404
 * pages, the redirect status) comes from the model. tests/unit/ops-lib-cdn-worker.test.ts runs
 * it in node:vm against a bucket filled by a real deploy and `npm run serve`, over the table of
 * paths that also tests nginx (tests/e2e/support/path-table.ts), so the three cannot disagree.
 */
import {
  COMPRESSIBLE_EXTENSIONS,
  CONTENT_TYPES,
  FOLDER_REDIRECT,
  HIDDEN_PATH_PATTERNS,
  MIN_COMPRESS_BYTES,
  normalizePath,
  REVALIDATE,
} from "../../src/core/cdn-rules";
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, LANGUAGES, notFoundFile } from "../../src/core/routes";
import type { S3Address } from "./s3-client";
import { CONTROL_PREFIX, RULES_KEY } from "./s3-objects";

/** The model's data the worker needs, as it is embedded into its code. */
export function workerData() {
  return {
    contentTypes: CONTENT_TYPES,
    compressible: COMPRESSIBLE_EXTENSIONS,
    minCompressBytes: MIN_COMPRESS_BYTES,
    // this tool's state, lock and manifests are not for visitors either
    hidden: [...HIDDEN_PATH_PATTERNS, `^/${CONTROL_PREFIX.replace(".", "\\.")}`],
    revalidate: REVALIDATE,
    folderStatus: FOLDER_REDIRECT.status,
    notFound: Object.fromEntries(
      LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE).map((lang) => [lang, notFoundFile(lang)]),
    ),
    defaultNotFound: notFoundFile(DEFAULT_LANGUAGE),
    languagePrefixes: LANGUAGES.map((lang) => LANGUAGE_INFO[lang].prefix).filter(Boolean),
    rulesKey: RULES_KEY,
  };
}

// The worker itself, plain JavaScript (an ES module). Keep it in step with scripts/serve.ts; the
// path normalisation is serve's own function, embedded as its source.
const WORKER_CODE = String.raw`
const RULES_TTL_MS = 30000;
let cachedRules = null;

function bucketFromHttp(origin, prefix) {
  const base = origin.replace(/\/+$/, "");
  const keyUrl = (key) => base + "/" + (prefix + key).split("/").map(encodeURIComponent).join("/");
  return {
    async get(key) {
      const answer = await fetch(keyUrl(key));
      if (answer.status === 404 || answer.status === 403) return null;
      if (!answer.ok) throw new Error("the bucket answered " + answer.status + " for " + key);
      const body = await answer.arrayBuffer();
      return { body, size: body.byteLength, hash: answer.headers.get("x-amz-meta-sha256") || "" };
    },
    async hasPrefix(key) {
      const answer = await fetch(base + "/?max-keys=1&prefix=" + encodeURIComponent(prefix + key));
      if (!answer.ok) throw new Error("the bucket answered " + answer.status + " to a listing");
      return /<Key>/.test(await answer.text());
    },
  };
}

function bucketFromR2(binding, prefix) {
  return {
    async get(key) {
      const object = await binding.get(prefix + key);
      if (!object) return null;
      return { body: object.body, size: object.size, hash: (object.customMetadata || {}).sha256 || "" };
    },
    async hasPrefix(key) {
      return (await binding.list({ prefix: prefix + key, limit: 1 })).objects.length > 0;
    },
  };
}

async function rulesOf(bucket) {
  if (cachedRules && Date.now() - cachedRules.at < RULES_TTL_MS) return cachedRules.rules;
  const object = await bucket.get(DATA.rulesKey);
  if (!object) throw new Error("the bucket has no " + DATA.rulesKey + ": deploy a release first");
  const rules = JSON.parse(await new Response(object.body).text());
  cachedRules = { at: Date.now(), rules };
  return rules;
}

${normalizePath.toString()}

const HIDDEN = DATA.hidden.map((pattern) => new RegExp(pattern));
const isHidden = (sitePath) => HIDDEN.some((re) => re.test(sitePath));

function extensionOf(sitePath) {
  const dot = sitePath.lastIndexOf(".");
  return dot > sitePath.lastIndexOf("/") ? sitePath.slice(dot).toLowerCase() : "";
}

function pathMatches(pattern, sitePath) {
  return pattern.endsWith("*") ? sitePath.startsWith(pattern.slice(0, -1)) : sitePath === pattern;
}

function headersFor(rules, sitePath) {
  const result = {};
  for (const rule of rules.headers) {
    if (!pathMatches(rule.path, sitePath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      result[key] = result[key] === undefined ? value : result[key] + ", " + value;
    }
  }
  if (result["cache-control"] === undefined) result["cache-control"] = DATA.revalidate;
  return result;
}

function headersForAnswer(rules, servedPath) {
  if (servedPath !== null) return headersFor(rules, servedPath);
  return headersFor({ headers: rules.headers.filter((rule) => rule.path === "/*") }, "/");
}

function folderLocation(sitePath, search) {
  return sitePath.split("/").map((segment) => encodeURIComponent(segment)).join("/") + "/" + search;
}

function notFoundFileFor(sitePath) {
  const first = sitePath.split("/")[1] || "";
  return DATA.notFound[first] || DATA.defaultNotFound;
}

/** What answers a request path: a file with its status, a redirect, or an error status. */
async function resolve(bucket, rules, rawPath, search) {
  const sitePath = normalizePath(rawPath);
  if (sitePath === null) return { status: 400 };
  const hidden = isHidden(sitePath);
  if (!hidden) {
    if (!sitePath.endsWith("/")) {
      const file = await bucket.get(sitePath.slice(1));
      // a redirect object (ops/lib/s3-objects.ts) stands for its folder
      if (file && !file.hash.startsWith("redirect:")) return { status: 200, file, servedPath: sitePath };
      if (file || (await bucket.hasPrefix(sitePath.slice(1) + "/")))
        return { status: DATA.folderStatus, location: folderLocation(sitePath, search) };
    } else {
      const file = await bucket.get(sitePath.slice(1) + "index.html");
      if (file) return { status: 200, file, servedPath: sitePath + "index.html" };
    }
  }
  // no file answers here, so every rewrite may apply; a hidden path is an unknown one
  const rule = hidden ? undefined : rules.redirects.find((r) => pathMatches(r.from, sitePath));
  const target = rule ? rule.to : notFoundFileFor(sitePath);
  const file = await bucket.get(target.slice(1));
  if (file) return { status: rule ? rule.status : 404, file, servedPath: target };
  return { status: 404 };
}

async function handle(request, bucket) {
  const rules = await rulesOf(bucket);
  const url = new URL(request.url);
  let base = headersForAnswer(rules, null);
  const plain = (status, body, extra) =>
    new Response(request.method === "HEAD" ? null : body, {
      status,
      headers: { ...base, "content-type": "text/plain; charset=utf-8", ...(extra || {}) },
    });
  if (request.method !== "GET" && request.method !== "HEAD") return plain(405, "Method Not Allowed", { allow: "GET, HEAD" });
  const resolved = await resolve(bucket, rules, url.pathname, url.search);
  if (resolved.status === 200 && resolved.servedPath) base = headersForAnswer(rules, resolved.servedPath);
  if (resolved.location)
    return new Response(null, { status: resolved.status, headers: { ...base, location: resolved.location, "content-type": "text/html" } });
  if (!resolved.file) return plain(resolved.status, resolved.status === 404 ? "Not Found" : "Bad Request");
  const extension = extensionOf(resolved.servedPath);
  const compressible =
    DATA.compressible.includes(extension) && resolved.file.size >= DATA.minCompressBytes && !isHidden(resolved.servedPath);
  const headers = {
    ...base,
    "content-type": DATA.contentTypes[extension] || "application/octet-stream",
    ...(compressible ? { vary: "Accept-Encoding" } : {}),
  };
  return new Response(request.method === "HEAD" ? null : resolved.file.body, { status: resolved.status, headers });
}

export default {
  async fetch(request, env) {
    const prefix = env.SITE_PREFIX ? env.SITE_PREFIX.replace(/^\/+|\/+$/g, "") + "/" : "";
    const bucket = env.SITE ? bucketFromR2(env.SITE, prefix) : bucketFromHttp(env.ORIGIN_URL, prefix);
    return handle(request, bucket);
  },
};
`;

export function cloudflareWorker(): string {
  return `// Generated by \`npm run deploy -- --cdn-config\` from src/core/cdn-rules.ts (ops/lib/cdn-worker.ts); do not edit.\nconst DATA = ${JSON.stringify(workerData(), null, 2)};\n${WORKER_CODE}`;
}

/** wrangler.toml for the worker in front of the bucket's R2 binding. */
export function wranglerConfig(address: S3Address): string {
  return `# Generated by \`npm run deploy -- --cdn-config\` (ops/lib/cdn-worker.ts). Add your route or custom domain.
name = "tickets-site"
main = "worker.js"
compatibility_date = "2025-01-01"

[vars]
SITE_PREFIX = "${address.prefix}"
# another S3-compatible store instead of R2: remove [[r2_buckets]] and set
# ORIGIN_URL = "https://<endpoint>/${address.bucket}"

[[r2_buckets]]
binding = "SITE"
bucket_name = "${address.bucket}"
`;
}
