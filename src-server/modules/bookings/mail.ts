import { SESSION_MINUTES, dateInTimeZone, timeInTimeZone, type SessionType } from "../../../src/domain/consultations";
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Currency } from "../../../src/domain/currencies";
import { formatMoney, formatPaid } from "../../../src/domain/money";
import type { MailMessage } from "../../platform/mail";

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

/**
 * A one-event calendar invite in UTC (ical-generator), with a display alarm 24 hours before. Every version of one
 * booking's entry keeps its UID; a change raises SEQUENCE, and a cancellation is METHOD:CANCEL, so calendars
 * update or remove the entry they already have.
 */
export function bookingIcs(data: BookingMailData, now: Date, options: { cancelled?: boolean } = {}): string {
  const minutes = SESSION_MINUTES[data.sessionType];
  const calendar = ical({
    prodId: { company: "Seer Marketplace", product: "Consultations", language: "EN" },
    method: options.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: bookingUid(data.bookingId),
    sequence: data.sequence,
    stamp: now,
    start: data.startsAt,
    end: data.endsAt,
    summary: `${minutes} Minute Consultation with ${data.seerName}`,
    description: `Your spiritual consultation with ${data.seerName}.\nJoin the meeting room: ${data.meetingUrl}`,
    url: data.meetingUrl,
    location: data.meetingUrl,
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    alarms: options.cancelled
      ? []
      : [{ type: ICalAlarmType.display, triggerBefore: 24 * 60 * 60, description: "Consultation reminder" }],
  });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${calendar.toString()}\r\n`;
}

/** The client reads times on their own clock, the Seer on theirs. */
export const when = (d: BookingMailData) => `${d.scheduledDate} at ${d.scheduledTime} (${d.clientTimezone})`;
export const seerWhen = (d: BookingMailData, at: Date = d.startsAt) =>
  `${dateInTimeZone(at, d.seerTimezone)} at ${timeInTimeZone(at, d.seerTimezone)} (${d.seerTimezone})`;

function invite(data: BookingMailData, now: Date, cancelled = false) {
  return {
    filename: "consultation.ics",
    content: bookingIcs(data, now, { cancelled }),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
  };
}

export function bookingConfirmedClientMail(to: string, data: BookingMailData, now: Date): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const text = [
    `Hello ${data.clientName},`,
    "",
    `Your ${minutes} minute consultation with ${data.seerName} is confirmed.`,
    "",
    `When: ${when(data)}`,
    `Amount paid: ${formatPaid(data.amount, data.charge ?? null)}`,
    `Meeting room: ${data.meetingUrl}`,
    "",
    "The attached calendar invite adds the session to your calendar. We will remind you 24 hours before the session, and your Seer may reach out beforehand.",
  ].join("\n");
  return {
    to,
    subject: `Booking confirmed: ${minutes} minute consultation with ${data.seerName}`,
    text,
    attachments: [invite(data, now)],
  };
}

export function bookingConfirmedSeerMail(to: string, data: BookingMailData, now: Date): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const text = [
    `Hello ${data.seerName},`,
    "",
    `${data.clientName} has booked a ${minutes} minute consultation with you.`,
    "",
    `When: ${seerWhen(data)}`,
    `Your earnings: ${formatMoney(data.seerEarnings)}`,
    `Client notes: ${data.notes?.trim() ? data.notes : "none"}`,
    `Meeting room: ${data.meetingUrl}`,
  ].join("\n");
  return {
    to,
    subject: `New booking: ${minutes} minute consultation on ${dateInTimeZone(data.startsAt, data.seerTimezone)}`,
    text,
    attachments: [invite(data, now)],
  };
}

export function reminderClientMail(to: string, data: BookingMailData): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  return {
    to,
    subject: `Reminder: your consultation with ${data.seerName} is tomorrow`,
    text: [
      `Hello ${data.clientName},`,
      "",
      `This is your reminder: your ${minutes} minute consultation with ${data.seerName} starts in 24 hours.`,
      "",
      `When: ${when(data)}`,
      `Meeting room: ${data.meetingUrl}`,
      "The room opens 10 minutes before the start.",
    ].join("\n"),
  };
}

export function reminderSeerMail(to: string, data: BookingMailData): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  return {
    to,
    subject: `Reminder: ${minutes} minute consultation with ${data.clientName} tomorrow`,
    text: [
      `Hello ${data.seerName},`,
      "",
      `This is your reminder: your ${minutes} minute consultation with ${data.clientName} starts in 24 hours.`,
      "",
      `When: ${seerWhen(data)}`,
      `Meeting room: ${data.meetingUrl}`,
    ].join("\n"),
  };
}

export function cancelledMail(
  to: string,
  data: BookingMailData,
  now: Date,
  audience: "client" | "seer",
  refund: string,
): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const other = audience === "client" ? data.seerName : data.clientName;
  const lines = [
    `Hello ${audience === "client" ? data.clientName : data.seerName},`,
    "",
    `Your ${minutes} minute consultation with ${other} on ${audience === "client" ? when(data) : seerWhen(data)} has been cancelled.`,
  ];
  if (audience === "client") lines.push("", `Refund: ${formatMoney(refund)}`);
  lines.push("", "The attached calendar update removes the session from your calendar.");
  return {
    to,
    subject: `Cancelled: ${minutes} minute consultation with ${other}`,
    text: lines.join("\n"),
    attachments: [invite(data, now, true)],
  };
}

export function rescheduledMail(to: string, data: BookingMailData, now: Date, audience: "client" | "seer"): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const other = audience === "client" ? data.seerName : data.clientName;
  return {
    to,
    subject: `Rescheduled: ${minutes} minute consultation with ${other}`,
    text: [
      `Hello ${audience === "client" ? data.clientName : data.seerName},`,
      "",
      `Your ${minutes} minute consultation with ${other} has moved.`,
      "",
      `New time: ${audience === "client" ? when(data) : seerWhen(data)}`,
      `Meeting room: ${data.meetingUrl}`,
      "",
      "The attached calendar update moves the session in your calendar.",
    ].join("\n"),
    attachments: [invite(data, now)],
  };
}

export function proposalMail(to: string, data: BookingMailData, proposedStartsAt: Date): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const proposed = `${dateInTimeZone(proposedStartsAt, data.clientTimezone)} at ${timeInTimeZone(proposedStartsAt, data.clientTimezone)} (${data.clientTimezone})`;
  return {
    to,
    subject: `${data.seerName} proposes a new time for your consultation`,
    text: [
      `Hello ${data.clientName},`,
      "",
      `${data.seerName} proposes to move your ${minutes} minute consultation of ${when(data)} to ${proposed}.`,
      "",
      `Accept or keep the current time on your profile: ${data.profileUrl}`,
    ].join("\n"),
  };
}

export function reviewPromptMail(to: string, data: BookingMailData): MailMessage {
  return {
    to,
    subject: `How was your consultation with ${data.seerName}?`,
    text: [
      `Hello ${data.clientName},`,
      "",
      `Thank you for your consultation with ${data.seerName}. Your review helps others find the right guide.`,
      "",
      `Leave a review (1 to 5 stars) on your profile: ${data.profileUrl}`,
    ].join("\n"),
  };
}

/**
 * To either side: the client joined the session's room and the Seer never did, so by the Terms the client is refunded
 * in full and the Seer earns nothing for it (docs/product.md#report-a-problem).
 */
export function seerNoShowMail(to: string, data: BookingMailData, audience: "client" | "seer", refund: string): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const lines =
    audience === "client"
      ? [
          `Hello ${data.clientName},`,
          "",
          `${data.seerName} did not join your ${minutes} minute consultation on ${when(data)}. We are sorry.`,
          "",
          `By our Terms you are refunded in full: ${formatMoney(refund)}, to the way you paid.`,
          "",
          `Your consultations: ${data.profileUrl}`,
        ]
      : [
          `Hello ${data.seerName},`,
          "",
          `You did not join your ${minutes} minute session with ${data.clientName} on ${seerWhen(data)}, and the client did.`,
          "",
          "By our Terms the client is refunded in full, and the session earns you nothing.",
        ];
  return {
    to,
    subject:
      audience === "client"
        ? `Refunded: ${data.seerName} did not join your consultation`
        : `Missed session: ${minutes} minute consultation with ${data.clientName}`,
    text: [...lines, "", `Booking ${data.bookingId}`].join("\n"),
  };
}

/** To the Seer: a client reported a problem with their session (issue #43); they may answer once. */
export function disputeReportedMail(to: string, data: BookingMailData, reason: string, text: string): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  return {
    to,
    subject: `A problem was reported: ${minutes} minute consultation with ${data.clientName}`,
    text: [
      `Hello ${data.seerName},`,
      "",
      `${data.clientName} reported a problem with your ${minutes} minute session on ${seerWhen(data)}: ${reason}.`,
      "",
      text,
      "",
      "Your payout for this session is held until our team decides. You can answer once, from the session's card on your dashboard.",
      `${data.profileUrl.replace(/\/profile$/, "/seer/dashboard")}`,
      "",
      `Booking ${data.bookingId}`,
    ].join("\n"),
  };
}

/** To either side: what the team decided about a reported problem, and why. */
export function disputeDecidedMail(
  to: string,
  data: BookingMailData,
  audience: "client" | "seer",
  outcome: { refund: string; released: boolean; reason: string },
): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const other = audience === "client" ? data.seerName : data.clientName;
  const decision = outcome.released
    ? audience === "client"
      ? "We looked into the problem you reported and found no refund is due; the payment goes to the Seer."
      : "We looked into the problem reported and released your payout for this session."
    : audience === "client"
      ? `We looked into the problem you reported and refunded ${formatMoney(outcome.refund)} to your payment method.`
      : `We looked into the problem reported and refunded ${formatMoney(outcome.refund)} to the client; your payout for this session is reduced in proportion.`;
  return {
    to,
    subject: `Decision on the reported problem: ${minutes} minute consultation with ${other}`,
    text: [
      `Hello ${audience === "client" ? data.clientName : data.seerName},`,
      "",
      decision,
      "",
      `Reason: ${outcome.reason}`,
      "",
      `Booking ${data.bookingId}`,
    ].join("\n"),
  };
}
