import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import superjson, { type SuperJSONResult } from "superjson";
import { expect } from "vitest";
import type { Database } from "../../db/client";
import { bookings, meetingAttendance, seers } from "../../db/schema";
import { buildApp } from "../app";
import { FakeClock } from "../platform/clock";
import type { StorageConfig, TrustProxy } from "../platform/config";
import { jobDatabaseOf } from "../platform/jobs";
import { MemoryMailer } from "../platform/mail";
import { MemorySmsSender } from "../platform/sms";
import type { SessionType } from "../../src/domain/consultations";
import type { MeetingRole } from "../../src/domain/meetings";
import type { PayoutRails } from "../platform/payouts/rail";
import type { PaymentProvider } from "../platform/payments/provider";
import type { TestPaymentProvider } from "../platform/payments/test-provider";
import type { FileStorage } from "../platform/storage/storage";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  mailer: MemoryMailer;
  /** Every text message the app sent (issue #44). */
  sms: MemorySmsSender;
  uploadDir: string;
  close(): Promise<void>;
}

export const testConfig = {
  sessionSecret: ["test-secret-that-is-at-least-32-characters-long"],
  secretKey: "test-secret-key-that-is-at-least-32-characters",
  publicUrl: "http://localhost:3000",
  trustProxy: false as TrustProxy,
  bodyLimit: 1_048_576,
  stripe: undefined,
  env: "test" as "test" | "production",
  storage: { kind: "local" } as StorageConfig,
};

/** Each test app's mailer, so that helpers given only the app can follow the links it mailed. */
const testMailers = new WeakMap<FastifyInstance, MemoryMailer>();
/** Each test app's clock, so that helpers given only the app can make authenticator codes for its time. */
const testClocks = new WeakMap<FastifyInstance, FakeClock>();
/** The authenticator secrets the helpers enrolled, by app and e-mail, with the last 30-second step they used. */
const enrolled = new WeakMap<FastifyInstance, Map<string, { secret: string; lastStep: number; recoveryCodes: string[] }>>();

/** The token of the newest link to `path` (e.g. "/verify-email") mailed to `email` by this app. */
export function mailedToken(app: FastifyInstance, email: string, path: string): string {
  const sent = testMailers.get(app)?.sent ?? [];
  const pattern = new RegExp(`${path.replace(/[/-]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`);
  for (let i = sent.length - 1; i >= 0; i--) {
    const message = sent[i];
    const token = message?.to === email.toLowerCase() ? pattern.exec(message.text)?.[1] : undefined;
    if (token) return token;
  }
  throw new Error(`No ${path} link was mailed to ${email}`);
}

