import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createBooking, createSeer, createUser } from "../db/seed/factories";
import { startApp, type RunningApp } from "../scripts/lib/serve";
import { openPage, signIn } from "./support";

const WAIT = { timeout: 30_000 };
const DAY = 86_400_000;

/** The next weekday after `from` (UTC, the page's Africa/Accra and the Seer's timezone). */
function nextWeekday(from: Date): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);
/** Mantine's day label, "23 November 2026". */
const label = (d: Date) => `${d.getUTCDate()} ${d.toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${d.getUTCFullYear()}`;

/** Clicks a day of the calendar inside `scope`, going to the next month when the day is there. */
async function pickDay(scope: ReturnType<Page["locator"]>, day: Date): Promise<void> {
  const button = scope.getByRole("button", { name: label(day), exact: true });
  if ((await button.count()) === 0) await scope.locator('[data-direction="next"]').first().click();
  await button.click();
}

const slots = (page: Page) => page.getByRole("group", { name: "Time slots" });

/** "enabled", "disabled" or "absent": what the wizard shows of the slot `time` for the day picked. */
async function slotState(page: Page, time: string): Promise<string> {
  const slot = slots(page).getByRole("button", { name: time, exact: true });
  if ((await slot.count()) === 0) return "absent";
  return (await slot.isDisabled()) ? "disabled" : "enabled";
}

/**
 * The booking wizard opened afresh on `day` (the address keeps the date, as a reload would), once the server has
 * answered for it: a fresh page asks the server again, where the same page would show what it read before.
 */
async function wizardDay(page: Page, seerId: string, day: Date): Promise<void> {
  const answer = page.waitForResponse((r) => r.url().includes("bookings.takenSlots") && r.url().includes(iso(day)), WAIT);
  await page.goto(`/book/${seerId}?session=60min&date=${iso(day)}`);
  expect((await answer).status()).toBe(200);
  await page.getByRole("heading", { name: "Select a Date" }).waitFor(WAIT);
}

const toast = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).count(), WAIT).toBeGreaterThan(0);

/**
 * A Seer of its own (weekdays 09:00-17:00 UTC, no rules yet) with one confirmed 60-minute session on the next weekday
 * at 10:00, written into the database of an app of its own as the seed does (the app starts once to migrate its fresh
 * data folder, stops, the rows are written, and it starts again): no other journey sees this Seer's rules change.
 */
