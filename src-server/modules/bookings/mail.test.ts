import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../platform/mail";
import { bookingConfirmedClientMail, bookingIcs, type BookingMailData } from "./mail";

const data: BookingMailData = {
  bookingId: "b-123",
  sessionType: "60min",
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  clientTimezone: "America/New_York",
  seerTimezone: "Africa/Accra",
  startsAt: new Date("2026-11-23T15:00:00Z"),
  endsAt: new Date("2026-11-23T16:00:00Z"),
  amount: "80.00",
  seerEarnings: "64.00",
  notes: "About my path, and my family; please",
  seerName: "Ama Serwaa Owusu",
  clientName: "Kofi Boateng",
  meetingUrl: "http://localhost:3000/meeting/b-123",
  sequence: 0,
  profileUrl: "http://localhost:3000/profile",
};

describe("the booking calendar invite", () => {
  it("is an RFC 5545 event in UTC with CRLF lines no longer than 75 octets", () => {
    const ics = bookingIcs(data, new Date("2026-11-22T10:00:00Z"));
    expect(ics).toContain("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n");
    expect(ics).toContain("\r\nDTSTART:20261123T150000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20261123T160000Z\r\n");
    expect(ics).toContain("\r\nDTSTAMP:20261122T100000Z\r\n");
    expect(ics).toContain("UID:booking-b-123@seer-marketplace");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.split("\n").every((line, i, all) => i === all.length - 1 || line.endsWith("\r"))).toBe(true);
  });
});

describe("createMailer with SMTP_URL", () => {
  let smtp: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers the client's confirmation with the .ics invite to a real SMTP server", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Seer <no-reply@seer.test>",
      outboxDir: "/nonexistent",
    });
    await mailer.send(bookingConfirmedClientMail("kofi@example.com", data, new Date("2026-11-22T10:00:00Z")));
    expect(received).toHaveLength(1);
    const message = received[0] ?? "";
    expect(message).toContain("To: kofi@example.com");
    expect(message).toMatch(/Subject: Booking confirmed: 60 minute consultation with Ama/);
    expect(message).toContain("Content-Type: text/calendar");
    expect(message).toContain("filename=consultation.ics");
  });
});
