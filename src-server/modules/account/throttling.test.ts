import { lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throttles } from "../../../db/schema";
import { ConfigError, parseTrustProxy } from "../../platform/config";
import { createTestApp, signUp, trpcError, type TestApp } from "../../test/app";
import { SIGN_IN_FAILED, TOO_MANY_ATTEMPTS, tooManyAttempts } from "./users";

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
    // An address that never signed in to the account waits, even with the right password.
    const fresh = await signIn(t.app, email, password, "203.0.113.99");
    expect(fresh.statusCode).toBe(429);
    expect(trpcError(fresh).message).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
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
    const stale = await t.database.db.select({ key: throttles.key }).from(throttles).where(lte(throttles.windowEndsAt, t.clock.now()));
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