describe("a Seer's time off and buffer", () => {
  const seerAccount = { email: "e2e-schedule-seer@example.com", password: "a long e2e seer password" };
  const clientAccount = { email: "e2e-schedule-client@example.com", password: "a long e2e password" };
  const booked = nextWeekday(new Date());
  const off = nextWeekday(booked);
  // A second day of time off when it follows on a weekday; else the range is the one day.
  const offEnd = new Date(off.getTime() + DAY).getUTCDay() === 6 ? off : new Date(off.getTime() + DAY);
  let app: RunningApp | undefined;
  let dataDir = "";
  let seerId = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-e2e-schedule-"));
    await (await startApp({}, { dataDir, timeoutMs: 120_000, compiled: true })).stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const db = database.db;
      const user = await createUser(
        db,
        { email: seerAccount.email, firstName: "Abena", lastName: "Darko", role: "seer" },
        { password: seerAccount.password },
      );
      const hours = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];
      const seer = await createSeer(db, {
        userId: user.id,
        fullName: "Abena Darko",
        timezone: "UTC",
        availability: { "1": hours, "2": hours, "3": hours, "4": hours, "5": hours },
      });
      seerId = seer.id;
      const client = await createUser(
        db,
        { email: clientAccount.email, firstName: "Yaw", lastName: "Asante" },
        { password: clientAccount.password },
      );
      await createBooking(db, {
        clientId: client.id,
        seerId,
        status: "confirmed",
        sessionType: "60min",
        amount: "80.00",
        scheduledDate: iso(booked),
        scheduledTime: "10:00",
        confirmedAt: new Date(),
      });
    } finally {
      await database.close();
    }
    app = await startApp({}, { dataDir, timeoutMs: 120_000, compiled: true });
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a 15-minute buffer after each session closes the slot after the booking; time off empties its days until removed", async () => {
    const client = await openPage({ baseURL: app?.baseURL });
    await signIn(client, clientAccount, `/book/${seerId}?session=60min`);

    // Before any rule: the hour after the booked session is free, and the time-off day has its times.
    const first = client.waitForResponse((r) => r.url().includes("bookings.takenSlots") && r.url().includes(iso(booked)), WAIT);
    await client.getByRole("heading", { name: "Select a Date" }).waitFor(WAIT);
    await pickDay(client.locator("body"), booked);
    expect((await first).status()).toBe(200);
    await expect.poll(() => slotState(client, "10:00"), WAIT).toBe("disabled");
    await expect.poll(() => slotState(client, "11:00"), WAIT).toBe("enabled");
    await wizardDay(client, seerId, off);
    await expect.poll(() => slotState(client, "11:00"), WAIT).toBe("enabled");

    const seer = await openPage({ baseURL: app?.baseURL });
    await signIn(seer, seerAccount, "/seer/dashboard");
    await seer.getByRole("tab", { name: "Availability" }).click();
    await seer.getByRole("heading", { name: "Scheduling Rules" }).waitFor(WAIT);
    await seer.getByRole("combobox", { name: "Buffer after each session" }).selectOption({ label: "15 minutes" });
    await seer.getByRole("button", { name: "Save Rules" }).click();
    await toast(seer, "Rules saved");

    const card = seer.locator(".mantine-Card-root").filter({ has: seer.getByRole("heading", { name: "Time Off and Date Overrides" }) });
    await card.getByText("Time off", { exact: true }).click();
    await pickDay(card, off);
    if (iso(offEnd) !== iso(off)) await pickDay(card, offEnd);
    await card.getByRole("button", { name: "Add Time Off" }).click();
    await toast(seer, "Date added");
    const listed = card.getByRole("listitem").filter({ hasText: "Time off" });
    await expect.poll(() => listed.count(), WAIT).toBe(1);
    expect(seer.consoleErrors).toEqual([]);

    // The client, afresh: the hour after the session is gone, the hour after that is not; the time off has no times.
    await wizardDay(client, seerId, booked);
    await expect.poll(() => slotState(client, "11:00"), WAIT).not.toBe("enabled");
    await expect.poll(() => slotState(client, "12:00"), WAIT).toBe("enabled");
    for (const day of iso(offEnd) === iso(off) ? [off] : [off, offEnd]) {
      await wizardDay(client, seerId, day);
      await expect
        .poll(() => client.getByText("The Seer is not available on this day. Please choose another date.").isVisible(), WAIT)
        .toBe(true);
      expect(await slots(client).getByRole("button").count()).toBe(0);
    }

    // Removing the time off brings the times back.
    await listed.getByRole("button", { name: /^Remove / }).click();
    await toast(seer, "Date removed");
    await expect.poll(() => listed.count(), WAIT).toBe(0);
    await wizardDay(client, seerId, off);
    await expect.poll(() => slotState(client, "11:00"), WAIT).toBe("enabled");
    expect(seer.consoleErrors).toEqual([]);
    expect(client.consoleErrors).toEqual([]);
  });

  it("both cards fit a 360 px phone", async () => {
    const seer = await openPage({ baseURL: app?.baseURL, phone: true });
    await signIn(seer, seerAccount, "/seer/dashboard");
    await seer.getByRole("tab", { name: "Availability" }).click();
    await seer.getByRole("heading", { name: "Time Off and Date Overrides" }).waitFor(WAIT);
    await seer.getByRole("heading", { name: "Scheduling Rules" }).waitFor(WAIT);
    // Nothing of the two cards reaches past the screen's edge.
    for (const heading of ["Scheduling Rules", "Time Off and Date Overrides"]) {
      const card = seer.locator(".mantine-Card-root").filter({ has: seer.getByRole("heading", { name: heading }) });
      const past = await card.evaluate((root) =>
        [root, ...root.querySelectorAll("*")]
          .filter((e) => e.getBoundingClientRect().left < 0 || e.getBoundingClientRect().right > 360)
          .map((e) => `${e.tagName}.${e.className}: ${Math.round(e.getBoundingClientRect().right)}`),
      );
      expect(past, heading).toEqual([]);
    }
    for (const name of ["Save Rules", "Add Time Off"]) {
      const button = seer.getByRole("button", { name });
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360, name).toBe(true);
    }
    // Nor does the page: the header of a signed-in Seer (cart, account menu, colours, menu; the currency in the menu).
    expect(await seer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(seer.consoleErrors).toEqual([]);
  });
});
