import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createBooking, createSeer, createUser } from "../db/seed/factories";
import { bookings, sentEmails } from "../db/schema";
import { buildApp } from "./app";
import { createTestDatabase } from "./test/database";
import { testConfig } from "./test/app";
import { FakeClock, systemClock } from "./platform/clock";
import { createJobQueue, jobDatabaseOf, type JobQueue } from "./platform/jobs";
import { MemoryMailer } from "./platform/mail";
import { drainOnSignals } from "./platform/operations";

const quiet = { warn: () => {}, error: () => {} };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the job queue", () => {
  let jobs: JobQueue;
  const clock = new FakeClock(new Date("2026-11-22T10:00:00Z"));
  const ran: string[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    jobs = createJobQueue(jobDatabaseOf(database), clock, quiet);
    jobs.define<{ label: string }>({ name: "test.record", run: async ({ label }) => void ran.push(label) });
    jobs.define<{ label: string }>({
      name: "test.flaky",
      run: async ({ label }) => {
        if (failuresLeft-- > 0) throw new Error("not yet");
        ran.push(label);
      },
    });
    await jobs.start({ work: false });
  });
  afterAll(() => jobs.stop());

  it("runs a job when it is due by the app's clock, once per key", async () => {
    await jobs.send("test.record", { label: "later" }, { at: new Date(clock.now().getTime() + 3600_000), key: "k1" });
    await jobs.send("test.record", { label: "later-again" }, { at: new Date(clock.now().getTime() + 3600_000), key: "k1" });
    await jobs.send("test.record", { label: "now" });
    await jobs.runDue();
    expect(ran).toEqual(["now"]);
    clock.advance(3600_000);
    await jobs.runDue();
    await jobs.runDue();
    expect(ran).toEqual(["now", "later"]);
  });

  it("stores several jobs in one statement as `send` does each: its due time, once per key, only if the transaction commits", async () => {
    ran.length = 0;
    const inAnHour = new Date(clock.now().getTime() + 3600_000);
    await database.db.transaction(async (tx) => {
      await jobs.sendMany(
        "test.record",
        [
          { data: { label: "many-now" }, key: "m1" },
          { data: { label: "many-later" }, key: "m2", at: inAnHour },
          { data: { label: "many-unkeyed" } },
        ],
        { tx },
      );
    });
    // The same keys again add nothing; a transaction that rolls back stores nothing.
    await jobs.sendMany("test.record", [{ data: { label: "many-now-again" }, key: "m1" }]);
    await database.db
      .transaction(async (tx) => {
        await jobs.sendMany("test.record", [{ data: { label: "many-rolled-back" }, key: "m3" }], { tx });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await jobs.sendMany("test.record", []);
    await expect(jobs.sendMany("test.nobody", [{ data: {} }])).rejects.toThrow("No job named test.nobody");
    await jobs.runDue();
    expect([...ran].sort()).toEqual(["many-now", "many-unkeyed"]);
    clock.advance(3600_000);
    await jobs.runDue();
    expect([...ran].sort()).toEqual(["many-later", "many-now", "many-unkeyed"]);
    ran.length = 0;
  });

  it("withdraws a keyed job that has not run", async () => {
    await jobs.send("test.record", { label: "withdrawn" }, { at: new Date(clock.now().getTime() + 60_000), key: "k2" });
    await jobs.cancel("test.record", "k2");
    clock.advance(120_000);
    await jobs.runDue();
    expect(ran).not.toContain("withdrawn");
  });

  it("retries a failed job", async () => {
    await jobs.send("test.flaky", { label: "flaky" });
    await jobs.runDue();
    expect(ran).not.toContain("flaky");
    await jobs.runDue({ retries: true });
    expect(ran).toContain("flaky");
  });
});

