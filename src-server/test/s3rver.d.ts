/** The part of s3rver 3.7 (a local S3 API for tests; it ships no types) that the tests use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    port?: number;
    address?: string;
    /** Where buckets and objects are kept on disk. */
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets and listens; resolves to the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    reset(): void;
  }
}
