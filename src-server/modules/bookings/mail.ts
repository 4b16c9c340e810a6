import { SESSION_MINUTES, dateInTimeZone, timeInTimeZone, type SessionType } from "../../../src/domain/consultations";
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Currency } from "../../../src/domain/currencies";
import { formatMoney, formatPaid } from "../../../src/domain/money";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { translator, writeIn, type ServerTranslate } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { linkIn } from "../../platform/mail-links";

export interface BookingMailData {
  bookingId: string;
  sessionType: SessionType;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  seerTimezone: string;
  startsAt: Date;
  endsAt: Date;
  amount: string;
  /** What the client was charged in their own currency (minor units), when not US dollars: the stored charge. */
  charge?: { currency: Currency; amount: number | null } | null;
  seerEarnings: string;
  notes: string | null;
  seerName: string;
  clientName: string;
  meetingUrl: string;
  /** The calendar entry's SEQUENCE: 0 when booked, one more for every change. */
  sequence: number;
  /** The booking's page, where it can be cancelled, moved or reviewed. */
  profileUrl: string;
}

/** A booking's calendar UID: the same in every invite, download and feed, so calendars update the entry they have. */
export const bookingUid = (bookingId: string): string => `booking-${bookingId}@seer-marketplace`;

/** The PRODID of our calendars, naming the language of their texts. */
export const calendarProdId = (locale: Locale) => ({
  company: "Seer Marketplace",
  product: "Consultations",
  language: locale.toUpperCase(),
});

/**
 * A one-event calendar invite in UTC (ical-generator), with a display alarm 24 hours before, its texts in `locale` (its
 * recipient's). Every version of one booking's entry keeps its UID; a change raises SEQUENCE, and a cancellation is
 * METHOD:CANCEL, so calendars update or remove the entry they already have.
 */
