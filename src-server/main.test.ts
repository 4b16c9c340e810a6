// Starts the real entry point (src-server/main.ts) in production mode, as an operator would, on an empty database:
// PostgreSQL when TEST_DATABASE_URL is set, else a fresh embedded one (docs/decisions.md: no known accounts).
// It runs compiled, as `npm start` runs it (dist/server/main.js, built here by the build's own step into a folder of
// this file's): Node.js then loads one file instead of the TypeScript loader's hundreds, half the time of each start.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { demoAccounts } from "../db/seed";
import { buildServer } from "../scripts/lib/build-server";
import { startApp, type RunningApp } from "../scripts/lib/serve";
import { withDatabase } from "./test/global-setup";

const admin = demoAccounts.find((a) => a.role === "admin");
if (!admin) throw new Error("no demo admin");

/** The compiled server: inside the repository (dist/ is not committed), where its imports find node_modules. */
let server = "";
beforeAll(async () => {
  const dist = fileURLToPath(new URL("../dist", import.meta.url));
  mkdirSync(dist, { recursive: true });
  const folder = mkdtempSync(path.join(dist, "main-test-"));
  server = path.join(folder, "main.js");
  await buildServer(server);
  return () => rmSync(folder, { recursive: true, force: true });
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database of its own: a new PostgreSQL database (not the migrated template), or a new PGlite folder. */
async function emptyDatabase(): Promise<Record<string, string>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return {};
  const name = `seer_test_${process.pid}_prod_${Math.random().toString(36).slice(2, 8)}`;
  const server = postgres(base, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await server.unsafe(`drop database if exists ${name} with (force)`);
    await server.end();
  });
  return { DATABASE_URL: withDatabase(base, name) };
}

/** `npm start` in production on an empty database; the data folder outlives the process, to be read after stop. */
async function startProduction(extraEnv: Record<string, string>): Promise<RunningApp & { databaseEnv: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-prod-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const databaseEnv = { DATA_DIR: dataDir, ...(await emptyDatabase()) };
  const app = await startApp(
    {
      NODE_ENV: "production",
      SESSION_SECRET: "a-test-secret-that-is-long-enough-0123456789",
      SEED_DEMO: "",
      ...databaseEnv,
      ...extraEnv,
    },
    { dataDir, compiled: server },
  );
  cleanups.push(() => app.stop());
  return { ...app, databaseEnv };
}

async function signIn(url: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${url}/trpc/account.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ json: { email, password } }),
  });
  return response.status;
}

async function countUsers(databaseEnv: Record<string, string>): Promise<number> {
  const database = await openDatabase(
    databaseEnv.DATABASE_URL
      ? { url: databaseEnv.DATABASE_URL, maxConnections: 1 }
      : { dataDir: path.join(databaseEnv.DATA_DIR ?? "", "pglite") },
  );
  try {
    return await database.db.$count(users);
  } finally {
    await database.close();
  }
}

describe("production start on an empty database", () => {
  it("seeds nothing without SEED_DEMO: no users, no demo accounts printed, the README's admin refused", async () => {
    const started = await startProduction({});
    expect(await signIn(started.baseURL, admin.email, admin.password)).toBe(401);
    expect(started.output()).not.toContain(admin.password);
    expect(started.output()).not.toContain("Demo accounts");
    await started.stop();
    expect(await countUsers(started.databaseEnv)).toBe(0);
  }, 180_000);

  it("with SEED_DEMO=true gives the demo accounts random passwords, printed once, and says so loudly", async () => {
    const started = await startProduction({ SEED_DEMO: "true" });
    const output = started.output();
    expect(output).toContain("DEMO DATA IS PRESENT IN THIS PRODUCTION DATABASE");
    expect(output).not.toContain(admin.password);
    const printed = new RegExp(`admin\\s+${admin.email.replace(".", "\\.")}\\s+password: (\\S+)`).exec(output)?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await signIn(started.baseURL, admin.email, admin.password)).toBe(401);
    expect(await signIn(started.baseURL, admin.email, printed ?? "")).toBe(200);
    await started.stop();
    expect(await countUsers(started.databaseEnv)).toBeGreaterThan(3);
  }, 180_000);
});

describe("the session secret at start", () => {
  it("refuses to start in production without SESSION_SECRET, saying why", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-prod-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await expect(
      startApp({ NODE_ENV: "production", SESSION_SECRET: "", SEED_DEMO: "" }, { dataDir, compiled: server }),
    ).rejects.toThrow(/exited early[\s\S]*SESSION_SECRET is required in production/);
  }, 60_000);

  it("in development without SESSION_SECRET generates one for its data folder and says so in its log", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-dev-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const app = await startApp(
      { NODE_ENV: "development", SESSION_SECRET: "", SEED_DEMO: "false", LOG_LEVEL: "info", ...(await emptyDatabase()) },
      { dataDir, compiled: server },
    );
    cleanups.push(() => app.stop());
    // The log line is written by the logger's own stream, which may reach the output after the ready line.
    await expect
      .poll(() => app.output(), { timeout: 10_000 })
      .toContain("SESSION_SECRET is not set: using the secret generated for this data folder (development only)");
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toMatch(/^[0-9a-f]{64}$/);
  }, 180_000);
});
