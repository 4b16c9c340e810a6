import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../db/schema";
import { createTestApp, mailedToken, sessionCookie, signUp, trpcData, trpcError, trpcMutation, type TestApp } from "../../test/app";
import { hashSessionId, SESSION_TTL_MS, DAY_MS } from "./session-store";
import { SIGN_IN_FAILED, SIGN_UP_SENT } from "./users";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const currentUser = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers: cookie ? { cookie } : {} });
const rawSessionId = (cookie: string) => {
  // The cookie holds "<id>.<signature>"; the store is keyed by the id's hash.
  const value = decodeURIComponent(cookie.split("=")[1] ?? "");
  return value.slice(0, value.lastIndexOf("."));
};

describe("sign-up and the current user", () => {
  it("creates a client account, signs it in and returns the spec's user fields", async () => {
    const { cookie, email } = await signUp(t.app, { email: "Kofi.Boateng@Example.com", firstName: "Kofi", lastName: "Boateng" });
    const response = await currentUser(cookie);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: "Kofi",
      lastName: "Boateng",
      profileImageUrl: null,
      role: "client",
      emailVerified: true,
      secondFactor: false,
    });
  });

  it("answers 401 with a plain-text body when signed out", async () => {
    const response = await currentUser();
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toBe("Unauthorized");
  });

  it("sets an HttpOnly, SameSite=Lax session cookie and stores only the id's SHA-256", async () => {
    await trpcMutation(t.app, "account.signUp", { email: "cookie@example.com", password: "long enough pw", firstName: "A", lastName: "B" });
    const response = await trpcMutation(t.app, "account.verifyEmail", { token: mailedToken(t.app, "cookie@example.com", "/verify-email") });
    const cookie = response.cookies.find((c) => c.name === "seer_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const id = rawSessionId(sessionCookie(response));
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.sid === id)).toBe(false);
    expect(rows.some((r) => r.sid === hashSessionId(id))).toBe(true);
  });

  it("answers an existing e-mail exactly as a new one, signs nobody in, and mails the owner instead", async () => {
    await signUp(t.app, { email: "taken@example.com" });
    const sentBefore = t.mailer.sent.length;
    const existing = await trpcMutation(t.app, "account.signUp", {
      email: "TAKEN@example.com",
      password: "another password",
      firstName: "X",
      lastName: "Y",
    });
    const fresh = await trpcMutation(t.app, "account.signUp", {
      email: "fresh-address@example.com",
      password: "another password",
      firstName: "X",
      lastName: "Y",
    });
    expect(existing.statusCode).toBe(200);
    expect(existing.body).toBe(fresh.body);
    expect(trpcData<{ message: string }>(existing)).toEqual({ message: SIGN_UP_SENT });
    expect(existing.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);
    const mails = t.mailer.sent.slice(sentBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["taken@example.com", "Someone tried to create an account with your email"],
      ["fresh-address@example.com", "Confirm your email address"],
    ]);
    // The owner's password is untouched.
    expect((await trpcMutation(t.app, "account.signIn", { email: "taken@example.com", password: "another password" })).statusCode).toBe(401);
  });

  it("refuses common and guessable passwords, and ones over 128 characters, with a clear message", async () => {
    for (const password of ["password", "12345678", "qwertyuiop", "iloveyou1"]) {
      const response = await trpcMutation(t.app, "account.signUp", { email: "weak@example.com", password, firstName: "W", lastName: "K" });
      expect(response.statusCode).toBe(400);
      expect(trpcError(response).message).toMatch(/^This password is too easy to guess\./);
    }
    const long = await trpcMutation(t.app, "account.signUp", { email: "weak@example.com", password: "x".repeat(129), firstName: "W", lastName: "K" });
    expect(long.statusCode).toBe(400);
    expect(trpcError(long).data.zodError?.fieldErrors.password).toEqual(["Password must be at most 128 characters"]);
    expect(t.mailer.sent.some((m) => m.to === "weak@example.com")).toBe(false);
  });

  it("returns field messages for invalid input", async () => {
    const response = await trpcMutation(t.app, "account.signUp", { email: "bad", password: "short", firstName: "", lastName: "Y" });
    expect(response.statusCode).toBe(400);
    const fieldErrors = trpcError(response).data.zodError?.fieldErrors ?? {};
    expect(fieldErrors.email).toEqual(["Enter a valid email address"]);
    expect(fieldErrors.password).toEqual(["Password must be at least 8 characters"]);
    expect(fieldErrors.firstName).toEqual(["First name is required"]);
  });
});

