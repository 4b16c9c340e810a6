import { existsSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifySession from "@fastify/session";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { unstable_localLink, type TRPCLink } from "@trpc/client";
import superjson from "superjson";
import type { Db, PoolUse } from "../db/client";
import { projectRoot } from "../db/project-root";
import {
  appRouter,
  BOOT_SCRIPT,
  createPageRenderer,
  createServices,
  loadRenderer,
  readHeadScript,
  DbSessionStore,
  SessionCache,
  sessionCookieSigner,
  registerModuleRoutes,
  SESSION_RENEW_WITHIN_MS,
  SESSION_TTL_MS,
  type AppRouter,
  type Services,
} from "./modules";
import { systemClock, type Clock } from "./platform/clock";
import { REQUEST_DEADLINE_MS, type Config, type TrustProxy } from "./platform/config";
import { createJobQueue, type JobDatabase, type JobQueue } from "./platform/jobs";
import type { Mailer } from "./platform/mail";
import { createPaymentProvider } from "./platform/payments";
import { createPayoutRails } from "./platform/payouts";
import type { PayoutRails } from "./platform/payouts/rail";
import type { PaymentProvider } from "./platform/payments/provider";
import { registerMetrics } from "./platform/metrics";
import { registerOperations, registerRequestDeadline, requestIdOf } from "./platform/operations";
import { createRelay } from "./platform/relay";
import { sendText } from "./platform/rest";
import { registerOriginCheck, registerSecurityHeaders } from "./platform/security";
import { createConfiguredStorage, type FileStorage } from "./platform/storage";
import type { SmsSender } from "./platform/sms";
import { createThrottle } from "./platform/throttle";
import { requestLocale } from "./platform/i18n";
import { internalErrorMessage, noteRequestId } from "./platform/trpc/errors";
import { answerDirectly } from "./platform/trpc/direct";
import type { Locale } from "../src/i18n/locales";

export const SESSION_COOKIE = "seer_session";
const defaultClientDir = path.join(projectRoot, "dist", "client");

export interface AppDeps {
  config: Pick<Config, "sessionSecret" | "secretKey" | "publicUrl" | "trustProxy" | "bodyLimit" | "stripe" | "env" | "uploadDir" | "storage"> &
    Partial<Pick<Config, "paystack" | "flutterwave" | "exchangeRatesUrl">> &
    Partial<Pick<Config, "ice" | "metricsToken" | "requestDeadlineMs" | "calendars">>;
  db: Db;
  mailer: Mailer;
  /** Uploaded files; by default as configured (config.storage). */
  storage?: FileStorage;
  clock?: Clock;
  /** The card payment provider; by default Stripe when configured, else the built-in test mode. */
  payments?: PaymentProvider;
  /** The local payout rails; each in test mode when missing and unconfigured. */
  rails?: PayoutRails;
  logger?: FastifyServerOptions["logger"];
  /** The built client; when missing (tests, dev), only the API is served. */
  clientDir?: string;
  /** The built renderer of public pages (dist/ssr beside the client); when missing, pages are sent undrawn. */
  ssrDir?: string;
  /** Where durable jobs are kept: the app's own database. The queue starts here and closes with the app. */
  jobDatabase: JobDatabase;
  /** Whether this process runs due jobs (main.ts); tests run them with jobs.runDue(). */
  runJobs?: boolean;
  /** How much of this process's database pool is in use, for /metrics (Database.poolUse). */
  poolUse?: () => Promise<PoolUse>;
  /** Where SMS go; by default as configured (config.sms: Africa's Talking, else the SMS outbox folder). */
  sms?: SmsSender;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    jobs: JobQueue;
    sessionStore: DbSessionStore;
  }
}

