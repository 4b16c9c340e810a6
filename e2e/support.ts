import AxeBuilder from "@axe-core/playwright";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";
import { openDatabase } from "../db/client";
import { seers, users } from "../db/schema";
import { DEMO_ADMIN_TOTP_SECRET, demoAccounts } from "../db/seed";
import { createBooking, createUser } from "../db/seed/factories";
import { PHONE, throttleLikeAPhone } from "../scripts/lib/phone";
import { CHROMIUM_ARGS, startApp, type RunningApp } from "../scripts/lib/serve";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** An account's credentials; `totpSecret` (base32) when it has an authenticator app, to answer the second step. */
export interface Credentials {
  email: string;
  password: string;
  totpSecret?: string;
}

/** The demo accounts that `npm start` seeds (db/seed), by role; the admin has the published authenticator app. */
const account = (role: "client" | "seer" | "admin"): Credentials => {
  const found = demoAccounts.find((a) => a.role === role);
  if (!found) throw new Error(`No demo ${role} account`);
  return { email: found.email, password: found.password, ...(role === "admin" ? { totpSecret: DEMO_ADMIN_TOTP_SECRET } : {}) };
};
export const demo = { client: account("client"), seer: account("seer"), admin: account("admin") } as const;

/** This worker's own app (e2e/global-setup.ts): VITEST_POOL_ID numbers the workers from 1. */
function ownApp(): { baseUrl: string; outboxDir: string } {
  const apps = inject("e2eApps");
  const app = apps[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % apps.length];
  if (!app) throw new Error("No app was started for the journeys (e2e/global-setup.ts)");
  return app;
}

export const baseUrl = (): string => ownApp().baseUrl;

/** Serious and critical axe violations (WCAG 2.1 A and AA) of what the page shows now, named by `where`. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/**
 * Mantine's day label ("23 November 2026") for tomorrow, in the page's timezone (Africa/Accra = UTC); the
 * Seer the booking journeys choose works weekdays only, so a weekend tomorrow moves on to Monday.
 */
export function tomorrowLabel(): string {
  const d = new Date(Date.now() + 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  const month = d.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

/** A fresh browser context (no cookies) and page, with the base URL set (the shared app's unless given); console errors are collected. */
export async function openPage(
  options: {
    width?: number;
    height?: number;
    baseURL?: string;
    colorScheme?: "light" | "dark";
    /** The phone of issue #39 (scripts/lib/phone.ts): its 360 px touch screen, and with "slow" its CPU and network too. */
    phone?: boolean | "slow";
  } = {},
): Promise<Page & { consoleErrors: string[] }> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: options.phone ? PHONE.viewport : { width: options.width ?? 1280, height: options.height ?? 900 },
    isMobile: Boolean(options.phone),
    hasTouch: Boolean(options.phone),
    timezoneId: "Africa/Accra",
    locale: "en-US",
    colorScheme: options.colorScheme ?? "light",
  });
  context.setDefaultTimeout(15_000);
  const page = (await context.newPage()) as Page & { consoleErrors: string[] };
  if (options.phone === "slow") await throttleLikeAPhone(context, page);
  page.consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") page.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => page.consoleErrors.push(error.message));
  // A public page comes drawn by the server and answers clicks and typing only once the app has taken it over
  // (src-client/main.tsx marks that moment): every load waits for it, as a visitor would for a page that reacts.
  const untilReady = () =>
    page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready") || !document.getElementById("root"));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilReady();
    return response;
  };
  return page;
}

const TOTP_PERIOD_S = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);

/**
 * A code of the authenticator app with `secret` that the server has not seen yet. The server takes a code of the
 * step before, at or after its own, once, and then only later steps (a code works once): the last step used per
 * secret is kept in a file by the app's outbox, shared by every journey file run against that app, so sign-ins in
 * quick succession take the next step. It starts from the clock's own step, never the one before: a code of the step
 * before is refused once the clock ticks over between making it and the server checking it, which a slow machine
 * met (CI, stop 53). Three sign-ins in one 30-second step wait for the clock's next step (expect.poll).
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const file = path.join(ownApp().outboxDir, "..", `totp-${secret.slice(0, 8)}.step`);
  const last = existsSync(file) ? Number(readFileSync(file, "utf8")) : 0;
  await expect.poll(() => Math.max(stepNow(), last + 1) <= stepNow() + 1, { timeout: 35_000 }).toBe(true);
  const step = Math.max(stepNow(), last + 1);
  writeFileSync(file, String(step));
  return totpCode(secret, step * TOTP_PERIOD_S * 1000);
}

/** The authenticator app's code at `timestamp` (SHA1, 6 digits, 30 s: what the server's QR code says). */
export const totpCode = (secret: string, timestamp = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_S }).generate({ timestamp });

/**
 * Signs in through the real sign-in screen, coming from `from` and landing back there; an account with an
 * authenticator app answers the second step with its code.
 */
