import { and, eq, inArray, sql } from "drizzle-orm";
import { rows as resultRows } from "../../../db/migrate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { bookings, ledgerEntries, paymentEvents, sentEmails, testPaymentIntents } from "../../../db/schema";
import { FakeClock } from "../../platform/clock";
import { type TestPaymentProvider } from "../../platform/payments/test-provider";
import { createTestApp, signIn, signUp, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { writersOfEventAndRow } from "../../test/database";
import { BEYOND_HORIZON_MESSAGE } from "../../../src/domain/consultations";
import { PG, sqlState } from "../../platform/database";
import { MEETING_NOT_FOUND_MESSAGE, SLOT_TAKEN } from "./messages";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";

const NOW = new Date("2026-11-22T10:00:00Z");
let t: TestApp;
let seerId: string;
let seerCookie: string;
let client: { cookie: string; email: string };
let other: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  const seerUser = await createUser(
    t.database.db,
    { role: "seer", email: "seer-booking@example.com" },
    { password: "seer password 1" },
  );
  seerId = (await createSeer(t.database.db, { userId: seerUser.id, price15Min: null, price30Min: "45.00", price60Min: "80.00" }))
    .id;
  seerCookie = await signIn(t.app, "seer-booking@example.com", "seer password 1");
  client = await signUp(t.app, { email: "client-booking@example.com" });
  other = await signUp(t.app, { email: "other-booking@example.com" });
});
afterAll(async () => {
  await t.close();
});

const provider = () => t.app.services.payments.provider as TestPaymentProvider;

let nextDay = 1;
/** Each test books its own day so that tests do not share slots. */
const freshDate = () => new Date(NOW.getTime() + nextDay++ * 86_400_000).toISOString().slice(0, 10);

function createIntent(cookie: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ seerId, sessionType: "60min", scheduledTime: "10:00", notes: "", clientTimezone: "UTC", ...body }),
  });
}

function confirmBooking(cookie: string, paymentIntentId: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/confirm-booking-payment",
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify({ paymentIntentId }),
  });
}

const payWithCard = (cookie: string, clientSecret: string, cardNumber: string) =>
  trpcMutation(t.app, "payments.confirmTestCard", { clientSecret, cardNumber, expiry: "12/34", cvc: "123" }, cookie);