/** One app per test file, on its own database, with a fake clock and an in-memory mailer. */
export async function createTestApp(
  options: {
    clock?: FakeClock;
    database?: Database;
    env?: "test" | "production";
    trustProxy?: TrustProxy;
    /** A folder with a built client's index.html, for tests of the pages the server sends. */
    clientDir?: string;
    /** A folder with a renderer of public pages (ssr.js and route-assets.json); none by default. */
    ssrDir?: string;
    /** The bearer token for GET /metrics; without it there is no /metrics. */
    metricsToken?: string;
    /** The cookie signing secrets (the first signs, all are accepted); the test one by default. */
    sessionSecret?: string[];
    /** Where the app's JSON log lines go; without it the app logs nothing. */
    logStream?: { write(line: string): void };
    /** Another storage than local disk under `uploadDir` (e.g. S3 on a local s3rver). */
    storage?: FileStorage;
    /** Another payment provider than the test-mode one (the Stripe adapter against recorded shapes). */
    payments?: PaymentProvider;
    /** Other payout rails than the test-mode ones (one that cannot be reached, say). */
    rails?: (db: Database["db"]) => PayoutRails;
  } = {},
): Promise<TestApp> {
  const own = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? own;
  if (!database) throw new Error("unreachable: a test app has a database");
  const clock = options.clock ?? new FakeClock(new Date());
  const mailer = new MemoryMailer();
  const sms = new MemorySmsSender();
  // Each test app keeps its uploads in its own temporary folder, removed on close.
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "seer-uploads-"));
  const app = await buildApp({
    config: {
      ...testConfig,
      env: options.env ?? "test",
      uploadDir,
      trustProxy: options.trustProxy ?? testConfig.trustProxy,
      metricsToken: options.metricsToken,
      sessionSecret: options.sessionSecret ?? testConfig.sessionSecret,
    },
    db: database.db,
    mailer,
    sms,
    clock,
    clientDir: options.clientDir ?? "/nonexistent",
    ssrDir: options.ssrDir ?? "/nonexistent",
    storage: options.storage,
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.rails ? { rails: options.rails(database.db) } : {}),
    jobDatabase: jobDatabaseOf(database),
    poolUse: database.poolUse,
    // logStream captures the log in a test; DEBUG_APP=1 shows it while a test is investigated.
    logger: options.logStream ? { level: "info", stream: options.logStream } : process.env.DEBUG_APP ? { level: "warn" } : false,
  });
  await app.ready();
  testMailers.set(app, mailer);
  testClocks.set(app, clock);
  return {
    app,
    database,
    clock,
    mailer,
    sms,
    uploadDir,
    async close() {
      await app.close();
      // A database that was passed in belongs to the caller (another test app may still use it).
      // One it made is handed on to the worker's next test file (src-server/test/database.ts).
      await own?.giveBack();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie from a response, ready for the next request's cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "seer_session");
  if (!cookie) throw new Error(`No session cookie in response (${response.statusCode}): ${response.body}`);
  return `seer_session=${cookie.value}`;
}

/** Calls a tRPC mutation the way the client does (superjson-encoded input). */
export async function trpcMutation(app: FastifyInstance, procedure: string, input: unknown, cookie?: string) {
  return app.inject({
    method: "POST",
    url: `/trpc/${procedure}`,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ json: input }),
  });
}

export async function trpcQuery(app: FastifyInstance, procedure: string, input?: unknown, cookie?: string) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return app.inject({ method: "GET", url: `/trpc/${procedure}${query}`, headers: cookie ? { cookie } : {} });
}

/**
 * Signs up a new user through the public door, then opens the mailed confirmation link as the person would: the
 * account is confirmed and signed in. Returns the session cookie.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; remoteAddress: string }> = {},
) {
  const input = {
    email: overrides.email ?? `user-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: overrides.password ?? "correct horse battery",
    firstName: overrides.firstName ?? "Ama",
    lastName: overrides.lastName ?? "Mensah",
  };
  const response = await app.inject({
    method: "POST",
    url: "/trpc/account.signUp",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ json: input }),
    ...(overrides.remoteAddress ? { remoteAddress: overrides.remoteAddress } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const verified = await trpcMutation(app, "account.verifyEmail", { token: mailedToken(app, input.email, "/verify-email") });
  if (verified.statusCode !== 200) throw new Error(`confirmation failed: ${verified.body}`);
  return { cookie: sessionCookie(verified), ...input };
}

/** The code an authenticator app with `secret` shows at `at` (a 30-second step may be given instead). */
export function totpCode(secret: string, at: Date | { step: number }): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: at instanceof Date ? at.getTime() : at.step * 30_000 });
}

/**
 * Sets up an authenticator app for the signed-in person through the public doors (its secret read from the answer,
 * its first code made for the app's clock); later sign-ins by `signIn` answer the second step with it.
 */
export async function enrolTotp(app: FastifyInstance, cookie: string, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = trpcData<{ secret: string }>(await trpcMutation(app, "account.startTotp", {}, cookie));
  const step = Math.floor((testClocks.get(app)?.now() ?? new Date()).getTime() / 30_000);
  const confirmed = await trpcMutation(app, "account.confirmTotp", { code: totpCode(secret, { step }) }, cookie);
  const { recoveryCodes } = trpcData<{ recoveryCodes: string[] }>(confirmed);
  const byEmail = enrolled.get(app) ?? new Map<string, { secret: string; lastStep: number; recoveryCodes: string[] }>();
  byEmail.set(email.toLowerCase(), { secret, lastStep: step, recoveryCodes: [...recoveryCodes] });
  enrolled.set(app, byEmail);
  return { secret, recoveryCodes };
}

