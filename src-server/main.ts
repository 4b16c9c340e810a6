import { demoAccounts, demoDataPresent, seedDemoIfEmpty } from "../db/seed";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./platform/config";
import { openConfiguredDatabase } from "./platform/database";
import { createSecretBox } from "./platform/secrets";
import { jobDatabaseOf } from "./platform/jobs";
import { drainOnSignals } from "./platform/operations";
import { createMailer } from "./platform/mail";

async function main(): Promise<void> {
  const config = loadConfig();
  // JSON lines for the log collector; `npm run dev` asks for pino-pretty's readable ones.
  const logger = config.logPretty
    ? {
        level: config.logLevel,
        transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } },
      }
    : { level: config.logLevel };
  const database = await openConfiguredDatabase(config);
  const production = config.env === "production";
  // In production demo data comes only when asked for, and then never with the README's passwords.
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(database.db, {
        passwords: production ? "random" : "published",
        sealSecret: (plain) => createSecretBox(config.secretKey).seal(plain),
      })
    : null;

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    logger,
    jobDatabase: jobDatabaseOf(database),
    runJobs: true,
    poolUse: database.poolUse,
  });
  app.log.info(
    {
      node: process.version,
      database: database.kind,
      payments: config.stripe ? "stripe" : "test-mode",
      mail: config.smtpUrl ? "smtp" : "outbox",
    },
    `Starting on Node.js ${process.version}`,
  );

  // Freshly seeded paid bookings and orders reach the ledger now, not at the sweep's first minute, so the admin's
  // and the Seers' money figures are there from the first page.
  if (seeded) await app.services.payouts.sweep();

  if (config.sessionSecretGenerated) {
    app.log.info("SESSION_SECRET is not set: using the secret generated for this data folder (development only)");
  }
  const shutdown = drainOnSignals(app, {
    graceMs: config.drainGraceMs,
    timeoutMs: config.shutdownTimeoutMs,
    after: () => database.close(),
    exit: (code) => process.exit(code),
  });
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  if (production && (seeded || (await demoDataPresent(database.db)))) {
    app.log.warn("DEMO DATA IS PRESENT IN THIS PRODUCTION DATABASE: demo accounts exist. Use an empty database for real users.");
  }

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Seer marketplace ready at ${config.publicUrl} (Node.js ${process.version}, ${database.kind}${seeded ? ", demo data seeded" : ""})`,
  ];
  // Production's random passwords are printed once, when they are made, and nowhere else.
  const shown = seeded ?? (!production && (await demoDataPresent(database.db)) ? demoAccounts : null);
  if (shown) {
    lines.push(production ? "Demo accounts (random passwords, shown only now):" : "Demo accounts:");
    for (const a of shown) lines.push(`  ${a.role.padEnd(6)} ${a.email}  password: ${a.password}`);
  }
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
