import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "fastify";
import { accountTokens, bookings, contactMessages, meetingMessages, orders, sessions, users } from "../../../db/schema";
import { lockInTransaction, seerSlotsKey } from "../../platform/locks";
import { createBooking, createSeer, createUser, uniqueSuffix } from "../../../db/seed/factories";
import { EMAIL_NOT_VERIFIED } from "../../platform/trpc/init";
import {
  createTestApp,
  mailedToken,
  sessionCookie,
  signIn,
  signUp,
  trpcData,
  trpcError,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from "../../test/app";
import { DELETED_MESSAGE, SEER_HAS_UPCOMING_SESSIONS } from "./data-rights";
import { RESET_REQUESTED, VERIFICATION_TOO_SOON } from "./recovery";
import { EMAIL_CHANGE_SENT, SESSION_NOT_FOUND, WRONG_CURRENT_PASSWORD, type OwnSession } from "./security";
import { DbSessionStore, hashSessionId } from "./session-store";
import { TOKEN_INVALID } from "./tokens";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const idOf = async (cookie: string) => ((await me(cookie)).json() as { id: string }).id;

/** A signed-up account that never opened its confirmation link, signed in with its password. */
async function unverifiedUser() {
  const email = `unverified-${uniqueSuffix()}@example.com`.toLowerCase();
  const password = "a quiet river stone";
  await trpcMutation(t.app, "account.signUp", { email, password, firstName: "Kwame", lastName: "Asante" });
  return { email, password, cookie: await signIn(t.app, email, password) };
}

describe("password reset by e-mail", () => {
  it("answers the same whether or not the address has an account, and mails only a real one", async () => {
    const { email } = await signUp(t.app);
    const before = t.mailer.sent.length;
    const known = await trpcMutation(t.app, "account.requestPasswordReset", { email });
    const unknown = await trpcMutation(t.app, "account.requestPasswordReset", { email: "nobody-here@example.com" });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(trpcData<{ message: string }>(known).message).toBe(RESET_REQUESTED);
    // The answer does not wait for the mail (so it takes as long for an unknown address): the outbox sends it.
    expect(t.mailer.sent.length).toBe(before);
    await t.app.jobs.runDue();
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([email]);
  });

  it("stores only a hash, works once within the hour, and signs out every other session", async () => {
    const { email, password, cookie: firstBrowser } = await signUp(t.app);
    const secondBrowser = await signIn(t.app, email, password);
    await trpcMutation(t.app, "account.requestPasswordReset", { email });
    await t.app.jobs.runDue();
    const token = mailedToken(t.app, email, "/reset-password");
    const stored = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, await idOf(firstBrowser)));
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);

    const weak = await trpcMutation(t.app, "account.resetPassword", { token, password: "password1" });
    expect(weak.statusCode).toBe(400);
    const reset = await trpcMutation(t.app, "account.resetPassword", { token, password: "a brand new passphrase 42" });
    expect(reset.statusCode).toBe(200);
    const thisBrowser = sessionCookie(reset);
    expect((await me(thisBrowser)).statusCode).toBe(200);
    expect((await me(firstBrowser)).statusCode).toBe(401);
    expect((await me(secondBrowser)).statusCode).toBe(401);
    expect((await trpcMutation(t.app, "account.signIn", { email, password })).statusCode).toBe(401);
    expect((await trpcMutation(t.app, "account.signIn", { email, password: "a brand new passphrase 42" })).statusCode).toBe(200);

    const again = await trpcMutation(t.app, "account.resetPassword", { token, password: "yet another passphrase 7" });
    expect(again.statusCode).toBe(400);
    expect(trpcError(again).message).toBe(TOKEN_INVALID);
  });

  it("refuses a link older than one hour", async () => {
    const { email } = await signUp(t.app);
    await trpcMutation(t.app, "account.requestPasswordReset", { email });
    await t.app.jobs.runDue();
    const token = mailedToken(t.app, email, "/reset-password");
    t.clock.advance(61 * 60 * 1000);
    const late = await trpcMutation(t.app, "account.resetPassword", { token, password: "a brand new passphrase 42" });
    expect(late.statusCode).toBe(400);
    expect(trpcError(late).message).toBe(TOKEN_INVALID);
  });
});

