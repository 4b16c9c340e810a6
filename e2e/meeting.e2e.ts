import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { seers, users } from "../db/schema";
import { createBooking, createUser } from "../db/seed/factories";
import { CHROMIUM_ARGS, startApp, type RunningApp } from "../scripts/lib/serve";
import { CHROMIUM, demo, seriousViolations, signIn } from "./support";

/** Fake camera and microphone (a test pattern and a beep), and no permission prompt. */
export const CALL_ARGS = [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

/** Every RTCPeerConnection the page makes, kept where the test can read its getStats(). */
const capturePeerConnections = () => {
  const Original = window.RTCPeerConnection;
  const seen: RTCPeerConnection[] = [];
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = seen;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      seen.push(this);
    }
  };
};

/**
 * What the newest connection of the page receives, decoded video frames and audio packets: only a connection made
 * as the `from`th or later of the page counts (a call made afresh, not the one before it).
 */
async function inbound(page: Page, from = 0): Promise<{ frames: number; audioPackets: number }> {
  return page.evaluate(async (from) => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs.length > from ? pcs[pcs.length - 1] : undefined;
    if (!pc || pc.connectionState === "closed") return { frames: 0, audioPackets: 0 };
    let frames = 0;
    let audioPackets = 0;
    (await pc.getStats()).forEach((s: RTCStats) => {
      if (s.type !== "inbound-rtp") return;
      const r = s as RTCInboundRtpStreamStats;
      if (r.kind === "video") frames += r.framesDecoded ?? 0;
      if (r.kind === "audio") audioPackets += r.packetsReceived ?? 0;
    });
    return { frames, audioPackets };
  }, from);
}

const connectionsMade = (page: Page) => page.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length);

/** The states of the page's connections, said when media does not flow in time. */
const connectionStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.map(
      (pc) => `${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState}`,
    ),
  );

async function receiving(page: Page, from = 0): Promise<void> {
  try {
    await expect
      .poll(() => inbound(page, from), { timeout: 20_000, interval: 250 })
      .toSatisfy((s: { frames: number; audioPackets: number }) => s.frames > 0 && s.audioPackets > 0);
  } catch (error) {
    const status = await page.getByRole("status").allTextContents();
    throw new Error(`No media on ${page.url()}: connections ${JSON.stringify(await connectionStates(page))}, status ${JSON.stringify(status)}`, {
      cause: error,
    });
  }
}

/**
 * A session happening now cannot be booked through the wizard (slots start on the hour), so the booking is written
 * into the database of an app of its own, as the seed does: started 5 minutes ago, 60 minutes long, between the
 * demo Seer and a new client.
 */
