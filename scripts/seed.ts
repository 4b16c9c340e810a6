/**
 * Migrates the configured database and loads the demo data if it has no users yet.
 * Usage: npm run seed (DATABASE_URL for PostgreSQL, otherwise PGlite under DATA_DIR). With NODE_ENV=production the
 * demo accounts get random passwords, printed once here.
 */
import { seedDemoIfEmpty } from "../db/seed";
import { ConfigError } from "../src-server/platform/config";
import { createSecretBox } from "../src-server/platform/secrets";
import { openConfiguredDatabase } from "./db";

async function main(): Promise<void> {
  const { config, database } = await openConfiguredDatabase();
  try {
    const production = config.env === "production";
    const seeded = await seedDemoIfEmpty(database.db, {
      passwords: production ? "random" : "published",
      sealSecret: (plain) => createSecretBox(config.secretKey).seal(plain),
    });
    if (seeded) {
      console.log(`Demo data seeded (${database.kind})${production ? ": DEMO ACCOUNTS NOW EXIST IN PRODUCTION" : ""}`);
      for (const a of seeded) console.log(`  ${a.role.padEnd(6)} ${a.email}  password: ${a.password}`);
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