describe("a job across a restart", () => {
  it("sends a reminder due while the server was down exactly once after it starts again", async () => {
    const seerUser = await createUser(database.db, { role: "seer", email: "restart-seer@example.com" });
    const seer = await createSeer(database.db, { userId: seerUser.id });
    const clientUser = await createUser(database.db, { email: "restart-client@example.com" });
    // Starts in 24 hours and 3 seconds: the reminder falls due 3 seconds from now, real time.
    const startsAt = new Date(Date.now() + 24 * 3600_000 + 3000);
    const booking = await createBooking(database.db, {
      clientId: clientUser.id,
      seerId: seer.id,
      startsAt,
      status: "confirmed",
      confirmedAt: new Date(Date.now() - 7 * 24 * 3600_000),
    });
    const uploadDir = mkdtempSync(path.join(os.tmpdir(), "seer-restart-"));
    const start = async (mailer: MemoryMailer, runJobs: boolean) =>
      buildApp({
        config: { ...testConfig, uploadDir },
        db: database.db,
        mailer,
        clock: systemClock,
        clientDir: "/nonexistent",
        jobDatabase: jobDatabaseOf(database),
        runJobs,
        logger: process.env.DEBUG_JOBS ? { level: "debug" } : false,
      });
    try {
      const first = await start(new MemoryMailer(), false);
      await first.services.bookings.scheduleReminder({ id: booking.id, startsAt, confirmedAt: booking.confirmedAt });
      await first.close();

      await new Promise((resolve) => setTimeout(resolve, 4000));
      const mailer = new MemoryMailer();
      const second = await start(mailer, true);
      const reminders = () => mailer.sent.filter((m) => m.subject.startsWith("Reminder:"));
      for (let waited = 0; reminders().length < 2 && waited < 30_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
      await second.close();
      expect(
        reminders()
          .map((m) => m.to)
          .sort(),
      ).toEqual(["restart-client@example.com", "restart-seer@example.com"]);

      // A third start finds nothing left to send.
      const thirdMailer = new MemoryMailer();
      const third = await start(thirdMailer, true);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await third.close();
      expect(thirdMailer.sent).toHaveLength(0);
      const keys = await database.db
        .select()
        .from(sentEmails)
        .where(like(sentEmails.key, `booking-reminder:${booking.id}:%`));
      expect(keys).toHaveLength(2);
      expect((await database.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.status).toBe("confirmed");
    } finally {
      rmSync(uploadDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("draining", () => {
  it("stops this instance's job workers when the app drains: a job sent afterwards waits for another instance", async () => {
    const uploadDir = mkdtempSync(path.join(os.tmpdir(), "seer-drain-"));
    const mailer = new MemoryMailer();
    const app = await buildApp({
      config: { ...testConfig, uploadDir },
      db: database.db,
      mailer,
      clock: systemClock,
      clientDir: "/nonexistent",
      jobDatabase: jobDatabaseOf(database),
      runJobs: true,
      logger: false,
    });
    // Another process that only sends (as a second instance's request would).
    const sender = createJobQueue(jobDatabaseOf(database), systemClock, quiet);
    sender.define({ name: "mail.send", run: async () => {} });
    await sender.start({ work: false });
    const mail = (label: string) =>
      sender.send(
        "mail.send",
        { key: `drain-test:${label}`, message: { to: `${label}@example.com`, subject: label, text: label } },
        { key: `drain-test:${label}` },
      );
    const sentTo = () => mailer.sent.map((m) => m.to);
    try {
      // Working: a job sent now is run by this app.
      await mail("before");
      await expect.poll(sentTo, { timeout: 15_000, interval: 100 }).toContain("before@example.com");

      const exits: number[] = [];
      await drainOnSignals(app, { graceMs: 0, timeoutMs: 15_000, after: async () => {}, exit: (code) => void exits.push(code) })(
        "SIGTERM",
      );
      expect(exits).toEqual([0]);

      // Drained: a job sent now stays queued, taken by nobody here (workers poll every 2 s).
      await mail("after");
      await new Promise((r) => setTimeout(r, 5000));
      expect(sentTo()).not.toContain("after@example.com");
      expect(await sender.runDue()).toBeGreaterThanOrEqual(1); // still there, for whoever works the queue next
    } finally {
      await sender.stop();
      rmSync(uploadDir, { recursive: true, force: true });
    }
  }, 60_000);
});