describe("the meeting room", () => {
  const person = { email: "e2e-caller@example.com", password: "a long e2e password" };
  const outsider = { email: "e2e-outsider@example.com", password: "another long e2e password" };
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let dataDir = "";
  let bookingId = "";
  let seerName = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-e2e-meeting-"));
    await (await startApp({ SEED_DEMO: "true" }, { dataDir, timeoutMs: 120_000 })).stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const db = database.db;
      const [seer] = await db
        .select({ id: seers.id, fullName: seers.fullName })
        .from(seers)
        .innerJoin(users, eq(users.id, seers.userId))
        .where(eq(users.email, demo.seer.email));
      if (!seer) throw new Error("No demo Seer");
      seerName = seer.fullName;
      const client = await createUser(
        db,
        { email: person.email, firstName: "Yaw", lastName: "Darko" },
        { password: person.password },
      );
      await createUser(db, { email: outsider.email }, { password: outsider.password });
      const startsAt = new Date(Date.now() - 5 * 60_000);
      const booking = await createBooking(db, {
        clientId: client.id,
        seerId: seer.id,
        status: "confirmed",
        sessionType: "60min",
        amount: "80.00",
        scheduledDate: startsAt.toISOString().slice(0, 10),
        scheduledTime: startsAt.toISOString().slice(11, 16),
        startsAt,
        confirmedAt: new Date(startsAt.getTime() - 86_400_000),
      });
      bookingId = booking.id;
    } finally {
      await database.close();
    }
    app = await startApp({ SEED_DEMO: "true" }, { dataDir, timeoutMs: 120_000 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CALL_ARGS });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function party(account: {
    email: string;
    password: string;
  }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    if (!browser || !app) throw new Error("not started");
    const context = await browser.newContext({
      baseURL: app.baseURL,
      viewport: { width: 1280, height: 900 },
      timezoneId: "Africa/Accra",
      locale: "en-US",
    });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(capturePeerConnections);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, account, `/meeting/${bookingId}`);
    return { context, page, errors };
  }

  const join = async (page: Page) => {
    await page.getByRole("button", { name: "Join" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Waiting for|Connecting|Connected/ })
      .waitFor();
  };

  it("the client and the Seer see and hear each other, chat, mute, and recover a reload on their own; a third user is refused", async () => {
    const client = await party(person);
    const seer = await party(demo.seer);
    // Each sees the other's name, never their own.
    expect(seerName).not.toBe("");
    await expect.poll(() => client.page.getByText(/^Your session with /).textContent()).toBe(`Your session with ${seerName}`);
    await expect.poll(() => seer.page.getByText(/^Your session with /).textContent()).toBe("Your session with Yaw Darko");

    await join(client.page);
    await client.page.getByRole("status").filter({ hasText: "Waiting for" }).waitFor();
    await join(seer.page);
    await Promise.all([receiving(client.page), receiving(seer.page)]);
    await client.page.getByRole("status").filter({ hasText: "Connected" }).waitFor();
    await expect
      .poll(() => client.page.getByTestId("call-quality").textContent())
      .toMatch(/Connection: (good|fair|poor) \(\d+ ms/);

    // Muting on one side shows on the other.
    await client.page.getByRole("button", { name: "Mute" }).click();
    await seer.page.getByTestId("peer-muted").waitFor();
    await client.page.getByRole("button", { name: "Unmute" }).click();
    await seer.page.getByTestId("peer-muted").waitFor({ state: "detached" });

    // Chat, both ways, as plain text.
    await client.page.getByRole("textbox", { name: "Message" }).fill("<i>Hello</i> from the client");
    await client.page.keyboard.press("Enter");
    await seer.page.getByRole("log", { name: "Chat messages" }).getByText("<i>Hello</i> from the client").waitFor();
    await seer.page.getByRole("textbox", { name: "Message" }).fill("Welcome, Yaw");
    await seer.page.getByRole("button", { name: "Send message" }).click();
    await client.page.getByRole("log", { name: "Chat messages" }).getByText("Welcome, Yaw").waitFor();

    // The room in a call, with chat, passes axe in light colours and, as the system switches, in dark ones.
    const violations = await seriousViolations(client.page, "meeting room, in a call");
    await client.page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => client.page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    violations.push(...(await seriousViolations(client.page, "meeting room, in a call, dark")));
    await client.page.emulateMedia({ colorScheme: "light" });
    expect(violations).toEqual([]);

    // README screenshots (npm run screenshots does not run calls): MEETING_SCREENSHOTS=docs/screenshots.
    const shots = process.env.MEETING_SCREENSHOTS;
    if (shots) {
      await client.page.waitForTimeout(1500);
      await client.page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await client.page.screenshot({ path: path.join(shots, "meeting-desktop.png") });
      await client.page.setViewportSize({ width: 360, height: 780 });
      await client.page.waitForTimeout(500);
      await client.page.screenshot({ path: path.join(shots, "meeting-mobile.png"), fullPage: true });
      await client.page.setViewportSize({ width: 1280, height: 900 });
    }

    // One side reloads: it joins again on its own (no Join pressed), and both sides decode each other's media again
    // on a call made afresh (the client's connections after the one before the reload; the Seer's page is new).
    const clientConnections = await connectionsMade(client.page);
    await seer.page.reload();
    await seer.page
      .getByRole("status")
      .filter({ hasText: /Rejoining the call|Waiting for|Connecting|Connected/ })
      .waitFor();
    await Promise.all([receiving(client.page, clientConnections), receiving(seer.page)]);
    await seer.page.getByRole("status").filter({ hasText: "Connected" }).waitFor();
    await client.page.getByRole("status").filter({ hasText: "Connected" }).waitFor();
    expect(await seer.page.getByRole("button", { name: "Join" }).count()).toBe(0);
    // The other party's name, in the call too.
    await seer.page.getByText("Yaw Darko", { exact: true }).first().waitFor();
    await client.page.getByText(seerName, { exact: true }).first().waitFor();
    // The chat is still there after the reload: it is stored with the booking.
    await seer.page.getByRole("log", { name: "Chat messages" }).getByText("<i>Hello</i> from the client").waitFor();

    // Leaving ends the call for that side; the other is left waiting.
    await seer.page.getByRole("button", { name: "Leave" }).click();
    await seer.page.getByText("You left the call.").waitFor();
    await client.page.getByRole("status").filter({ hasText: "Waiting for" }).waitFor();
    // After Leave, a reload no longer joins on its own: the device check and Join again.
    await seer.page.reload();
    await seer.page.getByRole("button", { name: "Join" }).waitFor();
    expect(await seer.page.getByText("Rejoining the call…").count()).toBe(0);

    const third = await party(outsider);
    await third.page.getByRole("heading", { name: "Meeting Not Found" }).waitFor();

    expect(client.errors).toEqual([]);
    expect(seer.errors).toEqual([]);
    await Promise.all([client.context.close(), seer.context.close(), third.context.close()]);
  });
});
