import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import type { MailMessage } from "../../platform/mail";
import { trpcMutation, type TestApp } from "../../test/app";
import type { BookingMailData } from "./mail";
import { bookingPushMessage } from "./push";
import { bookingTestKit } from "./test-kit";

// Issue #45: a booking's mails and calendar invites are written in their recipient's language (users.locale).

const kit = bookingTestKit();
const { freshDate, createIntent, payWithCard } = kit;
let t: TestApp;
let client: { cookie: string; email: string };
let other: { cookie: string; email: string };
let seerCookie: string;
const SEER = "seer-booking@example.com";

beforeAll(async () => {
  ({ t, client, other, seerCookie } = kit.get());
  // The first client chose French; the other client and the Seer read English.
  await t.database.db.update(users).set({ locale: "fr" }).where(eq(users.email, client.email));
});

/** A 60 minute booking at 14:00 UTC, paid by card; its id and the mails its confirmation sent. */
async function book(cookie: string): Promise<{ bookingId: string; mails: MailMessage[] }> {
  const created = (await createIntent(cookie, { scheduledDate: freshDate(), scheduledTime: "14:00" })).json();
  await payWithCard(cookie, created.clientSecret, "4242 4242 4242 4242");
  await t.app.jobs.runDue();
  return { bookingId: created.bookingId, mails: t.mailer.sent.filter((m) => m.text.includes(created.bookingId)) };
}

