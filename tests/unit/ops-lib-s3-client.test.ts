/**
 * The s3:// address of `npm run deploy` and the sentences its errors become
 * (ops/lib/s3-client.ts): each names the setting to check.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { explainS3Error, formatAddress, isS3Address, parseS3Address } from "../../ops/lib/s3-client";

const address = { bucket: "tickets", prefix: "www" };
const env = { AWS_ENDPOINT_URL_S3: "https://minio.example:9000", AWS_REGION: "us-east-1" };
const error = (name: string, status: number, message = "") =>
  Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

describe("s3:// addresses", () => {
  it("name a bucket and a prefix", () => {
    assert.deepEqual(parseS3Address("s3://tickets/www/"), address);
    assert.deepEqual(parseS3Address("s3://tickets"), { bucket: "tickets", prefix: "" });
    assert.deepEqual(parseS3Address("S3://tickets//a/b//"), { bucket: "tickets", prefix: "a/b" });
    assert.equal(formatAddress(address), "s3://tickets/www");
    assert.ok(isS3Address("s3://x") && !isS3Address("/srv/s3://x") && !isS3Address("host:/path"));
    for (const bad of ["s3://", "s3://Tickets", "s3://a", "s3://tick_ets/x", "s3://tickets/../x"])
      assert.throws(() => parseS3Address(bad), /s3:\/\/bucket\/prefix|"\.\."/, bad);
  });
});

describe("errors of the store", () => {
  it("say which setting is wrong", () => {
    const cases: Array<[unknown, RegExp]> = [
      [error("NoSuchBucket", 404), /the bucket "tickets" does not exist at https:\/\/minio\.example:9000/],
      [error("InvalidAccessKeyId", 403), /access key is not known .*AWS_ACCESS_KEY_ID/],
      [error("SignatureDoesNotMatch", 403), /secret key does not match .*AWS_SECRET_ACCESS_KEY/],
      [error("CredentialsProviderError", 0, "Could not load credentials from any providers"), /no credentials: set/],
      [new Error("Region is missing"), /no region: set AWS_REGION/],
      [error("AccessDenied", 403), /access denied to s3:\/\/tickets\/www .*list, read, write and delete/],
      [
        Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
        /cannot reach the endpoint https:\/\/minio/,
      ],
      [error("PermanentRedirect", 301), /in another region than AWS_REGION=us-east-1/],
    ];
    for (const [e, message] of cases) assert.match(explainS3Error(e, address, env), message);
  });
});
