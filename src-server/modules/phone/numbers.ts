import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { phoneNumbers } from "../../../db/schema";
import { showPhone, toE164 } from "../../../src/domain/phone";
import {
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_CODE_WAIT_MINUTES,
  type PhoneCountry,
} from "../../../src/domain/phone-countries";
import { AppError } from "../../../src/errors";
import {
  phoneTexts,
  tooManyWrongCodes,
  type phoneConfirmSchema,
  type phoneStartSchema,
} from "../../../src/schemas/phone";
import type { Clock } from "../../platform/clock";
import type { SmsOutbox } from "../../platform/sms";
import { throttleKey, type createThrottle, type FailurePolicy } from "../../platform/throttle";
import type { SessionUser } from "../../platform/trpc/context";
import { DEFAULT_LOCALE } from "../../../src/i18n/locales";
import { translator } from "../../platform/i18n";
import { localeOfUser } from "../../platform/mail-links";

export interface PhoneDeps {
  db: Db;
  clock: Clock;
  sms: SmsOutbox;
  /** What the codes' HMAC is keyed with (config.secretKey). */
  secretKey: string;
  throttle: ReturnType<typeof createThrottle>;
}

/** The person's number as /profile shows it. */
export interface PhoneStatus {
  /** The confirmed number, in international format; null: none. */
  number: string | null;
  country: PhoneCountry | null;
  /** Whether confirmations and reminders also go by SMS. */
  sms: boolean;
  /** A number waiting for its code, in international format, and until when the code may be entered. */
  pending: { number: string; country: PhoneCountry; codeExpiresAt: Date } | null;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A new code at most once a minute per account, and 5 an hour per number and per account. */
const RESEND_GAP_MS = MINUTE_MS;
const CODES_PER_HOUR = 5;
/**
 * Wrong codes: the first PHONE_CODE_TRIES are refused as wrong, the last of them starts a wait of 15 minutes (any code
 * is then refused with the wait, and a code sent 10 minutes before has expired by its end); each further wrong one
 * waits as long again. Forgotten after a day without a wrong code.
 */
const WRONG_CODES: FailurePolicy = {
  free: PHONE_CODE_TRIES - 1,
  firstDelayMs: PHONE_CODE_WAIT_MINUTES * MINUTE_MS,
  maxDelayMs: PHONE_CODE_WAIT_MINUTES * MINUTE_MS,
  forgetAfterMs: 24 * HOUR_MS,
};

const codeHash = (secretKey: string, userId: string, number: string, code: string) =>
  createHmac("sha256", secretKey).update(`phone-code\n${userId}\n${number}\n${code}`).digest("hex");

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The person's number, confirmed or waiting for its code. */
export async function phoneStatus({ db, clock }: Pick<PhoneDeps, "db" | "clock">, user: SessionUser): Promise<PhoneStatus> {
  const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, user.id));
  const live = row?.pendingNumber && row.pendingCountry && row.codeExpiresAt && row.codeExpiresAt > clock.now();
  return {
    number: row?.number ? showPhone(row.number) : null,
    country: (row?.number && row.country ? row.country : null) as PhoneCountry | null,
    sms: row?.sms ?? false,
    pending:
      live && row.pendingNumber && row.pendingCountry && row.codeExpiresAt
        ? { number: showPhone(row.pendingNumber), country: row.pendingCountry as PhoneCountry, codeExpiresAt: row.codeExpiresAt }
        : null,
  };
}

/**
 * Sends a 6-digit code by SMS to the number entered (again: a new code, the old one no longer works). The number
 * waits beside a confirmed one until its code is entered.
 */
