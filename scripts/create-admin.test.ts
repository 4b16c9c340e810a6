// npm run create-admin as an operator runs it, on a database of its own (docs/deploy.md: the first admin).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { passwordCredentials, users } from "../db/schema";
import { verifyPassword } from "../src-server/platform/passwords";

const root = fileURLToPath(new URL("..", import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-create-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(args: string[], env: Record<string, string> = {}, input = "") {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function adminRow(email: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    const [row] = await database.db
      .select({ role: users.role, hash: passwordCredentials.passwordHash })
      .from(users)
      .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(eq(users.email, email));
    return row;
  } finally {
    await database.close();
  }
}

describe("npm run create-admin", () => {
  it("refuses a missing or invalid e-mail with the usage", () => {
    expect(createAdmin([])).toMatchObject({ status: 2, output: expect.stringContaining("Usage: npm run create-admin") });
    expect(createAdmin(["not-an-email"])).toMatchObject({ status: 2, output: expect.stringContaining("Not a valid e-mail") });
  });

  it("refuses weak passwords, the README's demo passwords among them, and creates nothing", async () => {
    for (const weak of ["short", "password12345", "demo-admin-2026", "boss@example.com-2026"]) {
      const run = createAdmin(["boss@example.com"], { ADMIN_PASSWORD: weak });
      expect(run.status, weak).toBe(2);
      expect(run.output).toMatch(/at least 12 characters|too easy to guess/);
    }
    expect(createAdmin(["boss@example.com"], {}, "").output).toContain("give a password to create the account");
    expect(await adminRow("boss@example.com")).toBeUndefined();
  }, 120_000);

  it("creates an admin with a strong password from standard input, then promotes without changing it", async () => {
    const password = "violet-harbour-tamarind-9-quill";
    const created = createAdmin(["Boss@Example.com"], {}, `${password}\n`);
    expect(created).toMatchObject({ status: 0, output: expect.stringContaining("Created the admin account boss@example.com") });
    const row = await adminRow("boss@example.com");
    expect(row?.role).toBe("admin");
    expect(await verifyPassword(row?.hash ?? "", password)).toBe(true);

    expect(createAdmin(["boss@example.com"]).output).toContain("boss@example.com is now an admin.");
    expect(await verifyPassword((await adminRow("boss@example.com"))?.hash ?? "", password)).toBe(true);
  }, 120_000);
});