const bookingRow = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe("creating a booking's payment intent", () => {
  it("prices the session from the Seer's stored price and splits 20% / 80% in exact cents", async () => {
    const date = freshDate();
    const response = await createIntent(client.cookie, {
      scheduledDate: date,
      amount: 80,
      clientTimezone: "America/New_York",
      notes: "About my path",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      clientSecret: expect.stringContaining("_secret_"),
      bookingId: expect.any(String),
      paymentIntentId: expect.any(String),
      amount: "80.00",
    });
    const row = await bookingRow(body.bookingId);
    expect(row).toMatchObject({
      status: "pending",
      amount: "80.00",
      platformFee: "16.00",
      seerEarnings: "64.00",
      sessionType: "60min",
      scheduledDate: date,
      scheduledTime: "10:00",
      clientTimezone: "America/New_York",
      notes: "About my path",
      paymentIntentId: body.paymentIntentId,
      paymentProvider: "test",
    });
    // 10:00 in New York in November is 15:00 UTC; the hold runs 15 minutes from now.
    expect(row?.startsAt.toISOString()).toBe(`${date}T15:00:00.000Z`);
    expect(row?.endsAt.toISOString()).toBe(`${date}T16:00:00.000Z`);
    expect(row?.holdExpiresAt?.toISOString()).toBe("2026-11-22T10:15:00.000Z");
    const intent = await provider().retrievePaymentIntent(body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 8000, currency: "usd", metadata: { kind: "booking", bookingId: body.bookingId } });
  });

  it("checks the client's amount instead of trusting it, and creates nothing when it is wrong", async () => {
    const date = freshDate();
    const response = await createIntent(client.cookie, { scheduledDate: date, amount: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("80.00");
    const rows = await t.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.scheduledDate, date));
    expect(rows).toHaveLength(0);
  });

  it("refuses a session type the Seer has no price for, with a clear message", async () => {
    const response = await createIntent(client.cookie, { scheduledDate: freshDate(), sessionType: "15min" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe("This Seer does not offer 15 minute sessions.");
  });

  it("refuses unknown timezones, times outside the 12 slots, past slots and signed-out visitors", async () => {
    expect((await createIntent(client.cookie, { scheduledDate: freshDate(), clientTimezone: "Mars/Olympus" })).statusCode).toBe(
      400,
    );
    const offSlot = await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "10:30" });
    expect(offSlot.statusCode).toBe(400);
    expect(offSlot.body).toContain("hourly time slots");
    const past = await createIntent(client.cookie, { scheduledDate: "2026-11-22", scheduledTime: "09:00" });
    expect(past.statusCode).toBe(400);
    expect(past.body).toBe("This time slot has already passed. Please choose another.");
    expect((await createIntent(undefined, { scheduledDate: freshDate() })).statusCode).toBe(401);
  });

  it("holds the slot: a second client is refused until the 15-minute hold runs out", async () => {
    const date = freshDate();
    const first = await createIntent(client.cookie, { scheduledDate: date });
    expect(first.statusCode).toBe(200);
    // Overlapping, not identical: 10:00-11:00 against 10:00-10:30.
    const second = await createIntent(other.cookie, { scheduledDate: date, sessionType: "30min" });
    expect(second.statusCode).toBe(409);
    expect(second.body).toBe(SLOT_TAKEN);

    const taken = await trpcQuery(t.app, "bookings.takenSlots", { seerId, scheduledDate: date, clientTimezone: "UTC" });
    expect(taken.json().result.data.json).toEqual({ taken: ["10:00"], notOffered: [] });

    t.clock.advance(16 * 60_000);
    try {
      const later = await createIntent(other.cookie, { scheduledDate: date, sessionType: "30min" });
      expect(later.statusCode).toBe(200);
      expect((await bookingRow(first.json().bookingId))?.status).toBe("expired");
    } finally {
      t.clock.set(NOW);
    }
  });

  it("refunds a payment that lands after its hold ran out and another client took the slot", async () => {
    const date = freshDate();
    const late = (await createIntent(client.cookie, { scheduledDate: date, scheduledTime: "13:00" })).json();
    t.clock.advance(16 * 60_000);
    try {
      const taker = (await createIntent(other.cookie, { scheduledDate: date, scheduledTime: "13:00" })).json();
      await payWithCard(other.cookie, taker.clientSecret, "4242 4242 4242 4242");
      expect((await bookingRow(taker.bookingId))?.status).toBe("confirmed");

      // The card succeeds at the provider; its event is not delivered, so the confirm call meets the clash.
      const { intent } = await provider().confirmCard({
        clientSecret: late.clientSecret,
        cardNumber: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      });
      expect(intent.status).toBe("succeeded");
      const answer = await confirmBooking(client.cookie, late.paymentIntentId);
      expect(answer.statusCode).toBe(409);
      expect(answer.body).toContain("This time slot was taken before your payment completed. Your payment has been refunded.");
      const row = await bookingRow(late.bookingId);
      expect(row?.status).toBe("cancelled");
      expect(row?.refundDue).toBe(row?.amount);
      expect((await provider().listRefunds(late.paymentIntentId)).map((r) => r.amount)).toEqual([8000]);
      expect((await bookingRow(taker.bookingId))?.status).toBe("confirmed");
    } finally {
      t.clock.set(NOW);
    }
  });

  it("gives the same client asking again for the same slot the hold they already have", async () => {
    const date = freshDate();
    const first = await createIntent(client.cookie, { scheduledDate: date, scheduledTime: "12:00" });
    const again = await createIntent(client.cookie, { scheduledDate: date, scheduledTime: "12:00", notes: "changed my mind" });
    expect(again.statusCode).toBe(200);
    expect(again.json().bookingId).toBe(first.json().bookingId);
    expect(again.json().paymentIntentId).toBe(first.json().paymentIntentId);
    expect((await bookingRow(first.json().bookingId))?.notes).toBe("changed my mind");
  });

  it("lets a client book their held slot again when the provider no longer knows its payment intent", async () => {
    const date = freshDate();
    const first = await createIntent(client.cookie, { scheduledDate: date });
    expect(first.statusCode).toBe(200);
    // The provider forgot it (the test-mode provider keeps intents in the database: delete it there), then a restart.
    await t.database.db
      .delete(testPaymentIntents)
      .where(eq(testPaymentIntents.id, first.json<{ paymentIntentId: string }>().paymentIntentId));
    const restarted = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const again = await restarted.app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: { "content-type": "application/json", cookie: client.cookie },
        payload: JSON.stringify({
          seerId,
          sessionType: "60min",
          scheduledDate: date,
          scheduledTime: "10:00",
          clientTimezone: "UTC",
        }),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().bookingId).not.toBe(first.json().bookingId);
      expect((await bookingRow(first.json().bookingId as string))?.status).toBe("failed");
    } finally {
      await restarted.app.close();
    }
  });

  it("honours an Idempotency-Key on POST /api/create-payment-intent", async () => {
    const date = freshDate();
    const send = (key: string, scheduledTime: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: { "content-type": "application/json", cookie: client.cookie, "idempotency-key": key },
        payload: JSON.stringify({ seerId, sessionType: "60min", scheduledDate: date, scheduledTime, clientTimezone: "UTC" }),
      });
    const first = await send("booking-key-1", "12:00");
    expect(first.statusCode).toBe(200);
    const again = await send("booking-key-1", "12:00");
    expect(again.json()).toEqual(first.json());
    expect((await send("booking-key-1", "14:00")).statusCode).toBe(422);
  });

  it("refuses a session beyond the 90-day bookable horizon (the year 9999 too), and accepts the last day", async () => {
    const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    for (const scheduledDate of ["9999-12-31", day(91)]) {
      const response = await createIntent(client.cookie, { scheduledDate });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(BEYOND_HORIZON_MESSAGE);
    }
    expect((await createIntent(client.cookie, { scheduledDate: day(89) })).statusCode).toBe(200);
  });

  it("lists today's past slots as unavailable, in the client's timezone", async () => {
    const response = await trpcQuery(t.app, "bookings.takenSlots", {
      seerId,
      scheduledDate: "2026-11-22",
      clientTimezone: "UTC",
    });
    expect(response.json().result.data.json.taken).toEqual(["09:00", "10:00"]);
    // 10:00 UTC is 13:00 in Nairobi.
    const nairobi = await trpcQuery(t.app, "bookings.takenSlots", {
      seerId,
      scheduledDate: "2026-11-22",
      clientTimezone: "Africa/Nairobi",
    });
    expect(nairobi.json().result.data.json.taken).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00"]);
  });
});

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