describe("e-mail confirmation", () => {
  it("is needed to pay, to apply as a Seer and to publish, not to write a draft", async () => {
    const { cookie } = await unverifiedUser();
    const forbidden = async (procedure: string, input: unknown) => {
      const response = await trpcMutation(t.app, procedure, input, cookie);
      expect(response.statusCode, procedure).toBe(403);
      expect(trpcError(response).message).toBe(EMAIL_NOT_VERIFIED);
    };
    await forbidden("orders.createPayment", {});
    await forbidden("bookings.createPaymentIntent", {});
    await forbidden("applications.submit", {});
    const article = {
      title: "A title",
      content: "c".repeat(60),
      category: "Ancestors",
      excerpt: "",
      tags: [],
      isPublished: true,
    };
    await forbidden("articles.create", article);
    expect((await trpcMutation(t.app, "articles.create", { ...article, isPublished: false }, cookie)).statusCode).toBe(200);
    expect(trpcData<{ emailVerified: boolean }>(await trpcQuery(t.app, "account.me", undefined, cookie)).emailVerified).toBe(
      false,
    );
  });

  it("resends the link at most every 5 minutes, and the link confirms the address", async () => {
    const { email, cookie } = await unverifiedUser();
    const soon = await trpcMutation(t.app, "account.resendVerification", undefined, cookie);
    expect(soon.statusCode).toBe(429);
    expect(trpcError(soon).message).toBe(VERIFICATION_TOO_SOON);
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await trpcMutation(t.app, "account.resendVerification", undefined, cookie)).statusCode).toBe(200);
    const verified = await trpcMutation(t.app, "account.verifyEmail", { token: mailedToken(t.app, email, "/verify-email") });
    expect(trpcData<{ emailVerified: boolean }>(verified).emailVerified).toBe(true);
  });
});

