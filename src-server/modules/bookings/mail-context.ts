import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { statement, type Queryable } from "../../../db/client";
import { bookings, seers, users } from "../../../db/schema";
import { meetingPath } from "../../../src/domain/consultations";
import type { Locale } from "../../../src/i18n/locales";
import type { BookingMailData } from "./mail";

const seerUsers = alias(users, "seer_users");

export interface BookingMailContext {
  data: BookingMailData;
  clientEmail: string;
  seerEmail: string;
  /** The language each side's mails and invites are written in (`users.locale`). */
  clientLocale: Locale;
  seerLocale: Locale;
  /** Who gets the booking's push notifications (issue #44). */
  clientId: string;
  seerUserId: string;
}

/**
 * The one query that reads everything the booking's e-mails say (built once, `statement`), not yet sent: awaited alone
 * by `loadBookingMail`, or sent together with other statements (the confirmation sends it with its update).
 */
const bookingMailStatement = statement((q: Queryable) =>
  q
    .select({
      id: bookings.id,
      sessionType: bookings.sessionType,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      clientTimezone: bookings.clientTimezone,
      seerTimezone: bookings.seerTimezone,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      amount: bookings.amount,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
      seerEarnings: bookings.seerEarnings,
      notes: bookings.notes,
      sequence: bookings.calendarSequence,
      seerName: seers.fullName,
      clientEmail: users.email,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      seerEmail: seerUsers.email,
      clientLocale: users.locale,
      seerLocale: seerUsers.locale,
      clientId: bookings.clientId,
      seerUserId: seers.userId,
    })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .innerJoin(users, eq(users.id, bookings.clientId))
    .innerJoin(seerUsers, eq(seerUsers.id, seers.userId))
    .where(eq(bookings.id, sql.placeholder("bookingId")))
    .limit(1)
    .prepare("booking_mail"),
);

export const bookingMailQuery = (db: Queryable, bookingId: string) => bookingMailStatement(db, { bookingId });

/** The mail context of a row `bookingMailQuery` read (none for a booking it did not find). */
export function bookingMailFrom(
  [row]: Awaited<ReturnType<typeof bookingMailQuery>>,
  publicUrl: string,
): BookingMailContext | null {
  if (!row) return null;
  return {
    clientEmail: row.clientEmail,
    seerEmail: row.seerEmail,
    clientLocale: row.clientLocale,
    seerLocale: row.seerLocale,
    clientId: row.clientId,
    seerUserId: row.seerUserId,
    data: {
      bookingId: row.id,
      sessionType: row.sessionType,
      scheduledDate: row.scheduledDate,
      scheduledTime: row.scheduledTime,
      clientTimezone: row.clientTimezone,
      seerTimezone: row.seerTimezone,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      amount: row.amount,
      charge: { currency: row.chargeCurrency, amount: row.chargeAmount },
      seerEarnings: row.seerEarnings,
      notes: row.notes,
      seerName: row.seerName,
      clientName: [row.clientFirstName, row.clientLastName].filter(Boolean).join(" ") || "there",
      meetingUrl: `${publicUrl}${meetingPath(row.id)}`,
      sequence: row.sequence,
      profileUrl: `${publicUrl}/profile`,
    },
  };
}

/** Everything the booking's e-mails say, read in one query (inside the caller's transaction when given one). */
export async function loadBookingMail(db: Queryable, publicUrl: string, bookingId: string): Promise<BookingMailContext | null> {
  return bookingMailFrom(await bookingMailQuery(db, bookingId), publicUrl);
}
