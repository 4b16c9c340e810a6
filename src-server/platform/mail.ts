import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sentEmails } from "../../db/schema";

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
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${slug}.eml`);
      await writeFile(file, info.message as Buffer);
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
  } catch (error) {
    await db.delete(sentEmails).where(eq(sentEmails.key, key));
    throw error;
  }
}
