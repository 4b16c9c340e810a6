import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passwordCredentials, users } from "../../../db/schema";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { weakPasswordReason } from "../../../src/domain/password-strength";
import type { SignInInput, SignUpInput } from "../../../src/schemas/auth";
import { AppError } from "../../../src/errors";
import {
  accountUnderAttack,
  SIGN_IN_FAILED,
  SIGN_IN_WINDOW_MS,
  TOO_MANY_ATTEMPTS,
  tooManyAttempts,
} from "../../../src/domain/sign-in-refusals";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../platform/passwords";
import { addressGroup, createThrottle, throttleKey, type FailurePolicy } from "../../platform/throttle";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import { sendMailOnce, type Mailer, type Outbox } from "../../platform/mail";
import { accountExistsMail, signInLinkMail, verifyEmailMail } from "./mail";
import { createTokenStore, EMAIL_VERIFICATION_LIFETIME_MS } from "./tokens";
import type { SessionUser } from "../../platform/trpc/context";
import { pageLink } from "../../platform/mail-links";

/** What the current-user call and the context carry: never a password hash. */
export const currentUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.as("email_verified"),
  secondFactor: sql<boolean>`${users.secondFactorAt} is not null`.as("second_factor"),
} as const;

export type CurrentUser = SessionUser;

/** The refusals' texts, shared with the sign-in page (issue #39). */
export { accountUnderAttack, SIGN_IN_FAILED, TOO_MANY_ATTEMPTS, tooManyAttempts };

/** Sign-up's one answer, whether or not the address already has an account (docs/product.md#sign-in). */
export const SIGN_UP_SENT = "Check your email: we sent you a link to confirm your address and sign in.";
/** A sign-in link is mailed at most this often; it works once, within this long. */
const SIGN_IN_LINK_INTERVAL_MS = 5 * 60 * 1000;
const SIGN_IN_LINK_LIFETIME_MS = 30 * 60 * 1000;

const WINDOW_MS = SIGN_IN_WINDOW_MS;
const IP_ATTEMPTS = 30;
/** One account from one address: 5 free failures, then a wait from 1 second doubling up to 15 minutes. */
export const PAIR_FAILURES: FailurePolicy = { free: 5, firstDelayMs: 1000, maxDelayMs: WINDOW_MS, forgetAfterMs: 24 * 3_600_000 };
/**
 * One account from every address: beyond 10 failures in 15 minutes, addresses that have never signed in to it wait
 * too (from 1 minute, doubling up to 15). An address the owner has used keeps working; from a new one, the right
 * password gets the same refusal as a wrong one (so guessing during the wait learns nothing) but mails the owner a
 * sign-in link, so a stranger cannot keep the owner out (docs/product.md#sign-in).
 */
const ACCOUNT_FAILURES: FailurePolicy = { free: 10, firstDelayMs: 60_000, maxDelayMs: WINDOW_MS, forgetAfterMs: WINDOW_MS };
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

/** The name an e-mail greets someone by. */
export const greeting = (user: { firstName: string | null }) => user.firstName ?? "there";

/** The language a person's mails are written in (`users.locale`), for a caller that has not read it with their row. */
export async function localeOf(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? DEFAULT_LOCALE;
}

/** Refuses a password that is too short, too long, common or guessable from the person's own details. */
export function checkNewPassword(password: string, userInputs: readonly (string | null)[]): void {
  const reason = weakPasswordReason(password, userInputs.filter((v): v is string => !!v));
  if (reason) throw new AppError("BAD_REQUEST", reason);
}

