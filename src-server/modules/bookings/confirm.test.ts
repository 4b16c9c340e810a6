import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ledgerEntries, paymentEvents, sentEmails } from "../../../db/schema";
import { trpcQuery, type TestApp } from "../../test/app";
import { writersOfEventAndRow } from "../../test/database";
import { bookingTestKit } from "./test-kit";

const kit = bookingTestKit();
const { provider, freshDate, createIntent, confirmBooking, payWithCard, bookingRow } = kit;
let t: TestApp;
let seerId: string;
let client: { cookie: string; email: string };
let other: { cookie: string; email: string };
beforeAll(() => void ({ t, seerId, client, other } = kit.get()));

describe("paying and confirming exactly once", () => {
  it("confirms through the test card 4242 and the confirm call, once, with one e-mail to each side", async () => {
    const created = (await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "14:00" })).json();
    const paid = await payWithCard(client.cookie, created.clientSecret, "4242 4242 4242 4242");
    expect(paid.json().result.data.json).toEqual({ status: "succeeded", message: null });

    const row = await bookingRow(created.bookingId);
    expect(row?.status).toBe("confirmed");
    expect(row?.consultationLink).toBe(`/meeting/${created.bookingId}`);
    // The card's event is stored by the transaction that confirmed the booking, not in a round trip after it.
    const writers = await writersOfEventAndRow(t.database.db, created.paymentIntentId, "bookings", created.bookingId);
    expect(writers.event).toBeDefined();
    expect(writers.event).toBe(writers.row);

    // Confirmed by the card's event already: the confirm call reads the booking and does not ask the provider again.
    const retrieve = vi.spyOn(provider(), "retrievePaymentIntent");
    for (let i = 0; i < 3; i++) {
      const confirmed = await confirmBooking(client.cookie, created.paymentIntentId);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: "confirmed", meetingLink: `/meeting/${created.bookingId}` });
    }
    expect(retrieve).not.toHaveBeenCalled();
    retrieve.mockRestore();
    await t.app.jobs.runDue();
    const mails = t.mailer.sent.filter((m) => m.text.includes(created.bookingId));
    expect(mails.map((m) => m.to).sort()).toEqual(["client-booking@example.com", "seer-booking@example.com"]);
    const clientMail = mails.find((m) => m.to === "client-booking@example.com");
    expect(clientMail?.attachments?.[0]?.filename).toBe("consultation.ics");
    expect(clientMail?.attachments?.[0]?.content).toContain("DTSTART:20261");
    const keys = await t.database.db
      .select()
      .from(sentEmails)
      .where(
        inArray(sentEmails.key, [`booking-confirmed:${created.bookingId}:client`, `booking-confirmed:${created.bookingId}:seer`]),
      );
    expect(keys).toHaveLength(2);
  });

  it("confirms when the confirm call arrives before the webhook, and the webhook then changes nothing", async () => {
    const created = (await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "15:00" })).json();
    // The card succeeds at the provider, but its event is delivered later through the webhook.
    const { event } = await provider().confirmCard({
      clientSecret: created.clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    expect((await confirmBooking(client.cookie, created.paymentIntentId)).json().status).toBe("confirmed");
    // The charge is in the ledger from the confirming transaction, dated at the confirmation, before any event.
    const charges = () =>
      t.database.db
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.bookingId, created.bookingId));
    const confirmedAt = (await bookingRow(created.bookingId))?.confirmedAt;
    expect(await charges()).toEqual([{ kind: "charge", amount: 8000, createdAt: confirmedAt }]);
    const payload = JSON.stringify(event);
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().outcome).toBe(i === 0 ? "processed" : "duplicate");
    }
    await t.app.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.text.includes(created.bookingId))).toHaveLength(2);
    expect(await charges()).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, event?.id ?? "")),
    ).toHaveLength(1);
  });

  it("declines 4000 0000 0000 0002, frees the hold, and lets the same booking succeed with another card", async () => {
    const date = freshDate();
    const created = (await createIntent(client.cookie, { scheduledDate: date, scheduledTime: "16:00" })).json();
    const declined = await payWithCard(client.cookie, created.clientSecret, "4000 0000 0000 0002");
    expect(declined.json().result.data.json).toEqual({ status: "requires_payment_method", message: "Your card was declined." });
    expect((await bookingRow(created.bookingId))?.status).toBe("failed");
    const taken = await trpcQuery(t.app, "bookings.takenSlots", { seerId, scheduledDate: date, clientTimezone: "UTC" });
    expect(taken.json().result.data.json.taken).not.toContain("16:00");
    expect((await confirmBooking(client.cookie, created.paymentIntentId)).statusCode).toBe(400);

    const retried = await payWithCard(client.cookie, created.clientSecret, "4242424242424242");
    expect(retried.json().result.data.json.status).toBe("succeeded");
    expect((await bookingRow(created.bookingId))?.status).toBe("confirmed");
  });

  it("fails 4000 0000 0000 9995 for insufficient funds", async () => {
    const created = (await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "17:00" })).json();
    const response = await payWithCard(client.cookie, created.clientSecret, "4000000000009995");
    expect(response.json().result.data.json.message).toBe("Your card has insufficient funds.");
  });

  it("confirms nothing for a payment whose amount does not match the booking, and refuses bad signatures", async () => {
    const created = (await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "18:00" })).json();
    const intent = await provider().retrievePaymentIntent(created.paymentIntentId);
    const forged = {
      id: "evt_forged_amount",
      type: "payment_intent.succeeded",
      paymentIntent: { ...intent, status: "succeeded", amount: 100 },
    };
    const payload = JSON.stringify(forged);
    const rejected = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
      payload,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().outcome).toBe("rejected");
    expect((await bookingRow(created.bookingId))?.status).toBe("pending");
    // Nor one that names another Seer (whose slots it would lock) for this booking.
    const otherSeer = JSON.stringify({
      id: "evt_forged_seer",
      type: "payment_intent.succeeded",
      paymentIntent: { ...intent, status: "succeeded", metadata: { ...intent.metadata, seerId: "another-seer" } },
    });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": provider().sign(otherSeer) },
      payload: otherSeer,
    });
    expect(refused.json().outcome).toBe("rejected");
    expect((await bookingRow(created.bookingId))?.status).toBe("pending");

    const honest = JSON.stringify({ ...forged, id: "evt_bad_signature", paymentIntent: { ...intent, status: "succeeded" } });
    const badSignature = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "0".repeat(64) },
      payload: honest,
    });
    expect(badSignature.statusCode).toBe(400);
    expect((await bookingRow(created.bookingId))?.status).toBe("pending");
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, "evt_bad_signature"))).toHaveLength(0);
  });

  it("keeps the confirmation when an e-mail cannot be sent, and the mail job sends it on a later attempt", async () => {
    const created = (await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "11:00" })).json();
    await provider().confirmCard({
      clientSecret: created.clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error("SMTP is down");
    };
    try {
      expect((await confirmBooking(client.cookie, created.paymentIntentId)).json().status).toBe("confirmed");
      expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(2);
    } finally {
      t.mailer.send = send;
    }
    expect(t.mailer.sent.filter((m) => m.text.includes(created.bookingId))).toHaveLength(0);
    await t.app.jobs.runDue({ retries: true });
    await t.app.jobs.runDue({ retries: true });
    expect(t.mailer.sent.filter((m) => m.text.includes(created.bookingId))).toHaveLength(2);
  });

  it("does not let another user confirm someone else's payment", async () => {
    const created = (await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "19:00" })).json();
    const response = await confirmBooking(other.cookie, created.paymentIntentId);
    expect(response.statusCode).toBe(404);
  });
});