describe("reading bookings", () => {
  it("lets the client, the Seer and admins load a booking; anyone else gets the meeting's not-found text", async () => {
    const created = (
      await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "20:00", notes: "Bring questions" })
    ).json();
    await createUser(t.database.db, { role: "admin", email: "admin-booking@example.com" }, { password: "admin password 1" });
    const adminCookie = await signIn(t.app, "admin-booking@example.com", "admin password 1");
    const get = (cookie: string, id = created.bookingId) =>
      t.app.inject({ method: "GET", url: `/api/bookings/${id}`, headers: { cookie } });

    for (const cookie of [client.cookie, seerCookie, adminCookie]) {
      const response = await get(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: "pending",
        scheduledTime: "20:00",
        sessionType: "60min",
        notes: "Bring questions",
      });
      expect(JSON.stringify(response.json())).not.toContain("@example.com");
    }
    for (const response of [await get(other.cookie), await get(other.cookie, "no-such-booking")]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(MEETING_NOT_FOUND_MESSAGE);
    }
    const trpc = await trpcQuery(t.app, "bookings.byId", { bookingId: created.bookingId }, other.cookie);
    expect(trpcError(trpc).message).toBe(MEETING_NOT_FOUND_MESSAGE);
  });

  it("GET /api/bookings gives a Seer their bookings and a client their own", async () => {
    const seerList = (await t.app.inject({ method: "GET", url: "/api/bookings", headers: { cookie: seerCookie } })).json() as {
      seerId: string;
      clientId: string;
    }[];
    expect(seerList.length).toBeGreaterThan(0);
    expect(seerList.every((b) => b.seerId === seerId)).toBe(true);
    const clientList = (
      await t.app.inject({ method: "GET", url: "/api/bookings", headers: { cookie: other.cookie } })
    ).json() as { clientId: string }[];
    const otherId = (await trpcQuery(t.app, "account.me", undefined, other.cookie)).json().result.data.json.id;
    expect(clientList.length).toBeGreaterThan(0);
    expect(clientList.every((b) => b.clientId === otherId)).toBe(true);
  });
});

describe("no double booking under concurrency", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "lets exactly one of 50 concurrent attempts at one slot through",
    { timeout: 120_000 },
    async () => {
      const date = "2026-12-24";
      const clients: CurrentUser[] = [];
      for (let i = 0; i < 50; i++) {
        const u = await createUser(t.database.db);
        clients.push({
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          profileImageUrl: u.profileImageUrl,
          role: u.role,
          emailVerified: true,
        });
      }
      // PostgreSQL counts the deadlocks it broke in this database.
      const deadlocks = async () =>
        resultRows<{ n: number }>(
          await t.database.db.execute(sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`),
        )[0]?.n ?? 0;
      const deadlocksBefore = await deadlocks();
      const results = await Promise.allSettled(
        clients.map((c) =>
          t.app.services.bookings.createPaymentIntent(c, {
            seerId,
            sessionType: "60min",
            scheduledDate: date,
            scheduledTime: "11:00",
            notes: "",
            clientTimezone: "UTC",
          }),
        ),
      );
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect([...new Set(refused.map((r) => (r.reason as Error).message))]).toEqual([SLOT_TAKEN]);
      expect(refused).toHaveLength(49);
      // Each attempt queued behind the per-Seer lock and met the winner's booking: no deadlock was ever needed.
      expect([...new Set(refused.map((r) => sqlState((r.reason as Error).cause)))]).toEqual([PG.EXCLUSION_VIOLATION]);
      // The statistics collector reports with a short delay.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await deadlocks()).toBe(deadlocksBefore);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rows = await t.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(eq(bookings.seerId, seerId), eq(bookings.scheduledDate, date), inArray(bookings.status, ["pending", "confirmed"])),
        );
      expect(rows).toHaveLength(1);
    },
  );
});
