import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS } from "../scripts/lib/serve";
import { baseUrl, CHROMIUM, openPage, signUpNew } from "./support";

/** The next date (YYYY-MM-DD, UTC) at least three days ahead that falls on a weekday. */
function nextWeekday(): string {
  const d = new Date(Date.now() + 3 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A paid consultation for the signed-in client with the first Seer who has a 30-minute price; the Seer's name. */
async function bookAndPay(request: APIRequestContext): Promise<string> {
  const seers = (await (await request.get("/api/seers")).json()) as { id: string; fullName: string; price30Min: string | null }[];
  const seer = seers.find((s) => s.price30Min);
  if (!seer) throw new Error("no Seer with a 30-minute price");
  for (const time of ["09:00", "13:00", "15:00", "10:00", "11:00"]) {
    const response = await request.post("/api/create-payment-intent", {
      data: {
        amount: Number(seer.price30Min),
        seerId: seer.id,
        sessionType: "30min",
        scheduledDate: nextWeekday(),
        scheduledTime: time,
        notes: "Offline journey",
        clientTimezone: "UTC",
      },
    });
    if (!response.ok()) continue;
    const { clientSecret } = (await response.json()) as { clientSecret: string };
    const paid = await request.post("/trpc/payments.confirmTestCard", {
      data: { json: { clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    return seer.fullName;
  }
  throw new Error("no free slot for the offline journey");
}

/** Waits until the service worker controls the page (it registers a moment after the page has loaded). */
async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

describe("installable, and readable offline (issue #44)", () => {
  it("Chromium reports the app installable", async () => {
    // A profile on disk: Chromium never offers to install from an incognito-like context (openPage's).
    const dir = mkdtempSync(path.join(tmpdir(), "seer-install-"));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl(),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await untilControlled(page);
      // Its own checks: the manifest (name, icons, start_url, display) and a worker with a fetch handler.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("offline, /profile shows the upcoming sessions, other pages the offline page, and sign-out forgets them", async () => {
    const page = await openPage();
    await signUpNew(page);
    const seerName = await bookAndPay(page.request);

    await page.goto("/profile");
    await untilControlled(page);
    // The first visit under the worker: the page and its reads are kept as they come.
    await page.reload();
    const consultation = page.getByTestId("consultation").filter({ hasText: seerName });
    await expect.poll(() => consultation.count()).toBe(1);

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => consultation.count()).toBe(1);
    expect(await consultation.getByRole("link", { name: /Meeting Room/ }).count()).toBe(1);
    expect(await page.getByRole("tab", { name: "Upcoming (1)" }).count()).toBe(1);

    // A page never opened on this device: the offline page, which points to the profile.
    await page.goto("/wisdom");
    await expect.poll(() => page.getByRole("heading", { name: "You are offline" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Open your profile" }).count()).toBe(1);

    // Signing out forgets the person's reads on this device: offline, the profile has nothing of theirs to show.
    await page.context().setOffline(false);
    await page.goto("/profile");
    await expect.poll(() => consultation.count()).toBe(1);
    await page.getByRole("button", { name: "Log Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().setOffline(true);
    await page.goto("/profile");
    await expect.poll(() => page.getByText("Connection Lost").count()).toBeGreaterThan(0);
    expect(await consultation.count()).toBe(0);
    await page.context().setOffline(false);
  });

  it("opts in to notifications from the profile, with the permission granted", async () => {
    const page = await openPage();
    await page.context().grantPermissions(["notifications"]);
    await signUpNew(page, "/profile");
    await untilControlled(page);
    const turnOn = page.getByRole("button", { name: "Turn on notifications" });
    await turnOn.click();
    // Subscribing asks the browser's push service (Google's, for Chromium): reachable, the device is stored; without
    // the internet (this machine's CI), Chromium refuses the subscription and the page says so.
    const on = page.getByText("Notifications are on for this device.");
    const refused = page.getByText("Notifications could not be turned on. Please try again.");
    await expect.poll(async () => (await on.count()) + (await refused.count()), { timeout: 30_000 }).toBe(1);
    const devices = (await (await page.request.get("/trpc/push.devices")).json()) as { result: { data: { json: unknown[] } } };
    expect(devices.result.data.json).toHaveLength((await on.count()) === 1 ? 1 : 0);
    if ((await on.count()) === 1) console.log("push: subscribed through the browser's push service");
    else console.log("push: the browser's push service could not be reached; the refusal was shown and nothing stored");
  });
});
