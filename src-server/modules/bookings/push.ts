import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { bookings } from "../../../db/schema";
import { meetingPath, SESSION_MINUTES } from "../../../src/domain/consultations";
import type { PushMessage } from "../../platform/push";
import type { BookingDeps } from "./deps";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import { sides, type Audience, type BookingMailData } from "./mail";
import { loadBookingMail, type BookingMailContext } from "./mail-context";
import { pageLink } from "../../platform/mail-links";

/**
 * A booking's web push notifications (issue #44; texts in docs/product.md#notifications), beside its e-mails: a
 * confirmation, a move or a cancellation queues one `bookings.push` job in its own transaction (keyed by the event and
 * the start, so it exists once), whose handler notifies both people's devices; the reminders 24 hours and 10 minutes
 * before are jobs scheduled with the booking's reminder (reminder.ts).
 */
export type BookingPushEvent = "confirmed" | "rescheduled" | "cancelled" | "reminder-24h" | "reminder-10m";

const PUSH_JOB = "bookings.push";
const SOON_JOB = "bookings.reminder-soon";
/** The second reminder, with `Join`: when the room opens. */
export const SOON_REMINDER_MINUTES = 10;

/**
 * What one side's devices show for an event, in that person's language (`users.locale`): the client reads the
 * Seer's name and their own clock, the Seer the client's name and theirs.
 */
export function bookingPushMessage(
  event: BookingPushEvent,
  d: BookingMailData,
  publicUrl: string,
  audience: Audience,
  locale: Locale = DEFAULT_LOCALE,
): PushMessage {
  return writeIn(locale, (t) => {
    const tag = `booking-${d.bookingId}`;
    const url = pageLink(publicUrl, audience === "client" ? "/profile" : "/dashboard", locale);
    const room = pageLink(publicUrl, meetingPath(d.bookingId), locale);
    const minutes = SESSION_MINUTES[d.sessionType];
    const { other, when } = sides(d, audience, t);
    const client = audience === "client";
    switch (event) {
      case "confirmed":
        return client
          ? {
              tag,
              url,
              title: t("bookingPush.confirmed.clientTitle"),
              body: t("bookingPush.confirmed.clientBody", { minutes, seer: other, when }),
            }
          : {
              tag,
              url,
              title: t("bookingPush.confirmed.seerTitle"),
              body: t("bookingPush.confirmed.seerBody", { client: other, minutes, when }),
            };
      case "rescheduled":
        return {
          tag,
          url,
          title: t("bookingPush.rescheduled.title"),
          body: t("bookingPush.rescheduled.body", { minutes, other, when }),
        };
      case "cancelled":
        return {
          tag,
          url,
          title: t("bookingPush.cancelled.title"),
          body: t("bookingPush.cancelled.body", { minutes, other, when }),
        };
      case "reminder-24h":
        return {
          tag,
          url,
          title: t(client ? "bookingPush.tomorrow.clientTitle" : "bookingPush.tomorrow.seerTitle"),
          body: t("bookingPush.tomorrow.body", { minutes, other }),
        };
      case "reminder-10m":
        return {
          tag,
          url: room,
          actions: [{ action: "join", title: t("bookingPush.soon.join"), url: room }],
          title: t("bookingPush.soon.title"),
          body: t("bookingPush.soon.body", { other }),
        };
    }
  });
}

/** The events also sent by SMS to those who chose it (docs/product.md#notifications). */
const SMS_EVENTS: ReadonlySet<BookingPushEvent> = new Set(["confirmed", "reminder-24h"]);

/** A notification as a text message: the site's name, what it says and where it leads. */
export const smsText = (message: PushMessage) => `Seer: ${message.body} ${message.url}`;

/**
 * Both people's devices, each notification keyed by the event and the start it is about; for a confirmation or the
 * 24-hour reminder, an SMS too to each of them who chose it, under the same key (so once per booking, start and
 * person, whichever instance or retry sends it).
 */
