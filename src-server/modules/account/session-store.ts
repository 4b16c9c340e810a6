import { createHash } from "node:crypto";
import type * as Fastify from "fastify";
import type { SessionStore } from "@fastify/session";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sessions, users } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import type { SessionCache } from "./session-cache";
import { currentUserColumns, type CurrentUser } from "./users";

/** The user a stored session belongs to, read from its JSON. */
export const userIdOfSession = sql`${sessions.sess}->>'userId'`;

/** What the profile lists of one's own sign-ins: never the cookie's id, only the stored hash as a handle. */
export interface OwnSession {
  id: string;
  current: boolean;
  createdAt: Date | null;
  userAgent: string | null;
  expiresAt: Date;
}

declare module "fastify" {
  interface Session {
    userId?: string;
    /** When the session's expiry was last pushed forward (sliding expiry, at most once per renewal window). */
    renewedAt?: number;
    /** When the person signed in, and with which browser: shown in the profile's list of sessions. */
    createdAt?: number;
    userAgent?: string;
    /** Between a right password and the second step (a code or a passkey): whose sign-in it is, and since when. */
    pendingUserId?: string;
    pendingAt?: number;
    /** The WebAuthn challenge this session was last given (passkeys.ts): used once, within 5 minutes, by its user. */
    passkeyChallenge?: { value: string; purpose: "register" | "authenticate"; userId: string; expiresAt: number };
    /** Its user as read with the session itself (one statement, not two); never stored (`set` leaves it out). */
    loadedUser?: CurrentUser;
  }
}

/** The session id in the cookie is a bearer secret: only its SHA-256 is kept, so a leaked table opens no session. */
export const hashSessionId = (sessionId: string): string => createHash("sha256").update(sessionId).digest("hex");

type Callback = (err?: unknown) => void;
type SessionCallback = (err: unknown, result?: Fastify.Session | null) => void;

/**
 * The @fastify/session store over the spec's `sessions` table (sid, sess, expire).
 * Expired rows are never returned and are purged by `purgeExpired`. Given a cache, a session read is remembered
 * there for a few seconds, and forgotten when it changes (session-cache.ts).
 */
export class DbSessionStore implements SessionStore {
  /** Read on every request that carries a session cookie: its statement is built once (drizzle's prepare). */
  private readonly withUser;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache?: SessionCache,
  ) {
    this.withUser = db
      .select({ sess: sessions.sess, expire: sessions.expire, user: currentUserColumns })
      .from(sessions)
      .leftJoin(users, and(eq(users.id, sql`${sessions.sess} ->> 'userId'`), isNull(users.deletedAt)))
      .where(and(eq(sessions.sid, sql.placeholder("sid")), gt(sessions.expire, sql.placeholder("now"))))
      .limit(1)
      .prepare("session_with_user");
  }

  set(sessionId: string, session: Fastify.Session, callback: Callback): void {
    const sid = hashSessionId(sessionId);
    const { loadedUser: _loaded, ...sess } = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    // Expiry is decided here, on the injected clock, so that sliding expiry is the server's rule and testable.
    const expire = new Date(this.clock.now().getTime() + SESSION_TTL_MS);
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(() => this.forgotten(sid, callback), callback);
  }

  /** After this instance changed a session: forgotten here at once (other instances hear of it from the database). */
  private forgotten(sid: string, callback: Callback): void {
    this.cache?.forgetSession(sid);
    callback();
  }

  /** The session, with its signed-in user (not deleted) when it has one: the request's context takes it from there. */
  get(sessionId: string, callback: SessionCallback): void {
    const sid = hashSessionId(sessionId);
    const now = this.clock.now();
    const remembered = this.cache?.read(sid, now.getTime());
    if (remembered) return callback(null, remembered);
    const ticket = this.cache?.ticket() ?? null;
    this.withUser.execute({ sid, now: now.toISOString() }).then(([row]) => {
      if (!row) return callback(null, null);
      const session = row.sess as unknown as Fastify.Session;
      if (row.user) session.loadedUser = row.user;
      this.cache?.remember(ticket, sid, session, row.expire, now.getTime());
      callback(null, session);
    }, callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, hashSessionId(sessionId)))
      .then(() => this.forgotten(hashSessionId(sessionId), callback), callback);
  }

  async purgeExpired(): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expire, this.clock.now())).returning({ sid: sessions.sid });
    return removed.length;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Lucia's practice: sessions last 30 days and are extended when less than 15 days remain. */
export const SESSION_TTL_MS = 30 * DAY_MS;
export const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;
