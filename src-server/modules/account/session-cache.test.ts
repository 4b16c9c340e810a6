import { sql } from "drizzle-orm";
import type { Session } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Relay } from "../../platform/relay";
import { createTestApp, signUp, trpcMutation, type TestApp } from "../../test/app";
import { SESSION_CACHE_TTL_MS, SessionCache } from "./session-cache";

/** A relay whose deliveries and (re)subscriptions the test makes happen. */
function fakeRelay() {
  let handler: ((message: string) => void) | undefined;
  let subscribed: (() => void) | undefined;
  const relay: Relay = {
    subscribe: async (_channel, onMessage, onSubscribed) => {
      handler = onMessage;
      subscribed = onSubscribed;
      onSubscribed?.();
    },
    publish: async () => {},
    purge: async () => {},
    close: async () => {},
  };
  return { relay, deliver: (message: string) => handler?.(message), resubscribe: () => subscribed?.() };
}

const session = (userId: string, name = "Ama") => ({ userId, loadedUser: { id: userId, firstName: name } }) as unknown as Session;
const FAR = new Date("2100-01-01T00:00:00Z");

describe("SessionCache", () => {
  it("remembers nothing until its subscription is live", async () => {
    const cache = new SessionCache();
    cache.remember(cache.ticket(), "s1", session("u1"), FAR, 0);
    expect(cache.read("s1", 0)).toBeNull();
    await cache.connect(fakeRelay().relay);
    cache.remember(cache.ticket(), "s1", session("u1"), FAR, 0);
    expect(cache.read("s1", 0)).toMatchObject({ userId: "u1" });
  });

  it("answers a new copy each time: what a request changes is not the next one's answer", async () => {
    const cache = new SessionCache();
    await cache.connect(fakeRelay().relay);
    cache.remember(cache.ticket(), "s1", session("u1"), FAR, 0);
    const first = cache.read("s1", 0);
    if (!first) throw new Error("not remembered");
    first.userId = "someone-else";
    expect(cache.read("s1", 0)).toMatchObject({ userId: "u1", loadedUser: { firstName: "Ama" } });
  });

  it("keeps an entry for its TTL at most, and never past the session's expiry", async () => {
    const cache = new SessionCache();
    await cache.connect(fakeRelay().relay);
    cache.remember(cache.ticket(), "s1", session("u1"), FAR, 1000);
    expect(cache.read("s1", 1000 + SESSION_CACHE_TTL_MS - 1)).not.toBeNull();
    expect(cache.read("s1", 1000 + SESSION_CACHE_TTL_MS)).toBeNull();
    cache.remember(cache.ticket(), "s2", session("u2"), new Date(1500), 1000);
    expect(cache.read("s2", 1499)).not.toBeNull();
    expect(cache.read("s2", 1500)).toBeNull();
  });

  it("forgets what the notices name: one session, or every session of one user", async () => {
    const cache = new SessionCache();
    const { relay, deliver } = fakeRelay();
    await cache.connect(relay);
    for (const [sid, user] of [
      ["a1", "ua"],
      ["a2", "ua"],
      ["b1", "ub"],
    ] as const)
      cache.remember(cache.ticket(), sid, session(user), FAR, 0);
    deliver("s:a1");
    expect(cache.read("a1", 0)).toBeNull();
    expect(cache.read("a2", 0)).not.toBeNull();
    deliver("u:ua");
    expect(cache.read("a2", 0)).toBeNull();
    expect(cache.read("b1", 0)).not.toBeNull();
    deliver("something else");
    expect(cache.read("b1", 0)).toBeNull();
  });

  it("does not keep a read that a change overtook, nor anything from before a resubscription", async () => {
    const cache = new SessionCache();
    const { relay, deliver, resubscribe } = fakeRelay();
    await cache.connect(relay);
    const ticket = cache.ticket();
    // The change is heard of while the read is on its way: what it read may be from before the change.
    deliver("u:someone");
    cache.remember(ticket, "s1", session("u1"), FAR, 0);
    expect(cache.read("s1", 0)).toBeNull();
    cache.remember(cache.ticket(), "s1", session("u1"), FAR, 0);
    resubscribe();
    expect(cache.read("s1", 0)).toBeNull();
  });

  it("lets the oldest go once full", async () => {
    const cache = new SessionCache(SESSION_CACHE_TTL_MS, 2);
    await cache.connect(fakeRelay().relay);
    for (const sid of ["s1", "s2", "s3"]) cache.remember(cache.ticket(), sid, session(sid), FAR, 0);
    expect(cache.read("s1", 0)).toBeNull();
    expect(cache.read("s2", 0)).not.toBeNull();
    expect(cache.read("s3", 0)).not.toBeNull();
  });
});

/**
 * Two instances of the app on one database: a session that one remembers is refused, or read anew, there as soon as
 * it or its user changes anywhere: on the other instance, or in the database by hand (its triggers tell).
 */
describe("sessions remembered by an instance, on one database with another", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database, clock: a.clock });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const currentUser = (app: TestApp, cookie: string) =>
    app.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
  /** The current user's answer on `app` once `done` says so, asked every 20 ms for up to a second. */
  async function eventually(app: TestApp, cookie: string, done: (status: number, body: string) => boolean) {
    const deadline = Date.now() + 1000;
    for (;;) {
      const response = await currentUser(app, cookie);
      if (done(response.statusCode, response.body) || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("answers a remembered session from memory, for its TTL at most", async () => {
    const { cookie } = await signUp(a.app);
    // The notices of the sign-up (its confirmation changed the user) reach instance b first, on PostgreSQL a moment
    // after the answer: b's read must not be overtaken by them to be remembered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await currentUser(b, cookie)).statusCode).toBe(200);
    // Gone without a notice (triggers off for this statement): instance b still knows the session...
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions`);
    });
    expect((await currentUser(b, cookie)).statusCode).toBe(200);
    // ...until its few seconds are over.
    a.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await currentUser(b, cookie)).statusCode).toBe(401);
  });

  it("refuses a session on one instance once the other signed it out", async () => {
    const { cookie } = await signUp(a.app);
    expect((await currentUser(b, cookie)).statusCode).toBe(200);
    expect((await trpcMutation(a.app, "account.signOut", {}, cookie)).statusCode).toBe(200);
    expect((await eventually(b, cookie, (status) => status === 401)).statusCode).toBe(401);
  });

  it("reads the user anew once the database changed them or deleted the session, whoever did it", async () => {
    const { cookie, email } = await signUp(a.app, { firstName: "Ama" });
    expect((await currentUser(b, cookie)).json()).toMatchObject({ firstName: "Ama", role: "client" });
    await a.database.db.execute(sql`update users set first_name = 'Akosua', role = 'admin' where email = ${email}`);
    const changed = await eventually(b, cookie, (_, body) => body.includes("Akosua"));
    expect(changed.json()).toMatchObject({ firstName: "Akosua", role: "admin" });
    await a.database.db.execute(sql`delete from sessions where sess ->> 'userId' = ${changed.json<{ id: string }>().id}`);
    expect((await eventually(b, cookie, (status) => status === 401)).statusCode).toBe(401);
  });
});
