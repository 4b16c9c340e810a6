import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, type Queryable, type Tx, preparing } from "../../db/client";
import { rows } from "../../db/migrate";
import * as schema from "../../db/schema";
import { createTestDatabase } from "../test/database";
import { underLock, underLockAndCommit, withLock } from "./locks";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A one-connection client on the test database that notes the first words of each statement as it is sent. */
const watched = () => {
  if (!database.url) throw new Error("PostgreSQL only");
  const sent: string[] = [];
  const client = postgres(database.url, {
    max: 1,
    onnotice: () => {},
    debug: (_c, query) => sent.push(query.trim().split(/\s+/).slice(0, 3).join(" ")),
  });
  return { sent, client, db: drizzle({ client: preparing(client) }) as unknown as Db };
};

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
    const { sent, client, db } = watched();
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

describe("underLockAndCommit", () => {
  const pgOnly = it.skipIf(!process.env.TEST_DATABASE_URL);
  pgOnly("sends the commit behind the statements, before any answer comes back, and commits them", async () => {
    const { sent, client, db } = watched();
    try {
      const [[inserted]] = await db.transaction((tx) =>
        underLockAndCommit(tx, "locks-test", {
          then: (ok: (v: { key: string }[]) => unknown, ko: (e: unknown) => unknown) =>
            tx
              .insert(schema.sentEmails)
              .values({ key: "locks-commit-test", recipient: "nobody" })
              .returning({ key: schema.sentEmails.key })
              .then((r) => {
                sent.push("answered");
                return r;
              })
              .then(ok, ko),
        }),
      );
      expect(inserted?.key).toBe("locks-commit-test");
    } finally {
      await client.end();
    }
    expect(sent.slice(sent.indexOf("begin"))).toEqual([
      "begin",
      "select pg_advisory_xact_lock(hashtextextended($1, 0))",
      'insert into "sent_emails"',
      "commit",
      "answered",
    ]);
    expect(rows(await database.db.execute(sql`select key from sent_emails where key = 'locks-commit-test'`))).toHaveLength(1);
  });

  pgOnly("throws the error of a statement that failed, and commits none of them", async () => {
    const { client, db } = watched();
    try {
      await expect(
        db.transaction((tx) =>
          underLockAndCommit(
            tx,
            "locks-test",
            tx.insert(schema.sentEmails).values({ key: "locks-rollback-test", recipient: "nobody" }),
            tx.execute(sql`select 1 / 0 as never`),
          ),
        ),
      ).rejects.toThrow(/select 1 \/ 0/);
      // The connection is usable again, outside any transaction.
      expect(rows(await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
    expect(rows(await database.db.execute(sql`select key from sent_emails where key = 'locks-rollback-test'`))).toEqual([]);
  });

  it("commits as a transaction does on the embedded database, where the commit goes when the body returns", async () => {
    const [[row]] = await database.db.transaction((tx) =>
      underLockAndCommit(
        tx,
        "locks-test",
        tx
          .insert(schema.sentEmails)
          .values({ key: "locks-any-test", recipient: "nobody" })
          .returning({ key: schema.sentEmails.key }),
      ),
    );
    expect(row?.key).toBe("locks-any-test");
    expect(rows(await database.db.execute(sql`select key from sent_emails where key = 'locks-any-test'`))).toHaveLength(1);
  });
});

describe("withLock", () => {
  const sentKey = (q: Queryable, key: string) =>
    q.select({ key: schema.sentEmails.key }).from(schema.sentEmails).where(eq(schema.sentEmails.key, key));
  const leases = (name: string) => database.db.select().from(schema.locks).where(eq(schema.locks.name, name));

  it("reads with the lease's upsert, after the last holder has released it, and answers the reads to run", async () => {
    let started!: () => void;
    const first = new Promise<void>((resolve) => (started = resolve));
    const holder = withLock(database.db, "locks-read-test", async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await database.db.insert(schema.sentEmails).values({ key: "locks-read-test", recipient: "nobody" });
    });
    await first;
    // Read while the first holder still has the lease, these answers would be empty.
    const seen = await withLock(database.db, "locks-read-test", async ({ read: [found] }) => found, {
      read: (tx: Tx) => [sentKey(tx, "locks-read-test")] as const,
    });
    await holder;
    expect(seen).toEqual([{ key: "locks-read-test" }]);
    expect(await leases("locks-read-test")).toEqual([]);
  });

  it("releases the lease with the caller's transaction", async () => {
    await withLock(database.db, "locks-release-test", async ({ releaseIn }) => {
      await database.db.transaction(async (tx) => {
        await tx.insert(schema.sentEmails).values({ key: "locks-release-test", recipient: "nobody" });
        await releaseIn(tx);
      });
    });
    expect(await leases("locks-release-test")).toEqual([]);
    expect(await sentKey(database.db, "locks-release-test")).toHaveLength(1);
  });

  // Counted on the wire: the release is one statement, sent with the caller's transaction and not again after it.
  it.skipIf(!process.env.TEST_DATABASE_URL)("does not release a lease again that the caller's transaction released", async () => {
    const { sent, client, db } = watched();
    try {
      await withLock(db, "locks-release-once-test", async ({ releaseIn }) => {
        await db.transaction(async (tx) => {
          await releaseIn(tx);
        });
      });
      await withLock(db, "locks-release-once-test", async () => undefined);
    } finally {
      await client.end();
    }
    expect(sent.filter((words) => words === 'delete from "locks"')).toHaveLength(2);
    expect(await leases("locks-release-once-test")).toEqual([]);
  });

  it("releases the lease itself when run throws after a release whose transaction was rolled back", async () => {
    await expect(
      withLock(database.db, "locks-rollback-test", async ({ releaseIn }) => {
        await database.db.transaction(async (tx) => {
          await releaseIn(tx);
          throw new Error("changed my mind");
        });
      }),
    ).rejects.toThrow("changed my mind");
    expect(await leases("locks-rollback-test")).toEqual([]);
    // Free again at once: a lease left behind would make this wait and fail.
    expect(await withLock(database.db, "locks-rollback-test", async () => "taken", { waitMs: 0 })).toBe("taken");
  });
});
