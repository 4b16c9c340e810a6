import { randomUUID } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded bytes live. Keys are made here; a caller's file name never becomes part of a path. */
export interface FileStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(content: Uint8Array): Promise<string>;
  open(key: string): Promise<ReadStream>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Local disk under `dir` (config.uploadDir: DATA_DIR/uploads), outside the public client folder. */
export function createLocalStorage(dir: string): FileStorage {
  const root = path.resolve(dir);

  function pathOf(key: string): string {
    // Keys come from the database, but are checked anyway so that no value can ever leave the folder.
    if (!KEY.test(key)) throw new Error("Invalid storage key");
    const full = path.join(root, key.slice(0, 2), key);
    if (!full.startsWith(root + path.sep)) throw new Error("Invalid storage key");
    return full;
  }

  return {
    async put(content) {
      const key = randomUUID();
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, content, { flag: "wx", mode: 0o600 });
      return key;
    },
    async open(key) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
