import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingRefunds } from "../../../db/schema";
import { trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { ALREADY_CANCELLED, BOOKING_NOT_FOUND, CHANGED_MEANWHILE } from "./messages";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";

const NOW = LIFECYCLE_NOW;
const HOUR = 3600_000;
const kit = lifecycleTestKit();
const { provider, row, freshDate, paidBooking, mailsAbout } = kit;
let t: TestApp;
let seerId: string;
let seerCookie: string;
let adminCookie: string;
let client: { cookie: string; email: string };
let stranger: { cookie: string };
beforeAll(() => void ({ t, seerId, seerCookie, adminCookie, client, stranger } = kit.get()));

describe("cancelling by the Terms", () => {
  it("refunds a client 100% more than 24 hours ahead, frees the slot and sends calendar cancellations", async () => {
    const { bookingId, paymentIntentId, date } = await paidBooking();
    const quote = trpcData<{ refundAmount: string; refundPercent: number; sequence: number }>(
      await trpcQuery(t.app, "bookings.cancellationQuote", { bookingId }, client.cookie),
    );
    expect(quote).toMatchObject({ refundAmount: "80.00", refundPercent: 100, sequence: 0 });

    const cancelled = await trpcMutation(
      t.app,
      "bookings.cancel",
      { bookingId, reason: "Travelling", sequence: 0 },
      client.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(trpcData(cancelled)).toEqual({ bookingId, status: "cancelled", refundAmount: "80.00" });

    const after = await row(bookingId);
    expect(after).toMatchObject({
      status: "cancelled",
      cancelledBy: "client",
      refundedAmount: "80.00",
      refundDue: "80.00",
      platformFee: "0.00",
      seerEarnings: "0.00",
      calendarSequence: 1,
    });
    expect((await provider().listRefunds(paymentIntentId)).map((r) => r.amount)).toEqual([8000]);
    expect(await t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, bookingId))).toHaveLength(1);

    const taken = trpcData<{ taken: string[] }>(
      await trpcQuery(t.app, "bookings.takenSlots", { seerId, scheduledDate: date, clientTimezone: "UTC", sessionType: "60min" }),
    );
    expect(taken.taken).not.toContain("10:00");

    await t.app.jobs.runDue();
    const mails = mailsAbout(bookingId, "Cancelled:");
    expect(mails.map((m) => m.to).sort()).toEqual(["client-life@example.com", "seer-life@example.com"]);
    const ics = mails[0]?.attachments?.[0]?.content ?? "";
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain(`UID:booking-${bookingId}@seer-marketplace`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(mails.find((m) => m.to === "client-life@example.com")?.text).toContain("Refund: $80.00");
  });

  it("refunds 50% within 24 hours and leaves the Seer 80% of the rest", async () => {
    const { bookingId } = await paidBooking({ session: "30min" });
    const b = await row(bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) - 2 * HOUR));
    try {
      const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
      expect(trpcData(cancelled)).toMatchObject({ refundAmount: "22.51" });
      expect(await row(bookingId)).toMatchObject({ refundedAmount: "22.51", platformFee: "4.50", seerEarnings: "18.00" });
    } finally {
      t.clock.set(NOW);
    }
  });

  it("refuses a cancellation once the session has started, and a second cancellation", async () => {
    const { bookingId } = await paidBooking();
    const b = await row(bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) + 60_000));
    try {
      const late = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
      expect(late.statusCode).toBe(409);
    } finally {
      t.clock.set(NOW);
    }
    expect((await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie)).statusCode).toBe(200);
    const again = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
    expect(trpcError(again).message).toBe(ALREADY_CANCELLED);
  });

  it("gives the client everything back when the Seer cancels, even within 24 hours", async () => {
    const { bookingId } = await paidBooking();
    const b = await row(bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) - HOUR));
    try {
      const quote = trpcData<{ refundPercent: number }>(
        await trpcQuery(t.app, "bookings.cancellationQuote", { bookingId }, seerCookie),
      );
      expect(quote.refundPercent).toBe(100);
      expect(trpcData(await trpcMutation(t.app, "bookings.cancel", { bookingId }, seerCookie))).toMatchObject({
        refundAmount: "80.00",
      });
      expect(await row(bookingId)).toMatchObject({ cancelledBy: "seer", refundedAmount: "80.00" });
    } finally {
      t.clock.set(NOW);
    }
  });

  it("answers another user's booking exactly as a missing one", async () => {
    const { bookingId } = await paidBooking();
    for (const [cookie, id] of [
      [stranger.cookie, bookingId],
      [client.cookie, "00000000-0000-0000-0000-000000000000"],
    ] as const) {
      for (const call of [
        trpcQuery(t.app, "bookings.cancellationQuote", { bookingId: id }, cookie),
        trpcMutation(t.app, "bookings.cancel", { bookingId: id }, cookie),
        trpcMutation(t.app, "bookings.reschedule", { bookingId: id, scheduledDate: freshDate(), scheduledTime: "11:00" }, cookie),
      ]) {
        const response = await call;
        expect(response.statusCode).toBe(404);
        expect(trpcError(response).message).toBe(BOOKING_NOT_FOUND);
      }
    }
    expect((await trpcMutation(t.app, "bookings.cancel", { bookingId })).statusCode).toBe(401);
    expect((await row(bookingId))?.status).toBe("confirmed");
  });

  it("lets an admin cancel with a chosen refund and a reason, never more than was paid", async () => {
    const { bookingId } = await paidBooking();
    const refused = await trpcMutation(
      t.app,
      "bookings.adminCancel",
      { bookingId, refundAmount: "10.00", reason: "x" },
      client.cookie,
    );
    expect(refused.statusCode).toBe(403);
    const tooMuch = await trpcMutation(
      t.app,
      "bookings.adminCancel",
      { bookingId, refundAmount: "80.01", reason: "Dispute" },
      adminCookie,
    );
    expect(tooMuch.statusCode).toBe(400);
    expect((await row(bookingId))?.status).toBe("confirmed");
    const done = await trpcMutation(
      t.app,
      "bookings.adminCancel",
      { bookingId, refundAmount: "30.00", reason: "Dispute settled" },
      adminCookie,
    );
    expect(trpcData(done)).toMatchObject({ refundAmount: "30.00" });
    expect(await row(bookingId)).toMatchObject({
      cancelledBy: "admin",
      cancellationReason: "Dispute settled",
      refundedAmount: "30.00",
      platformFee: "10.00",
      seerEarnings: "40.00",
    });
  });

  it("refunds once when 50 cancellations of one booking arrive together", async () => {
    const { bookingId, paymentIntentId } = await paidBooking();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie)),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    await t.app.jobs.runDue();
    expect(await provider().listRefunds(paymentIntentId)).toHaveLength(1);
    expect(await row(bookingId)).toMatchObject({ refundedAmount: "80.00" });
  });

  it("lets exactly one of a cancellation and a reschedule racing on the same version win", async () => {
    for (let round = 0; round < 3; round++) {
      const { bookingId } = await paidBooking();
      const [cancelled, moved] = await Promise.all([
        trpcMutation(t.app, "bookings.cancel", { bookingId, sequence: 0 }, client.cookie),
        trpcMutation(
          t.app,
          "bookings.reschedule",
          { bookingId, scheduledDate: freshDate(), scheduledTime: "12:00", sequence: 0 },
          client.cookie,
        ),
      ]);
      expect([cancelled.statusCode, moved.statusCode].sort()).toEqual([200, 409]);
      const loser = cancelled.statusCode === 409 ? cancelled : moved;
      expect([CHANGED_MEANWHILE, ALREADY_CANCELLED]).toContain(trpcError(loser).message);
      const after = await row(bookingId);
      if (cancelled.statusCode === 200)
        expect(after).toMatchObject({ status: "cancelled", scheduledTime: "10:00", calendarSequence: 1 });
      else
        expect(after).toMatchObject({ status: "confirmed", scheduledTime: "12:00", calendarSequence: 1, refundedAmount: "0.00" });
    }
  });
});

