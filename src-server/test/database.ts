import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../db/client";

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default,
 * or, when TEST_DATABASE_URL is set, a new database cloned from the migrated template on that server.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (url && template) {
    const name = `seer_test_${template.replace("seer_test_template_", "")}_${randomBytes(6).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ url: u.toString(), maxConnections: 20 });
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = postgres(url, { max: 1, onnotice: () => {} });
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const tarball = readFileSync(inject("pgliteTemplate"));
  return openDatabase({ loadDataDir: new Blob([tarball]) });
}
