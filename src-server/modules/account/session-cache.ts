import type * as Fastify from "fastify";
import { setKeepingAtMost } from "../../platform/bounded-map";
import type { Relay } from "../../platform/relay";

/** How long a session read from the database is answered from memory at most, should a change's notice be lost. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most (the oldest go first): a few MB, more than an instance's active sessions at one time. */
const CAPACITY = 10_000;
/** The channel the database's triggers tell every instance on that a session or a user changed (migration 0018). */
const SESSION_CHANGES_CHANNEL = "session_changes";

interface Entry {
  /** The session (with its loaded user) as JSON: each answer is a new object, which the request may change. */
  json: string;
  userId: string | null;
  /** Clock milliseconds after which the entry is not answered: the TTL or the session's expiry, the sooner. */
  until: number;
}

/**
 * Sessions read from the database, remembered for a few seconds so that a client's requests in a row do not each
 * look theirs up (three per booking: docs/decisions.md 118). A session is forgotten on every instance once it or its
 * user changes: the database's triggers on `sessions` and `users` publish the change (`SESSION_CHANGES_CHANNEL`),
 * and this instance's own changes forget at once (`forgetSession`, `forgetUser`). Nothing is remembered until the
 * subscription is live, everything is forgotten when it is made again (notices may have been lost meanwhile), and
 * a read that a change overtook is not remembered (`ticket`). Should notices stop arriving, an entry still lives
 * `SESSION_CACHE_TTL_MS` at most. Keys are the stored SHA-256 of the session id, as the notices name them.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the changes heard of: a read from before one is not remembered. */
  private changes = 0;
  private live = false;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly capacity = CAPACITY,
  ) {}

  /** Listens for changes on `relay`; remembers nothing before this resolves. */
  async connect(relay: Relay): Promise<void> {
    await relay.subscribe(
      SESSION_CHANGES_CHANNEL,
      (message) => {
        const kind = message.slice(0, 2);
        if (kind === "s:") this.forgetSession(message.slice(2));
        else if (kind === "u:") this.forgetUser(message.slice(2));
        else this.forgetAll();
      },
      () => {
        // (Re)subscribed: notices sent while the connection was down were lost.
        this.forgetAll();
        this.live = true;
      },
    );
  }

  /** A copy of the session remembered for `sid` at clock time `now`, or null. */
  read(sid: string, now: number): Fastify.Session | null {
    const entry = this.entries.get(sid);
    if (!entry) return null;
    if (now >= entry.until) {
      this.entries.delete(sid);
      return null;
    }
    return JSON.parse(entry.json) as Fastify.Session;
  }

  /** Taken before reading a session from the database and handed to `remember` with what was read. */
  ticket(): number | null {
    return this.live ? this.changes : null;
  }

  /** Keeps what was read under `ticket`, unless a change was heard of since (the read may predate it). */
  remember(ticket: number | null, sid: string, session: Fastify.Session, expire: Date, now: number): void {
    if (ticket === null || ticket !== this.changes || !this.live) return;
    const until = Math.min(now + this.ttlMs, expire.getTime());
    setKeepingAtMost(this.entries, sid, { json: JSON.stringify(session), userId: session.userId ?? null, until }, this.capacity);
  }

  forgetSession(sid: string): void {
    this.changes++;
    this.entries.delete(sid);
  }

  /** Every session of the user: their role, name or address changed, or their sessions ended. */
  forgetUser(userId: string): void {
    this.changes++;
    for (const [sid, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sid);
  }

  forgetAll(): void {
    this.changes++;
    this.entries.clear();
  }
}
