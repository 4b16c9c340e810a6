// npm run create-admin as an operator runs it, on a database of its own (docs/deploy.md: the first admin). One run is
// the script itself in a process of its own (its arguments, standard input, output and exit code); the others call
// the same command in this process, which starting Node.js and the TypeScript loader for each made slow.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { passwordCredentials, users } from "../db/schema";
import { verifyPassword } from "../src-server/platform/passwords";
import { createAdmin } from "./lib/create-admin";

const root = fileURLToPath(new URL("..", import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-create-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run create-admin -- ...args` in a process of its own. */
function spawnCreateAdmin(args: string[], input: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The same command in this process, with the environment a spawned one gets and `input` piped to it. */
async function runCreateAdmin(args: string[], env: Record<string, string> = {}, input = "") {
  let output = "";
  const status = await createAdmin({
    args,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
    stdin: Readable.from(input === "" ? [] : [Buffer.from(input)]),
    stdout: { write: (text: string) => (output += text) },
    stderr: { write: (text: string) => (output += text) },
  });
  return { status, output };
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
  it("refuses a missing or invalid e-mail with the usage", async () => {
    expect(await runCreateAdmin([])).toMatchObject({ status: 2, output: expect.stringContaining("Usage: npm run create-admin") });
    expect(await runCreateAdmin(["not-an-email"])).toMatchObject({
      status: 2,
      output: expect.stringContaining("Not a valid e-mail"),
    });
  });

  it("refuses weak passwords, the README's demo passwords among them, and creates nothing", async () => {
    for (const weak of ["short", "password12345", "demo-admin-2026", "boss@example.com-2026"]) {
      const run = await runCreateAdmin(["boss@example.com"], { ADMIN_PASSWORD: weak });
      expect(run.status, weak).toBe(2);
      expect(run.output).toMatch(/at least 12 characters|too easy to guess/);
    }
    expect((await runCreateAdmin(["boss@example.com"], {}, "")).output).toContain("give a password to create the account");
    expect(await adminRow("boss@example.com")).toBeUndefined();
  }, 120_000);

  it("creates an admin with a strong password from standard input, then promotes without changing it", async () => {
    const password = "violet-harbour-tamarind-9-quill";
    // The script as an operator runs it: its own process, the password piped in.
    const created = spawnCreateAdmin(["Boss@Example.com"], `${password}\n`);
    expect(created).toMatchObject({ status: 0, output: expect.stringContaining("Created the admin account boss@example.com") });
    const row = await adminRow("boss@example.com");
    expect(row?.role).toBe("admin");
    expect(await verifyPassword(row?.hash ?? "", password)).toBe(true);

    expect(await runCreateAdmin(["boss@example.com"])).toMatchObject({
      status: 0,
      output: expect.stringContaining("boss@example.com is now an admin."),
    });
    expect(await verifyPassword((await adminRow("boss@example.com"))?.hash ?? "", password)).toBe(true);
  }, 120_000);
});
