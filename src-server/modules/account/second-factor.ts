import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Db } from "../../../db/client";
import { passkeys, recoveryCodes, totpCredentials, users } from "../../../db/schema";
import {
  PASSKEY_NOT_ACCEPTED,
  RECOVERY_CODE_COUNT,
  TOTP_ALREADY_SET_UP,
  TOTP_NOT_STARTED,
  WRONG_CODE,
} from "../../../src/domain/second-factor";
import { tooManyAttempts } from "../../../src/domain/sign-in-refusals";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import type { SecretBox } from "../../platform/secrets";
import { createThrottle, throttleKey, type FailurePolicy } from "../../platform/throttle";

/** SHA1, 6 digits, 30 seconds: what every authenticator app reads from the QR code. */
const PERIOD_S = 30;
const ISSUER = "Seer";
/** A code of the step before or after the server's is accepted too (phones' clocks drift). */
const WINDOW = 1;
/**
 * Codes are throttled per account (whoever sends them already has the password): 5 free failures, then a wait from
 * 1 second doubling up to 15 minutes, as passwords are.
 */
const CODE_FAILURES: FailurePolicy = { free: 5, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 };

const totpOf = (secret: Secret, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret });

/** Ten letters and digits (about 50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
const showRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** New recovery codes (the old ones stop working), answered once in clear and kept only as hashes. */
async function newRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return codes.map(showRecoveryCode);
}

/** A recovery code, used up if it is one of the person's unused ones. */
async function acceptRecoveryCode(db: Db, clock: Clock, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of rows) {
    if (await verifyPassword(row.codeHash, code)) {
      const used = await db
        .update(recoveryCodes)
        .set({ usedAt: clock.now() })
        .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return used.length === 1;
    }
  }
  return false;
}

/**
 * Runs a check of a code (or a passkey's answer) under the account's failure throttle: a wrong one counts, a right one
 * clears it.
 */
async function throttled(
  throttle: ReturnType<typeof createThrottle>,
  userId: string,
  check: () => Promise<boolean>,
  wrong = WRONG_CODE,
): Promise<void> {
  const key = throttleKey("second-factor", userId);
  const wait = await throttle.waitFor(key);
  if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", tooManyAttempts(wait));
  if (!(await check())) {
    await throttle.fail(key, CODE_FAILURES);
    throw new AppError("UNAUTHORIZED", wrong);
  }
  await throttle.clear(key);
}

