import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutMethods, totpCredentials } from "../../../db/schema";
import { createUser } from "../../../db/seed/factories";
import { SECOND_FACTOR_FOR_PAYOUTS, SET_UP_SECOND_FACTOR, WRONG_CODE } from "../../../src/domain/second-factor";
import { createSeer } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import {
  createTestApp,
  enrolTotp,
  sessionCookie,
  signUp,
  totpCode,
  trpcData,
  trpcError,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from "../../test/app";

const NOW = new Date("2026-11-22T10:00:00Z");
const STEP = 30_000;
const PASSWORD = "second factor password 1";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
});
afterAll(async () => {
  await t.close();
});

const step = () => Math.floor(t.clock.now().getTime() / STEP);
const passwordStep = (email: string, remoteAddress?: string) =>
  t.app.inject({
    method: "POST",
    url: "/trpc/account.signIn",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ json: { email, password: PASSWORD } }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const secondStep = (cookie: string, code: string) => trpcMutation(t.app, "account.signInSecondStep", { code }, cookie);
const me = async (cookie: string) => trpcData<{ id: string; secondFactor: boolean } | null>(await trpcQuery(t.app, "account.me", undefined, cookie));

async function person() {
  const email = `two-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { cookie } = await signUp(t.app, { email, password: PASSWORD });
  return { email, cookie };
}

describe("the authenticator app (TOTP)", () => {
  it("shows a QR code and the secret, counts once confirmed by a first code, and gives 10 recovery codes once", async () => {
    const { cookie } = await person();
    const started = trpcData<{ secret: string; uri: string; qrCode: string }>(await trpcMutation(t.app, "account.startTotp", {}, cookie));
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(started.uri).toContain(`secret=${started.secret}`);
    expect(started.uri).toContain("algorithm=SHA1&digits=6&period=30");
    // The secret is kept sealed, never as it was shown.
    const stored = await t.database.db.select({ secret: totpCredentials.secret }).from(totpCredentials);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((r) => r.secret.includes(started.secret))).toBe(false);
    expect((await me(cookie))?.secondFactor).toBe(false);

    const wrong = await trpcMutation(t.app, "account.confirmTotp", { code: totpCode(started.secret, { step: step() + 5 }) }, cookie);
    expect(trpcError(wrong).message).toBe(WRONG_CODE);
    const confirmed = trpcData<{ recoveryCodes: string[] }>(
      await trpcMutation(t.app, "account.confirmTotp", { code: totpCode(started.secret, t.clock.now()) }, cookie),
    );
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    expect(confirmed.recoveryCodes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await me(cookie))?.secondFactor).toBe(true);
    expect(trpcData(await trpcQuery(t.app, "account.secondFactors", undefined, cookie))).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
    });
  });

  it("makes the password a first step: the session is nobody's until a code within one step, used once", async () => {
    const { email, cookie } = await person();
    const { secret } = await enrolTotp(t.app, cookie, email);
    t.clock.advance(5 * STEP);

    const first = await passwordStep(email);
    expect(trpcData(first)).toEqual({ secondStep: { totp: true, passkeys: false } });
    const pending = sessionCookie(first);
    expect(await me(pending)).toBeNull();

    // Two steps away is outside the window.
    expect(trpcError(await secondStep(pending, totpCode(secret, { step: step() + 2 }))).message).toBe(WRONG_CODE);
    expect(await me(pending)).toBeNull();
    const inWindow = totpCode(secret, { step: step() - 1 });
    const done = await secondStep(pending, inWindow);
    expect(trpcData<{ email: string }>(done).email).toBe(email);
    expect((await me(sessionCookie(done)))?.secondFactor).toBe(true);

    // The same code again, in a new sign-in, is refused: and so is a code of an earlier step than the one used.
    const again = sessionCookie(await passwordStep(email));
    expect(trpcError(await secondStep(again, inWindow)).message).toBe(WRONG_CODE);
    expect(await me(again)).toBeNull();
    expect((await me(sessionCookie(await secondStep(again, totpCode(secret, t.clock.now()))))) !== null).toBe(true);
  });

  it("accepts each recovery code once", async () => {
    const { email, cookie } = await person();
    const { recoveryCodes } = await enrolTotp(t.app, cookie, email);
    const code = recoveryCodes[3] ?? "";
    const first = sessionCookie(await passwordStep(email));
    const done = await secondStep(first, code.toUpperCase());
    expect(done.statusCode, done.body).toBe(200);
    const second = sessionCookie(await passwordStep(email));
    expect(trpcError(await secondStep(second, code)).message).toBe(WRONG_CODE);
    expect(trpcData(await trpcQuery(t.app, "account.secondFactors", undefined, sessionCookie(done)))).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("throttles wrong codes per account: after 5, even the right code waits", async () => {
    const { email, cookie } = await person();
    const { secret } = await enrolTotp(t.app, cookie, email);
    t.clock.advance(5 * STEP);
    const pending = sessionCookie(await passwordStep(email));
    for (let i = 0; i < 6; i++) expect((await secondStep(pending, "000000")).statusCode).toBe(401);
    const waiting = await secondStep(pending, totpCode(secret, t.clock.now()));
    expect(waiting.statusCode).toBe(429);
    expect(await me(pending)).toBeNull();
  });

  it("refuses a second step without a password first", async () => {
    const response = await trpcMutation(t.app, "account.signInSecondStep", { code: "123456" });
    expect(response.statusCode).toBe(401);
  });
});

describe("the gates", () => {
  it("an admin without a second factor is refused the console with the way to set one up, and let in once enrolled", async () => {
    const email = "gate-admin@example.com";
    await createUser(t.database.db, { role: "admin", email }, { password: PASSWORD });
    const cookie = sessionCookie(await passwordStep(email));
    const refused = await trpcQuery(t.app, "admin.analytics", undefined, cookie);
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).message).toBe(SET_UP_SECOND_FACTOR);
    await enrolTotp(t.app, cookie, email);
    const opened = await trpcQuery(t.app, "admin.analytics", undefined, cookie);
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it("a Seer without a second factor cannot change payout details", async () => {
    const email = "gate-seer@example.com";
    const user = await createUser(t.database.db, { role: "seer", email }, { password: PASSWORD });
    await createSeer(t.database.db, { userId: user.id, country: "Ghana" });
    const cookie = sessionCookie(await passwordStep(email));
    const details = { kind: "mobile_money", institutionCode: "MTN", accountNumber: "0244123456", accountName: "Ama Mensah", confirmName: true };
    const refused = await trpcMutation(t.app, "payouts.saveMethod", details, cookie);
    expect(refused.statusCode).toBe(403);
    expect(trpcError(refused).message).toBe(SECOND_FACTOR_FOR_PAYOUTS);
    expect(await t.database.db.select().from(payoutMethods)).toHaveLength(0);
  });
});

describe("a sign-in from a new device", () => {
  const newDeviceMails = (email: string) => t.mailer.sent.filter((m) => m.to === email && m.subject === "New sign-in to your account");

  it("mails the owner once per device, never for the very first sign-in after sign-up", async () => {
    const { email } = await person();
    await t.app.jobs.runDue();
    expect(newDeviceMails(email)).toHaveLength(0);

    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const fromNew = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signIn",
      headers: { "content-type": "application/json", "user-agent": chrome },
      payload: JSON.stringify({ json: { email, password: PASSWORD } }),
    });
    expect(fromNew.statusCode).toBe(200);
    await t.app.jobs.runDue();
    const mails = newDeviceMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Browser: Chrome on Windows");
    expect(mails[0]?.text).toContain("http://localhost:3000/profile#security");

    // The same device (its cookie) again: no mail.
    const device = fromNew.cookies.find((c) => c.name === "seer_device");
    expect(device).toBeDefined();
    const sameDevice = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signIn",
      headers: { "content-type": "application/json", cookie: `seer_device=${device?.value ?? ""}` },
      payload: JSON.stringify({ json: { email, password: PASSWORD } }),
    });
    expect(sameDevice.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(newDeviceMails(email)).toHaveLength(1);
  });
});