async function notifyBoth(
  { push, sms, config }: Pick<BookingDeps, "push" | "sms" | "config">,
  mail: BookingMailContext,
  event: BookingPushEvent,
): Promise<void> {
  const key = `booking-${event}:${mail.data.bookingId}:${mail.data.startsAt.toISOString()}`;
  const client = bookingPushMessage(event, mail.data, config.publicUrl, "client", mail.clientLocale);
  const seer = bookingPushMessage(event, mail.data, config.publicUrl, "seer", mail.seerLocale);
  if (push) {
    await push.notify([mail.clientId], `${key}:client`, client);
    await push.notify([mail.seerUserId], `${key}:seer`, seer);
  }
  if (sms && SMS_EVENTS.has(event)) {
    await sms.notify(mail.clientId, `${key}:client`, smsText(client));
    await sms.notify(mail.seerUserId, `${key}:seer`, smsText(seer));
  }
}

/** Queues an event's notifications in the transaction that makes the event happen. */
export async function queueBookingPush(
  { jobs }: Pick<BookingDeps, "jobs">,
  tx: Tx,
  bookingId: string,
  event: "confirmed" | "rescheduled" | "cancelled",
  startsAt: Date,
): Promise<void> {
  const at = startsAt.toISOString();
  await jobs.send(PUSH_JOB, { bookingId, event, startsAt: at }, { key: `${event}:${bookingId}:${at}`, tx });
}

/** The 24-hour reminder's notifications, sent by the reminder job (reminder.ts) once it has checked the booking. */
export const pushReminder = (deps: Pick<BookingDeps, "push" | "sms" | "config">, mail: BookingMailContext) =>
  notifyBoth(deps, mail, "reminder-24h");

const soonKey = (bookingId: string, startsAt: Date) => `${bookingId}:${startsAt.toISOString()}`;

/** Schedules the 10-minute reminder (with `Join`) for a confirmed booking's start; none once that time has passed. */
export async function scheduleSoonReminder(
  { clock, jobs }: Pick<BookingDeps, "clock" | "jobs">,
  booking: { id: string; startsAt: Date },
  tx?: Tx,
): Promise<void> {
  const due = new Date(booking.startsAt.getTime() - SOON_REMINDER_MINUTES * 60_000);
  if (due.getTime() <= clock.now().getTime()) return;
  await jobs.send(
    SOON_JOB,
    { bookingId: booking.id, startsAt: booking.startsAt.toISOString() },
    { at: due, key: soonKey(booking.id, booking.startsAt), ...(tx ? { tx } : {}) },
  );
}

export async function cancelSoonReminder({ jobs }: Pick<BookingDeps, "jobs">, bookingId: string, startsAt: Date): Promise<void> {
  await jobs.cancel(SOON_JOB, soonKey(bookingId, startsAt)).catch(() => {});
}

/** The booking as its notifications say it, if it is still what the job was queued for. */
async function current(
  { db, config }: Pick<BookingDeps, "db" | "config">,
  bookingId: string,
  startsAt: string,
  status: "confirmed" | "cancelled",
): Promise<BookingMailContext | null> {
  const mail = await loadBookingMail(db, config.publicUrl, bookingId);
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  if (!mail || row?.status !== status || mail.data.startsAt.toISOString() !== startsAt) return null;
  return mail;
}

export function defineBookingPushJobs(deps: BookingDeps): void {
  deps.jobs.define<{ bookingId: string; event: "confirmed" | "rescheduled" | "cancelled"; startsAt: string }>({
    name: PUSH_JOB,
    run: async ({ bookingId, event, startsAt }) => {
      // A cancelled booking keeps its time; a moved one is told only if it was not moved again or cancelled since.
      const mail = await current(deps, bookingId, startsAt, event === "cancelled" ? "cancelled" : "confirmed");
      if (mail) await notifyBoth(deps, mail, event);
    },
  });
  deps.jobs.define<{ bookingId: string; startsAt: string }>({
    name: SOON_JOB,
    run: async ({ bookingId, startsAt }) => {
      const mail = await current(deps, bookingId, startsAt, "confirmed");
      if (mail) await notifyBoth(deps, mail, "reminder-10m");
    },
  });
}
