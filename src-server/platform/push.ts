import { isIP } from "node:net";
import { eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import type { Db, Queryable } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import type { JobQueue } from "./jobs";
import type { PushConfig } from "./push-config";

/**
 * Web push (issue #44): what a notification says, where a tap leads, and its buttons. The service worker
 * (src-client/sw.ts) shows it and opens `url`, or an action's own `url`.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification with the same tag on the device (e.g. a booking's reminders). */
  tag?: string;
  actions?: { action: string; title: string; url: string }[];
}

/** A device's subscription as its browser's push service gave it. */
export interface PushEndpoint {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  /** Whether an endpoint may be given to us (https, a public host; a loopback one only where allowed, as in tests). */
  accepts(endpoint: string): boolean;
  /** "gone": the push service no longer knows the subscription (404 or 410). Any other failure throws, to be retried. */
  send(to: PushEndpoint, message: PushMessage): Promise<"sent" | "gone">;
}

const loopbackOrPrivate = (host: string) => {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local") || h.endsWith(".internal")) return true;
  if (isIP(h) === 0) return false;
  return /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|0\.|::1$|f[cd]|fe80)/.test(h);
};

/**
 * Sends through the `web-push` library's encryption and VAPID signature (aes128gcm), posting with fetch: in tests the
 * endpoint is a fake push service on 127.0.0.1 (PushConfig.allowPrivateAddresses), which plain http reaches too.
 */
export function createPushSender(config: PushConfig, fetchImpl: typeof fetch = fetch): PushSender {
  const accepts = (endpoint: string) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (config.allowPrivateAddresses) return url.protocol === "https:" || url.protocol === "http:";
    return url.protocol === "https:" && !loopbackOrPrivate(url.hostname);
  };
  return {
    publicKey: config.publicKey,
    accepts,
    async send(to, message) {
      if (!accepts(to.endpoint)) return "gone";
      const details = webpush.generateRequestDetails(
        { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
          // A day: a reminder or a message notice is worth little later.
          TTL: 86_400,
          contentEncoding: "aes128gcm",
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      const response = await fetchImpl(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return "gone";
      if (!response.ok) throw new Error(`The push service answered ${response.status}`);
      return "sent";
    },
  };
}

export interface PushNotifier {
  /**
   * One notification to every device of these people, each device's send a job of its own keyed `{key}:{device}`,
   * so a retried caller sends nothing twice. Call it from a job (or anywhere a retry is harmless); with `tx`, the sends
   * are stored in that transaction.
   */
  notify(userIds: string[], key: string, message: PushMessage, options?: { tx?: Queryable }): Promise<void>;
}

const DELIVER_JOB = "push.deliver";

/** The notifier over the stored subscriptions, and the job that sends to one device and forgets a gone one. */
export function createPushNotifier({ db, jobs, sender }: { db: Db; jobs: JobQueue; sender: PushSender }): PushNotifier {
  jobs.define<{ subscriptionId: string; message: PushMessage }>({
    name: DELIVER_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    run: async ({ subscriptionId, message }) => {
      const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      // Turned off meanwhile: nothing to send.
      if (!device) return;
      if ((await sender.send(device, message)) === "gone") {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      }
    },
  });
  return {
    async notify(userIds, key, message, { tx } = {}) {
      if (userIds.length === 0) return;
      const devices = await (tx ?? db)
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds));
      if (devices.length === 0) return;
      await jobs.sendMany(
        DELIVER_JOB,
        devices.map((d) => ({ data: { subscriptionId: d.id, message }, key: `${key}:${d.id}` })),
        tx ? { tx } : {},
      );
    },
  };
}