export function bookingIcs(
  data: BookingMailData,
  now: Date,
  options: { cancelled?: boolean } = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = translator(locale);
  const minutes = SESSION_MINUTES[data.sessionType];
  const calendar = ical({
    prodId: calendarProdId(locale),
    method: options.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: bookingUid(data.bookingId),
    sequence: data.sequence,
    stamp: now,
    start: data.startsAt,
    end: data.endsAt,
    summary: t("bookingMail.invite.summary", { minutes, seer: data.seerName }),
    description: `${t("bookingMail.invite.description", { seer: data.seerName })}\n${t("bookingMail.invite.join", { url: linkIn(data.meetingUrl, locale) })}`,
    url: linkIn(data.meetingUrl, locale),
    location: linkIn(data.meetingUrl, locale),
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    alarms: options.cancelled
      ? []
      : [{ type: ICalAlarmType.display, triggerBefore: 24 * 60 * 60, description: t("bookingMail.invite.alarm") }],
  });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${calendar.toString()}\r\n`;
}

const english = translator(DEFAULT_LOCALE);

/** The client reads times on their own clock, the Seer on theirs; in the language of `t` (English unless given). */
export const when = (d: BookingMailData, t: ServerTranslate = english) =>
  t("bookingMail.when", { date: d.scheduledDate, time: d.scheduledTime, zone: d.clientTimezone });
export const seerWhen = (d: BookingMailData, at: Date = d.startsAt, t: ServerTranslate = english) =>
  t("bookingMail.when", {
    date: dateInTimeZone(at, d.seerTimezone),
    time: timeInTimeZone(at, d.seerTimezone),
    zone: d.seerTimezone,
  });

export type Audience = "client" | "seer";

/** Each side's name for itself and for the other, and its clock. */
export const sides = (d: BookingMailData, audience: Audience, t: ServerTranslate) => ({
  name: audience === "client" ? d.clientName : d.seerName,
  other: audience === "client" ? d.seerName : d.clientName,
  when: audience === "client" ? when(d, t) : seerWhen(d, d.startsAt, t),
});

function invite(data: BookingMailData, now: Date, locale: Locale, cancelled = false) {
  return {
    filename: "consultation.ics",
    content: bookingIcs(data, now, { cancelled }, locale),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
  };
}

/*
 * Every mail below is written in its recipient's language, `locale` (`users.locale`, read with the booking's mail
 * context: mail-context.ts): its texts from the server's catalog (src/i18n/messages/server/bookingMail.ts), its money
 * in that language's format. English when not given.
 */

export function bookingConfirmedClientMail(
  to: string,
  data: BookingMailData,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    const seer = data.seerName;
    const text = [
      t("mail.hello", { name: data.clientName }),
      "",
      t("bookingMail.confirmedClient.body", { minutes, seer }),
      "",
      t("mail.when", { when: when(data, t) }),
      t("bookingMail.confirmedClient.amountPaid", { amount: formatPaid(data.amount, data.charge ?? null) }),
      t("mail.meetingRoom", { url: linkIn(data.meetingUrl, locale) }),
      "",
      t("bookingMail.confirmedClient.invite"),
    ].join("\n");
    return {
      to,
      subject: t("bookingMail.confirmedClient.subject", { minutes, seer }),
      text,
      attachments: [invite(data, now, locale)],
    };
  });
}

export function bookingConfirmedSeerMail(
  to: string,
  data: BookingMailData,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    const text = [
      t("mail.hello", { name: data.seerName }),
      "",
      t("bookingMail.confirmedSeer.body", { client: data.clientName, minutes }),
      "",
      t("mail.when", { when: seerWhen(data, data.startsAt, t) }),
      t("bookingMail.confirmedSeer.earnings", { amount: formatMoney(data.seerEarnings) }),
      t("bookingMail.confirmedSeer.notes", { notes: data.notes?.trim() ? data.notes : t("bookingMail.confirmedSeer.noNotes") }),
      t("mail.meetingRoom", { url: linkIn(data.meetingUrl, locale) }),
    ].join("\n");
    return {
      to,
      subject: t("bookingMail.confirmedSeer.subject", { minutes, date: dateInTimeZone(data.startsAt, data.seerTimezone) }),
      text,
      attachments: [invite(data, now, locale)],
    };
  });
}

export function reminderClientMail(to: string, data: BookingMailData, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("bookingMail.reminder.clientSubject", { seer: data.seerName }),
    text: [
      t("mail.hello", { name: data.clientName }),
      "",
      t("bookingMail.reminder.body", { minutes: SESSION_MINUTES[data.sessionType], other: data.seerName }),
      "",
      t("mail.when", { when: when(data, t) }),
      t("mail.meetingRoom", { url: linkIn(data.meetingUrl, locale) }),
      t("bookingMail.reminder.roomOpens"),
    ].join("\n"),
  }));
}

export function reminderSeerMail(to: string, data: BookingMailData, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    return {
      to,
      subject: t("bookingMail.reminder.seerSubject", { minutes, client: data.clientName }),
      text: [
        t("mail.hello", { name: data.seerName }),
        "",
        t("bookingMail.reminder.body", { minutes, other: data.clientName }),
        "",
        t("mail.when", { when: seerWhen(data, data.startsAt, t) }),
        t("mail.meetingRoom", { url: linkIn(data.meetingUrl, locale) }),
      ].join("\n"),
    };
  });
}

export function cancelledMail(
  to: string,
  data: BookingMailData,
  now: Date,
  audience: Audience,
  refund: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    const side = sides(data, audience, t);
    const lines = [
      t("mail.hello", { name: side.name }),
      "",
      t("bookingMail.cancelled.body", { minutes, other: side.other, when: side.when }),
    ];
    if (audience === "client") lines.push("", t("bookingMail.cancelled.refund", { amount: formatMoney(refund) }));
    lines.push("", t("bookingMail.cancelled.invite"));
    return {
      to,
      subject: t("bookingMail.cancelled.subject", { minutes, other: side.other }),
      text: lines.join("\n"),
      attachments: [invite(data, now, locale, true)],
    };
  });
}

export function rescheduledMail(
  to: string,
  data: BookingMailData,
  now: Date,
  audience: Audience,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    const side = sides(data, audience, t);
    return {
      to,
      subject: t("bookingMail.rescheduled.subject", { minutes, other: side.other }),
      text: [
        t("mail.hello", { name: side.name }),
        "",
        t("bookingMail.rescheduled.body", { minutes, other: side.other }),
        "",
        t("bookingMail.rescheduled.newTime", { when: side.when }),
        t("mail.meetingRoom", { url: linkIn(data.meetingUrl, locale) }),
        "",
        t("bookingMail.rescheduled.invite"),
      ].join("\n"),
      attachments: [invite(data, now, locale)],
    };
  });
}

export function proposalMail(
  to: string,
  data: BookingMailData,
  proposedStartsAt: Date,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const zone = data.clientTimezone;
    const proposed = t("bookingMail.when", {
      date: dateInTimeZone(proposedStartsAt, zone),
      time: timeInTimeZone(proposedStartsAt, zone),
      zone,
    });
    return {
      to,
      subject: t("bookingMail.proposal.subject", { seer: data.seerName }),
      text: [
        t("mail.hello", { name: data.clientName }),
        "",
        t("bookingMail.proposal.body", {
          seer: data.seerName,
          minutes: SESSION_MINUTES[data.sessionType],
          when: when(data, t),
          proposed,
        }),
        "",
        t("bookingMail.proposal.link", { url: linkIn(data.profileUrl, locale) }),
      ].join("\n"),
    };
  });
}

export function reviewPromptMail(to: string, data: BookingMailData, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("bookingMail.review.subject", { seer: data.seerName }),
    text: [
      t("mail.hello", { name: data.clientName }),
      "",
      t("bookingMail.review.body", { seer: data.seerName }),
      "",
      t("bookingMail.review.link", { url: linkIn(data.profileUrl, locale) }),
    ].join("\n"),
  }));
}

/**
 * To either side: the client joined the session's room and the Seer never did, so by the Terms the client is refunded
 * in full and the Seer earns nothing for it (docs/product.md#report-a-problem).
 */
export function seerNoShowMail(
  to: string,
  data: BookingMailData,
  audience: Audience,
  refund: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    const lines =
      audience === "client"
        ? [
            t("mail.hello", { name: data.clientName }),
            "",
            t("bookingMail.noShow.clientBody", { seer: data.seerName, minutes, when: when(data, t) }),
            "",
            t("bookingMail.noShow.clientRefund", { amount: formatMoney(refund) }),
            "",
            t("bookingMail.noShow.clientLink", { url: linkIn(data.profileUrl, locale) }),
          ]
        : [
            t("mail.hello", { name: data.seerName }),
            "",
            t("bookingMail.noShow.seerBody", { minutes, client: data.clientName, when: seerWhen(data, data.startsAt, t) }),
            "",
            t("bookingMail.noShow.seerRefund"),
          ];
    return {
      to,
      subject:
        audience === "client"
          ? t("bookingMail.noShow.clientSubject", { seer: data.seerName })
          : t("bookingMail.noShow.seerSubject", { minutes, client: data.clientName }),
      text: [...lines, "", t("mail.booking", { id: data.bookingId })].join("\n"),
    };
  });
}
