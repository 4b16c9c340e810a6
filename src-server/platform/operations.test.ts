import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../test/app";
import { createTestDatabase } from "../test/database";
import { drainOnSignals, registerOperations, registerRequestDeadline } from "./operations";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("request ids", () => {
  it("keeps a well-formed incoming X-Request-Id and returns it", async () => {
    const response = await t.app.inject({ method: "GET", url: "/livez", headers: { "x-request-id": "lb-7f3a:req.42" } });
    expect(response.headers["x-request-id"]).toBe("lb-7f3a:req.42");
  });

  it("replaces a malformed or missing one with a UUID", async () => {
    for (const header of ["bad id with spaces", "short", "x".repeat(129), "<script>", undefined]) {
      const response = await t.app.inject({ method: "GET", url: "/livez", headers: header ? { "x-request-id": header } : {} });
      expect(String(response.headers["x-request-id"]), String(header)).toMatch(UUID);
    }
  });
});

describe("the request deadline", () => {
  it("answers 503 with the request id when no answer went out in time (a query lost in a database cut), and leaves prompt, upload and upgrade requests alone", async () => {
    const app = Fastify();
    registerRequestDeadline(app, 150);
    let handled = 0;
    const never = () => new Promise<never>(() => (handled += 1));
    app.get("/lost", async () => never());
    app.post("/lost", async () => never());
    app.get("/prompt", async () => ({ ok: true }));
    app.addContentTypeParser("multipart/form-data", (_req, _payload, done) => done(null));
    await app.ready();

    const lost = await app.inject({ method: "GET", url: "/lost" });
    expect(lost.statusCode).toBe(503);
    expect(lost.headers["retry-after"]).toBe("1");
    expect(lost.body).toMatch(/^Service Unavailable\. Request ID: \S+$/);

    const prompt = await app.inject({ method: "GET", url: "/prompt" });
    expect(prompt.statusCode).toBe(200);

    // An upload's body streams at the sender's pace, and an upgrade becomes a socket: no deadline for either.
    const outcomes = await Promise.race([
      Promise.all([
        app.inject({ method: "POST", url: "/lost", headers: { "content-type": "multipart/form-data; boundary=x" }, payload: "--x--" }),
        app.inject({ method: "GET", url: "/lost", headers: { upgrade: "websocket", connection: "upgrade" } }),
      ]).then(() => "answered"),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 600)),
    ]);
    expect(outcomes).toBe("still waiting");
    expect(handled).toBe(3);
    await app.close();
  });
});

describe("liveness and readiness", () => {
  it("answers /livez, /readyz and /healthz while the database answers", async () => {
    for (const url of ["/livez", "/readyz", "/healthz"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
    }
  });

  it("is not ready while draining, though still alive", async () => {
    t.app.draining = true;
    try {
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
      expect((await t.app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it("is not ready while a migration is pending, and says so", async () => {
    const pending = await createTestApp();
    try {
      // The newest migration not applied (as when a new release starts before `migrate` ran).
      await pending.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const response = await pending.app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "migrations pending" });
      // Alive all the same, and /healthz (the database answers) stays as documented.
      expect((await pending.app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
      expect((await pending.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await pending.close();
    }
  });

  it("with the database gone: 503 for /readyz and /healthz, and every error a generic message with the request id, no SQL", async () => {
    const broken = await createTestApp();
    const cookie = await signUp(broken.app).then((u) => u.cookie);
    await broken.database.close();
    try {
      expect((await broken.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "database unreachable" });
      const health = await broken.app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(503);
      expect(health.body).toBe("Service Unavailable");
      const urls = [
        "/api/seers",
        "/trpc/seers.list?input=%7B%22json%22%3A%7B%7D%7D",
        "/api/products",
        "/trpc/account.me",
        "/api/user",
      ];
      // Signed out (account.me needs no database then), and signed in: the session lookup itself meets the outage.
      const cases = [
        ...urls.slice(0, 3).map((url) => ({ url, headers: { "x-request-id": "trace-0123456789" } as Record<string, string> })),
        ...urls.map((url) => ({ url, headers: { "x-request-id": "trace-0123456789", cookie } })),
      ];
      for (const { url, headers } of cases) {
        const response = await broken.app.inject({ method: "GET", url, headers });
        const label = `${url} ${headers.cookie ? "signed in" : "signed out"}`;
        expect(response.statusCode, label).toBe(500);
        expect(response.body, label).toContain("Internal Server Error. Request ID: trace-0123456789");
        expect(response.body.toLowerCase(), label).not.toMatch(/select|from "|pglite|closed|query/);
        expect(response.headers["x-request-id"]).toBe("trace-0123456789");
      }
    } finally {
      await broken.app.close();
    }
  });
});

describe("draining on SIGTERM", () => {
  it("turns /readyz 503 at once, lets an in-flight request finish, refuses new connections, then closes and exits 0", async () => {
    const database = await createTestDatabase();
    const app = Fastify({ forceCloseConnections: "idle" });
    registerOperations(app, database.db);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get("/slow", async () => {
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const exits: number[] = [];
    let databaseClosed = false;
    const drain = drainOnSignals(app, {
      timeoutMs: 10_000,
      after: async () => {
        databaseClosed = true;
        await database.close();
      },
      exit: (code) => exits.push(code),
    });

    const slow = fetch(`${url}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const drained = drain("SIGTERM");
    expect(app.draining).toBe(true);
    // New connections are refused while the slow request runs.
    await expect(fetch(`${url}/livez`, { headers: { connection: "close" } })).rejects.toThrow();
    expect(exits).toEqual([]);
    release();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await drained;
    expect(databaseClosed).toBe(true);
    expect(exits).toEqual([0]);
  });

  it("exits 1 when in-flight requests outlast the timeout", async () => {
    const app = Fastify({ forceCloseConnections: "idle" });
    app.decorate("draining", false);
    app.get("/stuck", () => new Promise(() => {}));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const exits: number[] = [];
    void fetch(`${url}/stuck`).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    void drainOnSignals(app, { timeoutMs: 1000, after: async () => {}, exit: (code) => exits.push(code) })("SIGTERM");
    await expect.poll(() => exits, { timeout: 3000 }).toEqual([1]);
    app.server.closeAllConnections();
  });
});
