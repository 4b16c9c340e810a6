import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

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
