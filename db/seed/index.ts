import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { totpCredentials, users } from "../schema";
import { insertDemoData } from "./demo";
import { DEMO_ADMIN_TOTP_SECRET, demoAccounts, type DemoAccount } from "./data/people";

export { DEMO_ADMIN_TOTP_SECRET, demoAccounts, type DemoAccount } from "./data/people";

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
 * With the published passwords, the demo admin gets the published authenticator app too (the console needs a second
 * factor). `sealSecret` is the server's SecretBox (SECRET_KEY), which this layer does not know.
 */
async function enrolDemoAdmin(db: Db, accounts: DemoAccount[], sealSecret: (plain: string) => string, now: Date): Promise<void> {
  const admin = accounts.find((a) => a.role === "admin");
  if (!admin) return;
  const [row] = await db
    .update(users)
    .set({ secondFactorAt: now })
    .where(eq(users.email, admin.email))
    .returning({ id: users.id });
  if (!row) return;
  await db.insert(totpCredentials).values({ userId: row.id, secret: sealSecret(DEMO_ADMIN_TOTP_SECRET), confirmedAt: now });
}

/**
 * Seeds only a database without users, so demo data never mixes with real data. The check and the inserts share
 * one transaction under an advisory lock, so two processes starting together seed at most once.
 * Returns the accounts created, with the passwords they got, or null when the database already had users.
 */
export async function seedDemoIfEmpty(
  db: Db,
  { passwords = "published", sealSecret }: { passwords?: DemoPasswords; sealSecret?: (plain: string) => string } = {},
): Promise<DemoAccount[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return null;
    const accounts = accountsWith(passwords);
    const now = new Date();
    await insertDemoData(tx, now, accounts);
    if (passwords === "published" && sealSecret) await enrolDemoAdmin(tx, accounts, sealSecret, now);
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
