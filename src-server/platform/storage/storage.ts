import type { Readable } from "node:stream";

/**
 * Where uploaded bytes live: local disk by default, any S3-compatible object store by configuration
 * (docs/decisions.md). Keys are made by the storage; a caller's file name never becomes part of a path or object key.
 * Files are private: they are read only through this interface, and served only by the authorized upload route.
 */
export interface FileStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(content: Uint8Array): Promise<string>;
  /** The stored bytes; rejects with MissingFileError when nothing is stored under the key. */
  open(key: string): Promise<Readable>;
  /** Forgets the bytes; removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
}

/** The one failure callers may expect from open(): nothing is stored under the key (any adapter). */
export class MissingFileError extends Error {
  override readonly name = "MissingFileError";
  constructor(key: string, options?: ErrorOptions) {
    super(`No stored file under ${key}`, options);
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Keys are random UUIDs made by put(). They come back from the database, but every adapter checks them before any
 * I/O anyway, so that no value can ever name a file outside the folder or another object in the bucket.
 */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error("Invalid storage key");
  return key;
}
