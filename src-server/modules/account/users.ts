import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passwordCredentials, users, type UserRole } from "../../../db/schema";
import { emailSchema, type SignInInput, type SignUpInput } from "../../../src/schemas/auth";
import { AppError } from "../../../src/errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../platform/passwords";
import { RateLimiter } from "../../platform/rate-limit";
import type { Clock } from "../../platform/clock";
import type { SessionUser } from "../../platform/trpc/context";

/** What the current-user call and the context carry: never a password hash. */
export const currentUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
} as const;

export type CurrentUser = SessionUser;

export const SIGN_IN_FAILED = "Invalid email or password";
export const EMAIL_TAKEN = "An account with this email already exists. Sign in instead.";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait 15 minutes and try again.";

const WINDOW_MS = 15 * 60 * 1000;

export function createUserService({ db, clock }: { db: Db; clock: Clock }) {
  // Per IP: enough for a shared office; per account: stops guessing one password from many addresses.
  const byIp = new RateLimiter(30, WINDOW_MS, clock);
  const byAccount = new RateLimiter(10, WINDOW_MS, clock);

  async function findById(id: string): Promise<CurrentUser | null> {
    const [user] = await db.select(currentUserColumns).from(users).where(eq(users.id, id)).limit(1);
    return user ?? null;
  }

  async function signUp(input: SignUpInput, ip: string): Promise<CurrentUser> {
    if (!byIp.take(`signup:${ip}`)) throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, firstName: input.firstName, lastName: input.lastName })
        .onConflictDoNothing({ target: users.email })
        .returning(currentUserColumns);
      if (!user) throw new AppError("CONFLICT", EMAIL_TAKEN);
      await tx.insert(passwordCredentials).values({ userId: user.id, passwordHash });
      return user;
    });
  }

  async function signIn(input: SignInInput, ip: string): Promise<CurrentUser> {
    const accountKey = `account:${input.email}`;
    if (!byIp.take(`signin:${ip}`) || byAccount.isBlocked(accountKey)) {
      throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    }
    const [row] = await db
      .select({ ...currentUserColumns, passwordHash: passwordCredentials.passwordHash })
      .from(users)
      .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(eq(users.email, input.email))
      .limit(1);
    const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!row || !ok) {
      byAccount.take(accountKey);
      throw new AppError("UNAUTHORIZED", SIGN_IN_FAILED);
    }
    byAccount.reset(accountKey);
    const { passwordHash: _omit, ...user } = row;
    return user;
  }

  async function setRoleByEmail(email: string, role: UserRole): Promise<CurrentUser> {
    const [user] = await db
      .update(users)
      .set({ role })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning(currentUserColumns);
    if (!user) throw new AppError("NOT_FOUND", `No user with the email ${email}`);
    return user;
  }

  /**
   * The operator's way to make an admin (npm run create-admin): an existing account is promoted; a new one needs a
   * password, which must be strong (the caller checks it). A given password replaces the account's current one.
   */
  async function createAdmin(input: {
    email: string;
    password?: string;
  }): Promise<{ user: CurrentUser; created: boolean }> {
    const email = emailSchema.parse(input.email);
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const [existing] = await tx
        .update(users)
        .set({ role: "admin" })
        .where(eq(users.email, email))
        .returning(currentUserColumns);
      const user =
        existing ??
        (passwordHash === undefined
          ? undefined
          : (await tx.insert(users).values({ email, role: "admin" }).returning(currentUserColumns))[0]);
      if (!user) throw new AppError("NOT_FOUND", `No user with the email ${email}: give a password to create the account`);
      if (passwordHash !== undefined) {
        await tx
          .insert(passwordCredentials)
          .values({ userId: user.id, passwordHash })
          .onConflictDoUpdate({ target: passwordCredentials.userId, set: { passwordHash } });
      }
      return { user, created: !existing };
    });
  }

  return { findById, signUp, signIn, setRoleByEmail, createAdmin };
}