const to = (mails: MailMessage[], address: string) => {
  const mail = mails.find((m) => m.to === address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
};
const icsOf = (mail: MailMessage) => mail.attachments?.[0]?.content ?? "";
/** An ICS's content lines unfolded (RFC 5545 folds them at 75 octets). */
const unfolded = (ics: string) => ics.replace(/\r\n /g, "");

describe("a booking's mails in their recipient's language", () => {
  it("confirms to a French client in French, with a French calendar invite, and to the English Seer in English", async () => {
    const { bookingId, mails } = await book(client.cookie);
    const french = to(mails, client.email);
    expect(french.subject).toBe("Réservation confirmée\u00a0: consultation de 60 minutes avec Ama Serwaa Owusu");
    expect(french.text).toMatch(/^Bonjour /);
    expect(french.text).toContain("Votre consultation de 60 minutes avec Ama Serwaa Owusu est confirmée.");
    expect(french.text).toMatch(/Date\u00a0: \d{4}-\d\d-\d\d à 14:00 \(UTC\)/);
    // Money in French: a decimal comma and the symbol after the amount.
    expect(french.text).toContain("Montant payé\u00a0: 80,00\u00a0$");
    expect(french.text).toContain("L’invitation jointe ajoute la séance à votre agenda.");
    expect(french.text).not.toMatch(/Hello|confirmed|Amount paid/);
    const ics = unfolded(icsOf(french));
    expect(ics).toContain("PRODID:-//Seer Marketplace//Consultations//FR");
    expect(ics).toContain("SUMMARY:Consultation de 60 minutes avec Ama Serwaa Owusu");
    expect(ics).toContain(
      "DESCRIPTION:Votre consultation spirituelle avec Ama Serwaa Owusu.\\nRejoindre la salle de consultation\u00a0: ",
    );
    expect(ics).toContain("DESCRIPTION:Rappel de consultation");
    expect(ics).toContain(`UID:booking-${bookingId}@seer-marketplace`);
    // Its links go to the French pages, the invite's too.
    expect(french.text).toMatch(new RegExp(`Salle de consultation\u00a0: https?://[^/]+/fr/meeting/${bookingId}`));
    expect(ics).toMatch(new RegExp(`LOCATION:https?://[^/]+/fr/meeting/${bookingId}`));

    const english = to(mails, SEER);
    expect(english.subject).toMatch(/^New booking: 60 minute consultation on \d{4}-\d\d-\d\d$/);
    expect(english.text).toMatch(/^Hello Ama Serwaa Owusu,\n\n.+ has booked a 60 minute consultation with you\./);
    expect(english.text).toContain("Your earnings: $");
    expect(unfolded(icsOf(english))).toContain("SUMMARY:60 Minute Consultation with Ama Serwaa Owusu");
    expect(english.text).toMatch(new RegExp(`Meeting room: https?://[^/]+/meeting/${bookingId}`));
  });

  it("leaves an English client's confirmation and invite exactly as they were", async () => {
    const { mails } = await book(other.cookie);
    const english = to(mails, other.email);
    expect(english.subject).toBe("Booking confirmed: 60 minute consultation with Ama Serwaa Owusu");
    expect(english.text).toContain("Your 60 minute consultation with Ama Serwaa Owusu is confirmed.");
    expect(english.text).toMatch(/When: \d{4}-\d\d-\d\d at 14:00 \(UTC\)/);
    expect(english.text).toContain("Amount paid: $80.00");
    expect(english.text).toContain(
      "The attached calendar invite adds the session to your calendar. We will remind you 24 hours before the session, and your Seer may reach out beforehand.",
    );
    const ics = unfolded(icsOf(english));
    expect(ics).toContain("PRODID:-//Seer Marketplace//Consultations//EN");
    expect(ics).toContain("SUMMARY:60 Minute Consultation with Ama Serwaa Owusu");
    expect(ics).toContain("DESCRIPTION:Your spiritual consultation with Ama Serwaa Owusu.\\nJoin the meeting room: ");
    expect(ics).toContain("DESCRIPTION:Consultation reminder");
  });

  it("writes a French Seer's mails in French, and each side's download of the invite in its own language", async () => {
    await t.database.db.update(users).set({ locale: "fr" }).where(eq(users.email, SEER));
    try {
      const { bookingId, mails } = await book(other.cookie);
      const seerMail = to(mails, SEER);
      expect(seerMail.subject).toMatch(/^Nouvelle réservation\u00a0: consultation de 60 minutes le \d{4}-\d\d-\d\d$/);
      expect(seerMail.text).toContain("a réservé une consultation de 60 minutes avec vous.");
      expect(seerMail.text).toContain("Vos gains\u00a0: ");
      expect(seerMail.text).toContain("Notes du client\u00a0: aucune");
      expect(to(mails, other.email).subject).toBe("Booking confirmed: 60 minute consultation with Ama Serwaa Owusu");

      const download = (cookie: string) =>
        t.app.inject({ method: "GET", url: `/api/bookings/${bookingId}/calendar.ics`, headers: { cookie } });
      expect(unfolded((await download(seerCookie)).body)).toContain("SUMMARY:Consultation de 60 minutes avec Ama Serwaa Owusu");
      expect(unfolded((await download(other.cookie)).body)).toContain("SUMMARY:60 Minute Consultation with Ama Serwaa Owusu");
    } finally {
      await t.database.db.update(users).set({ locale: "en" }).where(eq(users.email, SEER));
    }
  });

  it("tells a French client of a cancellation in French, with the cancelling invite in French", async () => {
    const { bookingId } = await book(client.cookie);
    expect((await trpcMutation(t.app, "bookings.cancel", { bookingId, sequence: 0 }, client.cookie)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const cancelled = t.mailer.sent.filter((m) => m.to === client.email && m.attachments?.[0]?.content.includes("METHOD:CANCEL"));
    const mail = cancelled.find((m) => unfolded(icsOf(m)).includes(`UID:booking-${bookingId}@`));
    expect(mail?.subject).toBe("Annulée\u00a0: consultation de 60 minutes avec Ama Serwaa Owusu");
    expect(mail?.text).toContain("a été annulée.");
    expect(mail?.text).toContain("Remboursement\u00a0: ");
    expect(mail?.text).toContain("La mise à jour d’agenda jointe retire la séance de votre agenda.");
    expect(unfolded(icsOf(mail as MailMessage))).toContain("SUMMARY:Consultation de 60 minutes avec Ama Serwaa Owusu");
    const seerMail = t.mailer.sent.find(
      (m) => m.to === SEER && m.subject.startsWith("Cancelled: ") && icsOf(m).includes(bookingId),
    );
    expect(seerMail?.text).toMatch(/^Hello Ama Serwaa Owusu,/);
  });
});

describe("a booking's push notifications in their recipient's language", () => {
  const data: BookingMailData = {
    bookingId: "b-1",
    sessionType: "30min",
    scheduledDate: "2026-11-23",
    scheduledTime: "10:00",
    clientTimezone: "Africa/Porto-Novo",
    seerTimezone: "Africa/Accra",
    startsAt: new Date("2026-11-23T09:00:00Z"),
    endsAt: new Date("2026-11-23T09:30:00Z"),
    amount: "45.00",
    seerEarnings: "36.00",
    notes: null,
    seerName: "Ama Serwaa Owusu",
    clientName: "Awa Diallo",
    meetingUrl: "http://localhost:3000/meeting/b-1",
    sequence: 0,
    profileUrl: "http://localhost:3000/profile",
  };

  it("writes the reminder 10 minutes before, with its Join action, in French or in English", () => {
    const french = bookingPushMessage("reminder-10m", data, "http://localhost:3000", "client", "fr");
    expect(french.title).toBe("Début dans 10 minutes");
    expect(french.body).toBe("Votre consultation avec Ama Serwaa Owusu commence dans 10 minutes. La salle est ouverte.");
    expect(french.actions).toEqual([{ action: "join", title: "Rejoindre", url: "http://localhost:3000/fr/meeting/b-1" }]);
    const english = bookingPushMessage("reminder-10m", data, "http://localhost:3000", "seer");
    expect(english.title).toBe("Starting in 10 minutes");
    expect(english.body).toBe("Your consultation with Awa Diallo starts in 10 minutes. The room is open.");
    expect(english.actions?.[0]?.title).toBe("Join");
  });

  it("writes the confirmation on each side's own clock", () => {
    expect(bookingPushMessage("confirmed", data, "http://localhost:3000", "client", "fr").body).toBe(
      "Votre consultation de 30 minutes avec Ama Serwaa Owusu est réservée pour le 2026-11-23 à 10:00 (Africa/Porto-Novo).",
    );
    expect(bookingPushMessage("confirmed", data, "http://localhost:3000", "seer").body).toBe(
      "Awa Diallo booked a 30 minute consultation on 2026-11-23 at 09:00 (Africa/Accra).",
    );
  });
});
