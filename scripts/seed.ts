/**
 * Migrates the configured database and loads the demo data if it has no users yet.
 * Usage: npm run seed (DATABASE_URL for PostgreSQL, otherwise PGlite under DATA_DIR).
 */
import path from "node:path";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { demoAccounts, seedDemoIfEmpty } from "../db/seed";
import { ConfigError, loadConfig } from "../src-server/config";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await migrate(database.db);
    if (await seedDemoIfEmpty(database.db)) {
      console.log(`Demo data seeded (${database.kind})`);
      for (const a of demoAccounts) console.log(`  ${a.role.padEnd(6)} ${a.email}  password: ${a.password}`);
    } else {
      console.log("Database already has data; nothing seeded");
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
