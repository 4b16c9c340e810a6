import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sentEmails } from "../../db/schema";
import type { JobQueue, JobOptions } from "./jobs";
import { metrics } from "./metrics";

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when not to us (a contact message's sender). */
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL), or .eml files in an outbox folder when no SMTP is configured. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const slug = message.subject
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .slice(0, 40);
      // Named by time (so that a listing sorts oldest first), subject and the message's own id: two mails with one
      // subject in one millisecond are two files, and a file is never written over.
      const id = info.messageId.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${slug}-${id}.eml`);
      await writeFile(file, info.message as Buffer, { flag: "wx" });
    },
  };
}

/** For tests: keeps every message in memory. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

/**
 * Sends `message` at most once per `key`: the key is claimed in sent_emails first and given back when sending
 * fails, so that a retry sends it and a duplicate call (or a second instance) does not.
 */
export async function sendMailOnce(db: Db, mailer: Mailer, key: string, message: MailMessage): Promise<void> {
  const [claimed] = await db
    .insert(sentEmails)
    .values({ key, recipient: message.to })
    .onConflictDoNothing()
    .returning({ key: sentEmails.key });
  if (!claimed) return;
  try {
    await mailer.send(message);
    metrics.mailsSent.inc();
  } catch (error) {
    await db.delete(sentEmails).where(eq(sentEmails.key, key));
    throw error;
  }
}

/** Mail out of the request path: each message is a job, retried with backoff, and sent once per key. */
export interface Outbox {
  /** Queues `message` under `key`; with `tx`, only if that transaction commits. */
  send(key: string, message: MailMessage, options?: Pick<JobOptions, "tx" | "at">): Promise<void>;
  /** Queues several at once, in one statement (`JobQueue.sendMany`), each under its own key. */
  sendMany(mails: { key: string; message: MailMessage }[], options?: Pick<JobOptions, "tx">): Promise<void>;
}

const MAIL_JOB = "mail.send";

export function createOutbox(deps: { db: Db; mailer: Mailer; jobs: JobQueue }): Outbox {
  deps.jobs.define<{ key: string; message: MailMessage }>({
    name: MAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    run: ({ key, message }) => sendMailOnce(deps.db, deps.mailer, key, message),
  });
  return {
    send: (key, message, options = {}) => deps.jobs.send(MAIL_JOB, { key, message }, { ...options, key }),
    sendMany: (mails, options) =>
      deps.jobs.sendMany(
        MAIL_JOB,
        mails.map((mail) => ({ data: mail, key: mail.key })),
        options,
      ),
  };
}
