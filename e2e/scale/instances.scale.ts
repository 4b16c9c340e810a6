import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Db } from "../../db/client";
import { createBooking, createSeer, createUser } from "../../db/seed/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { demoAccounts } from "../../db/seed";
import { startRoundRobinProxy, type RoundRobinProxy } from "../../scripts/lib/proxy";
import { startApp, type RunningApp } from "../../scripts/lib/serve";
import { mintSession } from "../../scripts/lib/sessions";
import { startLocalS3, type LocalS3 } from "../../src-server/test/s3";
import { fixtures, multipart } from "../../src-server/test/uploads";
import { jobIdFor } from "../../src-server/platform/jobs";
import { seerSlotsKey } from "../../src-server/platform/locks";
import { offersInstant, type Availability } from "../../src/domain/availability";

/**
 * Three instances of the app on one PostgreSQL with S3 storage, behind a round-robin proxy (all on 127.0.0.1), as
 * issue #16 asks: sessions, uploads, checkouts and jobs work whichever instance answers; 50 bookings of one slot at
 * once give one booking and no deadlock; SIGTERM under load fails none of 300 requests through a balancer that never
 * replays one, five times in a row (issue #47); SIGKILL mid-checkout loses nothing
 * and charges nothing twice. Needs PostgreSQL: TEST_DATABASE_URL names a database whose server this may create
 * scratch databases on (`.ci/run` passes it).
 */
