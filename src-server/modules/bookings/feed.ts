import { and, asc, eq, gt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Db } from "../../../db/client";
import { bookings, seers, users } from "../../../db/schema";
import { meetingPath, SESSION_MINUTES } from "../../../src/domain/consultations";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { translator } from "../../platform/i18n";
import { bookingUid, calendarProdId } from "./mail";
import { pageLink } from "../../platform/mail-links";

const seerUsers = alias(users, "feed_seer_users");

/** A feed lists at most this many sessions (the soonest). */
const FEED_LIMIT = 500;

/**
 * A person's calendar feed (the calendars module's GET /calendar/{token}.ics): their upcoming confirmed sessions, as
 * a Seer (with the client's first name) and as a client (with the Seer's name), each with its meeting link, under the
 * UID and SEQUENCE its invites carry, so a subscribed calendar updates the entry it has; a cancelled session is no
 * longer listed, and the calendar drops it at its next read. Its texts are in its owner's language (`locale`).
 */
export async function bookingsFeed(
  db: Db,
  { userId, publicUrl, now, locale = DEFAULT_LOCALE }: { userId: string; publicUrl: string; now: Date; locale?: Locale },
): Promise<string> {
  const t = translator(locale);
  const rows = await db
    .select({
      id: bookings.id,
      sessionType: bookings.sessionType,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      sequence: bookings.calendarSequence,
      clientId: bookings.clientId,
      clientFirstName: users.firstName,
      seerName: seers.fullName,
      seerUserId: seerUsers.id,
    })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .innerJoin(users, eq(users.id, bookings.clientId))
    .innerJoin(seerUsers, eq(seerUsers.id, seers.userId))
    .where(
      and(
        eq(bookings.status, "confirmed"),
        gt(bookings.endsAt, now),
        or(eq(bookings.clientId, userId), eq(seers.userId, userId)),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(FEED_LIMIT);
  const calendar = ical({
    prodId: calendarProdId(locale),
    method: ICalCalendarMethod.PUBLISH,
    name: t("bookingMail.invite.feedName"),
    ttl: 15 * 60,
  });
  for (const row of rows) {
    const minutes = SESSION_MINUTES[row.sessionType];
    const meetingUrl = pageLink(publicUrl, meetingPath(row.id), locale);
    const asSeer = row.seerUserId === userId;
    const client = row.clientFirstName?.trim() || t("bookingMail.invite.yourClient");
    calendar.createEvent({
      id: bookingUid(row.id),
      sequence: row.sequence,
      stamp: now,
      start: row.startsAt,
      end: row.endsAt,
      summary: asSeer
        ? t("bookingMail.invite.seerSummary", { minutes, client })
        : t("bookingMail.invite.summary", { minutes, seer: row.seerName }),
      description: t("bookingMail.invite.join", { url: meetingUrl }),
      url: meetingUrl,
      location: meetingUrl,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return `${calendar.toString()}\r\n`;
}