/** A code the helpers' enrolled app would show and that was not used yet (the step before, now or after), else a recovery code. */
function nextCode(app: FastifyInstance, email: string): string {
  const entry = enrolled.get(app)?.get(email.toLowerCase());
  if (!entry) throw new Error(`No authenticator app was enrolled for ${email} by the test helpers`);
  const now = Math.floor((testClocks.get(app)?.now() ?? new Date()).getTime() / 30_000);
  const step = Math.max(now - 1, entry.lastStep + 1);
  if (step <= now + 1) {
    entry.lastStep = step;
    return totpCode(entry.secret, { step });
  }
  const recovery = entry.recoveryCodes.shift();
  if (!recovery) throw new Error(`No code left for ${email}: move the clock on`);
  return recovery;
}

/**
 * Signs in through the public door. An account with a second factor the helpers enrolled answers the second step with
 * its next code; an admin without one gets an authenticator app first, as the console asks (docs/product.md#security).
 */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  let response = await trpcMutation(app, "account.signIn", { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  let answer = trpcData<{ secondStep?: unknown; role?: string; secondFactor?: boolean }>(response);
  if (answer.secondStep) {
    response = await trpcMutation(app, "account.signInSecondStep", { code: nextCode(app, email) }, sessionCookie(response));
    if (response.statusCode !== 200) throw new Error(`second step failed: ${response.body}`);
    answer = trpcData(response);
  }
  const cookie = sessionCookie(response);
  if (answer.role === "admin" && !answer.secondFactor) await enrolTotp(app, cookie, email);
  return cookie;
}

/** The error of a tRPC response (superjson wraps it in `json`). */
export function trpcError(response: LightMyRequestResponse): {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; zodError: { fieldErrors: Record<string, string[]> } | null };
} {
  return (response.json() as { error: { json: ReturnType<typeof trpcError> } }).error.json;
}

/** The data of a successful tRPC response, as the client sees it (superjson-decoded); fails the test otherwise. */
export function trpcData<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return superjson.deserialize<T>((response.json() as { result: { data: SuperJSONResult } }).result.data);
}

/**
 * A confirmed, paid booking through the public doors, as a client makes one: the hold (POST
 * /api/create-payment-intent), the test-mode provider's card and the confirmation.
 */
export async function payForBooking(
  app: FastifyInstance,
  cookie: string,
  booking: { seerId: string; scheduledDate: string; sessionType?: SessionType; scheduledTime?: string },
): Promise<{ bookingId: string; paymentIntentId: string }> {
  const created = await app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify({
      seerId: booking.seerId,
      sessionType: booking.sessionType ?? "60min",
      scheduledDate: booking.scheduledDate,
      scheduledTime: booking.scheduledTime ?? "10:00",
      clientTimezone: "UTC",
    }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const { clientSecret, bookingId, paymentIntentId } = created.json<{
    clientSecret: string;
    bookingId: string;
    paymentIntentId: string;
  }>();
  const provider = app.services.payments.provider as TestPaymentProvider;
  await provider.confirmCard({ clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" });
  const confirmed = await trpcMutation(app, "bookings.confirmPayment", { paymentIntentId }, cookie);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { bookingId, paymentIntentId };
}

/**
 * The meeting room's records of a booking's session, as its socket writes them: each of `who` joined at the start and
 * left at the end. Completion reads them (the client's and the Seer's no-shows); an empty list records nobody.
 */
export async function attendSession(
  database: Database,
  bookingId: string,
  who: readonly MeetingRole[] = ["client", "seer"],
): Promise<void> {
  const [b] = await database.db
    .select({ clientId: bookings.clientId, seerUserId: seers.userId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .where(eq(bookings.id, bookingId));
  if (!b) throw new Error(`no booking ${bookingId}`);
  if (who.length === 0) return;
  await database.db.insert(meetingAttendance).values(
    who.map((role) => ({
      bookingId,
      userId: role === "client" ? b.clientId : b.seerUserId,
      role,
      joinedAt: b.startsAt,
      leftAt: b.endsAt,
    })),
  );
}
