import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { pushConfig, type PushConfig } from "./push-config";
import { smsConfig, type SmsConfig } from "./sms-config";

/** How long a request may wait for its answer by default (REQUEST_DEADLINE_MS). */
export const REQUEST_DEADLINE_MS = 15_000;

/** How long a draining instance keeps serving in production by default (DRAIN_GRACE_MS). */
const DRAIN_GRACE_MS = 15_000;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` }).optional();

/** The providers' own API addresses, when PAYSTACK_BASE_URL or FLUTTERWAVE_BASE_URL does not name another. */
export const PAYSTACK_API = "https://api.paystack.co";
export const FLUTTERWAVE_API = "https://api.flutterwave.com";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  // Connections this instance keeps to PostgreSQL (postgres.js's own default, 10).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // A comma-separated list for rotation: the first signs, every one is accepted.
  SESSION_SECRET: optionalString.pipe(
    z
      .string()
      .transform((text) => text.split(",").map((part) => part.trim()))
      .pipe(z.array(z.string().min(32, "SESSION_SECRET: each secret must be at least 32 characters")).min(1))
      .optional(),
  ),
  // Encrypts secrets kept in the database (authenticator apps' TOTP secrets): at least 32 characters.
  SECRET_KEY: optionalString.pipe(z.string().min(32, "SECRET_KEY must be at least 32 characters").optional()),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  LOG_PRETTY: optionalString.pipe(z.enum(["true", "false"]).optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  // Unset: 15 s in production (longer than two readiness checks of a typical balancer), none elsewhere.
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(1000).max(600_000).default(REQUEST_DEADLINE_MS),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  // Local payout rails (issue #40): unset, their built-in test modes serve.
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: optionalString.pipe(httpUrl("PAYSTACK_BASE_URL")),
  FLUTTERWAVE_SECRET_KEY: optionalString,
  FLUTTERWAVE_SECRET_HASH: optionalString,
  FLUTTERWAVE_BASE_URL: optionalString.pipe(httpUrl("FLUTTERWAVE_BASE_URL")),
  EXCHANGE_RATES_URL: optionalString.pipe(httpUrl("EXCHANGE_RATES_URL")),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Seer Marketplace <no-reply@seer.local>"),
  SEED_DEMO: optionalString.pipe(z.enum(["true", "false"]).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: optionalString,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  STUN_URLS: optionalString,
  TURN_URLS: optionalString,
  TURN_SECRET: optionalString.pipe(z.string().min(16, "TURN_SECRET must be at least 16 characters").optional()),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  STORAGE: optionalString.pipe(z.enum(["local", "s3"]).default("local")),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString.pipe(z.string().default("us-east-1")),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http:// or https:// URL" }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(["true", "false"]).optional()),
  // Seers' own calendars (issue #42): the key their CalDAV passwords are encrypted under, and whether their addresses
  // may be private or loopback ones (tests, development).
  CALENDAR_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "CALENDAR_SECRET_KEY must be 64 hexadecimal characters (32 bytes)")
      .optional(),
  ),
  CALENDAR_ALLOW_PRIVATE_ADDRESSES: optionalString.pipe(z.enum(["true", "false"]).optional()),
  // Web push (issue #44): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them) and the
  // contact push services may write to; whether a subscription's endpoint may be a loopback or private address (tests).
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be 65 bytes in base64url")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be 32 bytes in base64url")
      .optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must be a mailto: or https:// URL")
      .optional(),
  ),
  PUSH_ALLOW_PRIVATE_ADDRESSES: optionalString.pipe(z.enum(["true", "false"]).optional()),
  // SMS (issue #44) through Africa's Talking: the app's username ("sandbox" for its sandbox) and API key; a registered
  // sender id or short code; its API's address. Unset, texts are files in the outbox folder.
  AFRICASTALKING_USERNAME: optionalString,
  AFRICASTALKING_API_KEY: optionalString,
  AFRICASTALKING_FROM: optionalString.pipe(z.string().max(11, "AFRICASTALKING_FROM must be at most 11 characters").optional()),
  AFRICASTALKING_BASE_URL: optionalString.pipe(httpUrl("AFRICASTALKING_BASE_URL")),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How many connections this instance opens to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Cookie signing secrets: the first signs, all are accepted (rotation). */
  sessionSecret: string[];
  /** Whether the session secret was generated for this data folder (development only). */
  sessionSecretGenerated: boolean;
  /** What the key that encrypts secrets kept in the database is made from (SECRET_KEY, else the session secret). */
  secretKey: string;
  /** The bearer token a Prometheus scraper presents at GET /metrics; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** Human-readable log lines (npm run dev) instead of JSON. */
  logPretty: boolean;
  /** How long in-flight requests may take to finish on SIGTERM, once the grace is over, before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long the instance keeps serving (with /readyz 503 and Connection: close) before it stops taking
   * connections: the balancer's readiness checks must see it down within this time (DRAIN_GRACE_MS).
   */
  drainGraceMs: number;
  /** How long a request may wait for its answer before it gets 503 (uploads and WebSockets excepted). */
  requestDeadlineMs: number;
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string | undefined; connectWebhookSecret: string | undefined }
    | undefined;
  /** Paystack pays Seers in Ghana, Nigeria, Kenya and South Africa; null: its built-in test mode. */
  paystack: { secretKey: string; baseUrl: string } | null;
  /** Flutterwave pays Seers in the CFA franc countries and the rest; null: its built-in test mode. */
  flutterwave: { secretKey: string; secretHash: string; baseUrl: string } | null;
  /** Where exchange rates are read from (issue #41); null: none are fetched. */
  exchangeRatesUrl: string | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  uploadDir: string;
  /** Seed demo data into an empty database: by default outside production only (docs/decisions.md). */
  seedDemo: boolean;
  logLevel: string;
  /** The proxies in front of the app: none, a number of hops, or their addresses (never "every hop"). */
  trustProxy: TrustProxy;
  bodyLimit: number;
  /** Where uploaded files live: `local` is `uploadDir`; `s3` is a bucket of any S3-compatible store. */
  storage: StorageConfig;
  /** The meeting room's ICE servers: none by default (host candidates work on one machine or a LAN). */
  ice: IceConfig;
  /** Seers' own calendars: the key of their stored passwords, and whether private addresses may be read. */
  calendars: CalendarConfig;
  /** Web push: the VAPID keys and contact, and whether endpoints may be private addresses. */
  push: PushConfig;
  /** SMS: Africa's Talking when configured, else text files in `{DATA_DIR}/sms-outbox`. */
  sms: SmsConfig;
}

export interface CalendarConfig {
  /** 32 bytes: AES-256-GCM key of the CalDAV passwords at rest (CALENDAR_SECRET_KEY). */
  secretKey: Buffer;
  /** Whether a calendar's address may be loopback or private (CALENDAR_ALLOW_PRIVATE_ADDRESSES; never by default in production). */
  allowPrivateAddresses: boolean;
}

/** The development key of stored calendar passwords, when CALENDAR_SECRET_KEY is unset outside production. */
const DEV_CALENDAR_KEY = "seer-marketplace development calendar key, never used in production";

/**
 * CALENDAR_SECRET_KEY, else outside production a fixed development key, and in production a key derived from the
 * first SESSION_SECRET (set CALENDAR_SECRET_KEY there: rotating the session secret would otherwise leave stored
 * calendar passwords unreadable, and their calendars would show an error until the password is entered again).
 */
export function calendarConfig(
  env: Config["env"],
  options: { secretKey?: string; allowPrivate?: "true" | "false"; sessionSecret?: string } = {},
): CalendarConfig {
  const base = options.secretKey
    ? Buffer.from(options.secretKey, "hex")
    : Buffer.from(
        hkdfSync("sha256", env === "production" ? (options.sessionSecret ?? "") : DEV_CALENDAR_KEY, "", "seer-calendars", 32),
      );
  return {
    secretKey: base,
    allowPrivateAddresses: options.allowPrivate === undefined ? env !== "production" : options.allowPrivate === "true",
  };
}

export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's static-auth-secret (use-auth-secret): credentials are minted per join, never a fixed password. */
  turnSecret: string | undefined;
  turnTtlSeconds: number;
}

export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Unset: the SDK's default chain (environment, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset or `false` (the app faces the internet), a number of proxy hops (e.g. `1` behind one load
 * balancer), or the proxies' addresses and CIDR ranges, comma-separated. `true` is refused: trusting every hop lets
 * anyone choose their address with X-Forwarded-For and escape throttling.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") {
    throw new ConfigError(
      "TRUST_PROXY=true would trust every hop, so anyone could choose their address: set the number of proxies in front of the app (e.g. 1) or their addresses (comma-separated IPs or CIDR ranges)",
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new ConfigError("TRUST_PROXY: a number of hops must be between 1 and 10");
    return hops;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/");
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || rest.length) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is neither a number of hops nor an IP address or CIDR range`);
    }
  }
  return entries;
}

