import { jobDatabaseOf } from "./platform/jobs";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "./app";
import { MemoryMailer } from "./platform/mail";
import { NUL_REFUSED } from "./platform/trpc/errors";
import { createTestApp, mailedToken, signUp, testConfig, trpcError, trpcMutation, trpcQuery, type TestApp } from "./test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("server hygiene", () => {
  it("answers /healthz after checking the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("sends security headers, with a CSP that admits no Stripe.js when Stripe is not configured", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("js.stripe.com");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("gives a clear JSON 404 for unknown /api and /trpc paths", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: "Not Found", message: "No such endpoint: GET /api/nothing-here" });
    // Unknown procedures are answered by tRPC itself, as JSON.
    const trpc = await t.app.inject({ method: "GET", url: "/trpc/nothing.here" });
    expect(trpc.statusCode).toBe(404);
    expect(trpc.headers["content-type"]).toContain("application/json");
    expect(trpc.body).toContain("No procedure found on path");
  });

  it("refuses state-changing requests from another origin and changes nothing", async () => {
    const input = { email: "cross@example.com", password: "long enough pw", firstName: "A", lastName: "B" };
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: { "content-type": "application/json", origin: "https://evil.example", host: "localhost:3000" },
      payload: JSON.stringify({ json: input }),
    });
    expect(crossSite.statusCode).toBe(403);
    const fetchMeta = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      payload: JSON.stringify({ json: input }),
    });
    expect(fetchMeta.statusCode).toBe(403);
    // The same e-mail is still free: the refused requests created nothing.
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        host: "localhost:3000",
        "sec-fetch-site": "same-origin",
      },
      payload: JSON.stringify({ json: input }),
    });
    expect(sameOrigin.statusCode).toBe(200);
    // A new account's confirmation link, not the "you already have an account" e-mail.
    expect(mailedToken(t.app, "cross@example.com", "/verify-email")).toBeTruthy();
    expect(t.mailer.sent.filter((m) => m.to === "cross@example.com")).toHaveLength(1);
  });

  it("refuses bodies over the size limit with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signIn",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ json: { email: "a@b.co", password: "x".repeat(1_100_000) } }),
    });
    expect(response.statusCode).toBe(413);
  });

  it("answers the cart query for a signed-in user and refuses visitors with 401", async () => {
    const { cookie } = await signUp(t.app);
    const signedIn = await t.app.inject({ method: "GET", url: "/trpc/cart.list", headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().result.data.json).toEqual([]);
    const visitor = await t.app.inject({ method: "GET", url: "/trpc/cart.list" });
    expect(visitor.statusCode).toBe(401);
  });
});

describe("request bodies", () => {
  it("treats an empty JSON body as no body and refuses malformed JSON with 400", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/logout-nothing",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(404); // reached routing: the empty body was not an error
    const bad = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signIn",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("errors never leak their detail", () => {
  it("refuses a NUL character in any text input with 400, by tRPC and REST alike, and touches no SQL", async () => {
    const trpc = await trpcQuery(t.app, "articles.bySlug", { slug: "abc\u0000def" });
    expect(trpc.statusCode).toBe(400);
    expect(trpcError(trpc).message).toBe(NUL_REFUSED);
    const nested = await trpcMutation(t.app, "account.signIn", { email: "a@b.co", password: "pass\u0000word" });
    expect(nested.statusCode).toBe(400);
    const rest = await t.app.inject({ method: "GET", url: "/api/articles/abc%00def" });
    expect(rest.statusCode).toBe(400);
    expect(rest.body).toBe(NUL_REFUSED);
  });

  it("answers an unexpected error with a generic message and the request id, and logs the detail", async () => {
    const leaky = new Error('Failed query: select "password_hash" from "password_credentials" params: secret');
    const spy = vi.spyOn(t.app.services.shop, "categories").mockRejectedValue(leaky);
    try {
      const trpc = await trpcQuery(t.app, "shop.categories");
      expect(trpc.statusCode).toBe(500);
      const message = trpcError(trpc).message;
      expect(message).toMatch(/^Internal Server Error\. Request ID: [0-9a-f-]{36}$/);
      expect(trpc.body).not.toContain("password");
      const rest = await t.app.inject({ method: "GET", url: "/api/categories" });
      expect(rest.statusCode).toBe(500);
      expect(rest.body).toMatch(/^Internal Server Error\. Request ID: [0-9a-f-]{36}$/);
      expect(rest.body).not.toContain("password");
      expect(rest.body).not.toBe(message);
    } finally {
      spy.mockRestore();
    }
  });

  it("does the same in production", async () => {
    const logged: string[] = [];
    const production = await createTestApp({ env: "production", logStream: { write: (line: string) => void logged.push(line) } });
    const spy = vi.spyOn(production.app.services.shop, "categories").mockRejectedValue(new Error("select secret_sql"));
    try {
      const trpc = await trpcQuery(production.app, "shop.categories");
      expect(trpc.statusCode).toBe(500);
      const id = /Request ID: (\S+)$/.exec(trpcError(trpc).message)?.[1];
      expect(id).toBeDefined();
      expect(trpc.body).not.toContain("secret_sql");
      // The detail is in the server's log, under the same request id.
      expect(logged.some((line) => line.includes("secret_sql") && line.includes(String(id)))).toBe(true);
    } finally {
      spy.mockRestore();
      await production.close();
    }
  });
});

describe("the built client", () => {
  it("never serves source maps in production", async () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), "seer-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Seer</title>");
    writeFileSync(path.join(clientDir, "assets", "app.js"), "console.log(1)");
    writeFileSync(path.join(clientDir, "assets", "app.js.map"), '{"sources":["secret.ts"]}');
    const serve = async (env: "production" | "test") => {
      const app = await buildApp({
        config: { ...testConfig, env, uploadDir: clientDir },
        db: t.database.db,
        mailer: new MemoryMailer(),
        clientDir,
        jobDatabase: jobDatabaseOf(t.database),
      });
      try {
        const map = await app.inject({ method: "GET", url: "/assets/app.js.map" });
        const js = await app.inject({ method: "GET", url: "/assets/app.js" });
        return { map: map.body, js: js.statusCode };
      } finally {
        await app.close();
      }
    };
    try {
      const production = await serve("production");
      expect(production.js).toBe(200);
      expect(production.map).not.toContain("secret.ts");
      expect((await serve("test")).map).toContain("secret.ts");
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
