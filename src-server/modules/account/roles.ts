import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passwordCredentials, users, type UserRole } from "../../../db/schema";
import { emailSchema } from "../../../src/schemas/auth";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import { hashPassword } from "../../platform/passwords";
import { currentUserColumns, type CurrentUser } from "./users";

/** The operator's tools over roles; account/index.ts binds them to its dependencies. */
export interface RoleDeps {
  db: Db;
  clock: Clock;
  sessionsChanged: (userId: string) => void;
}

/** Sets the role of the account with this address (tests and scripts); its sessions learn of it at once. */
export async function setRoleByEmail({ db, sessionsChanged }: RoleDeps, email: string, role: UserRole): Promise<CurrentUser> {
  const [user] = await db
    .update(users)
    .set({ role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning(currentUserColumns);
  if (!user) throw new AppError("NOT_FOUND", `No user with the email ${email}`);
  sessionsChanged(user.id);
  return user;
}

/**
 * The operator's way to make an admin (npm run create-admin): an existing account is promoted; a new one needs a
 * password, which must be strong (the caller checks it). A given password replaces the account's current one.
 */
export async function createAdmin(
  { db, clock }: RoleDeps,
  input: {
    email: string;
    password?: string;
  },
): Promise<{ user: CurrentUser; created: boolean }> {
  const email = emailSchema.parse(input.email);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .update(users)
      .set({ role: "admin", emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.email, email))
      .returning(currentUserColumns);
    const user =
      existing ??
      (passwordHash === undefined
        ? undefined
        : (
            await tx.insert(users).values({ email, role: "admin", emailVerifiedAt: clock.now() }).returning(currentUserColumns)
          )[0]);
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
