import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneNumbers, sentSms, users } from "../../../db/schema";
import { phoneTexts } from "../../../src/schemas/phone";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";

const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(new Date("2026-11-22T10:00:00Z")) });
});
afterAll(() => t.close());

interface Status {
  number: string | null;
  country: string | null;
  sms: boolean;
  pending: { number: string; country: string; codeExpiresAt: Date } | null;
}

/** Runs the SMS jobs and answers the newest code texted to `to`. */
async function textedCode(to: string): Promise<string> {
  await t.app.jobs.runDue();
  const message = t.sms.sent.filter((m) => m.to === to).at(-1);
  const code = /code is (\d{6})\./.exec(message?.text ?? "")?.[1];
  if (!code) throw new Error(`no code was texted to ${to}`);
  return code;
}
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("a phone number confirmed by a 6-digit code (issue #44)", () => {
  it("refuses a wrong code 5 times, then makes the person wait 15 minutes; a right code after that confirms", async () => {
    const { cookie } = await signUp(t.app, { email: "phone-wrong@example.com" });
    const sent = await trpcMutation(t.app, "phone.sendCode", { country: "GH", number: "024 123 4567" }, cookie);
    const status = trpcData<Status>(sent);
    expect(status.pending?.number).toBe("+233 24 123 4567");
    expect(status.number).toBeNull();
    const code = await textedCode("+233241234567");
    // Stored as a hash only.
    const [row] = await t.database.db.select().from(phoneNumbers);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);

    for (let i = 0; i < 5; i++) {
      const wrong = await trpcMutation(t.app, "phone.confirm", { code: wrongOf(code) }, cookie);
      expect(trpcError(wrong).message).toBe(phoneTexts.wrongCode);
    }
    // Even the right code waits now.
    const waiting = await trpcMutation(t.app, "phone.confirm", { code }, cookie);
    expect(waiting.statusCode).toBe(429);
    expect(trpcError(waiting).message).toBe("Too many wrong codes. Please wait 15 minutes and try again.");
    t.clock.advance(5 * MINUTE);
    expect(trpcError(await trpcMutation(t.app, "phone.confirm", { code }, cookie)).message).toBe(
      "Too many wrong codes. Please wait 10 minutes and try again.",
    );
    // After the wait the old code has expired (10 minutes): a new one is asked for, and confirms.
    t.clock.advance(10 * MINUTE + 1000);
    expect(trpcError(await trpcMutation(t.app, "phone.confirm", { code }, cookie)).message).toBe(phoneTexts.expired);
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "GH", number: "+233 24 123 4567" }, cookie));
    const fresh = await textedCode("+233241234567");
    const confirmed = trpcData<Status>(await trpcMutation(t.app, "phone.confirm", { code: fresh }, cookie));
    expect(confirmed).toMatchObject({ number: "+233 24 123 4567", country: "GH", sms: false, pending: null });
  });

  it("confirms a right code; a code expires after 10 minutes; a new one is given at most once a minute", async () => {
    const { cookie } = await signUp(t.app, { email: "phone-right@example.com" });
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "KE", number: "0712 345678" }, cookie));
    const first = await textedCode("+254712345678");
    expect(t.sms.sent.at(-1)?.text).toBe(`Your Seer code is ${first}. It expires in 10 minutes. Never share it with anyone.`);
    const again = await trpcMutation(t.app, "phone.sendCode", { country: "KE", number: "0712 345678" }, cookie);
    expect(again.statusCode).toBe(429);
    expect(trpcError(again).message).toBe(phoneTexts.resendTooSoon);
    t.clock.advance(10 * MINUTE + 1000);
    expect(trpcError(await trpcMutation(t.app, "phone.confirm", { code: first }, cookie)).message).toBe(phoneTexts.expired);
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "KE", number: "0712 345678" }, cookie));
    const second = await textedCode("+254712345678");
    const status = trpcData<Status>(await trpcMutation(t.app, "phone.confirm", { code: second }, cookie));
    expect(status.number).toBe("+254 712 345678");
    // Another person's status knows nothing of it.
    const other = await signUp(t.app, { email: "phone-other@example.com" });
    expect(trpcData<Status>(await trpcQuery(t.app, "phone.status", undefined, other.cookie))).toEqual({
      number: null,
      country: null,
      sms: false,
      pending: null,
    });
  });

  it("refuses a number that is not one of the chosen country's, and changes nothing", async () => {
    const { cookie } = await signUp(t.app, { email: "phone-bad@example.com" });
    for (const input of [
      { country: "GH", number: "024 123" },
      { country: "GH", number: "+254 712 345678" },
    ]) {
      const refused = await trpcMutation(t.app, "phone.sendCode", input, cookie);
      expect(refused.statusCode).toBe(400);
      expect(trpcError(refused).message).toBe(phoneTexts.number);
    }
    const unknown = await trpcMutation(t.app, "phone.sendCode", { country: "XX", number: "024 123 4567" }, cookie);
    expect(trpcError(unknown).data.zodError?.fieldErrors.country).toEqual([phoneTexts.country]);
    const me = trpcData<{ id: string }>(await trpcQuery(t.app, "account.me", undefined, cookie));
    expect(await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, me.id))).toEqual([]);
  });

  it("turns SMS on only with a confirmed number, off, and forgets the number", async () => {
    const { cookie } = await signUp(t.app, { email: "phone-choice@example.com" });
    const refused = await trpcMutation(t.app, "phone.setSms", { enabled: true }, cookie);
    expect(trpcError(refused).message).toBe(phoneTexts.notConfirmed);
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "NG", number: "0803 123 4567" }, cookie));
    // Waiting for its code is not confirmed.
    expect(trpcError(await trpcMutation(t.app, "phone.setSms", { enabled: true }, cookie)).message).toBe(phoneTexts.notConfirmed);
    const code = await textedCode("+2348031234567");
    trpcData(await trpcMutation(t.app, "phone.confirm", { code }, cookie));
    expect(trpcData<Status>(await trpcMutation(t.app, "phone.setSms", { enabled: true }, cookie)).sms).toBe(true);
    expect(trpcData<Status>(await trpcMutation(t.app, "phone.setSms", { enabled: false }, cookie)).sms).toBe(false);
    expect(trpcData<Status>(await trpcMutation(t.app, "phone.remove", {}, cookie)).number).toBeNull();
  });

  it("is in the person's data export, and goes with the account", async () => {
    const { cookie } = await signUp(t.app, { email: "phone-gone@example.com" });
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "ZA", number: "071 234 5678" }, cookie));
    trpcData(await trpcMutation(t.app, "phone.confirm", { code: await textedCode("+27712345678") }, cookie));
    const exported = await t.app.inject({ method: "GET", url: "/api/account/export", headers: { cookie } });
    expect(exported.json<{ phone: { number: string } }>().phone.number).toBe("+27712345678");
    const me = trpcData<{ id: string }>(await trpcQuery(t.app, "account.me", undefined, cookie));
    const deleted = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: "correct horse battery" }, cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, me.id))).toEqual([]);
    expect(await t.database.db.select().from(sentSms).where(eq(sentSms.recipient, "+27712345678"))).toEqual([]);
  });
});

describe("the code's text", () => {
  it("is in the account's language (issue #45)", async () => {
    const { cookie } = await signUp(t.app, { email: "phone-fr@example.com" });
    await t.database.db.update(users).set({ locale: "fr" }).where(eq(users.email, "phone-fr@example.com"));
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "GH", number: "020 765 4321" }, cookie));
    await t.app.jobs.runDue();
    const text = t.sms.sent.filter((m) => m.to === "+233207654321").at(-1)?.text ?? "";
    expect(text).toMatch(/^Votre code Seer est \d{6}\. Il expire dans 10\u00a0minutes\. Ne le communiquez jamais à personne\.$/);
  });
});
