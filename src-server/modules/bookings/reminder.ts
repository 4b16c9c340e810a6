import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { bookings } from "../../../db/schema";
import { reminderDueAt } from "../../../src/domain/after-payment";
import type { BookingDeps } from "./deps";
import { reminderClientMail, reminderSeerMail } from "./mail";
import { loadBookingMail } from "./mail-context";
import { cancelSoonReminder, pushReminder, scheduleSoonReminder } from "./push";

const REMINDER_JOB = "bookings.reminder";

const reminderKey = (bookingId: string, startsAt: Date) => `${bookingId}:${startsAt.toISOString()}`;

/**
 * Schedules the reminder of a confirmed booking (none when it was confirmed less than 24 hours ahead), and the push
 * notification 10 minutes before its start (push.ts).
 */
export async function scheduleReminder(
  { clock, jobs }: Pick<BookingDeps, "clock" | "jobs">,
  booking: { id: string; startsAt: Date; confirmedAt: Date | null },
  tx?: Tx,
): Promise<void> {
  await scheduleSoonReminder({ clock, jobs }, booking, tx);
  const due = reminderDueAt(booking.startsAt, booking.confirmedAt ?? clock.now());
  if (!due) return;
  await jobs.send(
    REMINDER_JOB,
    { bookingId: booking.id, startsAt: booking.startsAt.toISOString() },
    { at: due, key: reminderKey(booking.id, booking.startsAt), ...(tx ? { tx } : {}) },
  );
}

/** Drops the reminder scheduled for the time a booking no longer has (cancelled or moved); a miss is no error. */
export async function cancelReminder({ jobs }: Pick<BookingDeps, "jobs">, bookingId: string, startsAt: Date): Promise<void> {
  await cancelSoonReminder({ jobs }, bookingId, startsAt);
  await jobs.cancel(REMINDER_JOB, reminderKey(bookingId, startsAt)).catch(() => {});
}

/** The reminder job: both mails (and push, and SMS to those who chose it), unless the booking was cancelled or moved since it was scheduled. */
async function sendReminder(
  { db, outbox, config, push, sms }: BookingDeps,
  { bookingId, startsAt }: { bookingId: string; startsAt: string },
): Promise<void> {
  const mail = await loadBookingMail(db, config.publicUrl, bookingId);
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  // A reminder for a time the booking no longer has, or for a cancelled booking, is dropped.
  if (!mail || row?.status !== "confirmed" || mail.data.startsAt.toISOString() !== startsAt) return;
  await outbox.send(
    `booking-reminder:${bookingId}:${startsAt}:client`,
    reminderClientMail(mail.clientEmail, mail.data, mail.clientLocale),
  );
  await outbox.send(
    `booking-reminder:${bookingId}:${startsAt}:seer`,
    reminderSeerMail(mail.seerEmail, mail.data, mail.seerLocale),
  );
  await pushReminder({ push, sms, config }, mail);
}

export function defineReminderJob(deps: BookingDeps): void {
  deps.jobs.define<{ bookingId: string; startsAt: string }>({ name: REMINDER_JOB, run: (data) => sendReminder(deps, data) });
}
