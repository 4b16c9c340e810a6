import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMailer } from "./mail";

describe("the outbox (no SMTP configured)", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps two mails with one subject sent in the same millisecond as two files, oldest first by name", async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), "seer-outbox-"));
    dirs.push(outboxDir);
    const mailer = createMailer({ smtpUrl: undefined, from: "Seer <hello@seer.test>", outboxDir });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T10:00:00.123Z"));
    await Promise.all([
      mailer.send({ to: "ama@example.com", subject: "Your booking is confirmed", text: "first" }),
      mailer.send({ to: "kofi@example.com", subject: "Your booking is confirmed", text: "second" }),
    ]);
    vi.setSystemTime(new Date("2026-11-27T10:00:01.000Z"));
    await mailer.send({ to: "ama@example.com", subject: "A later mail", text: "third" });

    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(3);
    expect(files.every((f) => f.startsWith("2026-11-27T10-00-0") && f.endsWith(".eml"))).toBe(true);
    expect(files[2]).toContain("a-later-mail");
    const bodies = files.map((f) => readFileSync(path.join(outboxDir, f), "utf8"));
    expect(bodies.filter((b) => b.includes("To: ama@example.com"))).toHaveLength(2);
    expect(bodies.filter((b) => b.includes("To: kofi@example.com"))).toHaveLength(1);
  });
});
