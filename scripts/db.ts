import type { Database } from "../db/client";
import { loadConfig, type Config } from "../src-server/platform/config";
import { openConfiguredDatabase as openMigrated } from "../src-server/platform/database";

/** The operator scripts' database: the configured one (as the app opens it), migrated. */
export async function openConfiguredDatabase(): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  return { config, database: await openMigrated(config) };
}