export function createUserService({
  db,
  clock,
  mailer,
  outbox,
  config,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
}) {
  const tokens = createTokenStore({ db, clock });
  const throttle = createThrottle(db, clock);

  async function findById(id: string): Promise<CurrentUser | null> {
    const [user] = await db
      .select(currentUserColumns)
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return user ?? null;
  }

  /** Mails a link that confirms `email` for this user (at sign-up, on request, or for a new address). */
  async function sendVerification(user: { id: string; firstName: string | null }, email: string): Promise<void> {
    const token = await tokens.issue(user.id, "verify-email", email, EMAIL_VERIFICATION_LIFETIME_MS);
    const locale = await localeOf(db, user.id);
    await mailer.send(
      verifyEmailMail(email, greeting(user), pageLink(config.publicUrl, `/verify-email?token=${token}`, locale), locale),
    );
  }

  /**
   * Sign-up answers the same whether or not the address has an account, so that nobody learns who has one: a new
   * address gets its account and a confirmation link; an existing one gets an e-mail telling its owner (at most one an
   * hour). Nobody is signed in here: the mailed link does that.
   */
  async function signUp(input: SignUpInput, ip: string, locale: Locale = DEFAULT_LOCALE): Promise<{ message: string }> {
    if (!(await throttle.hit(throttleKey("signup-ip", addressGroup(ip)), IP_ATTEMPTS, WINDOW_MS))) throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    checkNewPassword(input.password, [input.email, input.firstName, input.lastName]);
    const passwordHash = await hashPassword(input.password);
    const created = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, locale })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, firstName: users.firstName });
      if (user) await tx.insert(passwordCredentials).values({ userId: user.id, passwordHash });
      return user;
    });
    if (created) {
      await sendVerification(created, input.email);
    } else {
      const [owner] = await db
        .select({ id: users.id, firstName: users.firstName, locale: users.locale })
        .from(users)
        .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
        .limit(1);
      if (owner) {
        const hour = Math.floor(clock.now().getTime() / 3_600_000);
        await sendMailOnce(
          db,
          mailer,
          `account-exists:${owner.id}:${hour}`,
          accountExistsMail(input.email, greeting(owner), config.publicUrl, owner.locale),
        );
      }
    }
    return { message: SIGN_UP_SENT };
  }

  /**
   * Sign-in is throttled per address (30 attempts in 15 minutes; IPv6 by /64), per account and address (growing
   * waits after 5 failures) and per account (only for addresses that never signed in to it), with counters in the
   * database. During an account's wait a new address's password is still checked, and answered alike either way: a
   * right one mails the owner a link that signs in (the verify-email link), so only someone who reads the owner's
   * mail gets through, and a stranger guessing now and then cannot keep the owner out.
   */
  async function signIn(input: SignInInput, ip: string): Promise<CurrentUser> {
    const from = addressGroup(ip);
    if (!(await throttle.hit(throttleKey("signin-ip", from), IP_ATTEMPTS, WINDOW_MS))) {
      throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    }
    const pairKey = throttleKey("signin-pair", input.email, from);
    const accountKey = throttleKey("signin-account", input.email);
    const knownKey = throttleKey("signin-known", input.email, from);
    const pairWait = await throttle.waitFor(pairKey);
    if (pairWait > 0) throw new AppError("TOO_MANY_REQUESTS", tooManyAttempts(pairWait));
    const accountWait = (await throttle.has(knownKey)) ? 0 : await throttle.waitFor(accountKey);
    const [row] = await db
      .select({ ...currentUserColumns, passwordHash: passwordCredentials.passwordHash })
      .from(users)
      .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
      .limit(1);
    const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!row || !ok) {
      await throttle.fail(pairKey, PAIR_FAILURES);
      await throttle.fail(accountKey, ACCOUNT_FAILURES);
      throw accountWait > 0
        ? new AppError("TOO_MANY_REQUESTS", accountUnderAttack(accountWait))
        : new AppError("UNAUTHORIZED", SIGN_IN_FAILED);
    }
    if (accountWait > 0) {
      await mailSignInLink(row);
      throw new AppError("TOO_MANY_REQUESTS", accountUnderAttack(accountWait));
    }
    await throttle.clear(pairKey);
    await throttle.remember(knownKey, KNOWN_ADDRESS_MS);
    const { passwordHash: _omit, ...user } = row;
    return user;
  }

  /**
   * A link that signs the owner in (it is the address-confirmation link, which proves the mail reached them), at most
   * one every 5 minutes, sent through the outbox so that the answer does not wait for the mail server.
   */
  async function mailSignInLink(user: { id: string; email: string; firstName: string | null }): Promise<void> {
    const now = clock.now().getTime();
    const key = throttleKey("signin-link", user.id);
    if (!(await throttle.hit(key, 1, SIGN_IN_LINK_INTERVAL_MS))) return;
    const token = await tokens.issue(user.id, "verify-email", user.email, SIGN_IN_LINK_LIFETIME_MS);
    const locale = await localeOf(db, user.id);
    await outbox.send(
      `sign-in-link:${user.id}:${Math.floor(now / SIGN_IN_LINK_INTERVAL_MS)}`,
      signInLinkMail(user.email, greeting(user), pageLink(config.publicUrl, `/verify-email?token=${token}`, locale), locale),
    );
  }

  return { findById, signUp, signIn, sendVerification };
}
