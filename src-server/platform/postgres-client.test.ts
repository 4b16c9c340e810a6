import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { rows } from "../../db/migrate";
import { createTestDatabase } from "../test/database";
import { loadConfig } from "./config";
import { openConfiguredDatabase } from "./database";

// The prepared-statement wiring is postgres.js's: PostgreSQL only (PGlite has no pool and no such choice).
describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL client", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const preparedLike = async (q: Database["db"], text: string) =>
    rows<{ n: number }>(
      await q.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${text}%`}`),
    )[0]?.n;

  it("opens at most DATABASE_POOL_SIZE connections, and refuses a size of 0", async () => {
    if (!database.url) throw new Error("no PostgreSQL URL");
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: "3" });
    const sized = await openConfiguredDatabase(config);
    try {
      await Promise.all([...Array(6).keys()].map(() => sized.db.execute(sql`select pg_sleep(0.2)`)));
      // Six at once would have opened six connections with a larger pool.
      const use = await sized.poolUse();
      expect(use.max).toBe(3);
      expect((use.inUse ?? 0) + (use.idle ?? 0)).toBe(3);
    } finally {
      await sized.close();
    }
    expect(() => loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("prepares every statement with parameters, in and out of transactions and savepoints", async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as outer_marker`);
      expect(await preparedLike(tx, "outer_marker")).toBe(1);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`select ${2}::int as inner_marker`);
        expect(await preparedLike(inner, "inner_marker")).toBe(1);
      });
    });
  });

  it("leaves text searches unnamed, so that each is planned for what it searches", async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select public.search_fold(${"Ifá"}) as search_marker`);
      expect(await preparedLike(tx, "search_marker")).toBe(0);
    });
  });

  it("rolls a failed savepoint back alone, and a failed transaction whole", async () => {
    const { db } = database;
    await db.execute(sql`create table if not exists client_test (n int)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into client_test values (${1})`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into client_test values (${2})`);
          throw new Error("undone");
        }),
      ).rejects.toThrow("undone");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into client_test values (${3})`);
        throw new Error("undone too");
      }),
    ).rejects.toThrow("undone too");
    expect(rows<{ n: number }>(await db.execute(sql`select n from client_test order by n`))).toEqual([{ n: 1 }]);
  });
});
