/**
 * The S3 client of `npm run deploy -- --to s3://bucket/prefix`, configured the AWS SDK's own
 * way so one command serves AWS, R2, Spaces, B2 and MinIO (docs/DEPLOY-S3.md has the table):
 * the endpoint from AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, the region from AWS_REGION (or
 * the profile), checksums from AWS_REQUEST_CHECKSUM_CALCULATION and
 * AWS_RESPONSE_CHECKSUM_VALIDATION, credentials from the SDK's chain (environment, profile,
 * web identity, instance role), never from a file in this repository. Path-style addressing
 * ("endpoint/bucket/key") when S3_FORCE_PATH_STYLE=true: MinIO and most local stores need it.
 *
 * And the one place that turns the store's errors into a sentence naming what is wrong: the
 * bucket, the endpoint or the credentials.
 */
import { S3Client } from "@aws-sdk/client-s3";

export interface S3Address {
  bucket: string;
  /** without slashes at either end; "" for the bucket's root */
  prefix: string;
}

export function isS3Address(spec: string): boolean {
  return /^s3:\/\//i.test(spec);
}

/** "s3://bucket/some/prefix/" -> { bucket, prefix: "some/prefix" }. */
export function parseS3Address(spec: string): S3Address {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/i.exec(spec.trim());
  const bucket = match?.[1] ?? "";
  // the rules every store shares (3 to 63 characters, lower case, digits, dots and hyphens)
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`"${spec}" is not an s3://bucket/prefix address with a valid bucket name`);
  const prefix = (match?.[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").some((part) => part === "." || part === ".."))
    throw new Error(`"${spec}": the prefix may not hold "." or ".." segments`);
  return { bucket, prefix };
}

export function formatAddress(address: S3Address): string {
  return `s3://${address.bucket}${address.prefix ? `/${address.prefix}` : ""}`;
}

/** The endpoint as the SDK will use it, for messages. */
export function endpointOf(env: NodeJS.ProcessEnv = process.env): string {
  return env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || `AWS S3 (${env.AWS_REGION || "the profile's region"})`;
}

export function s3Client(env: NodeJS.ProcessEnv = process.env): S3Client {
  return new S3Client({
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    // a wrong endpoint should fail in seconds, not after the SDK's long default waits
    maxAttempts: Number(env.AWS_MAX_ATTEMPTS) || 3,
  });
}

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: { code?: string };
}

/** The HTTP status of a failed request, if it got an answer. */
export function statusOf(error: unknown): number | undefined {
  return (error as SdkError).$metadata?.httpStatusCode;
}

export function isNotFound(error: unknown): boolean {
  const e = error as SdkError;
  return e.name === "NoSuchKey" || e.name === "NotFound" || statusOf(error) === 404;
}

/** One sentence that says which setting is wrong; the store's own words at the end. */
export function explainS3Error(error: unknown, address: S3Address, env: NodeJS.ProcessEnv = process.env): string {
  const e = error as SdkError;
  const name = e.name ?? "";
  const code = e.code ?? e.cause?.code ?? "";
  const endpoint = endpointOf(env);
  const own = e.message ? ` (${e.message.split("\n")[0]})` : "";
  if (name === "NoSuchBucket")
    return `the bucket "${address.bucket}" does not exist at ${endpoint}: check the bucket in --to and AWS_ENDPOINT_URL_S3`;
  if (name === "InvalidAccessKeyId")
    return `the access key is not known at ${endpoint}: check AWS_ACCESS_KEY_ID (or AWS_PROFILE)${own}`;
  if (name === "SignatureDoesNotMatch")
    return `the secret key does not match the access key at ${endpoint}: check AWS_SECRET_ACCESS_KEY (or AWS_PROFILE)`;
  if (name === "CredentialsProviderError" || /Could not load credentials/i.test(e.message ?? ""))
    return "no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or run where a role gives them";
  if (/Region is missing/i.test(e.message ?? "")) return "no region: set AWS_REGION (auto for R2, us-east-1 for MinIO)";
  if (name === "PermanentRedirect" || name === "AuthorizationHeaderMalformed")
    return `the bucket "${address.bucket}" is in another region than AWS_REGION=${env.AWS_REGION ?? ""}${own}`;
  if (name === "AccessDenied" || statusOf(error) === 403)
    return `access denied to ${formatAddress(address)} at ${endpoint}: the credentials may not list, read, write and delete there${own}`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH/.test(`${code} ${e.message ?? ""}`))
    return `cannot reach the endpoint ${endpoint}: ${code || e.message}; check AWS_ENDPOINT_URL_S3`;
  return `${formatAddress(address)} at ${endpoint}: ${name || "error"}${own}`;
}