describe("sign-in", () => {
  it("gives one generic message for a wrong password and for an unknown account", async () => {
    await signUp(t.app, { email: "generic@example.com", password: "the right password" });
    const wrong = await trpcMutation(t.app, "account.signIn", { email: "generic@example.com", password: "the wrong password" });
    const unknown = await trpcMutation(t.app, "account.signIn", { email: "nobody@example.com", password: "whatever it is" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(trpcError(wrong).message).toBe(SIGN_IN_FAILED);
    expect(trpcError(unknown).message).toBe(SIGN_IN_FAILED);
  });

  it("issues a new session id at sign-in and forgets the old one", async () => {
    const { cookie: before, email, password } = await signUp(t.app, { email: "rotate@example.com" });
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signIn",
      headers: { "content-type": "application/json", cookie: before },
      payload: JSON.stringify({ json: { email, password } }),
    });
    const after = sessionCookie(response);
    expect(rawSessionId(after)).not.toBe(rawSessionId(before));
    expect((await currentUser(after)).statusCode).toBe(200);
    expect((await currentUser(before)).statusCode).toBe(401);
  });
});

describe("sessions over time", () => {
  it("slides the expiry forward once less than half the lifetime remains, and expires idle sessions", async () => {
    const { cookie } = await signUp(t.app);
    const sid = hashSessionId(rawSessionId(cookie));
    const expiryOf = async () => (await t.database.db.select().from(sessions).where(eq(sessions.sid, sid)))[0]?.expire.getTime();
    const first = await expiryOf();
    expect(first).toBe(t.clock.now().getTime() + SESSION_TTL_MS);

    t.clock.advance(2 * DAY_MS);
    await currentUser(cookie);
    expect(await expiryOf()).toBe(first); // no write while plenty of time remains

    t.clock.advance(14 * DAY_MS);
    await currentUser(cookie);
    expect(await expiryOf()).toBe(t.clock.now().getTime() + SESSION_TTL_MS);

    t.clock.advance(SESSION_TTL_MS + DAY_MS);
    expect((await currentUser(cookie)).statusCode).toBe(401);
    expect(await t.app.sessionStore.purgeExpired()).toBeGreaterThan(0);
    expect(await expiryOf()).toBeUndefined();
  });
});

describe("logout and login navigation", () => {
  it("ends the session and returns to /", async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it("never signs anyone out on a GET (an image or a link elsewhere), nor on a POST from another site", async () => {
    const { cookie } = await signUp(t.app);
    const get = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie } });
    expect(get.statusCode).toBe(404);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: "",
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await currentUser(cookie)).statusCode).toBe(200);
  });

  it("accepts the sign-out form from our own page, whose Origin is null under the no-referrer policy", async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "null", "sec-fetch-site": "same-origin" },
      payload: "",
    });
    expect(response.statusCode).toBe(303);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it("sends /api/login to the sign-in screen with the page the visitor came from", async () => {
    const fromReferer = await t.app.inject({
      method: "GET",
      url: "/api/login",
      headers: { host: "localhost:3000", referer: "http://localhost:3000/seers?country=Ghana" },
    });
    expect(fromReferer.statusCode).toBe(302);
    expect(fromReferer.headers.location).toBe(`/login?returnTo=${encodeURIComponent("/seers?country=Ghana")}`);
    const foreign = await t.app.inject({
      method: "GET",
      url: "/api/login",
      headers: { host: "localhost:3000", referer: "https://evil.example/x" },
    });
    expect(foreign.headers.location).toBe("/login?returnTo=%2F");
    const explicit = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2F%2Fevil.example" });
    expect(explicit.headers.location).toBe("/login?returnTo=%2F");
    // A tab that browsers drop would make it //evil.example.
    const tabbed = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2F%09%2Fevil.example" });
    expect(tabbed.headers.location).toBe("/login?returnTo=%2F");
    // From a French page, the French sign-in page, even for a browser that prefers English (issue #45).
    const french = await t.app.inject({
      method: "GET",
      url: "/api/login",
      headers: { host: "localhost:3000", referer: "http://localhost:3000/fr/seers?country=Ghana", "accept-language": "en" },
    });
    expect(french.headers.location).toBe(`/fr/login?returnTo=${encodeURIComponent("/fr/seers?country=Ghana")}`);
    const frenchHome = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2Ffr" });
    expect(frenchHome.headers.location).toBe("/fr/login?returnTo=%2Ffr");
  });
});

describe("roles", () => {
  it("makes a user admin by e-mail (npm run create-admin)", async () => {
    const { cookie, email } = await signUp(t.app);
    await t.app.services.account.setRoleByEmail(email.toUpperCase(), "admin");
    expect((await currentUser(cookie)).json().role).toBe("admin");
  });
});
