import { and, eq, inArray, sql } from "drizzle-orm";
import { rows as resultRows } from "../../../db/migrate";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../db/seed/factories";
import { bookings, testPaymentIntents } from "../../../db/schema";
import { createTestApp, trpcQuery, type TestApp } from "../../test/app";
import { BEYOND_HORIZON_MESSAGE } from "../../../src/domain/consultations";
import { PG, sqlState } from "../../platform/database";
import { SLOT_TAKEN } from "./messages";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { bookingTestKit, NOW } from "./test-kit";

const kit = bookingTestKit();
const { provider, freshDate, createIntent, confirmBooking, payWithCard, bookingRow } = kit;
let t: TestApp;
let seerId: string;
let client: { cookie: string; email: string };
let other: { cookie: string; email: string };
beforeAll(() => void ({ t, seerId, client, other } = kit.get()));

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
      currency: "USD",
      chargeAmount: 8000,
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
      chargeCurrency: "USD",
      chargeAmount: null,
      chargeRate: null,
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
          secondFactor: false,
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
            currency: "USD",
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
