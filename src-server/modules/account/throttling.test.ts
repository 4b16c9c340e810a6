import { lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throttles } from "../../../db/schema";
import { ConfigError, parseTrustProxy } from "../../platform/config";
import { addressGroup } from "../../platform/throttle";
import { createTestApp, mailedToken, signUp, trpcError, trpcMutation, type TestApp } from "../../test/app";
import { WRONG_CURRENT_PASSWORD } from "./security";
import { accountUnderAttack, SIGN_IN_FAILED, TOO_MANY_ATTEMPTS, tooManyAttempts } from "./users";

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database, as behind a load balancer.
  other = await createTestApp({ database: t.database, clock: t.clock });
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

function signIn(app: TestApp["app"], email: string, password: string, ip = "198.51.100.1") {
  return app.inject({
    method: "POST",
    url: "/trpc/account.signIn",
    remoteAddress: ip,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ json: { email, password } }),
  });
}

describe("sign-in throttling", () => {
  it("makes one address wait after 5 failures for one account, doubling the wait up to 15 minutes", async () => {
    const { email, password } = await signUp(t.app, { email: "pair@example.com", password: "a right password here" });
    for (let i = 0; i < 5; i++) expect((await signIn(t.app, email, `wrong ${i}`)).statusCode).toBe(401);
    // The 5th failure is free; the 6th sets a 1 second wait.
    expect((await signIn(t.app, email, "wrong 5")).statusCode).toBe(401);
    const refused = await signIn(t.app, email, password);
    expect(refused.statusCode).toBe(429);
    expect(trpcError(refused).message).toBe("Too many sign-in attempts. Please wait 1 second and try again.");
    t.clock.advance(1000);
    expect((await signIn(t.app, email, "wrong 6")).statusCode).toBe(401);
    expect(trpcError(await signIn(t.app, email, password)).message).toBe(tooManyAttempts(2000));
    // Waits double, and never exceed the product's 15 minutes.
    for (let i = 7; i < 20; i++) {
      t.clock.advance(15 * 60 * 1000);
      await signIn(t.app, email, `wrong ${i}`);
    }
    expect(trpcError(await signIn(t.app, email, password)).message).toBe(TOO_MANY_ATTEMPTS);
    t.clock.advance(15 * 60 * 1000);
    // The right password after the wait signs in and clears this address's failures.
    expect((await signIn(t.app, email, password)).statusCode).toBe(200);
    expect((await signIn(t.app, email, "wrong again")).statusCode).toBe(401);
    expect(trpcError(await signIn(t.app, email, "wrong again")).message).toBe(SIGN_IN_FAILED);
  });

  it("never lets a stranger lock the owner out from an address the owner has used", async () => {
    const { email, password } = await signUp(t.app, { email: "owner@example.com", password: "the owner's own words" });
    const home = "192.0.2.10";
    expect((await signIn(t.app, email, password, home)).statusCode).toBe(200);
    // A stranger fails 40 times from 8 addresses.
    for (let i = 0; i < 40; i++) await signIn(t.app, email, `guess ${i}`, `203.0.113.${i % 8}`);
    expect((await signIn(t.app, email, password, home)).statusCode).toBe(200);
    // An address that never signed in to the account is answered alike with a right and a wrong password (guessing
    // now learns nothing), but the right one mails the owner a link that signs in.
    const mailsBefore = t.mailer.sent.filter((m) => m.to === email && m.subject === "Your sign-in link").length;
    const wrong = await signIn(t.app, email, "one more guess", "203.0.113.99");
    const fresh = await signIn(t.app, email, password, "203.0.113.98");
    expect([wrong.statusCode, fresh.statusCode]).toEqual([429, 429]);
    expect(trpcError(fresh).message).toBe(trpcError(wrong).message);
    expect(trpcError(fresh).message).toMatch(/^This account has had too many failed sign-ins\. If your password was right/);
    await t.app.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.to === email && m.subject === "Your sign-in link")).toHaveLength(mailsBefore + 1);
    const opened = await trpcMutation(t.app, "account.verifyEmail", { token: mailedToken(t.app, email, "/verify-email") });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.cookies.some((c) => c.name === "seer_session")).toBe(true);
  });

  it("a stranger guessing once every 15 minutes cannot keep the owner off a new device", async () => {
    const { email, password } = await signUp(t.app, { email: "patient@example.com", password: "patience is a virtue" });
    // Eleven quick failures, then one guess every 14 minutes for seven hours, each from a new address.
    for (let i = 0; i < 11; i++) await signIn(t.app, email, `quick ${i}`, `198.18.1.${i}`);
    for (let i = 0; i < 30; i++) {
      t.clock.advance(14 * 60 * 1000);
      await signIn(t.app, email, `slow ${i}`, `198.18.2.${i}`);
    }
    const newDevice = await signIn(t.app, email, password, "192.0.2.200");
    // Every guess (answered alike, so useless) renews the wait: the owner is not made to sit it out.
    expect(trpcError(newDevice).message).toBe(accountUnderAttack(15 * 60 * 1000));
    await t.app.jobs.runDue();
    const opened = await trpcMutation(t.app, "account.verifyEmail", { token: mailedToken(t.app, email, "/verify-email") });
    expect(opened.statusCode, opened.body).toBe(200);
    // A second right attempt at once mails no second link (one every 5 minutes), and a used link stays used.
    // (The link's sign-in, from a device new to the account, is mailed as such: only the sign-in links count here.)
    const links = () => t.mailer.sent.filter((m) => m.subject === "Your sign-in link").length;
    const sent = links();
    await signIn(t.app, email, password, "192.0.2.201");
    await t.app.jobs.runDue();
    expect(links()).toBe(sent);
  });

  it("counts an IPv6 /64 as one address, and another /64 apart", () => {
    expect(addressGroup("2001:db8:1:2::1")).toBe(addressGroup("2001:0db8:0001:0002:ffff:0:0:99"));
    expect(addressGroup("2001:db8:1:2::1")).not.toBe(addressGroup("2001:db8:1:3::1"));
    expect(addressGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressGroup("198.51.100.7")).toBe("198.51.100.7");
  });

  it("makes a whole IPv6 /64 wait after 5 failures, whatever its addresses; another /64 goes on", async () => {
    const { email, password } = await signUp(t.app, { email: "six@example.com", password: "sixty four bits here" });
    for (let i = 1; i <= 6; i++)
      expect((await signIn(t.app, email, `wrong ${i}`, `2001:db8:6:4::${i.toString(16)}`)).statusCode).toBe(401);
    const sameNetwork = await signIn(t.app, email, password, "2001:db8:6:4:aaaa:bbbb:cccc:dddd");
    expect(sameNetwork.statusCode).toBe(429);
    expect(trpcError(sameNetwork).message).toBe(tooManyAttempts(1000));
    expect((await signIn(t.app, email, password, "2001:db8:6:5::1")).statusCode).toBe(200);
  });

  it("allows 30 attempts per IPv6 /64 in 15 minutes, rotating the rest of the address or not", async () => {
    for (let i = 0; i < 30; i++)
      expect(
        (await signIn(t.app, `v6-${i}@example.com`, "not a password", `2001:db8:30:1::${(i + 1).toString(16)}`)).statusCode,
      ).toBe(401);
    expect((await signIn(t.app, "v6-last@example.com", "not a password", "2001:db8:30:1:1:2:3:4")).statusCode).toBe(429);
  });

  it("throttles the current password in change password, change e-mail and delete account as sign-in does", async () => {
    const { email, password, cookie } = await signUp(t.app, { email: "current@example.com", password: "my current words" });
    const ip = "198.51.100.150";
    const call = (procedure: string, input: object) =>
      t.app.inject({
        method: "POST",
        url: `/trpc/${procedure}`,
        remoteAddress: ip,
        headers: { "content-type": "application/json", cookie },
        payload: JSON.stringify({ json: input }),
      });
    const attempts = [
      () => call("account.changePassword", { currentPassword: "guess one", newPassword: "a brand new phrase 1" }),
      () => call("account.changeEmail", { currentPassword: "guess two", newEmail: "elsewhere@example.com" }),
      () => call("account.deleteAccount", { currentPassword: "guess three" }),
    ];
    for (let i = 0; i < 6; i++) {
      const wrong = await attempts[i % 3]?.();
      expect(wrong?.statusCode).toBe(400);
      expect(wrong && trpcError(wrong).message).toBe(WRONG_CURRENT_PASSWORD);
    }
    // Beyond 5 failures this account from this address waits, even with the right password, here and at sign-in.
    const held = await call("account.changePassword", { currentPassword: password, newPassword: "a brand new phrase 1" });
    expect(held.statusCode).toBe(429);
    expect(trpcError(held).message).toBe(tooManyAttempts(1000));
    expect((await signIn(t.app, email, password, ip)).statusCode).toBe(429);
    expect((await call("account.deleteAccount", { currentPassword: password })).statusCode).toBe(429);
    t.clock.advance(1000);
    const changed = await call("account.changePassword", { currentPassword: password, newPassword: "a brand new phrase 1" });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it("counts in the database, so every instance sees the same failures", async () => {
    const { email, password } = await signUp(t.app, { email: "shared@example.com", password: "shared between servers" });
    for (let i = 0; i < 6; i++) await signIn(i % 2 ? t.app : other.app, email, `wrong ${i}`, "198.51.100.77");
    expect((await signIn(other.app, email, password, "198.51.100.77")).statusCode).toBe(429);
    expect((await signIn(t.app, email, password, "198.51.100.77")).statusCode).toBe(429);
  });

  it("allows 30 attempts per address in 15 minutes, across instances", async () => {
    const ip = "198.51.100.200";
    for (let i = 0; i < 30; i++) {
      expect((await signIn(i % 2 ? t.app : other.app, `someone${i}@example.com`, "not a password", ip)).statusCode).toBe(401);
    }
    const refused = await signIn(t.app, "someone-else@example.com", "not a password", ip);
    expect(refused.statusCode).toBe(429);
    expect(trpcError(refused).message).toBe(TOO_MANY_ATTEMPTS);
    t.clock.advance(15 * 60 * 1000);
    expect((await signIn(t.app, "someone-else@example.com", "not a password", ip)).statusCode).toBe(401);
  });

  it("purges counters whose window is over in the hourly account job, and keeps the rest", async () => {
    const count = async () => (await t.database.db.select({ key: throttles.key }).from(throttles)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    t.clock.advance(2 * 24 * 3_600_000);
    await t.app.jobs.runDue({ periodic: true });
    const after = await count();
    // Only the addresses known to their accounts (kept 30 days) remain.
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    const stale = await t.database.db
      .select({ key: throttles.key })
      .from(throttles)
      .where(lte(throttles.windowEndsAt, t.clock.now()));
    expect(stale).toEqual([]);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a number of hops or addresses, and refuses true and nonsense", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.5,::1")).toEqual(["10.0.0.0/8", "192.168.1.5", "::1"]);
    expect(() => parseTrustProxy("true")).toThrow(ConfigError);
    expect(() => parseTrustProxy("0")).toThrow(ConfigError);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(ConfigError);
    expect(() => parseTrustProxy("balancer.internal")).toThrow(ConfigError);
  });

  it("behind one trusted hop, a rotated X-Forwarded-For does not escape throttling", async () => {
    const proxied = await createTestApp({ database: t.database, clock: t.clock, trustProxy: 1 });
    try {
      const ip = (spoofed: number) => ({
        remoteAddress: "10.0.0.2",
        headers: { "content-type": "application/json", "x-forwarded-for": `100.64.${spoofed}.1, 198.18.0.9` },
      });
      const attempt = (i: number) =>
        proxied.app.inject({
          method: "POST",
          url: "/trpc/account.signIn",
          ...ip(i),
          payload: JSON.stringify({ json: { email: `rotating${i}@example.com`, password: "not a password" } }),
        });
      for (let i = 0; i < 30; i++) expect((await attempt(i)).statusCode).toBe(401);
      expect((await attempt(31)).statusCode).toBe(429);
    } finally {
      await proxied.app.close();
    }
  });
});
