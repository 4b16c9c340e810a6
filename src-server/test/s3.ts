import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageOptions } from "../platform/storage/s3-storage";

export interface LocalS3 {
  /** Options for createS3Storage that reach this server's bucket. */
  options: S3StorageOptions;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  close(): Promise<void>;
}

/** An S3 API on a free local port (s3rver, in this process), with one empty bucket, its files in a temporary folder. */
export async function startLocalS3(bucket = "seer-test"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "seer-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    options: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
