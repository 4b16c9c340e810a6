import path from "node:path";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { seedDemoIfEmpty, demoAccounts } from "../db/seed";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createMailer } from "./mail/mailer";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = { level: config.logLevel };
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  await migrate(database.db);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  const app = await buildApp({ config, db: database.db, mailer, logger });
  app.log.info(
    {
      node: process.version,
      database: database.kind,
      payments: config.stripe ? "stripe" : "test-mode",
      mail: config.smtpUrl ? "smtp" : "outbox",
    },
    `Starting on Node.js ${process.version}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Seer marketplace ready at ${config.publicUrl} (Node.js ${process.version}, ${database.kind}${seeded ? ", demo data seeded" : ""})`,
  ];
  if (config.env !== "production") {
    lines.push("Demo accounts:");
    for (const a of demoAccounts) lines.push(`  ${a.role.padEnd(6)} ${a.email}  password: ${a.password}`);
  }
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
