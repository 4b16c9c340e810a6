import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, signUp, type TestApp } from "../test/app";
import { createTestDatabase } from "../test/database";
import { loadConfig } from "./config";
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
        app.inject({
          method: "POST",
          url: "/lost",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          payload: "--x--",
        }),
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
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** One GET on its own connection (or on `agent`'s), with the status, the Connection header and the body. */
  function get(url: string, agent: http.Agent | false = false) {
    return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        })
        .on("error", reject);
    });
  }

  /** An app configured as app.ts configures it, with operations and a /slow route that answers when released. */
  async function listening() {
    const app = Fastify({ forceCloseConnections: "idle", return503OnClosing: false });
    registerOperations(app, database.db);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => {};
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get("/slow", async () => {
      arrived();
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return { app, url, release, slowArrived };
  }

  it("answers /readyz 503 at once, serves through the grace with Connection: close, then stops taking connections, finishes in flight and exits 0", async () => {
    const { app, url, release, slowArrived } = await listening();
    const keepAlive = new http.Agent({ keepAlive: true });
    const events: string[] = [];
    app.onDrain(() => events.push("drain began"));
    let endGrace: () => void = () => {};
    const grace = new Promise<void>((resolve) => (endGrace = resolve));
    const graces: number[] = [];
    const exits: number[] = [];
    const drain = drainOnSignals(app, {
      graceMs: 15_000,
      timeoutMs: 10_000,
      wait: (ms) => {
        graces.push(ms);
        return grace;
      },
      after: async () => void events.push("after"),
      exit: (code) => void exits.push(code),
    });
    try {
      // Before: a kept-alive connection stays open.
      expect(await get(`${url}/readyz`, keepAlive)).toMatchObject({ status: 200, connection: "keep-alive" });

      const drained = drain("SIGTERM");
      expect(app.draining).toBe(true);
      expect(events).toEqual(["drain began"]);
      expect(graces).toEqual([15_000]);
      // During the grace: not ready, but still serving, on the kept-alive connection and on new ones, and every
      // answer sends its connection away.
      expect(await get(`${url}/readyz`, keepAlive)).toMatchObject({ status: 503, connection: "close" });
      expect(JSON.parse((await get(`${url}/readyz`)).body)).toEqual({ status: "draining" });
      expect(await get(`${url}/livez`)).toMatchObject({ status: 200, connection: "close" });
      const slow = get(`${url}/slow`);
      await slowArrived;
      expect(app.server.listening).toBe(true);
      expect(exits).toEqual([]);

      // Grace over: no new connection, the request in flight finishes, then `after`, then exit 0.
      endGrace();
      await expect.poll(() => app.server.listening).toBe(false);
      await expect(get(`${url}/livez`)).rejects.toThrow(/ECONNREFUSED/);
      expect(exits).toEqual([]);
      release();
      expect(await slow).toMatchObject({ status: 200, connection: "close", body: JSON.stringify({ done: true }) });
      await drained;
      expect(events).toEqual(["drain began", "after"]);
      expect(exits).toEqual([0]);
    } finally {
      keepAlive.destroy();
      release();
      await app.close();
    }
  });

  it("waits DRAIN_GRACE_MS on its own timer before closing; a second signal ends the grace at once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const app = Fastify();
      registerOperations(app, database.db);
      await app.ready();
      const exits: number[] = [];
      const drained = drainOnSignals(app, {
        graceMs: 15_000,
        timeoutMs: 10_000,
        after: async () => {},
        exit: (c) => void exits.push(c),
      })("SIGTERM");
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(503);
      await vi.advanceTimersByTimeAsync(14_999);
      expect(exits).toEqual([]);
      expect((await app.inject({ url: "/livez" })).headers.connection).toBe("close");
      await vi.advanceTimersByTimeAsync(1);
      await drained;
      expect(exits).toEqual([0]);

      const impatient = Fastify();
      registerOperations(impatient, database.db);
      await impatient.ready();
      const exited: number[] = [];
      const drain = drainOnSignals(impatient, {
        graceMs: 15_000,
        timeoutMs: 10_000,
        after: async () => {},
        exit: (c) => void exited.push(c),
      });
      const first = drain("SIGTERM");
      await drain("SIGINT");
      await first;
      expect(exited).toEqual([0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("exits 1 when in-flight requests outlast the timeout", async () => {
    const app = Fastify({ forceCloseConnections: "idle" });
    app.decorate("draining", false);
    let arrived: () => void = () => {};
    const stuckArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get("/stuck", () => {
      arrived();
      return new Promise(() => {});
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const exits: number[] = [];
    void fetch(`${url}/stuck`).catch(() => undefined);
    await stuckArrived;
    void drainOnSignals(app, { graceMs: 0, timeoutMs: 1000, after: async () => {}, exit: (code) => exits.push(code) })("SIGTERM");
    await expect.poll(() => exits, { timeout: 3000 }).toEqual([1]);
    app.server.closeAllConnections();
  });

  it("takes DRAIN_GRACE_MS from the environment: 15 s by default in production, none in development", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: secret }).drainGraceMs).toBe(15_000);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: secret, DRAIN_GRACE_MS: "600" }).drainGraceMs).toBe(600);
    expect(loadConfig({ NODE_ENV: "development", SESSION_SECRET: secret }).drainGraceMs).toBe(0);
    expect(() => loadConfig({ SESSION_SECRET: secret, DRAIN_GRACE_MS: "-1" })).toThrow(/DRAIN_GRACE_MS/);
  });
});