export async function signIn(page: Page, account: Credentials, from = "/"): Promise<void> {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(from)}`);
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByRole("textbox", { name: "Password" }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (account.totpSecret) {
    await page.getByRole("textbox", { name: "Code" }).fill(await nextTotpCode(account.totpSecret));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.waitForURL((url) => url.pathname === from.split("?")[0]);
  await expect.poll(() => page.getByRole("button", { name: "Log Out" }).count()).toBeGreaterThan(0);
}

/** How many of the product named `name` the demo client's cart holds, read through the API with a session of its own. */
export async function cartQuantity(name: string): Promise<number> {
  const signIn = await fetch(`${baseUrl()}/trpc/account.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl() },
    body: JSON.stringify({ json: demo.client }),
  });
  // The session cookie by name: a sign-in also sets the device cookie (issue #47), first.
  const cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith("seer_session=")) ?? "").split(";")[0] ?? "";
  const cart = (await (await fetch(`${baseUrl()}/api/cart`, { headers: { cookie } })).json()) as {
    quantity: number;
    product: { name: string };
  }[];
  return cart.filter((line) => line.product.name === name).reduce((sum, line) => sum + line.quantity, 0);
}

export const signInAs = (page: Page, role: keyof typeof demo, from = "/") => signIn(page, demo[role], from);

/** A mail body as written to the outbox: quoted-printable soft breaks joined and =XX escapes decoded. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The e-mails an app wrote to its outbox (this worker's app's unless another's folder is given), decoded, newest
 * first; `to` keeps those to that address.
 */
export function outboxMails(options: { dir?: string; to?: string } = {}): string[] {
  const dir = options.dir ?? ownApp().outboxDir;
  if (!existsSync(dir)) return [];
  const to = options.to && new RegExp(`^To: .*${options.to.replace(/[.+]/g, "\\$&")}`, "mi");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => !to || to.test(mail));
}