export async function sendCode(
  deps: PhoneDeps,
  user: SessionUser,
  input: z.infer<typeof phoneStartSchema>,
): Promise<PhoneStatus> {
  const { db, clock, sms, secretKey, throttle } = deps;
  const number = toE164(input.country, input.number);
  if (!number) throw new AppError("BAD_REQUEST", phoneTexts.number);
  const now = clock.now();
  const [row] = await db
    .select({ codeSentAt: phoneNumbers.codeSentAt })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.userId, user.id));
  if (row?.codeSentAt && now.getTime() - row.codeSentAt.getTime() < RESEND_GAP_MS)
    throw new AppError("TOO_MANY_REQUESTS", phoneTexts.resendTooSoon);
  const [perNumber, perAccount] = await Promise.all([
    throttle.hit(throttleKey("phone-code-number", number), CODES_PER_HOUR, HOUR_MS),
    throttle.hit(throttleKey("phone-code-account", user.id), CODES_PER_HOUR, HOUR_MS),
  ]);
  if (!perNumber || !perAccount) throw new AppError("TOO_MANY_REQUESTS", phoneTexts.tooManyCodes);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const pending = {
    pendingNumber: number,
    pendingCountry: input.country,
    codeHash: codeHash(secretKey, user.id, number, code),
    codeExpiresAt: new Date(now.getTime() + PHONE_CODE_MINUTES * MINUTE_MS),
    codeSentAt: now,
  };
  await db.transaction(async (tx) => {
    // The account's language read with the row the code is stored in (issue #45): the text is theirs.
    const [stored] = await tx
      .insert(phoneNumbers)
      .values({ userId: user.id, ...pending })
      .onConflictDoUpdate({ target: phoneNumbers.userId, set: pending })
      .returning({ locale: localeOfUser(phoneNumbers.userId) });
    const text = translator(stored?.locale ?? DEFAULT_LOCALE)("phoneSms.code", { code, minutes: PHONE_CODE_MINUTES });
    await sms.send(`phone-code:${user.id}:${now.getTime()}`, { to: number, text }, { tx });
  });
  return phoneStatus(deps, user);
}

/** The code sent to the waiting number: right, the number is the person's; wrong, refused and counted. */
export async function confirmCode(
  deps: PhoneDeps,
  user: SessionUser,
  input: z.infer<typeof phoneConfirmSchema>,
): Promise<PhoneStatus> {
  const { db, clock, secretKey, throttle } = deps;
  const key = throttleKey("phone-code", user.id);
  const wait = await throttle.waitFor(key);
  if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", tooManyWrongCodes(wait));
  const now = clock.now();
  const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, user.id));
  if (!row?.pendingNumber || !row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now)
    throw new AppError("BAD_REQUEST", phoneTexts.expired);
  if (!sameHash(codeHash(secretKey, user.id, row.pendingNumber, input.code), row.codeHash)) {
    await throttle.fail(key, WRONG_CODES);
    throw new AppError("BAD_REQUEST", phoneTexts.wrongCode);
  }
  // Only the code that was checked: a new one sent meanwhile (another tab) is left waiting.
  const confirmed = await db
    .update(phoneNumbers)
    .set({
      number: row.pendingNumber,
      country: row.pendingCountry,
      confirmedAt: now,
      pendingNumber: null,
      pendingCountry: null,
      codeHash: null,
      codeExpiresAt: null,
    })
    .where(and(eq(phoneNumbers.userId, user.id), eq(phoneNumbers.codeHash, row.codeHash)))
    .returning({ userId: phoneNumbers.userId });
  if (confirmed.length === 0) throw new AppError("BAD_REQUEST", phoneTexts.expired);
  await throttle.clear(key);
  return phoneStatus(deps, user);
}

/** The person's choice of confirmations and reminders by SMS: only with a confirmed number. */
export async function chooseSms(deps: PhoneDeps, user: SessionUser, enabled: boolean): Promise<PhoneStatus> {
  const updated = await deps.db
    .update(phoneNumbers)
    .set({ sms: enabled })
    .where(and(eq(phoneNumbers.userId, user.id), isNotNull(phoneNumbers.confirmedAt)))
    .returning({ userId: phoneNumbers.userId });
  if (enabled && updated.length === 0) throw new AppError("BAD_REQUEST", phoneTexts.notConfirmed);
  return phoneStatus(deps, user);
}

/** Forgets the person's number (and any waiting for its code); no more SMS. */
export async function removePhone(deps: PhoneDeps, user: SessionUser): Promise<PhoneStatus> {
  await deps.db.delete(phoneNumbers).where(eq(phoneNumbers.userId, user.id));
  return phoneStatus(deps, user);
}
