import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createBooking, createSeer, createUser } from "../db/seed/factories";
import { startApp, type RunningApp } from "../scripts/lib/serve";
import { openPage, signIn } from "./support";

const WAIT = { timeout: 30_000 };
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * Issue #43: a client and a Seer write to each other before their session, each in a browser of their own (the Seer
 * on a 360 px phone), and each sees the other's message and the unread count change without reloading. An app of its
 * own, as e2e/schedule.e2e.ts has, so that no other journey sees these messages.
 */
describe("a booking's conversation", () => {
  const seerAccount = { email: "e2e-messages-seer@example.com", password: "a long e2e seer password" };
  const clientAccount = { email: "e2e-messages-client@example.com", password: "a long e2e password" };
  let app: RunningApp | undefined;
  let dataDir = "";
  let bookingId = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-e2e-messages-"));
    await (await startApp({}, { dataDir, timeoutMs: 120_000, compiled: true })).stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const db = database.db;
      const user = await createUser(
        db,
        { email: seerAccount.email, firstName: "Abena", lastName: "Darko", role: "seer" },
        { password: seerAccount.password },
      );
      const seer = await createSeer(db, { userId: user.id, fullName: "Abena Darko", timezone: "UTC" });
      const client = await createUser(
        db,
        { email: clientAccount.email, firstName: "Yaw", lastName: "Asante" },
        { password: clientAccount.password },
      );
      bookingId = (
        await createBooking(db, {
          clientId: client.id,
          seerId: seer.id,
          status: "confirmed",
          sessionType: "60min",
          scheduledDate: tomorrow(),
          scheduledTime: "10:00",
          confirmedAt: new Date(),
        })
      ).id;
    } finally {
      await database.close();
    }
    app = await startApp({}, { dataDir, timeoutMs: 120_000, compiled: true });
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("client and Seer exchange messages live, with unread counts, and the thread fits a 360 px phone", async () => {
    const client = await openPage({ baseURL: app?.baseURL });
    const seer = await openPage({ baseURL: app?.baseURL, phone: true });
    await signIn(client, clientAccount, `/messages/${bookingId}`);
    await signIn(seer, seerAccount, "/messages");

    // The Seer's inbox lists the conversation, nothing unread yet.
    await seer.getByRole("link", { name: "Yaw Asante" }).waitFor(WAIT);
    await seer.getByRole("link", { name: "Messages", exact: true }).waitFor(WAIT);

    // The client writes; the Seer's header badge counts it without a reload.
    await client.getByRole("heading", { name: "Messages with Abena Darko" }).waitFor(WAIT);
    await client.getByRole("textbox", { name: "Message" }).fill("Could the reading address my new job?");
    await client.getByRole("button", { name: "Send" }).click();
    await client.getByRole("log", { name: "Messages" }).getByText("Could the reading address my new job?").waitFor(WAIT);
    await expect.poll(() => client.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");
    await seer.getByRole("link", { name: "Messages, 1 unread" }).waitFor(WAIT);
    await seer.getByTestId("inbox-entry").getByLabel("1 unread").waitFor(WAIT);

    // The Seer opens it: read, the badge goes; and answers, which reaches the client's open thread live.
    await seer.getByRole("link", { name: "Yaw Asante" }).click();
    await seer.getByRole("log", { name: "Messages" }).getByText("Could the reading address my new job?").waitFor(WAIT);
    await seer.getByRole("link", { name: "Messages", exact: true }).waitFor(WAIT);
    await seer.getByRole("textbox", { name: "Message" }).fill("Yes. Please tell me your date of birth.");
    await seer.getByRole("button", { name: "Send" }).click();
    await client.getByRole("log", { name: "Messages" }).getByText("Yes. Please tell me your date of birth.").waitFor(WAIT);
    const outside = await seer.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > 360)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(outside).toEqual([]);
    expect(await seer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Kept: a reload shows both, in order.
    await client.reload();
    await client.getByRole("log", { name: "Messages" }).getByText("Yes. Please tell me your date of birth.").waitFor(WAIT);
    expect(await client.getByTestId("thread-message").allInnerTexts()).toHaveLength(2);
    expect(client.consoleErrors).toEqual([]);
    expect(seer.consoleErrors).toEqual([]);
  });
});
