import { SESSION_MINUTES, type SessionType } from "../../../src/domain/consultations";
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

/** RFC 5545 date-time in UTC: 20261123T100000Z. */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** RFC 5545 §3.3.11 TEXT escaping. */
function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A one-event calendar invite, built by hand per RFC 5545 with UTC times. */
export function bookingIcs(data: BookingMailData, now: Date): string {
  const minutes = SESSION_MINUTES[data.sessionType];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Seer Marketplace//Consultations//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:booking-${data.bookingId}@seer-marketplace`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(data.startsAt)}`,
    `DTEND:${icsDateTime(data.endsAt)}`,
    `SUMMARY:${icsText(`${minutes} Minute Consultation with ${data.seerName}`)}`,
    `DESCRIPTION:${icsText(`Your spiritual consultation with ${data.seerName}.\nJoin the meeting room: ${data.meetingUrl}`)}`,
    `URL:${data.meetingUrl}`,
    `LOCATION:${icsText(data.meetingUrl)}`,
    "STATUS:CONFIRMED",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "DESCRIPTION:Consultation reminder",
    "TRIGGER:-PT24H",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
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