/** A number of hops as the function proxy-addr makes of one (Fastify's types take no number). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Everything registered, nothing listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = createFastify(deps);

  const jobs = createJobQueue(deps.jobDatabase, clock, app.log);
  // Sessions read are remembered for a few seconds, forgotten on every instance when they or their user change.
  const sessionCache = new SessionCache();
  const storage = deps.storage ?? createConfiguredStorage(deps.config);
  const services = createServices({
    db: deps.db,
    clock,
    mailer: deps.mailer,
    config: deps.config,
    storage,
    payments: deps.payments ?? createPaymentProvider(deps.config, clock, deps.db),
    rails: deps.rails ?? createPayoutRails(deps.config, deps.db),
    jobs,
    log: app.log,
    sessionsChanged: (userId) => sessionCache.forgetUser(userId),
    ...(deps.sms ? { smsSender: deps.sms } : {}),
  });
  const sessionStore = new DbSessionStore(deps.db, clock, sessionCache);
  app.decorate("services", services);
  app.decorate("jobs", jobs);
  app.decorate("sessionStore", sessionStore);

  // First, so that every plugin registered below (sessions, tRPC, static files) inherits it: an unexpected error,
  // even in a hook such as the session lookup, answers the generic message with the request id, never its text.
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, "request failed");
    const message = status >= 500 ? internalErrorMessage(req.id) : error.message;
    return sendText(reply, status, message);
  });
  registerOperations(app, deps.db);
  registerRequestDeadline(app, deps.config.requestDeadlineMs ?? REQUEST_DEADLINE_MS);
  registerMetrics(app, { db: deps.db, token: deps.config.metricsToken, poolUse: deps.poolUse });
  const clientDir = deps.clientDir ?? defaultClientDir;
  const hasClient = existsSync(path.join(clientDir, "index.html"));
  // The colour-scheme script every page runs before its first paint, written into the page (no request to wait for).
  const headScript = hasClient ? readHeadScript(clientDir) : undefined;
  registerSecurityHeaders(app, {
    stripe: !!deps.config.stripe,
    https: deps.config.publicUrl.startsWith("https:"),
    inlineScripts: headScript ? [headScript, BOOT_SCRIPT] : [],
  });
  registerOriginCheck(app, ["/api/webhooks/"]);

  await registerSessions(app, deps.config.sessionSecret, sessionStore, clock);
  // Housekeeping, once across all instances: expired sessions and throttling counters go (hourly).
  const throttle = createThrottle(deps.db, clock);
  jobs.define({
    name: "account.purge-sessions",
    every: "17 * * * *",
    run: async () => {
      await sessionStore.purgeExpired();
      await throttle.purgeExpired();
    },
  });
  // Messages between instances (the meeting room's signaling) through PostgreSQL's LISTEN/NOTIFY.
  const relay = createRelay(deps.jobDatabase, deps.db, app.log);
  app.addHook("onClose", () => relay.close());
  // The changes to sessions and users that the database's triggers publish (until then, nothing is remembered).
  await sessionCache.connect(relay);
  jobs.define({
    name: "platform.purge-relay",
    every: "*/10 * * * *",
    run: () => relay.purge(new Date(clock.now().getTime() - 5 * 60_000)),
  });
  await jobs.start({ work: deps.runJobs ?? false });
  app.addHook("onClose", () => jobs.stop());

  const onTrpcError = await registerTrpc(app, services, clock);
  await registerModuleRoutes(app, services, { relay, clock, publicUrl: deps.config.publicUrl });
  await registerClient(app, deps, { services, clientDir, hasClient, headScript, onTrpcError });
  return app;
}

/** Fastify as this app configures it, with JSON bodies that may be empty. */
function createFastify(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: deps.config.bodyLimit,
    routerOptions: { maxParamLength: 500 },
    // Quoted in the generic answer to an unexpected error, in every log line of the request and in X-Request-Id: a
    // well-formed incoming X-Request-Id (a balancer's), else a random UUID that tells nobody our volume.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req),
    // On close (a drain), idle keep-alive connections go at once; busy ones finish their request first.
    forceCloseConnections: "idle",
    // While draining, requests that still arrive on open keep-alive connections are served (not refused with 503);
    // their answers say Connection: close (platform/operations.ts), so the balancer moves on.
    return503OnClosing: false,
  });

  // REST clients often send Content-Type: application/json on a DELETE or a bodiless POST; an empty body is no body.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error("Invalid JSON body"), { statusCode: 400 }), undefined);
    }
  });
  return app;
}

/** Signed session cookies kept in the database, renewed when less than half their lifetime remains. */
async function registerSessions(app: FastifyInstance, sessionSecret: string[], sessionStore: DbSessionStore, clock: Clock) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: sessionCookieSigner(sessionSecret),
    cookieName: SESSION_COOKIE,
    store: sessionStore,
    saveUninitialized: false,
    // Sliding expiry without a write per request: renewed below when less than half the lifetime remains.
    rolling: false,
    cookie: { httpOnly: true, sameSite: "lax", secure: "auto", path: "/", maxAge: SESSION_TTL_MS },
  });
  app.addHook("preHandler", async (req) => {
    const renewedAt = req.session.get("renewedAt");
    if (req.session.get("userId") === undefined || renewedAt === undefined) return;
    if (clock.now().getTime() - renewedAt > SESSION_TTL_MS - SESSION_RENEW_WITHIN_MS) {
      req.session.touch();
      req.session.set("renewedAt", clock.now().getTime());
    }
  });
}

