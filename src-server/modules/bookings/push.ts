import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { bookings } from "../../../db/schema";
import { meetingPath, SESSION_MINUTES } from "../../../src/domain/consultations";
import type { PushMessage } from "../../platform/push";
import type { BookingDeps } from "./deps";
import { seerWhen, when, type BookingMailData } from "./mail";
import { loadBookingMail, type BookingMailContext } from "./mail-context";

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

const minutes = (d: BookingMailData) => SESSION_MINUTES[d.sessionType];

/** What each person's devices show for an event. */
export function bookingPushMessages(
  event: BookingPushEvent,
  d: BookingMailData,
  publicUrl: string,
): { client: PushMessage; seer: PushMessage } {
  const tag = `booking-${d.bookingId}`;
  const profile = `${publicUrl}/profile`;
  const dashboard = `${publicUrl}/dashboard`;
  const room = `${publicUrl}${meetingPath(d.bookingId)}`;
  const join = [{ action: "join", title: "Join", url: room }];
  switch (event) {
    case "confirmed":
      return {
        client: {
          tag,
          url: profile,
          title: "Booking confirmed",
          body: `Your ${minutes(d)} minute consultation with ${d.seerName} is booked for ${when(d)}.`,
        },
        seer: {
          tag,
          url: dashboard,
          title: "New booking",
          body: `${d.clientName} booked a ${minutes(d)} minute consultation on ${seerWhen(d)}.`,
        },
      };
    case "rescheduled":
      return {
        client: {
          tag,
          url: profile,
          title: "Consultation moved",
          body: `Your ${minutes(d)} minute consultation with ${d.seerName} is now on ${when(d)}.`,
        },
        seer: {
          tag,
          url: dashboard,
          title: "Consultation moved",
          body: `Your ${minutes(d)} minute consultation with ${d.clientName} is now on ${seerWhen(d)}.`,
        },
      };
    case "cancelled":
      return {
        client: {
          tag,
          url: profile,
          title: "Consultation cancelled",
          body: `Your ${minutes(d)} minute consultation with ${d.seerName} on ${when(d)} was cancelled.`,
        },
        seer: {
          tag,
          url: dashboard,
          title: "Consultation cancelled",
          body: `Your ${minutes(d)} minute consultation with ${d.clientName} on ${seerWhen(d)} was cancelled.`,
        },
      };
    case "reminder-24h":
      return {
        client: {
          tag,
          url: profile,
          title: "Your consultation is tomorrow",
          body: `Your ${minutes(d)} minute consultation with ${d.seerName} starts in 24 hours.`,
        },
        seer: {
          tag,
          url: dashboard,
          title: "Your session is tomorrow",
          body: `Your ${minutes(d)} minute consultation with ${d.clientName} starts in 24 hours.`,
        },
      };
    case "reminder-10m":
      return {
        client: {
          tag,
          url: room,
          actions: join,
          title: "Starting in 10 minutes",
          body: `Your consultation with ${d.seerName} starts in 10 minutes. The room is open.`,
        },
        seer: {
          tag,
          url: room,
          actions: join,
          title: "Starting in 10 minutes",
          body: `Your consultation with ${d.clientName} starts in 10 minutes. The room is open.`,
        },
      };
  }
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
  const messages = bookingPushMessages(event, mail.data, config.publicUrl);
  const key = `booking-${event}:${mail.data.bookingId}:${mail.data.startsAt.toISOString()}`;
  if (push) {
    await push.notify([mail.clientId], `${key}:client`, messages.client);
    await push.notify([mail.seerUserId], `${key}:seer`, messages.seer);
  }
  if (sms && SMS_EVENTS.has(event)) {
    await sms.notify(mail.clientId, `${key}:client`, smsText(messages.client));
    await sms.notify(mail.seerUserId, `${key}:seer`, smsText(messages.seer));
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
