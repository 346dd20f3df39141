/**
 * What a release becomes in a bucket, from the one rule model (src/core/cdn-rules.ts): which
 * files are objects, each object's Content-Type and Cache-Control, and the redirect objects
 * (a page folder without its slash, "events" -> "/events/"). Pure, so ops/lib/s3-deploy.ts
 * only moves bytes.
 *
 * Not objects: the .br/.gz copies (the CDN compresses; docs/adr/0009-compressed-copies-in-a-bucket.md),
 * the build artefacts no visitor may read (source maps, webpack stats, the rules files) and the
 * release's own files (release.json, the nginx configuration): the "rules" phase of the
 * shared plan (ops/lib/deploy-plan.ts) holds them for a directory, and the redirect objects here.
 */
import {
  type CdnRules,
  CONTENT_TYPES,
  folderLocation,
  headersFor,
  headersForAnswer,
  isHiddenPath,
} from "../../src/core/cdn-rules";
import { phaseOf } from "./deploy-plan";

/** Where this tool keeps its state, the release manifests, the lock and the CDN's rules, under the prefix. */
export const CONTROL_PREFIX = ".deploy/";
export const STATE_KEY = `${CONTROL_PREFIX}state.json`;
export const LOCK_KEY = `${CONTROL_PREFIX}lock.json`;
/** The rules the generated CDN worker reads at run time (ops/lib/cdn-worker.ts). */
export const RULES_KEY = `${CONTROL_PREFIX}cdn-rules.json`;
export const releaseManifestKey = (release: string) => `${CONTROL_PREFIX}releases/${release}.json`;

/** The metadata every object carries: the content hash the next deploy compares (never a time). */
export const HASH_METADATA = "sha256";

export interface ObjectSpec {
  /** relative to the prefix: "events/index.html", or "events" for a redirect object */
  key: string;
  /** the release file it is uploaded from; null for a redirect object (empty body) */
  file: string | null;
  size: number;
  /** sha256 of the body, hex */
  sha256: string;
  contentType: string;
  cacheControl: string;
  /** x-amz-website-redirect-location */
  redirect?: string;
}

/** What the bucket holds of an object, as the deploy state records it. */
export interface ObjectRecord {
  sha256: string;
  size: number;
  contentType: string;
  cacheControl: string;
  redirect?: string;
  /** the ETag the store gave it: a listing with another one means someone changed it */
  etag?: string;
}

const COMPRESSED_COPY = /\.(br|gz)$/;

/** A release file that becomes an object of the same name (see the note at the top). */
export function isBucketFile(file: string): boolean {
  return !COMPRESSED_COPY.test(file) && phaseOf(file) !== "rules" && !isHiddenPath(`/${file}`);
}

export function contentTypeOf(file: string): string {
  const name = file.slice(file.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return (dot > 0 && CONTENT_TYPES[name.slice(dot).toLowerCase()]) || "application/octet-stream";
}

/** The headers an object is stored with: as `npm run serve` sends the file. */
export function objectHeaders(rules: CdnRules, file: string): { contentType: string; cacheControl: string } {
  return { contentType: contentTypeOf(file), cacheControl: headersFor(rules, `/${file}`)["cache-control"] ?? "" };
}

/**
 * One redirect object per page folder ("ru/events/1/index.html" -> "ru/events/1" to
 * "/ru/events/1/"), the language roots among them ("ru" -> "/ru/"): an S3 website endpoint
 * answers them with a 301, as nginx and `npm run serve` do. Its headers are those of any
 * answer that is not a file (never cached for a year).
 */
export function redirectObjects(files: readonly string[], rules: CdnRules): ObjectSpec[] {
  const cacheControl = headersForAnswer(rules, null)["cache-control"] ?? "";
  const specs: ObjectSpec[] = [];
  for (const file of files) {
    if (!file.endsWith("/index.html") || !isBucketFile(file)) continue;
    const key = file.slice(0, -"/index.html".length);
    const redirect = folderLocation(`/${key}`, "");
    specs.push({
      key,
      file: null,
      size: 0,
      sha256: redirectHash(redirect),
      contentType: "text/html; charset=utf-8",
      cacheControl,
      redirect,
    });
  }
  return specs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A redirect object's body is empty; what it is, is its target. */
export function redirectHash(location: string): string {
  return `redirect:${location}`;
}

/** True when the bucket already holds `spec` as it would be uploaded now. */
export function isUnchanged(spec: ObjectSpec, record: ObjectRecord | undefined): boolean {
  return (
    record !== undefined &&
    record.sha256 === spec.sha256 &&
    record.size === spec.size &&
    record.contentType === spec.contentType &&
    record.cacheControl === spec.cacheControl &&
    (record.redirect ?? "") === (spec.redirect ?? "")
  );
}

/** "prefix/key", or "key" in a bucket's root. */
export function fullKey(prefix: string, key: string): string {
  return prefix ? `${prefix}/${key}` : key;
}
