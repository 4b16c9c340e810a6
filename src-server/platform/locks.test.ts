import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, preparing } from "../../db/client";
import { rows } from "../../db/migrate";
import * as schema from "../../db/schema";
import { createTestDatabase } from "../test/database";
import { underLock } from "./locks";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("underLock", () => {
  it("runs the statements after the lock, in the order given, and answers their results in that order", async () => {
    const [, [read], updated] = await database.db.transaction((tx) =>
      underLock(
        tx,
        "locks-test",
        tx.execute(sql`select set_config('seer.locks_test', 'set first', true)`),
        tx.select({ value: sql<string>`current_setting('seer.locks_test', true)` }).from(sql`(select 1) as one`),
        tx.update(schema.users).set({ firstName: "Nobody" }).where(eq(schema.users.id, "no-such-user")).returning(),
      ),
    );
    expect(read?.value).toBe("set first");
    expect(updated).toEqual([]);
  });

  // The order rests on how drizzle and postgres.js hand queries on (microtasks): pinned here on the wire itself.
  it.skipIf(!process.env.TEST_DATABASE_URL)("sends the lock first, then the statements in the order given", async () => {
    if (!database.url) throw new Error("PostgreSQL only");
    const sent: string[] = [];
    const client = postgres(database.url, {
      max: 1,
      onnotice: () => {},
      debug: (_c, query) => sent.push(query.trim().split(/\s+/).slice(0, 3).join(" ")),
    });
    const db = drizzle({ client: preparing(client), schema }) as unknown as Db;
    try {
      await db.transaction((tx) =>
        underLock(
          tx,
          "locks-test",
          tx.update(schema.bookings).set({ notes: "x" }).where(eq(schema.bookings.id, "none")),
          tx.insert(schema.sentEmails).values({ key: "locks-test", recipient: "nobody" }).onConflictDoNothing().returning(),
          tx.execute(sql`select 1 as last`),
        ),
      );
    } finally {
      await client.end();
    }
    expect(sent.slice(sent.indexOf("begin"))).toEqual([
      "begin",
      "select pg_advisory_xact_lock(hashtextextended($1, 0))",
      'update "bookings" set',
      'insert into "sent_emails"',
      "select 1 as",
      "commit",
    ]);
    expect(rows(await database.db.execute(sql`select key from sent_emails where key = 'locks-test'`))).toHaveLength(1);
  });
});
