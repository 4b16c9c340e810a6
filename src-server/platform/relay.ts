import postgres from "postgres";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { relayPayloads } from "../../db/schema";
import type { JobDatabase } from "./jobs";

/**
 * Messages between app instances through PostgreSQL's LISTEN/NOTIFY: every instance that subscribed to a channel
 * receives what any instance publishes on it (its own messages included). With PGlite there is one process and
 * the same calls work on its one connection.
 */
export interface Relay {
  /**
   * `onSubscribed` runs once the subscription is live, and again each time it is made anew after its connection was
   * lost (messages published meanwhile were not received).
   */
  subscribe(channel: string, handler: (message: string) => void, onSubscribed?: () => void): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  /** Drops stored large payloads older than `olderThan` (they are read within milliseconds). */
  purge(olderThan: Date): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8,000 bytes or more; larger ones are stored and named by id. */
const INLINE_LIMIT = 7000;
const INLINE = "=";
const STORED = "@";

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

export function createRelay(target: JobDatabase, db: Db, log?: { warn(obj: object, msg: string): void }): Relay {
  const listener = target.kind === "postgres" ? postgres(target.url, { max: 1, onnotice: () => {} }) : null;
  const unsubscribes: (() => Promise<void>)[] = [];

  async function decode(payload: string): Promise<string | undefined> {
    if (payload.startsWith(INLINE)) return payload.slice(1);
    if (!payload.startsWith(STORED)) return undefined;
    const [row] = await db
      .select({ body: relayPayloads.body })
      .from(relayPayloads)
      .where(eq(relayPayloads.id, payload.slice(1)))
      .limit(1);
    return row?.body;
  }

  /**
   * A subscription's messages reach its handler in the order they were published: a stored payload takes a query to
   * read, and the small ones behind it wait for it (a call's offer before its ICE candidates).
   */
  const deliver = (handler: (message: string) => void) => {
    let queue = Promise.resolve();
    return (payload: string) => {
      const message = decode(payload).catch((err: unknown) => {
        log?.warn({ err }, "relay: a message could not be read");
        return undefined;
      });
      queue = queue
        .then(() => message)
        .then((m) => {
          if (m !== undefined) handler(m);
        })
        .catch((err: unknown) => log?.warn({ err }, "relay: a handler failed"));
    };
  };

  return {
    async subscribe(channel, handler, onSubscribed) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid relay channel: ${channel}`);
      if (listener) {
        // postgres.js calls onlisten after each LISTEN, its first and those it makes again after a reconnection.
        const meta = await listener.listen(channel, deliver(handler), onSubscribed);
        unsubscribes.push(() => meta.unlisten());
      } else if (target.kind === "pglite") {
        const unlisten = await target.client.listen(channel, deliver(handler));
        unsubscribes.push(() => unlisten());
        onSubscribed?.();
      }
    },
    async publish(channel, message) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid relay channel: ${channel}`);
      let payload = INLINE + message;
      if (Buffer.byteLength(payload) > INLINE_LIMIT) {
        const [row] = await db.insert(relayPayloads).values({ body: message }).returning({ id: relayPayloads.id });
        if (!row) throw new Error("relay: the payload was not stored");
        payload = STORED + row.id;
      }
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async purge(olderThan) {
      await db.delete(relayPayloads).where(lt(relayPayloads.createdAt, olderThan));
    },
    async close() {
      await Promise.allSettled(unsubscribes.map((u) => u()));
      unsubscribes.length = 0;
      if (listener) await listener.end({ timeout: 2 });
    },
  };
}
