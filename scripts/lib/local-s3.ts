/**
 * A real S3-compatible server on 127.0.0.1 for the deploy tests and `npm run bench:deploy`:
 * s3rver (npm), with its files in a directory of the caller's, and the AWS SDK settings that
 * reach it the way docs/DEPLOY-S3.md tells people to reach MinIO: the endpoint, path-style
 * addressing, checksums only where an operation requires them, and s3rver's built-in key pair.
 *
 * s3rver checks the access key id but not a version-4 signature, so a wrong credential is
 * shown to it as a wrong key id.
 */
import S3rver from "s3rver";

export interface LocalS3 {
  endpoint: string;
  /** the environment `npm run deploy` needs to reach it */
  env: Record<string, string>;
  server: S3rver;
  close(): Promise<void>;
}

/** The environment `npm run deploy` needs to reach the server at `endpoint`. */
export function localS3Env(endpoint: string): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    AWS_REQUEST_CHECKSUM_CALCULATION: "WHEN_REQUIRED",
    AWS_RESPONSE_CHECKSUM_VALIDATION: "WHEN_REQUIRED",
    // the SDK's notice that its 2027 versions need Node 22, once per process
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  };
}

export async function startLocalS3(directory: string, buckets: string[], port = 0): Promise<LocalS3> {
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    server,
    env: localS3Env(endpoint),
    close: () => server.close(),
  };
}

/**
 * `tsx scripts/lib/local-s3.ts <directory> <bucket> [port]`: the server in a process of its own
 * (the deploy benchmark measures the two apart); prints "listening <port>" once it answers.
 */
if (require.main === module) {
  const [directory, bucket, port] = process.argv.slice(2);
  if (!directory || !bucket) throw new Error("usage: tsx scripts/lib/local-s3.ts <directory> <bucket> [port]");
  void startLocalS3(directory, [bucket], Number(port ?? 0)).then((s3) => {
    process.stdout.write(`listening ${new URL(s3.endpoint).port}\n`);
    process.on("SIGTERM", () => void s3.close().then(() => process.exit(0)));
  });
}
