import path from "node:path";
import { openDatabase, type Database } from "../db/client";
import { migrate } from "../db/migrate";
import { loadConfig, type Config } from "../src-server/platform/config";

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else the embedded one) and migrates it. */
export async function openConfiguredDatabase(): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  await migrate(database.db);
  return { config, database };
}
