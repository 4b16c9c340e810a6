import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "../../db/client";
import { migrationsFolder, rows } from "../../db/migrate";
import { sendText } from "./rest";

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's or a client's); anything else gets a UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

declare module "fastify" {
  interface FastifyInstance {
    /** True from SIGTERM on: /readyz answers 503 so that the load balancer sends nothing new. */
    draining: boolean;
    /** Runs `listener` when the drain begins, at the start of the grace period (e.g. telling sockets to reconnect). */
    onDrain(listener: () => void): void;
  }
}

const DB_CHECK_TIMEOUT_MS = 2000;

/**
 * A request whose answer has not gone out within `deadlineMs` gets 503 with its request id instead of silence: when
 * the database connection drops mid-query, postgres.js can leave that query's promise unsettled for good, and the
 * person would wait for ever (bench:scale counted such requests after a database cut). Uploads (multipart bodies
 * stream at the sender's pace) and WebSocket upgrades are left alone.
 */
export function registerRequestDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.addHook("preHandler", (req, reply, done) => {
    const type = req.headers["content-type"] ?? "";
    if (req.headers.upgrade || type.startsWith("multipart/")) return done();
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.error({ deadlineMs }, "no answer within the request deadline: answered 503");
      reply.header("retry-after", "1");
      sendText(reply, 503, `Service Unavailable. Request ID: ${req.id}`);
    }, deadlineMs);
    timer.unref();
    reply.raw.once("close", () => clearTimeout(timer));
    done();
  });
}

/**
 * /livez (the process answers), /readyz (the database answers, every migration is applied, not draining; 503
 * otherwise, with the reason) and /healthz (documented: the database answers). Every response carries its request
 * id in X-Request-Id.
 */
export function registerOperations(app: FastifyInstance, db: Db): void {
  app.decorate("draining", false);
  const drainListeners: (() => void)[] = [];
  app.decorate("onDrain", (listener: () => void) => void drainListeners.push(listener));
  drainStarters.set(app, () => {
    for (const listener of drainListeners) {
      try {
        listener();
      } catch (err) {
        app.log.error({ err }, "a drain listener failed");
      }
    }
  });
  app.addHook("onSend", async (req: FastifyRequest, reply) => {
    reply.header("x-request-id", req.id);
    // A draining instance lets no connection live on after its answer.
    if (app.draining) reply.header("connection", "close");
  });

  const expected = readMigrationFiles({ migrationsFolder }).length;
  let migrated = false;

  async function databaseAnswers(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_CHECK_TIMEOUT_MS)));
    try {
      return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function migrationsApplied(): Promise<boolean> {
    if (migrated) return true;
    const applied = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    migrated = (rows<{ n: number }>(applied)[0]?.n ?? 0) >= expected;
    return migrated;
  }

  app.get("/livez", async (_req, reply) => reply.send({ status: "ok" }));

  app.get("/readyz", async (_req, reply) => {
    if (app.draining) return reply.code(503).send({ status: "draining" });
    if (!(await databaseAnswers())) return reply.code(503).send({ status: "database unreachable" });
    if (!(await migrationsApplied().catch(() => false))) return reply.code(503).send({ status: "migrations pending" });
    return reply.send({ status: "ok" });
  });

  app.get("/healthz", async (req, reply) => {
    if (await databaseAnswers()) return reply.send({ status: "ok" });
    req.log.error("healthz: the database does not answer");
    return sendText(reply, 503, "Service Unavailable");
  });
}

/** What each app's registerOperations runs when a drain begins: its onDrain listeners. */
const drainStarters = new WeakMap<FastifyInstance, () => void>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * SIGTERM and SIGINT, in this order:
 * 1. `/readyz` turns 503 at once and every answer says `Connection: close`; onDrain listeners run (the meeting room
 *    tells its sockets to reconnect, 1012).
 * 2. For `graceMs` the instance keeps serving, new connections included: a balancer that checks readiness every few
 *    seconds keeps sending requests until it sees the 503, and a request it writes onto a connection just as the
 *    instance closes it would be lost (balancers do not replay a request once sent). Keep-alive connections leave on
 *    their next answer, which says Connection: close, so nothing is cut.
 * 3. The server stops accepting and lets in-flight requests finish (Fastify's close: the remaining idle connections
 *    go, sockets still open are closed with 1012, job workers stop), then `after` closes the database and the process
 *    exits 0. Past `timeoutMs` from the start of this step it exits 1 anyway.
 * A second signal during the grace ends it at once (Ctrl-C twice in a terminal, an impatient orchestrator).
 * `wait` is the grace's timer (tests pass their own).
 */
export function drainOnSignals(
  app: FastifyInstance,
  options: {
    graceMs: number;
    timeoutMs: number;
    after(): Promise<void>;
    exit(code: number): void;
    wait?: (ms: number) => Promise<void>;
  },
): (signal: string) => Promise<void> {
  let closing = false;
  let endGrace: () => void = () => {};
  const wait = options.wait ?? sleep;
  return async (signal) => {
    if (closing) {
      app.log.info({ signal }, `${signal} received again: ending the drain's grace period`);
      endGrace();
      return;
    }
    closing = true;
    app.draining = true;
    app.log.info(
      { signal, graceMs: options.graceMs, timeoutMs: options.timeoutMs },
      `${signal} received: draining (serving ${options.graceMs} ms more with /readyz 503)`,
    );
    drainStarters.get(app)?.();
    if (options.graceMs > 0) {
      await Promise.race([wait(options.graceMs), new Promise<void>((resolve) => (endGrace = resolve))]);
    }
    app.log.info("drain: grace over, closing the server");
    const force = setTimeout(() => {
      app.log.error("drain timed out: exiting with requests still open");
      options.exit(1);
    }, options.timeoutMs);
    force.unref();
    // A keep-alive connection that finishes its request after the close began would hold the server open until its
    // keep-alive timeout: closed as soon as it is idle (its answer said Connection: close anyway).
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    try {
      await app.close();
      clearInterval(idle);
      await options.after();
      app.log.info("drained");
      options.exit(0);
    } catch (err) {
      clearInterval(idle);
      app.log.error({ err }, "shutdown failed");
      options.exit(1);
    }
  };
}
