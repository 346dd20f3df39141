/** The part of s3rver (a local S3 server, used by the deploy tests and bench) this project calls. */
declare module "s3rver" {
  import type { EventEmitter } from "node:events";
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  /** Emits "event" with an S3 event record for each object put, copied or deleted. */
  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
