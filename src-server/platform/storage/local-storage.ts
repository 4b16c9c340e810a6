import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkStorageKey, MissingFileError, type FileStorage } from "./storage";

const isMissing = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ENOENT";

/** Local disk under `dir` (config.uploadDir: DATA_DIR/uploads), outside the public client folder. */
export function createLocalStorage(dir: string): FileStorage {
  const root = path.resolve(dir);

  function pathOf(key: string): string {
    checkStorageKey(key);
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
      try {
        await stat(file);
      } catch (error) {
        throw isMissing(error) ? new MissingFileError(key, { cause: error }) : error;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
