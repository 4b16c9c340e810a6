import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { migrate, migrationsFolder, rows } from "../../db/migrate";
import { createTestDatabase } from "../test/database";

// A migration waiting behind live traffic's locks fails fast instead of queueing (issue #47). It takes a second
// connection holding a lock, so PostgreSQL only (TEST_DATABASE_URL; CI's PostgreSQL step runs it).
describe.skipIf(!process.env.TEST_DATABASE_URL)("migrations under live traffic", () => {
  let database: Database;
  let folder = "";
  beforeAll(async () => {
    database = await createTestDatabase();
    folder = mkdtempSync(path.join(os.tmpdir(), "seer-migrate-"));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Record<string, unknown>[] };
    journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag: "9999_expand", breakpoints: true });
    writeFileSync(journalPath, JSON.stringify(journal));
    // Two statements: the first goes through, the second waits for the users table.
    writeFileSync(
      path.join(folder, "9999_expand.sql"),
      `CREATE TABLE "nickname_probes" ("id" serial PRIMARY KEY);\n--> statement-breakpoint\nALTER TABLE "users" ADD COLUMN "nickname" text;`,
    );
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await database.close();
  });

  const count = async (query: ReturnType<typeof sql>) => rows<{ n: number }>(await database.db.execute(query))[0]?.n;

  it("leaves nothing of a migration it stopped, and traffic queued behind it goes on", async () => {
    if (!database.url) throw new Error("no database URL");
    const applied = () => count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const before = await applied();
    const holder = postgres(database.url, { max: 1, onnotice: () => {} });
    const reader = postgres(database.url, { max: 1, onnotice: () => {} });
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    try {
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const request = holder.begin(async (tx) => {
        await tx`select count(*) from users`;
        locked();
        await held;
      });
      await isLocked;
      const started = Date.now();
      const migration = migrate(database.db, { folder, lockTimeoutMs: 1000 }).then(
        () => "applied",
        (error: Error) => error.message,
      );
      // Once the migration waits for the table, a request reading it queues behind the migration's lock...
      await expect
        .poll(
          async () => count(sql`select count(*)::int as n from pg_locks where relation = 'users'::regclass and not granted`),
          {
            interval: 20,
          },
        )
        .toBe(1);
      const read = reader`select count(*)::int as n from users`.then(() => Date.now() - started);
      // ...and is answered as soon as the migration gives up, not after it.
      expect(await migration).toMatch(
        /waited more than 1000 ms for a table that running requests hold, and stopped; nothing was applied/,
      );
      const readMs = await read;
      expect(readMs).toBeGreaterThanOrEqual(900);
      expect(readMs).toBeLessThan(5000);
      // Nothing of it: not its first statement, not its row.
      expect(await applied()).toBe(before);
      expect(
        await count(sql`select count(*)::int as n from information_schema.tables where table_name = 'nickname_probes'`),
      ).toBe(0);
      expect(
        await count(
          sql`select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'nickname'`,
        ),
      ).toBe(0);
      release();
      await request;
    } finally {
      release();
      await holder.end();
      await reader.end();
    }
  });

  it("fails after the lock timeout while a request holds the table, and applies once the table is free", async () => {
    if (!database.url) throw new Error("no database URL");
    const traffic = postgres(database.url, { max: 1, onnotice: () => {} });
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    try {
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const request = traffic.begin(async (tx) => {
        await tx`select count(*) from users`; // a long read: ACCESS SHARE on users until it ends
        locked();
        await held;
      });
      await isLocked;
      await expect(migrate(database.db, { folder, lockTimeoutMs: 200 })).rejects.toThrow(
        /waited more than 200 ms for a table that running requests hold, and stopped; nothing was applied/,
      );
      expect(await migrate(database.db, { folder, lockTimeoutMs: 200 }).catch((e: Error) => e.cause)).toMatchObject({
        cause: { code: "55P03" },
      });
      release();
      await request;
      await migrate(database.db, { folder, lockTimeoutMs: 200 });
      const columns = rows<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'nickname'`,
        ),
      );
      expect(columns[0]?.n).toBe(1);
    } finally {
      release();
      await traffic.end();
    }
  });
});