describe("the profile's controls", () => {
  it("changes the password only with the current one, and signs out the other sessions", async () => {
    const { email, password, cookie } = await signUp(t.app);
    const other = await signIn(t.app, email, password);
    const wrong = await trpcMutation(
      t.app,
      "account.changePassword",
      { currentPassword: "not it at all", newPassword: "fresh river stones" },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(trpcError(wrong).message).toBe(WRONG_CURRENT_PASSWORD);
    const ok = await trpcMutation(
      t.app,
      "account.changePassword",
      { currentPassword: password, newPassword: "fresh river stones" },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await trpcMutation(t.app, "account.signIn", { email, password: "fresh river stones" })).statusCode).toBe(200);
  });

  it("changes the e-mail through a link sent to the new address, after the current password", async () => {
    const { email, password, cookie } = await signUp(t.app);
    const newEmail = `moved-${uniqueSuffix()}@example.com`.toLowerCase();
    const wrong = await trpcMutation(t.app, "account.changeEmail", { currentPassword: "nope nope", newEmail }, cookie);
    expect(wrong.statusCode).toBe(400);
    const asked = await trpcMutation(t.app, "account.changeEmail", { currentPassword: password, newEmail }, cookie);
    expect(trpcData<{ message: string }>(asked).message).toBe(EMAIL_CHANGE_SENT);
    expect(t.mailer.sent.some((m) => m.to === email && m.subject === "Your email address is being changed")).toBe(true);
    expect((await me(cookie)).json().email).toBe(email);
    await trpcMutation(t.app, "account.verifyEmail", { token: mailedToken(t.app, newEmail, "/verify-email") }, cookie);
    expect((await me(cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("lists one's own sessions, ends one or all others; someone else's session answers as missing", async () => {
    const { email, password, cookie } = await signUp(t.app);
    const phone = await signIn(t.app, email, password);
    const tablet = await signIn(t.app, email, password);
    const stranger = await signUp(t.app);
    const list = trpcData<OwnSession[]>(await trpcQuery(t.app, "account.sessions", undefined, cookie));
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const strangerSessions = trpcData<OwnSession[]>(await trpcQuery(t.app, "account.sessions", undefined, stranger.cookie));
    const theirs = strangerSessions[0]?.id ?? "";
    const refused = await trpcMutation(t.app, "account.endSession", { sessionId: theirs }, cookie);
    expect(refused.statusCode).toBe(404);
    expect(trpcError(refused).message).toBe(SESSION_NOT_FOUND);
    expect((await me(stranger.cookie)).statusCode).toBe(200);

    const phoneId = trpcData<OwnSession[]>(await trpcQuery(t.app, "account.sessions", undefined, phone)).find(
      (s) => s.current,
    )?.id;
    expect((await trpcMutation(t.app, "account.endSession", { sessionId: phoneId }, cookie)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(200);
    await trpcMutation(t.app, "account.endOtherSessions", undefined, cookie);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("downloads all one's data as JSON, nobody else's", async () => {
    const { cookie, email } = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/account/export", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("attachment");
    const data = response.json() as { account: { email: string }; sessions: unknown[]; orders: unknown[] };
    expect(data.account.email).toBe(email);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain("password_hash");
    expect((await t.app.inject({ method: "GET", url: "/api/account/export" })).statusCode).toBe(401);
  });

  it("deletes the account: personal data gone, orders and bookings kept, anonymised", async () => {
    const { cookie, email, password } = await signUp(t.app, { firstName: "Efua", lastName: "Sarpong" });
    const userId = await idOf(cookie);
    const seer = await createSeer(t.database.db);
    const booking = await createBooking(t.database.db, {
      clientId: userId,
      seerId: seer.id,
      status: "confirmed",
      notes: "my private notes",
    });
    // What the person said in the meeting room's chat; the Seer's own line stays.
    await t.database.db.insert(meetingMessages).values([
      { bookingId: booking.id, senderId: userId, senderRole: "client", text: "My mother's name was Akosua." },
      { bookingId: booking.id, senderId: seer.userId, senderRole: "seer", text: "Thank you for sharing." },
    ]);
    await t.database.db.insert(orders).values({
      userId,
      orderNumber: `SM-${uniqueSuffix()}`,
      items: [],
      subtotal: "10.00",
      shippingCost: "10.00",
      total: "20.00",
      shippingName: "Efua Sarpong",
      shippingEmail: email,
      shippingPhone: "+233 20 000 0000",
      shippingAddress: "1 Ring Road, Accra",
      status: "paid",
    });
    // A message sent through the contact form while signed in: in the export, and gone with the account.
    const contact = { name: "Efua Sarpong", email, subject: "About my reading", message: "A private question about my reading." };
    expect((await trpcMutation(t.app, "contact.send", contact, cookie)).statusCode).toBe(200);
    const exported = await t.app.inject({ method: "GET", url: "/api/account/export", headers: { cookie } });
    expect(exported.json()).toMatchObject({ contactMessages: [{ subject: "About my reading" }] });
    const wrong = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: "not my password" }, cookie);
    expect(wrong.statusCode).toBe(400);
    const deleted = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: password }, cookie);
    expect(deleted.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await trpcMutation(t.app, "account.signIn", { email, password })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ firstName: null, lastName: null });
    expect(row?.email).not.toContain(email);
    expect(row?.deletedAt).not.toBeNull();
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(kept).toMatchObject({ total: "20.00", status: "paid", shippingName: "Deleted account" });
    expect(JSON.stringify(kept)).not.toContain("Ring Road");
    const [keptBooking] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(keptBooking).toMatchObject({ status: "confirmed", notes: null });
    const chat = await t.database.db
      .select({ senderId: meetingMessages.senderId, text: meetingMessages.text })
      .from(meetingMessages)
      .where(eq(meetingMessages.bookingId, booking.id));
    expect(chat.map((m) => m.text).sort()).toEqual([DELETED_MESSAGE, "Thank you for sharing."].sort());
    expect(JSON.stringify(chat)).not.toContain("Akosua");
    const left = await t.database.db.select().from(contactMessages).where(eq(contactMessages.subject, "About my reading"));
    expect(left).toEqual([]);
    // The address is free again for a new account.
    expect((await signUp(t.app, { email })).cookie).toBeTruthy();
  });

  it("refuses to delete a Seer with upcoming sessions, with a clear message", async () => {
    const seerUser = await createUser(
      t.database.db,
      { role: "seer", email: `seer-${uniqueSuffix()}@example.com` },
      { password: "seer password 1" },
    );
    const seer = await createSeer(t.database.db, { userId: seerUser.id });
    const client = await createUser(t.database.db);
    const startsAt = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    await createBooking(t.database.db, {
      clientId: client.id,
      seerId: seer.id,
      status: "confirmed",
      startsAt,
      scheduledDate: startsAt.toISOString().slice(0, 10),
      scheduledTime: startsAt.toISOString().slice(11, 16),
    });
    const cookie = await signIn(t.app, seerUser.email, "seer password 1");
    const refused = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: "seer password 1" }, cookie);
    expect(refused.statusCode).toBe(409);
    expect(trpcError(refused).message).toBe(SEER_HAS_UPCOMING_SESSIONS);
    // Seers cancel their own sessions: the refusal sends them to the dashboard, not to support.
    expect(SEER_HAS_UPCOMING_SESSIONS).toContain("on your dashboard");
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "checks a Seer's upcoming sessions under the Seer's slot lock, so a booking confirmed meanwhile is seen (real PostgreSQL)",
    { timeout: 30_000 },
    async () => {
      const email = `seer-lock-${uniqueSuffix()}@example.com`.toLowerCase();
      const seerUser = await createUser(t.database.db, { role: "seer", email }, { password: "seer password 2" });
      const seer = await createSeer(t.database.db, { userId: seerUser.id });
      const client = await createUser(t.database.db);
      const cookie = await signIn(t.app, email, "seer password 2");
      const startsAt = new Date(t.clock.now().getTime() + 2 * 86_400_000);
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      // A booking being confirmed: its transaction holds the Seer's slot lock until it commits.
      const confirming = t.database.db.transaction(async (tx) => {
        await lockInTransaction(tx, seerSlotsKey(seer.id));
        await createBooking(tx, {
          clientId: client.id,
          seerId: seer.id,
          status: "confirmed",
          startsAt,
          scheduledDate: startsAt.toISOString().slice(0, 10),
          scheduledTime: startsAt.toISOString().slice(11, 16),
        });
        await gate;
      });
      const deleting = trpcMutation(t.app, "account.deleteAccount", { currentPassword: "seer password 2" }, cookie);
      // Wait until the deletion queues behind the lock (it never does without it), then let the booking commit.
      let finished = false;
      void deleting.then(() => (finished = true));
      for (let i = 0; i < 100 && !finished; i++) {
        const result: unknown = await t.database.db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
        if ((rows[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      release();
      await confirming;
      const refused = await deleting;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(trpcError(refused).message).toBe(SEER_HAS_UPCOMING_SESSIONS);
    },
  );
});

describe("the session's user", () => {
  it("is read with the session on every request, as the user is now, and is never stored in the session", async () => {
    const store = new DbSessionStore(t.database.db, t.clock);
    const user = await createUser(t.database.db, { email: `session-user-${uniqueSuffix()}@example.com` });
    const read = (id: string) =>
      new Promise<Session | null | undefined>((resolve, reject) =>
        store.get(id, (error, session) => (error ? reject(error) : resolve(session))),
      );
    const write = (id: string, session: Session) =>
      new Promise<void>((resolve, reject) => store.set(id, session, (error) => (error ? reject(error) : resolve())));

    await write("session-user-test", { userId: user.id, loadedUser: { ...user, role: "admin" } } as unknown as Session);
    const [stored] = await t.database.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(eq(sessions.sid, hashSessionId("session-user-test")));
    expect(stored?.sess).toEqual({ userId: user.id });

    await t.database.db.update(users).set({ role: "seer" }).where(eq(users.id, user.id));
    expect((await read("session-user-test"))?.loadedUser).toMatchObject({ id: user.id, role: "seer" });
    await t.database.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
    const afterDeletion = await read("session-user-test");
    expect(afterDeletion?.userId).toBe(user.id);
    expect(afterDeletion?.loadedUser).toBeUndefined();
  });
});
