import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkStorageKey, MissingFileError, type FileStorage } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3 API than AWS's (MinIO, R2, s3rver…), e.g. `http://127.0.0.1:9000`; unset for AWS. */
  endpoint?: string | undefined;
  /** Unset: the SDK's default chain (environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name, as MinIO and most self-hosted stores need. */
  forcePathStyle?: boolean | undefined;
}

export interface S3FileStorage extends FileStorage {
  /**
   * A link that downloads the object for `seconds` (1 s to 1 hour) without signing in. Only for files that are not
   * private: ID documents and unpublished photos are served only through the authorized upload route.
   */
  presignedUrl(key: string, seconds: number): Promise<string>;
}

/**
 * GetObject's "no such key": the SDK's own class, or the same error name from a store whose answer the SDK maps
 * otherwise. A missing bucket (also a 404) is a misconfiguration, not a missing file, so it is not matched.
 */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const name = typeof error === "object" && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === "NoSuchKey" || name === "NotFound";
}

/**
 * Objects in one bucket of any S3 API, under the same random keys as on disk. Objects are written without an ACL,
 * so they keep the bucket's default: private.
 */
export function createS3Storage(options: S3StorageOptions): S3FileStorage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible store;
    // send and check them only where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  return {
    async put(content) {
      const key = randomUUID();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkStorageKey(key),
          Body: content,
          ContentLength: content.byteLength,
          ContentType: "application/octet-stream",
        }),
      );
      return key;
    },
    async open(key) {
      const command = new GetObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) });
      let body: unknown;
      try {
        body = (await client.send(command)).Body;
      } catch (error) {
        throw isMissing(error) ? new MissingFileError(key, { cause: error }) : error;
      }
      // In Node the SDK answers the HTTP response itself, a Readable.
      if (!(body instanceof Readable)) throw new Error(`The object store answered no stream for ${key}`);
      return body;
    },
    async remove(key) {
      // Deleting a missing object succeeds, as removing a missing file does on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
    },
    async presignedUrl(key, seconds) {
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600)
        throw new RangeError("A presigned link lasts 1 to 3600 seconds");
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }), { expiresIn: seconds });
    },
  };
}
