import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../db/seed/factories";
import { createTestApp, payForBooking, signUp, trpcMutation, type TestApp } from "../test/app";

const TOKEN = "a-scraper-token-0123456789";
let t: TestApp;
let closed: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  closed = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closed.close();
});

const scrape = (token?: string) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("/metrics", () => {
  it("exists only with a token, and answers only the scraper that presents it", async () => {
    expect(
      (await closed.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape("a-scraper-token-0123456780")).statusCode).toBe(401);
    const ok = await scrape(TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toContain("text/plain");
  });

  it("times requests by route pattern and status, and reports the job queue, connections and business counters", async () => {
    await t.app.inject({ method: "GET", url: "/livez" });
    await t.app.inject({ method: "GET", url: "/api/seers/00000000-0000-0000-0000-000000000000" });
    const text = (await scrape(TOKEN)).body;
    expect(text).toMatch(/seer_http_request_duration_seconds_count\{method="GET",route="\/livez",status="200"\} \d+/);
    // The pattern, never the id: one series however many Seers are asked for.
    expect(text).toMatch(/seer_http_request_duration_seconds_count\{method="GET",route="\/api\/seers\/:id",status="404"\} \d+/);
    expect(text).not.toContain("00000000-0000");
    expect(text).toMatch(/^seer_job_queue_depth \d+$/m);
    expect(text).toContain("# TYPE seer_database_pool_connections gauge");
    for (const name of [
      "seer_bookings_confirmed_total",
      "seer_payments_total",
      "seer_refunds_total",
      "seer_mails_sent_total",
      "seer_jobs_failed_total",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} counter`);
    }
    expect(text).toContain("seer_process_resident_memory_bytes");
    expect(text).toContain("seer_nodejs_eventloop_lag_seconds");
  });
});

/** A sample's value in the scraped text; 0 when the series has no sample yet (a counter never incremented). */
function sample(text: string, name: string, labels = ""): number {
  const escaped = `${name}${labels ? `{${labels}}` : ""}`.replace(/[{}]/g, "\\$&");
  const match = new RegExp(`^${escaped} (\\S+)$`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

describe("/metrics' database pool gauge", () => {
  it("reports this instance's own pool: in use, idle and max, not other processes' connections", async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      // The embedded database: one connection, nothing more to tell.
      const text = (await scrape(TOKEN)).body;
      expect(sample(text, "seer_database_pool_connections", 'state="max"')).toBe(1);
      expect(text).not.toContain('seer_database_pool_connections{state="in_use"}');
      return;
    }
    const database = t.database;
    if (!database.url) throw new Error("no PostgreSQL URL");
    // Another process's pool on the same database keeps three connections busy: none of them is ours.
    const other = postgres(database.url, { max: 3, onnotice: () => {} });
    try {
      // (Queries start when awaited: `then` sends them now.)
      const elsewhere = [1, 2, 3].map(() => other`select pg_sleep(1.5)`.then(() => undefined));
      // And two of this app's own connections are busy too.
      const ours = [1, 2].map(() => database.db.execute(sql`select pg_sleep(1.5)`).then(() => undefined));
      await new Promise((r) => setTimeout(r, 400));
      const text = (await scrape(TOKEN)).body;
      await Promise.all([...elsewhere, ...ours]);
      // Ours: the two sleeping, and perhaps the scrape's own count of queued jobs beside them; never the other three.
      const inUse = sample(text, "seer_database_pool_connections", 'state="in_use"');
      expect(inUse).toBeGreaterThanOrEqual(2);
      expect(inUse).toBeLessThanOrEqual(3);
      expect(sample(text, "seer_database_pool_connections", 'state="max"')).toBe(20);
      const idle = sample(text, "seer_database_pool_connections", 'state="idle"');
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(inUse + idle).toBeLessThanOrEqual(20);
    } finally {
      await other.end({ timeout: 2 });
    }
  });
});

describe("/metrics' business counters", () => {
  it("count a confirmed booking, its payment, its refund and the mails sent", async () => {
    const seerUser = await createUser(t.database.db, { role: "seer", email: "seer-metrics@example.com" });
    const seerId = (await createSeer(t.database.db, { userId: seerUser.id, timezone: "UTC", price60Min: "80.00" })).id;
    const client = await signUp(t.app, { email: "client-metrics@example.com" });
    await t.app.jobs.runDue();
    const before = (await scrape(TOKEN)).body;

    const date = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const { bookingId } = await payForBooking(t.app, client.cookie, { seerId, scheduledDate: date });
    const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.runDue();
    const after = (await scrape(TOKEN)).body;

    const grew = (name: string, labels = "") => sample(after, name, labels) - sample(before, name, labels);
    expect(grew("seer_bookings_confirmed_total")).toBe(1);
    expect(grew("seer_payments_total", 'kind="booking"')).toBe(1);
    expect(grew("seer_refunds_total", 'kind="booking"')).toBe(1);
    // Confirmation and cancellation, each to the client and the Seer.
    expect(grew("seer_mails_sent_total")).toBeGreaterThanOrEqual(4);
    expect(t.mailer.sent.length).toBeGreaterThanOrEqual(4);
  });
});