/** The newest link to `linkPath` (e.g. "/verify-email") in the outbox's e-mails to `to`, as a path with its query. */
export async function mailedLink(to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${linkPath}\\?token=[A-Za-z0-9_-]+)`);
  let found: string | undefined;
  await expect
    .poll(() => {
      for (const mail of outboxMails({ to })) {
        found = pattern.exec(mail)?.[1];
        if (found) return found;
      }
      return undefined;
    })
    .toBeDefined();
  return found ?? "";
}

/** The newest 6-digit code texted to `to` (E.164), from the app's SMS outbox (text files beside the mail's outbox). */
export async function textedCode(to: string): Promise<string> {
  const dir = path.join(ownApp().outboxDir, "..", "sms-outbox");
  let found: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(dir)) return undefined;
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(".txt"))
        .sort()
        .reverse();
      for (const file of files) {
        const text = readFileSync(path.join(dir, file), "utf8");
        if (!text.startsWith(`To: ${to}\n`)) continue;
        found = /code is (\d{6})\./.exec(text)?.[1];
        if (found) return found;
      }
      return undefined;
    })
    .toBeDefined();
  return found ?? "";
}

/**
 * Creates a new client account through the sign-up screen, opens the confirmation link from the outbox (which signs
 * the person in), and goes to `from`. Returns the credentials.
 */
export async function signUpNew(page: Page, from = "/"): Promise<{ email: string; password: string }> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "a long e2e password";
  await page.goto(`/login?returnTo=${encodeURIComponent(from)}&mode=signup`);
  await page.getByRole("textbox", { name: "First name" }).fill("Esi");
  await page.getByRole("textbox", { name: "Last name" }).fill("Tester");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Check your email").first().waitFor();
  await page.goto(await mailedLink(email, "/verify-email"));
  await page.getByText("Email confirmed").waitFor();
  await page.goto(from);
  await expect.poll(() => page.getByRole("button", { name: "Log Out" }).count()).toBeGreaterThan(0);
  return { email, password };
}

// The meeting room's journeys (meeting.e2e.ts, weak-link.e2e.ts): a call between two Chromium pages.

/** Fake camera and microphone (a test pattern and a beep), and no permission prompt. */
const CALL_ARGS = [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

/**
 * Every RTCPeerConnection the page makes, kept where the test can read its getStats(), and every encoding its senders
 * were given through setParameters (what the weak-link watcher did), in order.
 */
const capturePeerConnections = () => {
  const Original = window.RTCPeerConnection;
  const seen: RTCPeerConnection[] = [];
  const given: RTCRtpEncodingParameters[] = [];
  const w = window as unknown as { __pcs: RTCPeerConnection[]; __encodings: RTCRtpEncodingParameters[] };
  w.__pcs = seen;
  w.__encodings = given;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      seen.push(this);
    }
  };
  const setParameters = RTCRtpSender.prototype.setParameters;
  RTCRtpSender.prototype.setParameters = function (this: RTCRtpSender, parameters: RTCRtpSendParameters) {
    if (this.track?.kind === "video") given.push({ ...parameters.encodings[0] });
    return setParameters.call(this, parameters);
  };
};

/** What the newest connection of a page (made as the `from`th or later) receives, and the video it sends. */
export interface CallFlow {
  /** Video frames decoded, audio packets received. */
  frames: number;
  audioPackets: number;
  /** Video frames this side encoded and sent. */
  framesSent: number;
}

/**
 * What the newest connection of the page receives and sends: only a connection made as the `from`th or later of the
 * page counts (a call made afresh, not the one before it).
 */
export async function callFlow(page: Page, from = 0): Promise<CallFlow> {
  return page.evaluate(async (from) => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs.length > from ? pcs[pcs.length - 1] : undefined;
    if (!pc || pc.connectionState === "closed") return { frames: 0, audioPackets: 0, framesSent: 0 };
    let frames = 0;
    let audioPackets = 0;
    let framesSent = 0;
    (await pc.getStats()).forEach((s: RTCStats) => {
      if (s.type === "outbound-rtp") {
        const o = s as RTCOutboundRtpStreamStats;
        if (o.kind === "video") framesSent += o.framesEncoded ?? 0;
      }
      if (s.type !== "inbound-rtp") return;
      const r = s as RTCInboundRtpStreamStats;
      if (r.kind === "video") frames += r.framesDecoded ?? 0;
      if (r.kind === "audio") audioPackets += r.packetsReceived ?? 0;
    });
    return { frames, audioPackets, framesSent };
  }, from);
}

/** The encodings the page's video senders were given, in order. */
export const encodingsGiven = (page: Page) =>
  page.evaluate(() => (window as unknown as { __encodings: RTCRtpEncodingParameters[] }).__encodings);

export const connectionsMade = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length);

/** The states of the page's connections, said when media does not flow in time. */
const connectionStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.map(
      (pc) => `${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState}`,
    ),
  );

/** Until the page's newest connection (the `from`th or later) decodes what `wanted` says (video and audio by default). */
export async function receiving(
  page: Page,
  from = 0,
  wanted: (flow: CallFlow) => boolean = (s) => s.frames > 0 && s.audioPackets > 0,
): Promise<void> {
  try {
    await expect.poll(() => callFlow(page, from), { timeout: 20_000, interval: 250 }).toSatisfy(wanted);
  } catch (error) {
    const status = await page.getByRole("status").allTextContents();
    throw new Error(
      `No media on ${page.url()}: connections ${JSON.stringify(await connectionStates(page))}, status ${JSON.stringify(status)}`,
      {
        cause: error,
      },
    );
  }
}

/** A booking's meeting room open now, in an app of its own, and a Chromium with a fake camera and microphone. */
export interface MeetingApp {
  bookingId: string;
  seerName: string;
  /** The client's credentials (a new account, Yaw Darko), and an account that is no party to the booking. */
  client: Credentials;
  outsider: Credentials;
  /** A signed-in page of its own context in the meeting room; `errors` collects the page's uncaught errors. */
  party(account: Credentials): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  stop(): Promise<void>;
}

/**
 * A session happening now cannot be booked through the wizard (slots start on the hour), so the booking is written
 * into the database of an app of its own, as the seed does: started 5 minutes ago, 60 minutes long, between the
 * demo Seer and a new client.
 */
export async function startMeetingApp(): Promise<MeetingApp> {
  const client = { email: "e2e-caller@example.com", password: "a long e2e password" };
  const outsider = { email: "e2e-outsider@example.com", password: "another long e2e password" };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-e2e-meeting-"));
  await (await startApp({ SEED_DEMO: "true" }, { dataDir, timeoutMs: 120_000 })).stop();
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  let bookingId = "";
  let seerName = "";
  try {
    const db = database.db;
    const [seer] = await db
      .select({ id: seers.id, fullName: seers.fullName })
      .from(seers)
      .innerJoin(users, eq(users.id, seers.userId))
      .where(eq(users.email, demo.seer.email));
    if (!seer) throw new Error("No demo Seer");
    seerName = seer.fullName;
    const user = await createUser(
      db,
      { email: client.email, firstName: "Yaw", lastName: "Darko" },
      { password: client.password },
    );
    await createUser(db, { email: outsider.email }, { password: outsider.password });
    const startsAt = new Date(Date.now() - 5 * 60_000);
    const booking = await createBooking(db, {
      clientId: user.id,
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
  const app: RunningApp = await startApp({ SEED_DEMO: "true" }, { dataDir, timeoutMs: 120_000 });
  const callBrowser = await chromium.launch({ executablePath: CHROMIUM, args: CALL_ARGS });

  return {
    bookingId,
    seerName,
    client,
    outsider,
    async party(account) {
      const context = await callBrowser.newContext({
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
    },
    async stop() {
      await callBrowser.close();
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Join, until the call is under way (waiting for the other side, or meeting them). */
export async function joinCall(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Join" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: /Waiting for|Connecting|Connected/ })
    .waitFor();
}