const base = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `seer_scale_${process.pid}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
const url = `${base.slice(0, base.lastIndexOf("/"))}/${name}`;
const SECRET = "a-shared-session-secret-for-three-instances";
const client = demoAccounts.find((a) => a.role === "client");

let s3: LocalS3;
const apps: RunningApp[] = [];
let proxy: RoundRobinProxy;
/** How often the balancer checks each instance's /readyz, and after how many failed checks in a row it takes one out. */
const READINESS_INTERVAL_MS = 200;
const UNHEALTHY_THRESHOLD = 2;

const envFor = (seed: boolean) => ({
  NODE_ENV: "development",
  DATABASE_URL: url,
  SESSION_SECRET: SECRET,
  SEED_DEMO: seed ? "true" : "false",
  STORAGE: "s3",
  S3_BUCKET: s3.options.bucket,
  S3_REGION: s3.options.region,
  S3_ENDPOINT: s3.options.endpoint ?? "",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
  TRUST_PROXY: "1",
  LOG_LEVEL: "info",
  // Longer than the balancer's interval × threshold plus one check's timeout (1 s), as docs/deploy.md asks: it has
  // stopped sending before the instance stops serving, even when a check is slow on a crowded machine.
  DRAIN_GRACE_MS: String(READINESS_INTERVAL_MS * UNHEALTHY_THRESHOLD + 1000 + 600),
});

beforeAll(async () => {
  await admin.unsafe(`create database ${name}`);
  s3 = await startLocalS3("seer-scale");
  // The first migrates and seeds; the other two join the same database.
  apps.push(await startApp(envFor(true), { timeoutMs: 120_000 }));
  apps.push(
    ...(await Promise.all([startApp(envFor(false), { timeoutMs: 120_000 }), startApp(envFor(false), { timeoutMs: 120_000 })])),
  );
  // As a cloud balancer: a request once sent is never sent again, and instances are in rotation while /readyz is 200.
  proxy = await startRoundRobinProxy(
    apps.map((a) => a.baseURL),
    { replay: "never", readinessIntervalMs: READINESS_INTERVAL_MS, unhealthyThreshold: UNHEALTHY_THRESHOLD },
  );
}, 300_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(apps.map((a) => a.stop()));
  await s3?.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 2 });
}, 120_000);

async function call(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (init.method && init.method !== "GET") headers.set("origin", proxy.url);
  return fetch(`${proxy.url}${pathname}`, { ...init, headers });
}
const trpc = (procedure: string, input: unknown, cookie?: string) =>
  call(`/trpc/${procedure}`, { method: "POST", body: JSON.stringify({ json: input }), ...(cookie ? { cookie } : {}) });
const trpcGet = (procedure: string, input: unknown, cookie?: string) =>
  call(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, cookie ? { cookie } : {});

async function signIn(account: { email: string; password: string } | undefined): Promise<string> {
  if (!account) throw new Error("no demo account");
  const response = await trpc("account.signIn", { email: account.email, password: account.password });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("seer_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0] ?? "";
}

const upstreamOf = (response: Response) => Number(response.headers.get("x-upstream"));

/**
 * PostgreSQL's count of deadlocks detected in the test database. Each server process reports its counts at most
 * once a second, when idle: read after a pause, so that the round's own deadlocks are in it.
 */
async function deadlocks(): Promise<number> {
  await new Promise((r) => setTimeout(r, 2500));
  const [row] = await admin<{ n: number }[]>`select deadlocks::int as n from pg_stat_database where datname = ${name}`;
  if (!row) throw new Error("no statistics for the test database");
  return row.n;
}

describe("three instances on one database", () => {
  let cookie = "";
  let seerId = "";
  let paidBooking: { id: string; startsAt: string } | undefined;
  /** The Seer's weekly hours, on their wall clock (not public: read from the database). */
  let seerHours: { availability: Availability | null; timezone: string } = { availability: null, timezone: "UTC" };

  beforeAll(async () => {
    cookie = await signIn(client);
    const seers = (await (await call("/api/seers")).json()) as { id: string }[];
    seerId = seers[0]?.id ?? "";
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ availability: Availability | null; timezone: string }[]>`
        select availability, timezone from seers where id = ${seerId}`;
      if (!row) throw new Error("no Seer to book");
      seerHours = row;
    } finally {
      await sql.end({ timeout: 2 });
    }
  });

  /** The first date `daysAhead` days from now or later on which the Seer offers `time` (UTC), whatever today is. */
  function offeredDate(daysAhead: number, time: string): string {
    for (let day = daysAhead; day < daysAhead + 14; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      if (offersInstant(seerHours.availability, seerHours.timezone, new Date(`${date}T${time}:00Z`))) return date;
    }
    throw new Error(`The Seer offers ${time} UTC on no day of the two weeks from ${daysAhead} days ahead`);
  }

  it("keeps a session made on one instance on the others", async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const me = await trpcGet("account.me", undefined, cookie);
      expect(me.status).toBe(200);
      expect(JSON.stringify(await me.json())).toContain(client?.email);
      seen.add(upstreamOf(me));
    }
    expect(seen.size).toBe(3);
  });

  it("refuses a session on every instance within a second of its signing out on one, though each remembered it", async () => {
    const other = await signIn(client);
    const me = (app: RunningApp) => fetch(`${app.baseURL}/api/auth/user`, { headers: { cookie: other } });
    // Each instance reads the session, and remembers it for a few seconds (docs/decisions.md 118).
    for (const app of apps) expect((await me(app)).status).toBe(200);
    const out = await fetch(`${apps[0]?.baseURL}/trpc/account.signOut`, {
      method: "POST",
      headers: { cookie: other, "content-type": "application/json", origin: apps[0]?.baseURL ?? "" },
      body: JSON.stringify({ json: {} }),
    });
    expect(out.status).toBe(200);
    const deadline = Date.now() + 1000;
    let statuses: number[] = [];
    do {
      statuses = await Promise.all(apps.map(async (app) => (await me(app)).status));
      if (statuses.every((status) => status === 401)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (Date.now() < deadline);
    expect(statuses).toEqual([401, 401, 401]);
  });

  it("serves an upload stored through one instance from every other (S3)", async () => {
    // An ID document is kept byte for byte (a profile photo would be re-encoded), so every copy can be compared.
    const body = multipart("idDocument", "passport.pdf", "application/pdf", fixtures.pdf());
    const stored = await call("/api/upload/id-document", {
      method: "POST",
      cookie,
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
    const { url: fileUrl } = (await stored.json()) as { url: string };
    const seen = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const read = await call(fileUrl, { cookie });
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer()).equals(fixtures.pdf())).toBe(true);
      seen.add(upstreamOf(read));
    }
    expect(seen.size).toBe(3);
  });

  it("confirms a test-mode checkout started on one instance through the others", async () => {
    const date = offeredDate(20, "09:00");
    const created = await call("/api/create-payment-intent", {
      method: "POST",
      cookie,
      body: JSON.stringify({ seerId, sessionType: "30min", scheduledDate: date, scheduledTime: "09:00", clientTimezone: "UTC" }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { clientSecret, paymentIntentId, bookingId } = (await created.json()) as {
      clientSecret: string;
      paymentIntentId: string;
      bookingId: string;
    };
    const paid = await trpc(
      "payments.confirmTestCard",
      { clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      cookie,
    );
    expect(paid.status, await paid.clone().text()).toBe(200);
    const confirmed = await call("/api/confirm-booking-payment", {
      method: "POST",
      cookie,
      body: JSON.stringify({ paymentIntentId }),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await confirmed.json()).toMatchObject({ success: true, bookingId, status: "confirmed" });
    expect(new Set([upstreamOf(created), upstreamOf(paid), upstreamOf(confirmed)]).size).toBe(3);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`select starts_at from bookings where id = ${bookingId}`;
      paidBooking = { id: bookingId, startsAt: (row?.starts_at as Date).toISOString() };
    } finally {
      await sql.end({ timeout: 2 });
    }
  });

  it("sends the reminder the app scheduled at confirmation once when it falls due, though three instances work the queue", async () => {
    if (!paidBooking) throw new Error("the checkout above did not run");
    // The job the app itself stored when the checkout above was confirmed: due 24 hours before the session.
    const id = jobIdFor("bookings.reminder", `${paidBooking.id}:${paidBooking.startsAt}`);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const stored = await sql<{ id: string; state: string; start_after: Date }[]>`
        select id, state, start_after from pgboss.job
        where name = 'bookings.reminder' and data->>'bookingId' = ${paidBooking.id}`;
      expect(stored.map((j) => [j.id, j.state])).toEqual([[id, "created"]]);
      const due = new Date(paidBooking.startsAt).getTime() - 24 * 3600_000;
      expect(Math.abs((stored[0]?.start_after.getTime() ?? 0) - due)).toBeLessThan(5000);
      // Twenty days cannot pass in a test: the job's due time is brought to now, as their passing would. Nothing else
      // of it changes; which instance runs it, and how often, is the queue's.
      await sql`update pgboss.job set start_after = now() where name = 'bookings.reminder' and id = ${id}`;
      const reminders = () =>
        apps
          .flatMap((a) => {
            const dir = path.join(a.dataDir, "outbox");
            return existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : [];
          })
          .filter((f) => f.endsWith(".eml") && /^Subject: .*Reminder/im.test(readFileSync(f, "utf8")));
      await expect.poll(() => reminders().length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2);
      await new Promise((r) => setTimeout(r, 3000));
      // One to the client and one to the Seer, from whichever instance took the job: never twice.
      expect(reminders()).toHaveLength(2);
      const [after] = await sql<
        { state: string }[]
      >`select state from pgboss.job where name = 'bookings.reminder' and id = ${id}`;
      expect(after?.state).toBe("completed");
    } finally {
      await sql.end({ timeout: 2 });
    }
  });

  it("gives one booking for 50 concurrent attempts at one slot by 50 clients spread over the three, none left waiting on a lock, no deadlock", async () => {
    // A day the Seer offers 09:00, after the checkout's above.
    const date = offeredDate(27, "09:00");
    // Fifty confirmed clients, signed in without a password hash each.
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const db = drizzle({ client: sql }) as unknown as Db;
    const cookies: string[] = [];
    try {
      for (let i = 0; i < 50; i++)
        cookies.push(await mintSession(db, (await createUser(db, { email: `scale-${i}@example.com` })).id, SECRET));
    } finally {
      await sql.end({ timeout: 2 });
    }
    const deadlocksBefore = await deadlocks();
    const started = Date.now();
    const answers = await Promise.all(
      cookies.map(async (own) => {
        const t0 = Date.now();
        const response = await call("/api/create-payment-intent", {
          method: "POST",
          cookie: own,
          body: JSON.stringify({
            seerId,
            sessionType: "60min",
            scheduledDate: date,
            scheduledTime: "09:00",
            clientTimezone: "UTC",
          }),
        });
        return { status: response.status, upstream: upstreamOf(response), ms: Date.now() - t0, body: await response.text() };
      }),
    );
    const roundMs = Date.now() - started;
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 200),
      `${statuses.join(",")} ${answers[0]?.body}`,
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(","),
    ).toHaveLength(49);
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(3);
    // A deadlock the app retried answers like any other attempt: PostgreSQL's own count, and the app's warning for
    // each retry, tell whether there was one.
    for (const app of apps) expect(app.output()).not.toMatch(/deadlock/i);
    expect(await deadlocks()).toBe(deadlocksBefore);
    // And in the database, one live booking holds the slot.
    const check = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const slotStart = `${date}T09:00:00Z`;
      const [live] = await check<{ n: number }[]>`
        select count(*)::int as n from bookings
        where seer_id = ${seerId}
          and tstzrange(starts_at, ends_at, '[)') && tstzrange(${slotStart}::timestamptz, ${slotStart}::timestamptz + interval '1 hour', '[)')
          and (status = 'confirmed' or (status = 'pending' and hold_expires_at > now()))`;
      expect(live?.n).toBe(1);
    } finally {
      await check.end({ timeout: 2 });
    }
    // How fast is a benchmark's question (a loaded 2-core machine took 2.1 s for the round once); here the bound
    // only tells a request that queued behind a lock until a timeout from one that was answered.
    const slowest = Math.max(...answers.map((a) => a.ms));
    console.log(`50 concurrent attempts at one slot: all answered in ${roundMs} ms, the slowest in ${slowest} ms`);
    expect(slowest, `all answered in ${roundMs} ms`).toBeLessThan(10_000);
  });

  it("runs a job once across the three: one contact message mails each admin once", async () => {
    const subject = `Scale check ${Date.now()}`;
    const sent = await trpc("contact.send", {
      name: "Kwame",
      email: "kwame@example.com",
      subject,
      message: "Hello from the scale test.",
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const admins = demoAccounts.filter((a) => a.role === "admin").length;
    // The e-mails about this message, in every instance's outbox (other tests' mails may still be on their way).
    const mails = () =>
      apps
        .flatMap((a) => {
          const dir = path.join(a.dataDir, "outbox");
          return existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : [];
        })
        .filter((f) => f.endsWith(".eml") && readFileSync(f, "utf8").includes(subject));
    await expect.poll(() => mails().length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(admins);
    // Three instances run jobs: give the others time to send it again, were it not once.
    await new Promise((r) => setTimeout(r, 3000));
    expect(mails()).toHaveLength(admins);
  });

  /**
   * A client and a Seer of their own (`{name}-client@`, `{name}-seer@example.com`), signed in, with a confirmed
   * session that started a minute ago: its room is open and its conversation too.
   */
  async function sessionNow(name: string): Promise<{ bookingId: string; clientCookie: string; seerCookie: string }> {
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const db = drizzle({ client: sql }) as unknown as Db;
    try {
      const person = await createUser(db, { email: `${name}-client@example.com` });
      const seerUser = await createUser(db, { role: "seer", email: `${name}-seer@example.com` });
      const seer = await createSeer(db, { userId: seerUser.id, fullName: "Scale Seer" });
      const startsAt = new Date(Date.now() - 60_000);
      const { id } = await createBooking(db, {
        clientId: person.id,
        seerId: seer.id,
        status: "confirmed",
        scheduledDate: startsAt.toISOString().slice(0, 10),
        scheduledTime: startsAt.toISOString().slice(11, 16),
        startsAt,
      });
      return {
        bookingId: id,
        clientCookie: await mintSession(db, person.id, SECRET),
        seerCookie: await mintSession(db, seerUser.id, SECRET),
      };
    } finally {
      await sql.end({ timeout: 2 });
    }
  }

  /**
   * A WebSocket through the balancer, keeping every JSON message it receives; `instance` is the index of the instance
   * the balancer gave it to, known once it is open.
   */
  function openSocket<M extends { type: string }>(pathname: string, cookie: string) {
    const before = proxy.served.length;
    const ws = new WebSocket(`${proxy.url.replace("http", "ws")}${pathname}`, { headers: { origin: proxy.url, cookie } });
    const messages: M[] = [];
    ws.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString("utf8")) as M));
    const opened = new Promise<number>((resolve, reject) => {
      ws.once("open", () => resolve(proxy.served[before] ?? -1));
      ws.once("error", reject);
    });
    return { ws, messages, instance: () => opened };
  }

  it("relays the meeting room's signaling between sockets on two different instances", async () => {
    const { bookingId, clientCookie, seerCookie } = await sessionNow("scale-caller");
    type Signal = { type: string; description?: { sdp: string } };
    const a = openSocket<Signal>(`/api/meetings/${bookingId}/socket`, clientCookie);
    await expect.poll(() => a.messages.some((m) => m.type === "welcome")).toBe(true);
    const b = openSocket<Signal>(`/api/meetings/${bookingId}/socket`, seerCookie);
    await expect
      .poll(() => b.messages.some((m) => m.type === "peer-joined") && a.messages.some((m) => m.type === "peer-joined"))
      .toBe(true);
    a.ws.send(JSON.stringify({ type: "description", description: { type: "offer", sdp: "v=0 scale" } }));
    await expect.poll(() => b.messages.find((m) => m.type === "description")?.description?.sdp).toBe("v=0 scale");
    // Round robin put the two sockets on two instances: only PostgreSQL's NOTIFY joined them.
    expect(await a.instance()).not.toBe(await b.instance());
    a.ws.close();
    b.ws.close();
  });

  it("delivers a conversation message written on one instance, live, to the inbox socket of the other side on another", async () => {
    const { bookingId, clientCookie, seerCookie } = await sessionNow("scale-inbox");
    type Signal = { type: string; bookingId?: string; message?: { text: string } };
    const inbox = openSocket<Signal>("/api/messages/socket", seerCookie);
    const listening = await inbox.instance();
    await expect.poll(() => inbox.messages.some((m) => m.type === "ready")).toBe(true);
    expect(listening).toBeGreaterThanOrEqual(0);
    // The client writes straight to another instance than the Seer's socket is on.
    const writer = apps.find((_, i) => i !== listening);
    if (!writer) throw new Error("no other instance");
    const sent = await fetch(`${writer.baseURL}/trpc/messages.send`, {
      method: "POST",
      headers: { cookie: clientCookie, "content-type": "application/json", origin: writer.baseURL },
      body: JSON.stringify({ json: { bookingId, text: "Written on one instance, read on another" } }),
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    await expect
      .poll(() => inbox.messages.find((m) => m.type === "message" && m.bookingId === bookingId)?.message?.text)
      .toBe("Written on one instance, read on another");
    inbox.ws.close();
  });

  it("fails none of 300 requests through a balancer that never replays one while an instance drains on SIGTERM, five times in a row", async () => {
    const REQUESTS = 300;
    const SIGTERM_AT = 50;
    // Closed-loop load from 20 clients at once, as fast as the instances answer: the instance's connections are busy
    // and kept alive at the moment it closes them, where a request written by the balancer would be cut.
    const CONCURRENCY = 20;
    const rounds: { victim: number; ok: number; failed: string[]; servedByVictim: number; loadMs: number; exitMs: number }[] = [];
    // A different instance each round; each comes back (same port) before the next, but the last stays down for the
    // test below.
    const victims = [0, 1, 2, 0, 1];
    for (const [round, victimIndex] of victims.entries()) {
      const victim = apps[victimIndex];
      if (!victim) throw new Error("no instance to drain");
      const servedBefore = proxy.served.length;
      const outcomes: string[] = [];
      const started = Date.now();
      let stopped: Promise<void> | undefined;
      let exitMs = 0;
      let sent = 0;
      const sender = async () => {
        while (sent < REQUESTS) {
          sent += 1;
          // SIGTERM; stop() resolves when the process has exited.
          if (sent === SIGTERM_AT) stopped = victim.stop().then(() => void (exitMs = Date.now() - started));
          outcomes.push(
            await call("/api/seers").then(
              async (r) => {
                await r.arrayBuffer();
                return String(r.status);
              },
              (error: unknown) => String(error),
            ),
          );
        }
      };
      await Promise.all([...Array(CONCURRENCY).keys()].map(() => sender()));
      const loadMs = Date.now() - started;
      await stopped;
      expect(victim.output(), `round ${round + 1}`).toMatch(/drained/);
      const servedByVictim = proxy.served.slice(servedBefore).filter((i) => i === victimIndex).length;
      rounds.push({
        victim: victimIndex,
        ok: outcomes.filter((o) => o === "200").length,
        failed: outcomes.filter((o) => o !== "200"),
        servedByVictim,
        loadMs,
        exitMs,
      });
      if (round < victims.length - 1) {
        const port = Number(new URL(victim.baseURL).port);
        apps[victimIndex] = await startApp(envFor(false), { timeoutMs: 120_000, port });
        await expect.poll(() => proxy.ready()[victimIndex], { timeout: 10_000, interval: 50 }).toBe(true);
      }
    }
    console.log(
      `drain rounds (${REQUESTS} requests each):\n${rounds
        .map(
          (r, i) =>
            `  round ${i + 1}: instance ${r.victim} drained, ${r.ok} ok, ${r.failed.length} failed ${JSON.stringify(r.failed)}, ${r.servedByVictim} served by it; load ${r.loadMs} ms, it exited at ${r.exitMs} ms`,
        )
        .join("\n")}`,
    );
    for (const r of rounds) {
      expect(r.failed).toEqual([]);
      expect(r.ok).toBe(REQUESTS);
      expect(r.servedByVictim).toBeGreaterThan(0);
    }
    proxy.setEnabled(1, false);
  }, 600_000);

  it("loses nothing and charges nothing twice when an instance is killed while it confirms a payment", async () => {
    // Another time than the checkout's above, should it fall on the same day.
    const date = offeredDate(22, "10:00");
    const request = JSON.stringify({
      seerId,
      sessionType: "30min",
      scheduledDate: date,
      scheduledTime: "10:00",
      clientTimezone: "UTC",
    });
    const created = await call("/api/create-payment-intent", {
      method: "POST",
      cookie,
      body: request,
      headers: { "idempotency-key": "scale-kill-1" },
    });
    expect(created.status).toBe(200);
    const first = (await created.json()) as { clientSecret: string; paymentIntentId: string; bookingId: string };
    const alive = [0, 1, 2].filter((i) => i !== 1); // the second instance drained above
    const victimIndex = upstreamOf(created);
    const victim = apps[victimIndex];
    const survivor = alive.find((i) => i !== victimIndex);
    if (!victim || survivor === undefined) throw new Error("no instance");

    // The test holds the Seer's slot lock (the one every confirmation takes), so that the victim's confirmation is
    // surely in flight, inside its transaction, when the process dies.
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    const check = postgres(url, { max: 1, onnotice: () => {} });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtextextended(${seerSlotsKey(seerId)}, 0))`;
      locked();
      await released;
    });
    try {
      await isLocked;
      // The card form's submission charges the card and confirms the booking; the balancer sends it to the victim.
      proxy.setEnabled(survivor, false);
      const card = { clientSecret: first.clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" };
      const inFlight = trpc("payments.confirmTestCard", card, cookie).then(
        (r) => r.status,
        () => 0,
      );
      // The card is charged and the confirmation waits for the lock: the moment to die.
      await expect
        .poll(
          async () =>
            (
              await check<{ n: number }[]>`
                select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`
            )[0]?.n,
          { timeout: 10_000, interval: 50 },
        )
        .toBeGreaterThanOrEqual(1);
      const [charged] = await check<
        { status: string }[]
      >`select status from test_payment_intents where id = ${first.paymentIntentId}`;
      expect(charged?.status).toBe("succeeded");
      process.kill(victim.pid, "SIGKILL");
      proxy.setEnabled(victimIndex, false);
      proxy.setEnabled(survivor, true);
      release();
      await holding;
      // The answer is lost with the process (or the balancer passed the call on to the survivor).
      expect([0, 200, 502]).toContain(await inFlight);

      // The browser retries creating (same key): the same booking and intent, not a second one.
      const retried = await call("/api/create-payment-intent", {
        method: "POST",
        cookie,
        body: request,
        headers: { "idempotency-key": "scale-kill-1" },
      });
      expect(retried.status).toBe(200);
      expect(await retried.json()).toMatchObject({ bookingId: first.bookingId, paymentIntentId: first.paymentIntentId });
      // The confirmation screen asks again, through the survivor (three times at once, as impatient clicks do).
      const confirmations = await Promise.all(
        [0, 1, 2].map(() =>
          call("/api/confirm-booking-payment", {
            method: "POST",
            cookie,
            body: JSON.stringify({ paymentIntentId: first.paymentIntentId }),
          }),
        ),
      );
      for (const c of confirmations) {
        expect(c.status, await c.clone().text()).toBe(200);
        expect(await c.json()).toMatchObject({ success: true, bookingId: first.bookingId, status: "confirmed" });
        expect(upstreamOf(c)).toBe(survivor);
      }

      const [booking] = await check`select status, confirmed_at from bookings where id = ${first.bookingId}`;
      expect(booking?.status).toBe("confirmed");
      const [intents] =
        await check`select count(*)::int as n from test_payment_intents where metadata->>'bookingId' = ${first.bookingId}`;
      expect(intents?.n).toBe(1);
      const [succeeded] =
        await check`select count(*)::int as n from test_payment_intents where id = ${first.paymentIntentId} and status = 'succeeded'`;
      expect(succeeded?.n).toBe(1);
      const [refunds] =
        await check`select count(*)::int as n from test_payment_refunds where payment_intent_id = ${first.paymentIntentId}`;
      expect(refunds?.n).toBe(0);
      // One reminder for the confirmed booking, not one per confirmation.
      const [reminders] =
        await check`select count(*)::int as n from pgboss.job where name = 'bookings.reminder' and data->>'bookingId' = ${first.bookingId}`;
      expect(reminders?.n).toBe(1);
    } finally {
      release();
      await holding.catch(() => undefined);
      await holder.end({ timeout: 2 });
      await check.end({ timeout: 2 });
    }
  });
});