/** STORAGE and the S3_* variables: S3 needs a bucket, and an access key comes with its secret. */
function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE === "local") return { kind: "local" };
  if (!e.S3_BUCKET) throw new ConfigError("S3_BUCKET is required with STORAGE=s3");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, to use the SDK's default chain)",
    );
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
  };
}

/** Environment -> typed config, failing fast with every problem named, and the embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY)
    throw new ConfigError("STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY");
  if (e.FLUTTERWAVE_SECRET_KEY && !e.FLUTTERWAVE_SECRET_HASH)
    throw new ConfigError(
      "FLUTTERWAVE_SECRET_HASH is required with FLUTTERWAVE_SECRET_KEY (the dashboard's secret hash for webhooks)",
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither");
  if (Boolean(e.AFRICASTALKING_USERNAME) !== Boolean(e.AFRICASTALKING_API_KEY))
    throw new ConfigError("AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY go together: set both or neither");
  if (e.NODE_ENV === "production" && !e.SESSION_SECRET) throw new ConfigError("SESSION_SECRET is required in production");
  const sessionSecret = e.SESSION_SECRET ?? [persistedDevSecret(dataDir)];
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionSecret,
    sessionSecretGenerated: !e.SESSION_SECRET,
    // Unset: derived from the signing session secret (so rotating that one needs SECRET_KEY set first; README).
    secretKey: e.SECRET_KEY ?? `derived:${sessionSecret[0] ?? ""}`,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    drainGraceMs: e.DRAIN_GRACE_MS ?? (e.NODE_ENV === "production" ? DRAIN_GRACE_MS : 0),
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    metricsToken: e.METRICS_TOKEN,
    logPretty: e.LOG_PRETTY === "true",
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? "",
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
        }
      : undefined,
    paystack: e.PAYSTACK_SECRET_KEY ? { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL ?? PAYSTACK_API } : null,
    flutterwave:
      e.FLUTTERWAVE_SECRET_KEY && e.FLUTTERWAVE_SECRET_HASH
        ? {
            secretKey: e.FLUTTERWAVE_SECRET_KEY,
            secretHash: e.FLUTTERWAVE_SECRET_HASH,
            baseUrl: e.FLUTTERWAVE_BASE_URL ?? FLUTTERWAVE_API,
          }
        : null,
    exchangeRatesUrl: e.EXCHANGE_RATES_URL ?? null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    uploadDir: path.join(dataDir, "uploads"),
    seedDemo: e.SEED_DEMO === undefined ? e.NODE_ENV !== "production" : e.SEED_DEMO === "true",
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bodyLimit: e.BODY_LIMIT_BYTES,
    ice: parseIce(e.STUN_URLS, e.TURN_URLS, e.TURN_SECRET, e.TURN_TTL_SECONDS),
    storage: storageConfig(e),
    calendars: calendarConfig(e.NODE_ENV, {
      secretKey: e.CALENDAR_SECRET_KEY,
      allowPrivate: e.CALENDAR_ALLOW_PRIVATE_ADDRESSES,
      sessionSecret: e.SESSION_SECRET?.[0],
    }),
    push: pushConfig(e.NODE_ENV, {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      allowPrivate: e.PUSH_ALLOW_PRIVATE_ADDRESSES,
      sessionSecret: e.SESSION_SECRET?.[0],
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    }),
    sms: smsConfig(e, dataDir),
  };
}

/** STUN_URLS and TURN_URLS: comma-separated stun:, turn: or turns: URLs; TURN needs its shared secret. */
export function parseIce(stun: string | undefined, turn: string | undefined, secret: string | undefined, ttl: number): IceConfig {
  const list = (text: string | undefined, schemes: RegExp, name: string) =>
    (text ?? "")
      .split(",")
      .map((u) => u.trim())
      .filter(Boolean)
      .map((u) => {
        if (!schemes.test(u))
          throw new ConfigError(`${name}: "${u}" is not a ${name.startsWith("STUN") ? "stun:" : "turn: or turns:"} URL`);
        return u;
      });
  const stunUrls = list(stun, /^stuns?:[^\s]+$/, "STUN_URLS");
  const turnUrls = list(turn, /^turns?:[^\s]+$/, "TURN_URLS");
  if (turnUrls.length && !secret) throw new ConfigError("TURN_SECRET is required with TURN_URLS (coturn's static-auth-secret)");
  return { stunUrls, turnUrls, turnSecret: secret, turnTtlSeconds: ttl };
}

/** Outside production a random secret is made once and kept in the data folder, so sign-ins survive restarts. */
function persistedDevSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
