import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { FileStorage } from "./storage";

export type { FileStorage } from "./storage";

/** The storage the configuration names: local disk under `uploadDir` by default, else an S3-compatible bucket. */
export function createConfiguredStorage(config: Pick<Config, "storage" | "uploadDir">): FileStorage {
  return config.storage.kind === "s3" ? createS3Storage(config.storage) : createLocalStorage(config.uploadDir);
}
