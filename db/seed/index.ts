import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../schema";
import { insertDemoData } from "./demo";

export { demoAccounts } from "./data/people";

/** Inserts all demo data in one transaction: either everything is there afterwards or nothing is. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await insertDemoData(tx);
  });
}

/**
 * Seeds only a database without users, so demo data never mixes with real data. The check and the inserts share
 * one transaction under an advisory lock, so two processes starting together seed at most once.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return false;
    await insertDemoData(tx);
    return true;
  });
}
