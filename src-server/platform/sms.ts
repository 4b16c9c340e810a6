import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { phoneNumbers, sentSms } from "../../db/schema";
import type { Clock } from "./clock";
import type { JobQueue } from "./jobs";
import { metrics } from "./metrics";
import type { AfricasTalkingConfig, SmsConfig } from "./sms-config";
import { createThrottle, throttleKey } from "./throttle";

/** A text message to one number in E.164 (issue #44). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * "sent": handed over (the provider's message id when it gives one). "rejected": the provider refused this number for
 * good (invalid, unsupported, blacklisted, do-not-disturb), so retrying would not help. Anything else throws, to be
 * retried.
 */
export type SmsResult = { status: "sent"; id: string | null } | { status: "rejected"; reason: string };

export interface SmsSender {
  send(message: SmsMessage): Promise<SmsResult>;
}

/** Africa's Talking's answer to POST /version1/messaging (its SMS API's documented shape). */
interface AfricasTalkingAnswer {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { statusCode?: number; status?: string; number?: string; messageId?: string; cost?: string }[];
  };
}

/** Recipient status codes: 100 Processed, 101 Sent, 102 Queued are taken; these are final refusals of the number. */
const AT_ACCEPTED = new Set([100, 101, 102]);
const AT_REFUSED_FOR_GOOD = new Set([403, 404, 406, 409]);

/**
 * Africa's Talking's SMS API: a form-encoded POST of `username`, `to`, `message` (and `from`) with the `apiKey`
 * header, answered with each recipient's status. 10 s at most; an answer without a status for our one recipient is a
 * failure to retry.
 */
export function createAfricasTalkingSender(config: AfricasTalkingConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${config.baseUrl.replace(/\/$/, "")}/version1/messaging`;
  return {
    async send({ to, text }) {
      const form = new URLSearchParams({ username: config.username, to, message: text });
      if (config.from) form.set("from", config.from);
      const response = await fetchImpl(url, {
        method: "POST",
        headers: { apiKey: config.apiKey, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const said = await response.text().catch(() => "");
        throw new Error(`Africa's Talking answered ${response.status}: ${said.slice(0, 200)}`);
      }
      const answer = (await response.json()) as AfricasTalkingAnswer;
      const recipient = answer.SMSMessageData?.Recipients?.[0];
      const code = recipient?.statusCode;
      if (code !== undefined && AT_ACCEPTED.has(code)) return { status: "sent", id: recipient?.messageId ?? null };
      if (code !== undefined && AT_REFUSED_FOR_GOOD.has(code))
        return { status: "rejected", reason: recipient?.status ?? String(code) };
      throw new Error(
        `Africa's Talking did not send the SMS: ${recipient?.status ?? answer.SMSMessageData?.Message ?? "no recipient"}`,
      );
    },
  };
}

/**
 * The default: each message a text file in the outbox folder (beside the mail's), named by time and number, so a
 * developer reads the codes and reminders there as they read the mail.
 */
export function createOutboxSmsSender(outboxDir: string): SmsSender {
  return {
    async send({ to, text }) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${to.replace(/\D/g, "")}-${Math.random().toString(36).slice(2, 8)}.txt`,
      );
      await writeFile(file, `To: ${to}\n\n${text}\n`, { flag: "wx" });
      return { status: "sent", id: path.basename(file) };
    },
  };
}

export function createSmsSender(config: SmsConfig, fetchImpl?: typeof fetch): SmsSender {
  return config.provider === "africastalking"
    ? createAfricasTalkingSender(config.africasTalking, fetchImpl)
    : createOutboxSmsSender(config.outboxDir);
}

/** For tests: keeps every message in memory. */
export class MemorySmsSender implements SmsSender {
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<SmsResult> {
    this.sent.push(message);
    return { status: "sent", id: String(this.sent.length) };
  }
}

/** Per number: at most this many texts an hour, whatever sends them (docs/product.md#constants-and-limits). */
export const SMS_PER_NUMBER_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** SMS out of the request path: each message a job, retried with backoff, sent once per key. */
export interface SmsOutbox {
  /** Queues `message` under `key`; with `tx`, only if that transaction commits. */
  send(key: string, message: SmsMessage, options?: { tx?: Queryable }): Promise<void>;
  /**
   * Queues `text` to this person's confirmed number, if they chose SMS (nothing otherwise), under `key`. Read when
   * called: call it from the job that decides to tell them (a booking's confirmation or reminder).
   */
  notify(userId: string, key: string, text: string): Promise<void>;
}

const SMS_JOB = "sms.send";

/**
 * Sends `message` at most once per `key` (claimed in sent_sms first, given back when sending fails so that a retry
 * sends it), and at most SMS_PER_NUMBER_PER_HOUR to one number: beyond that it is dropped, since a reminder or a code
 * late by an hour is worth little and the limit is there against floods.
 */
async function sendSmsOnce(
  { db, sender, throttle, log }: { db: Db; sender: SmsSender; throttle: ReturnType<typeof createThrottle>; log?: SmsLog },
  key: string,
  message: SmsMessage,
): Promise<void> {
  const [claimed] = await db
    .insert(sentSms)
    .values({ key, recipient: message.to })
    .onConflictDoNothing()
    .returning({ key: sentSms.key });
  if (!claimed) return;
  if (!(await throttle.hit(throttleKey("sms-number", message.to), SMS_PER_NUMBER_PER_HOUR, HOUR_MS))) {
    metrics.smsSent.inc({ outcome: "throttled" });
    log?.warn({ key }, "SMS dropped: this number's hourly limit is reached");
    return;
  }
  let result: SmsResult;
  try {
    result = await sender.send(message);
  } catch (error) {
    await db.delete(sentSms).where(eq(sentSms.key, key));
    throw error;
  }
  metrics.smsSent.inc({ outcome: result.status });
  if (result.status === "rejected") log?.warn({ key, reason: result.reason }, "SMS refused by the provider");
}

interface SmsLog {
  warn(obj: object, msg: string): void;
}

export function createSmsOutbox(deps: { db: Db; jobs: JobQueue; clock: Clock; sender: SmsSender; log?: SmsLog }): SmsOutbox {
  const throttle = createThrottle(deps.db, deps.clock);
  deps.jobs.define<{ key: string; message: SmsMessage }>({
    name: SMS_JOB,
    retryLimit: 5,
    retryDelaySeconds: 60,
    run: ({ key, message }) => sendSmsOnce({ ...deps, throttle }, key, message),
  });
  const send: SmsOutbox["send"] = (key, message, { tx } = {}) =>
    deps.jobs.send(SMS_JOB, { key, message }, { key, ...(tx ? { tx } : {}) });
  return {
    send,
    async notify(userId, key, text) {
      const [row] = await deps.db
        .select({ number: phoneNumbers.number })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.sms, true), isNotNull(phoneNumbers.confirmedAt)));
      if (row?.number) await send(key, { to: row.number, text });
    },
  };
}