type TrpcErrorLog = (failure: { error: TRPCError; path?: string; req: FastifyRequest }) => void;

/** The one place a request's context is made, and the tRPC endpoints; answers the logger of failed procedures. */
async function registerTrpc(app: FastifyInstance, services: Services, clock: Clock): Promise<TrpcErrorLog> {
  // The one place a request's context is made: the session's user, loaded once, for tRPC and REST alike.
  app.decorate("createContext", async (req, res) => {
    const userId = req.session.get("userId");
    // Read with the session when the request began (DbSessionStore.get); looked up when the session changed since.
    const loaded = req.session.get("loadedUser");
    const user = !userId ? null : loaded?.id === userId ? loaded : await services.account.findById(userId);
    return { services, clock, user, req, res, locale: requestLocale(req) };
  });
  const onTrpcError: TrpcErrorLog = ({ error, path: procedure, req }) => {
    if (getHTTPStatusCodeFromError(error) < 500) return;
    noteRequestId(error, req.id);
    req.log.error({ err: error, procedure }, "tRPC procedure failed");
  };
  await app.register(async (trpcScope) => {
    // Queries sent by GET (every public read) and mutations sent as JSON are answered by the procedures directly, as
    // tRPC would answer them.
    trpcScope.addHook(
      "preHandler",
      answerDirectly({ router: appRouter, createContext: (req, reply) => app.createContext(req, reply), onError: onTrpcError }),
    );
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => app.createContext(req, res),
        onError: onTrpcError,
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });
  return onTrpcError;
}

/** The built client's files and pages (when there is one), and the 404s of everything else. */
async function registerClient(
  app: FastifyInstance,
  deps: AppDeps,
  {
    services,
    clientDir,
    hasClient,
    headScript,
    onTrpcError,
  }: { services: Services; clientDir: string; hasClient: boolean; headScript: string | undefined; onTrpcError: TrpcErrorLog },
) {
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // scripts/compress-assets.ts writes .br and .gz beside each asset at build time.
      preCompressed: true,
      cacheControl: false,
      // Source maps would hand out the client's source: never served in production, even if a build left some.
      allowedPath: (pathName) => deps.config.env !== "production" || !/\.map$/i.test(pathName),
      setHeaders(res, filePath) {
        // Hashed build assets never change under one name; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate");
      },
    });
  }

  // Public pages drawn on the server for visitors who are not signed in, their data fetched in-process.
  const drawn = hasClient
    ? await loadRenderer<TRPCLink<AppRouter>>(deps.ssrDir ?? path.join(path.dirname(clientDir), "ssr"), clientDir)
    : null;
  const drawer = drawn && {
    assets: drawn.assets,
    draw: (url: string, req: FastifyRequest, reply: FastifyReply, locale: Locale) =>
      drawn.renderer.renderPage(
        url,
        unstable_localLink<AppRouter>({
          router: appRouter,
          // The page's language (its /fr address), not the request's headers': what the page's calls answer (a
          // refusal, zod's messages) is written in the page's language, as the app's own calls say it (LOCALE_HEADER).
          createContext: async () => ({ ...(await app.createContext(req, reply)), locale }),
          transformer: superjson,
          onError: ({ error, path: procedure }) => onTrpcError({ error, path: procedure, req }),
        }),
        locale,
      ),
  };
  const servePage = hasClient
    ? createPageRenderer(services.pages, clientDir, { drawer: drawer ?? undefined, headScript })
    : undefined;
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0] ?? "/";
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/trpc/") || url === "/trpc") {
      return reply.code(404).send({ error: "Not Found", message: `No such endpoint: ${req.method} ${url}` });
    }
    if ((req.method === "GET" || req.method === "HEAD") && servePage) {
      // A client page with its own head; an unknown address or a missing Seer, product or article answers 404 with
      // the same shell, whose client shows the product's not-found screen.
      return servePage(req, reply);
    }
    return sendText(reply, 404, "Not Found");
  });
}
