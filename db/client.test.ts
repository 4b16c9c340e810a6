import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../src-server/test/database";
import { statement, together, valueOf, type Database, type Queryable } from "./client";
import { rows } from "./migrate";
import { locks, users } from "./schema";

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL: both drivers' prepared queries.
describe("statement: built once, run on the database or in a transaction", () => {
  let database: Database;
  let builds = 0;
  const lockByName = statement((q: Queryable) => {
    builds++;
    return q
      .select({ name: locks.name })
      .from(locks)
      .where(eq(locks.name, sql.placeholder("name")))
      .prepare("test_lock_by_name");
  });
  const addLock = statement((q: Queryable) =>
    q
      .insert(locks)
      .values({ name: sql.placeholder("name"), expiresAt: sql.placeholder("expiresAt") })
      .returning({ name: locks.name })
      .prepare("test_add_lock"),
  );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs inside the transaction it is given: it sees the transaction's writes, and its own roll back with it", async () => {
    const { db } = database;
    const expiresAt = new Date(Date.now() + 60_000);
    await expect(
      db.transaction(async (tx) => {
        expect(await addLock(tx, { name: "statement-test-1", expiresAt })).toEqual([{ name: "statement-test-1" }]);
        // Seen inside, where it was written; not from the database outside the transaction.
        expect(await lockByName(tx, { name: "statement-test-1" })).toEqual([{ name: "statement-test-1" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await lockByName(db, { name: "statement-test-1" })).toEqual([]);
  });

  it("is built once however often and wherever it runs, and maps values both ways", async () => {
    const { db } = database;
    const expiresAt = new Date(Date.now() + 120_000);
    await addLock(db, { name: "statement-test-2", expiresAt });
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) expect(await lockByName(tx, { name: "statement-test-2" })).toHaveLength(1);
    });
    expect(await lockByName(db, { name: "statement-test-2" })).toEqual([{ name: "statement-test-2" }]);
    const [stored] = await db.select({ expiresAt: locks.expiresAt }).from(locks).where(eq(locks.name, "statement-test-2"));
    expect(stored?.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(builds).toBe(1);
  });

  it("stamps updated_at with the time of each run, not of its build", async () => {
    const { db } = database;
    const [seer] = rows<{ id: string }>(
      await db.execute(sql`insert into users (email) values ('stamp@example.test') returning id`),
    );
    const rename = statement((q: Queryable) =>
      q
        .update(users)
        .set({ firstName: valueOf(users.firstName, "name") })
        .where(eq(users.id, sql.placeholder("id")))
        .returning({ updatedAt: users.updatedAt })
        .prepare("test_rename_user"),
    );
    const [first] = await rename(db, { id: seer?.id, name: "One" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [second] = await rename(db, { id: seer?.id, name: "Two" });
    expect(second?.updatedAt.getTime()).toBeGreaterThan(first?.updatedAt.getTime() ?? Infinity);
  });

  it("runs when awaited, not when called", async () => {
    const { db } = database;
    const expiresAt = new Date(Date.now() + 60_000);
    const pending = addLock(db, { name: "statement-test-3", expiresAt });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lockByName(db, { name: "statement-test-3" })).toEqual([]);
    await pending;
    expect(await lockByName(db, { name: "statement-test-3" })).toHaveLength(1);
  });

  it("together: answers statements sent at once in the order given, and leaves no transaction open", async () => {
    const { db } = database;
    const expiresAt = new Date(Date.now() + 60_000);
    await addLock(db, { name: "statement-test-4", expiresAt });
    const [first, second, third] = await together(db, (tx) => [
      lockByName(tx, { name: "statement-test-4" }),
      lockByName(tx, { name: "no-such-lock" }),
      tx.select({ one: sql<number>`1` }).from(sql`(select 1) as one`),
    ]);
    expect(first).toEqual([{ name: "statement-test-4" }]);
    expect(second).toEqual([]);
    expect(third).toEqual([{ one: 1 }]);
    // Outside any transaction again: a write is seen at once by another connection.
    await addLock(db, { name: "statement-test-5", expiresAt });
    expect(await lockByName(db, { name: "statement-test-5" })).toHaveLength(1);
  });
});