describe("refunds made elsewhere", () => {
  it("records one refund however many webhooks announce it, in any order", async () => {
    const { bookingId, paymentIntentId } = await paidBooking();
    const { event } = await provider().refundElsewhere(paymentIntentId, 2000);
    const deliveries = Array.from({ length: 10 }, (_, i) => ({
      ...event,
      id: `${event.id}_${i % 3}`,
      type: i % 2 ? "refund.updated" : "charge.refunded",
    }));
    const responses = await Promise.all(
      deliveries.map((e) => {
        const payload = JSON.stringify(e);
        return t.app.inject({
          method: "POST",
          url: "/api/webhooks/stripe",
          headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
          payload,
        });
      }),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, bookingId))).toHaveLength(1);
    expect(await row(bookingId)).toMatchObject({
      status: "confirmed",
      refundedAmount: "20.00",
      platformFee: "12.00",
      seerEarnings: "48.00",
    });
  });

  it("cancels a confirmed booking refunded in full elsewhere", async () => {
    const { bookingId, paymentIntentId } = await paidBooking();
    const { event } = await provider().refundElsewhere(paymentIntentId, 8000);
    const payload = JSON.stringify(event);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(await row(bookingId)).toMatchObject({ status: "cancelled", cancelledBy: "provider", refundedAmount: "80.00" });
  });
});
