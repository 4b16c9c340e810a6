import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { ConfigError, loadConfig } from "./platform/config";
import { createTestApp, signUp, trpcQuery, type TestApp } from "./test/app";
import { createTestDatabase } from "./test/database";

/**
 * SESSION_SECRET (issue #16): required in production; a comma-separated list for rotation, the first signs and every
 * one is accepted; in development, when unset, one is generated per data folder and kept there.
 */
const OLD = "the-old-session-secret-0123456789abcdef";
const NEW = "the-new-session-secret-0123456789abcdef";

describe("SESSION_SECRET in the configuration", () => {
  it("is required in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: os.tmpdir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: os.tmpdir() })).toThrow("SESSION_SECRET is required in production");
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: "  ", DATA_DIR: os.tmpdir() })).toThrow(
      "SESSION_SECRET is required in production",
    );
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: NEW }).sessionSecret).toEqual([NEW]);
  });

  it("is a list for rotation, each secret at least 32 characters, in the order given", () => {
    const config = loadConfig({ NODE_ENV: "production", SESSION_SECRET: `${NEW}, ${OLD}` });
    expect(config.sessionSecret).toEqual([NEW, OLD]);
    expect(config.sessionSecretGenerated).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: `${NEW},short` })).toThrow(/at least 32 characters/);
  });

  it("is generated once per data folder outside production, and kept there", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-secret-"));
    try {
      const first = loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir });
      expect(first.sessionSecretGenerated).toBe(true);
      expect(first.sessionSecret).toHaveLength(1);
      expect(first.sessionSecret[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first.sessionSecret[0]);
      expect(loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir }).sessionSecret).toEqual(first.sessionSecret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("rotating the session secret", () => {
  let database: Database;
  const apps: TestApp[] = [];
  const appWith = async (sessionSecret: string[]) => {
    const t = await createTestApp({ database, sessionSecret });
    apps.push(t);
    return t.app;
  };
  const signedInAs = async (app: TestApp["app"], cookie: string) =>
    JSON.stringify((await trpcQuery(app, "account.me", undefined, cookie)).json());

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database.close();
  });

  it("keeps a session whose cookie was signed with an older secret, and signs new cookies with the first", async () => {
    const before = await appWith([OLD]);
    const { cookie: oldCookie, email } = await signUp(before, { email: "rotated@example.com" });
    expect(await signedInAs(before, oldCookie)).toContain(email);

    // The new secret goes first; the old one stays in the list while its cookies live.
    const rotated = await appWith([NEW, OLD]);
    expect(await signedInAs(rotated, oldCookie)).toContain(email);

    // A cookie made now is signed with the new secret: accepted by an app that knows only the new one, not by one
    // that knows only the old one.
    const { cookie: newCookie, email: newEmail } = await signUp(rotated, { email: "after-rotation@example.com" });
    expect(await signedInAs(rotated, newCookie)).toContain(newEmail);
    expect(await signedInAs(await appWith([NEW]), newCookie)).toContain(newEmail);
    expect(await signedInAs(before, newCookie)).not.toContain(newEmail);

    // Once the old secret is dropped from the list, its cookies no longer sign anyone in.
    expect(await signedInAs(await appWith([NEW]), oldCookie)).not.toContain(email);
  });
});
