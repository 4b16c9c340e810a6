import { SESSION_MINUTES, type SessionType } from "../../../src/domain/consultations";
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { formatMoney } from "../../../src/domain/money";
import type { MailMessage } from "../../platform/mail";

export interface BookingMailData {
  bookingId: string;
  sessionType: SessionType;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  startsAt: Date;
  endsAt: Date;
  amount: string;
  seerEarnings: string;
  notes: string | null;
  seerName: string;
  clientName: string;
  meetingUrl: string;
}

/** A one-event calendar invite in UTC (ical-generator), with a display alarm 24 hours before. */
export function bookingIcs(data: BookingMailData, now: Date): string {
  const minutes = SESSION_MINUTES[data.sessionType];
  const calendar = ical({
    prodId: { company: "Seer Marketplace", product: "Consultations", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `booking-${data.bookingId}@seer-marketplace`,
    stamp: now,
    start: data.startsAt,
    end: data.endsAt,
    summary: `${minutes} Minute Consultation with ${data.seerName}`,
    description: `Your spiritual consultation with ${data.seerName}.\nJoin the meeting room: ${data.meetingUrl}`,
    url: data.meetingUrl,
    location: data.meetingUrl,
    status: ICalEventStatus.CONFIRMED,
    alarms: [{ type: ICalAlarmType.display, triggerBefore: 24 * 60 * 60, description: "Consultation reminder" }],
  });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${calendar.toString()}\r\n`;
}

const when = (d: BookingMailData) => `${d.scheduledDate} at ${d.scheduledTime} (${d.clientTimezone})`;

export function bookingConfirmedClientMail(to: string, data: BookingMailData, now: Date): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const text = [
    `Hello ${data.clientName},`,
    "",
    `Your ${minutes} minute consultation with ${data.seerName} is confirmed.`,
    "",
    `When: ${when(data)}`,
    `Amount paid: ${formatMoney(data.amount)}`,
    `Meeting room: ${data.meetingUrl}`,
    "",
    "The attached calendar invite adds the session to your calendar. We will remind you 24 hours before the session, and your Seer may reach out beforehand.",
  ].join("\n");
  return {
    to,
    subject: `Booking confirmed: ${minutes} minute consultation with ${data.seerName}`,
    text,
    attachments: [
      {
        filename: "consultation.ics",
        content: bookingIcs(data, now),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      },
    ],
  };
}

export function bookingConfirmedSeerMail(to: string, data: BookingMailData): MailMessage {
  const minutes = SESSION_MINUTES[data.sessionType];
  const text = [
    `Hello ${data.seerName},`,
    "",
    `${data.clientName} has booked a ${minutes} minute consultation with you.`,
    "",
    `When: ${data.startsAt.toISOString().replace("T", " ").slice(0, 16)} UTC (the client chose ${when(data)})`,
    `Your earnings: ${formatMoney(data.seerEarnings)}`,
    `Client notes: ${data.notes?.trim() ? data.notes : "none"}`,
    `Meeting room: ${data.meetingUrl}`,
  ].join("\n");
  return { to, subject: `New booking: ${minutes} minute consultation on ${data.scheduledDate}`, text };
}
