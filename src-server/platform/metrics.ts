import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db, PoolUse } from "../../db/client";
import { rows } from "../../db/migrate";

/**
 * The process's metrics, in Prometheus's text format at GET /metrics (with METRICS_TOKEN as a bearer token). One
 * registry per process: an instance is a process, and every app built in it (tests build many) adds to the same
 * counters.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "seer_" });

const httpDuration = new Histogram({
  name: "seer_http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const metrics = {
  bookingsConfirmed: new Counter({
    name: "seer_bookings_confirmed_total",
    help: "Bookings confirmed by a payment",
    registers: [registry],
  }),
  payments: new Counter({
    name: "seer_payments_total",
    help: "Card payments applied (each once), by what was bought",
    labelNames: ["kind"] as const,
    registers: [registry],
  }),
  refunds: new Counter({
    name: "seer_refunds_total",
    help: "Refunds recorded from the payment provider, by what was bought",
    labelNames: ["kind"] as const,
    registers: [registry],
  }),
  mailsSent: new Counter({
    name: "seer_mails_sent_total",
    help: "E-mails handed to the mail server or outbox",
    registers: [registry],
  }),
  smsSent: new Counter({
    name: "seer_sms_total",
    help: "Text messages handed to the SMS provider or outbox, refused by it, or held back by the per-number limit",
    labelNames: ["outcome"] as const,
    registers: [registry],
  }),
  jobsFailed: new Counter({
    name: "seer_jobs_failed_total",
    help: "Job runs that failed (and will be retried), by job",
    labelNames: ["job"] as const,
    registers: [registry],
  }),
};

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Times every request by its route pattern (never the raw URL: ids would make a series each), and serves /metrics
 * to a scraper that presents `token`; without a token configured the route does not exist.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { db: Db; token: string | undefined; poolUse?: (() => Promise<PoolUse>) | undefined },
): void {
  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (!options.token) return;
  const token = options.token;

  const queued = new Gauge({
    name: "seer_job_queue_depth",
    help: "Jobs waiting to run (created or waiting for a retry), across all instances",
    registers: [],
    async collect() {
      try {
        const result = await options.db.execute(
          sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry')`,
        );
        this.set(rows<{ n: number }>(result)[0]?.n ?? 0);
      } catch {
        this.set(-1);
      }
    },
  });
  const poolUse = options.poolUse;
  const pool = new Gauge({
    name: "seer_database_pool_connections",
    help: "This instance's database pool: connections in use, idle, and the most it opens (max)",
    labelNames: ["state"] as const,
    registers: [],
    async collect() {
      this.reset();
      if (!poolUse) return;
      try {
        const use = await poolUse();
        this.set({ state: "max" }, use.max);
        // The embedded database's one connection has no such counts.
        if (use.inUse !== undefined) this.set({ state: "in_use" }, use.inUse);
        if (use.idle !== undefined) this.set({ state: "idle" }, use.idle);
      } catch {
        // The database does not answer: nothing to report but that (the scrape itself still answers).
      }
    },
  });
  const scraped = Registry.merge([registry, new Registry()]);
  scraped.registerMetric(queued);
  scraped.registerMetric(pool);

  app.get("/metrics", async (req, reply) => {
    const header = req.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!equal(given, token)) return reply.code(401).header("www-authenticate", "Bearer").send({ error: "Unauthorized" });
    return reply
      .header("content-type", scraped.contentType)
      .header("cache-control", "no-store")
      .send(await scraped.metrics());
  });
}