export interface SecondFactorStatus {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** Which second factors a person has, and how many recovery codes are left. */
async function factorStatus(db: Db, userId: string): Promise<SecondFactorStatus> {
  const [[totp], [keys], [codes]] = await Promise.all([
    db
      .select({ confirmed: sql<boolean>`${totpCredentials.confirmedAt} is not null` })
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, userId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totp: totp?.confirmed ?? false, passkeys: keys?.n ?? 0, recoveryCodesLeft: codes?.n ?? 0 };
}

/**
 * The authenticator app (TOTP) and the recovery codes: set up, confirmed by a first code, removed; and the check of a
 * code at sign-in's second step or for a fresh confirmation. A code is accepted once: the step it belongs to is
 * stored, and a code of that step or an earlier one is refused afterwards.
 */
export function createSecondFactorService({
  db,
  clock,
  box,
  sessionsChanged,
}: {
  db: Db;
  clock: Clock;
  box: SecretBox;
  sessionsChanged: (userId: string) => void;
}) {
  const throttle = createThrottle(db, clock);
  const status = (userId: string) => factorStatus(db, userId);

  /** Keeps `users.second_factor_at` true to the factors the person has (an update of users tells every instance). */
  async function refreshSecondFactorAt(userId: string): Promise<void> {
    const s = await status(userId);
    const has = s.totp || s.passkeys > 0;
    await db
      .update(users)
      .set({ secondFactorAt: has ? sql`coalesce(${users.secondFactorAt}, ${clock.now().toISOString()}::timestamptz)` : null })
      .where(eq(users.id, userId));
    sessionsChanged(userId);
  }

  /**
   * A new secret, kept encrypted and unconfirmed until its first code (startTotp again replaces an unconfirmed one).
   * Answers what the app needs: the QR code (a data URL), the secret to type and the otpauth URI.
   */
  async function startTotp(user: { id: string; email: string }): Promise<{ secret: string; uri: string; qrCode: string }> {
    const [existing] = await db
      .select({ confirmedAt: totpCredentials.confirmedAt })
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, user.id));
    if (existing?.confirmedAt) throw new AppError("CONFLICT", TOTP_ALREADY_SET_UP);
    const secret = new Secret({ size: 20 });
    const sealed = box.seal(secret.base32);
    await db
      .insert(totpCredentials)
      .values({ userId: user.id, secret: sealed })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secret: sealed, lastUsedStep: null },
        where: isNull(totpCredentials.confirmedAt),
      });
    const uri = totpOf(secret, user.email).toString();
    return { secret: secret.base32, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
  }

  /**
   * The step a right code belongs to, or null. Accepts it only if that step is later than the last one used, and
   * records it in the same statement, so two requests with one code cannot both pass.
   */
  async function acceptTotp(userId: string, code: string, confirmed: boolean): Promise<boolean> {
    const [row] = await db
      .select({
        secret: totpCredentials.secret,
        confirmedAt: totpCredentials.confirmedAt,
        lastUsedStep: totpCredentials.lastUsedStep,
      })
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, userId));
    if (!row || (row.confirmedAt !== null) !== confirmed) return false;
    const now = clock.now().getTime();
    const delta = totpOf(Secret.fromBase32(box.open(row.secret)), "").validate({ token: code, timestamp: now, window: WINDOW });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / PERIOD_S) + delta;
    const used = await db
      .update(totpCredentials)
      .set({ lastUsedStep: step, ...(confirmed ? {} : { confirmedAt: clock.now() }) })
      .where(
        and(eq(totpCredentials.userId, userId), or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step))),
      )
      .returning({ userId: totpCredentials.userId });
    return used.length === 1;
  }

  /** The first code confirms the app; the answer holds the recovery codes, shown this once. */
  async function confirmTotp(userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
    await throttled(throttle, userId, async () => {
      const [row] = await db
        .select({ userId: totpCredentials.userId })
        .from(totpCredentials)
        .where(eq(totpCredentials.userId, userId));
      if (!row) throw new AppError("BAD_REQUEST", TOTP_NOT_STARTED);
      return acceptTotp(userId, code, false);
    });
    await refreshSecondFactorAt(userId);
    return { recoveryCodes: await newRecoveryCodes(db, userId) };
  }

  /** Removes the app; recovery codes go with it when no passkey is left. */
  async function removeTotp(userId: string): Promise<{ ok: true }> {
    await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
    const [keys] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if ((keys?.n ?? 0) === 0) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await refreshSecondFactorAt(userId);
    return { ok: true };
  }

  async function regenerateRecoveryCodes(userId: string): Promise<{ recoveryCodes: string[] }> {
    const s = await status(userId);
    if (!s.totp && s.passkeys === 0) throw new AppError("BAD_REQUEST", TOTP_NOT_STARTED);
    return { recoveryCodes: await newRecoveryCodes(db, userId) };
  }

  /** A code at sign-in's second step or for a fresh confirmation: the app's 6 digits, or a recovery code. */
  async function verifyCode(userId: string, code: string): Promise<void> {
    await throttled(throttle, userId, () =>
      /^\d{6}$/.test(code) ? acceptTotp(userId, code, true) : acceptRecoveryCode(db, clock, userId, code),
    );
  }

  /** A passkey's answer at sign-in's second step or for a fresh confirmation, under the same throttle as codes. */
  async function verifyPasskeyAnswer(userId: string, check: () => Promise<boolean>): Promise<void> {
    await throttled(throttle, userId, check, PASSKEY_NOT_ACCEPTED);
  }

  /** Recovery codes for someone whose first second factor is a passkey (none to show when they have some already). */
  async function recoveryCodesIfNone(userId: string): Promise<string[] | null> {
    const s = await status(userId);
    return s.recoveryCodesLeft > 0 ? null : newRecoveryCodes(db, userId);
  }

  return {
    secondFactorStatus: status,
    startTotp,
    confirmTotp,
    removeTotp,
    regenerateRecoveryCodes,
    verifyCode,
    verifyPasskeyAnswer,
    recoveryCodesIfNone,
    refreshSecondFactorAt,
  };
}
