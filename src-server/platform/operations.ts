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

/**
 * SIGTERM and SIGINT: /readyz turns 503 at once, the server stops accepting and lets in-flight requests finish
 * (Fastify's close), sockets are told to reconnect elsewhere (the meeting room's preClose), job workers stop
 * (onClose), then `after` closes the database; past `timeoutMs` the process exits anyway.
 */
export function drainOnSignals(
  app: FastifyInstance,
  options: { timeoutMs: number; after(): Promise<void>; exit(code: number): void },
): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info({ signal, timeoutMs: options.timeoutMs }, `${signal} received: draining`);
    const force = setTimeout(() => {
      app.log.error("drain timed out: exiting with requests still open");
      options.exit(1);
    }, options.timeoutMs);
    force.unref();
    // A keep-alive connection that finishes its request after the close began would hold the server open until its
    // keep-alive timeout: closed as soon as it is idle.
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
