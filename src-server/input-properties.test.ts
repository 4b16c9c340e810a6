/**
 * Property-based tests over every procedure's input schema (read from the router, so new procedures are covered):
 * random Unicode with NUL and lone surrogates, huge strings and numbers, wrong types. Whatever arrives, the answer is
 * a success or a 400-class refusal, never a 500. Each procedure is called by a caller its door lets in (its access level
 * in the authorization matrix's table), so that the input reaches its schema instead of stopping at 401 or 403.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser, uniqueSuffix } from "../db/seed/factories";
import { appRouter } from "./modules";
import { PROCEDURE_ACCESS } from "./test/access";
import { createTestApp, signIn, signUp, type TestApp } from "./test/app";

interface ProcedureDef {
  _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] };
}
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

/** The keys of a procedure's zod object input (so that most generated inputs reach its fields), else none. */
function keysOf(def: ProcedureDef): string[] {
  const shape = (def._def.inputs[0] as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Any UTF-16 code unit, so NUL, controls and lone surrogates all occur. */
const nastyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const scalar = fc.oneof(
  nastyText,
  nastyText.map((s) => `${s}\u0000${s}`),
  fc.constantFrom("\uD800", "\uDFFF", "a\uD83D", "\u202E", "'; drop table users; --", "%00", "../../etc/passwd"),
  fc.constantFrom("x".repeat(100_000), "€".repeat(30_000)),
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 1024, -0, 0.1 + 0.2, 2 ** 31, -(2 ** 63)),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyText, scalar, { maxKeys: 3 }) },
);

function inputFor(keys: string[]) {
  const fields = fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
  return fc.oneof({ weight: 4, arbitrary: fields }, { weight: 1, arbitrary: value });
}

let t: TestApp;
const cookies: Record<"client" | "seer" | "admin", string> = { client: "", seer: "", admin: "" };

beforeAll(async () => {
  t = await createTestApp();
  cookies.client = (await signUp(t.app)).cookie;
  for (const role of ["seer", "admin"] as const) {
    const email = `prop-${role}-${uniqueSuffix()}@example.com`.toLowerCase();
    const user = await createUser(t.database.db, { email, role }, { password: "property password 1" });
    if (role === "seer") await createSeer(t.database.db, { userId: user.id });
    cookies[role] = await signIn(t.app, email, "property password 1");
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A caller the procedure's door lets in: admins for admin doors, a Seer for Seer doors and the Seer's dashboard. */
function cookieFor(path: string): string {
  const access = PROCEDURE_ACCESS[path];
  if (!access) throw new Error(`${path} has no access level in src-server/test/access.ts`);
  if (access === "admin") return cookies.admin;
  if (access === "seer" || path.startsWith("seerDashboard.")) return cookies.seer;
  return cookies.client;
}

function call(path: string, type: "query" | "mutation" | "subscription", input: unknown): Promise<LightMyRequestResponse> {
  const cookie = cookieFor(path);
  if (type === "query") {
    return t.app.inject({
      method: "GET",
      url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      headers: { cookie },
    });
  }
  return t.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify({ json: input }),
  });
}

describe("every procedure's input, attacked with random data", () => {
  // Procedures without an input schema take none; those that end the caller's own session or account are left out
  // of the random calls (their schemas still are, through the others' shared fields, and the matrix covers them).
  const withInput = Object.entries(procedures).filter(
    ([path, def]) => def._def.inputs.length > 0 && path !== "account.deleteAccount",
  );

  it("covers the procedures the router has", () => {
    expect(withInput.length).toBeGreaterThan(30);
  });

  it.each(withInput)(
    "%s, called by someone its door lets in, answers 2xx or 4xx, never 5xx",
    { timeout: 120_000 },
    async (path, def) => {
      const keys = keysOf(def);
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(inputFor(keys), async (input) => {
          const response = await call(path, def._def.type, input);
          statuses.add(response.statusCode);
          if (response.statusCode >= 500 || (response.statusCode >= 300 && response.statusCode < 400)) {
            throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
          }
        }),
        { numRuns: 25, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
      );
      // The caller got through the door, so the random inputs reached the schema: never "sign in" nor "forbidden" (a
      // NUL is refused before the door, so a caller stopped there would still see some 400s).
      expect([...statuses].filter((s) => s === 401 || s === 403)).toEqual([]);
    },
  );
});
