import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../schema";
import { insertDemoData } from "./demo";
import { demoAccounts, type DemoAccount } from "./data/people";

export { demoAccounts, type DemoAccount } from "./data/people";

/**
 * "published": the README's passwords, for development and tests.
 * "random": a fresh random password per account, for any seeding in production, so that nobody who has read
 * the README can sign in (docs/decisions.md).
 */
export type DemoPasswords = "published" | "random";

function accountsWith(passwords: DemoPasswords): DemoAccount[] {
  if (passwords === "published") return [...demoAccounts];
  return demoAccounts.map((a) => ({ ...a, password: randomBytes(18).toString("base64url") }));
}

/**
 * Seeds only a database without users, so demo data never mixes with real data. The check and the inserts share
 * one transaction under an advisory lock, so two processes starting together seed at most once.
 * Returns the accounts created, with the passwords they got, or null when the database already had users.
 */
export async function seedDemoIfEmpty(
  db: Db,
  { passwords = "published" }: { passwords?: DemoPasswords } = {},
): Promise<DemoAccount[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return null;
    const accounts = accountsWith(passwords);
    await insertDemoData(tx, new Date(), accounts);
    return accounts;
  });
}

/** Whether any demo account exists: production says so loudly at every start. */
export async function demoDataPresent(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        demoAccounts.map((a) => a.email),
      ),
    )
    .limit(1);
  return found.length > 0;
}
