import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages, users } from "../../../db/schema";
import type { ContactStatus } from "../../../src/domain/enums";
import { AppError } from "../../../src/errors";
import { contactTexts, type ContactMessageInput } from "../../../src/schemas/contact";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Outbox } from "../../platform/mail";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import { addressGroup, createThrottle, throttleKey } from "../../platform/throttle";
import { contactMessageMail } from "./mail";

/** At most this many messages an hour from one address (and from one account). */
const PER_HOUR = 5;
const HOUR_MS = 3_600_000;
/** The inbox shows the newest messages first, this many at most. */
export const INBOX_LIMIT = 200;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactStatus;
  createdAt: Date;
  handledAt: Date | null;
}

/** The contact form: stored for the admins' inbox, mailed to every admin, throttled per address and account. */
export function createContactService({
  db,
  clock,
  outbox,
  config,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
}) {
  const throttle = createThrottle(db, clock);

  async function send(input: ContactMessageInput, from: { ip: string; userId: string | null }): Promise<{ id: string }> {
    const allowed =
      (await throttle.hit(throttleKey("contact-ip", addressGroup(from.ip)), PER_HOUR, HOUR_MS)) &&
      (!from.userId || (await throttle.hit(throttleKey("contact-user", from.userId), PER_HOUR, HOUR_MS)));
    if (!allowed) throw new AppError("TOO_MANY_REQUESTS", contactTexts.tooMany);
    return db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(contactMessages)
        .values({ ...input, userId: from.userId })
        .returning({ id: contactMessages.id });
      if (!stored) throw new Error("The contact message was not stored");
      const admins = await tx
        .select({ id: users.id, email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.role, "admin"));
      for (const admin of admins) {
        const mail = contactMessageMail(admin.email, input, config.publicUrl, admin.locale);
        await outbox.send(`contact:${stored.id}:${admin.id}`, mail, { tx });
      }
      return stored;
    });
  }

  async function list(status?: ContactStatus): Promise<ContactMessage[]> {
    return db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
        handledAt: contactMessages.handledAt,
      })
      .from(contactMessages)
      .where(status ? eq(contactMessages.status, status) : undefined)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_LIMIT);
  }

  async function setStatus(id: string, status: ContactStatus, admin: AdminActor): Promise<{ id: string; status: ContactStatus }> {
    return db.transaction(async (tx) => {
      // The status before, read under the row's lock, for the audit log.
      const [before] = await tx
        .select({ status: contactMessages.status })
        .from(contactMessages)
        .where(eq(contactMessages.id, id))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND", "Message not found");
      const [row] = await tx
        .update(contactMessages)
        .set({ status, handledBy: status === "new" ? null : admin.id, handledAt: status === "new" ? null : clock.now() })
        .where(and(eq(contactMessages.id, id)))
        .returning({ id: contactMessages.id, status: contactMessages.status });
      if (!row) throw new AppError("NOT_FOUND", "Message not found");
      await recordAdminAction(tx, admin, {
        targetKind: "contact_message",
        targetId: id,
        change: { status, before: { status: before.status }, after: { status: row.status } },
      });
      return row;
    });
  }

  return { send, list, setStatus };
}
