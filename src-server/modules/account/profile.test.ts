import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bookings, orders, type OrderItemSnapshot } from "../../../db/schema";
import { createBooking, createReview, createSeer, uniqueSuffix } from "../../../db/seed/factories";
import { createTestApp, signUp, trpcData, trpcError, trpcQuery, type TestApp } from "../../test/app";
import type { ClientSessions as OwnConsultations } from "../bookings";
import type { OwnOrder } from "./profile";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A date and time in UTC, as the booking factory reads them. */
const slot = (offsetMs: number) => {
  const at = new Date(Math.floor((t.clock.now().getTime() + offsetMs) / HOUR) * HOUR);
  return { scheduledDate: at.toISOString().slice(0, 10), scheduledTime: at.toISOString().slice(11, 16), startsAt: at };
};

async function signedInUser() {
  const { cookie } = await signUp(t.app);
  const me = (await trpcQuery(t.app, "account.me", undefined, cookie)).json() as { result: { data: { json: { id: string } } } };
  return { cookie, id: me.result.data.json.id };
}

async function insertOrder(userId: string, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const items: OrderItemSnapshot[] = [{ productId: "p-1", productName: "Kente Stole", quantity: 2, price: "30.00" }];
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId,
      orderNumber: `SM-${uniqueSuffix()}`,
      items,
      subtotal: "60.00",
      shippingCost: "10.00",
      total: "70.00",
      shippingName: "Ama Mensah",
      shippingEmail: "ama@example.com",
      shippingPhone: "+233 20 000 0000",
      shippingAddress: "1 Oxford Street, Accra",
      status: "paid",
      ...overrides,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (!row) throw new Error("order not inserted");
  return row;
}

describe("bookings.clientSessions", () => {
  it("answers 401 when signed out", async () => {
    const response = await trpcQuery(t.app, "bookings.clientSessions");
    expect(response.statusCode).toBe(401);
    expect(trpcError(response).data.code).toBe("UNAUTHORIZED");
  });

  it("lists only the caller's own live bookings, split into upcoming (soonest first) and past, with meeting links for confirmed ones", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const seer = await createSeer(t.database.db, { fullName: `Nana Akosua ${uniqueSuffix()}` });
    const db = t.database.db;
    const later = await createBooking(db, {
      clientId: me.id,
      seerId: seer.id,
      status: "confirmed",
      ...slot(3 * DAY),
      consultationLink: null,
    });
    const soon = await createBooking(db, {
      clientId: me.id,
      seerId: seer.id,
      status: "confirmed",
      ...slot(DAY),
      consultationLink: "https://meet.example/abc",
    });
    const held = await createBooking(db, {
      clientId: me.id,
      seerId: seer.id,
      status: "pending",
      ...slot(5 * DAY),
      holdExpiresAt: new Date(t.clock.now().getTime() + 10 * 60_000),
    });
    const past = await createBooking(db, {
      clientId: me.id,
      seerId: seer.id,
      status: "confirmed",
      ...slot(-2 * DAY),
      sessionType: "60min",
      amount: "80.00",
    });
    // Never shown: an abandoned hold, a failed payment, someone else's booking.
    await createBooking(db, {
      clientId: me.id,
      seerId: seer.id,
      status: "pending",
      ...slot(6 * DAY),
      holdExpiresAt: new Date(t.clock.now().getTime() - 60_000),
    });
    await createBooking(db, { clientId: me.id, seerId: seer.id, status: "failed", ...slot(7 * DAY) });
    const theirs = await createBooking(db, { clientId: other.id, seerId: seer.id, status: "confirmed", ...slot(2 * DAY) });

    const response = await trpcQuery(t.app, "bookings.clientSessions", undefined, me.cookie);
    expect(response.statusCode).toBe(200);
    const result = trpcData<OwnConsultations>(response);
    expect(result.upcoming.map((b) => b.id)).toEqual([soon.id, later.id, held.id]);
    expect(result.past.map((b) => b.id)).toEqual([past.id]);
    expect(result.upcoming.map((b) => b.meetingLink)).toEqual(["https://meet.example/abc", `/meeting/${later.id}`, null]);
    expect(result.past[0]).toMatchObject({
      seerName: seer.fullName,
      sessionType: "60min",
      amount: "80.00",
      status: "confirmed",
      meetingLink: `/meeting/${past.id}`,
    });
    // Only what the page needs: no fee split, payment ids or the other party's details.
    expect(Object.keys(result.upcoming[0] ?? {}).sort()).toEqual(
      [
        "amount",
        "calendarSequence",
        "cancelledAt",
        "cancelledBy",
        "clientTimezone",
        "endsAt",
        "id",
        "meetingLink",
        "proposedStartsAt",
        "refundDue",
        "refundedAmount",
        "review",
        "scheduledDate",
        "scheduledTime",
        "seerId",
        "seerName",
        "sessionType",
        "startsAt",
        "status",
      ].sort(),
    );

    const theirView = trpcData<OwnConsultations>(await trpcQuery(t.app, "bookings.clientSessions", undefined, other.cookie));
    expect(theirView.upcoming.map((b) => b.id)).toEqual([theirs.id]);
    expect(theirView.past).toEqual([]);
  });
});

describe("bookings.clientSessions after payment", () => {
  it("shows moved, cancelled (with the refund and who cancelled), completed (with the review and reply) and no-show sessions, cancelled ones under past", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const seer = await createSeer(t.database.db, { fullName: `Yaay Fatou ${uniqueSuffix()}` });
    const db = t.database.db;
    const moved = await createBooking(db, { clientId: me.id, seerId: seer.id, status: "confirmed", ...slot(4 * DAY) });
    await db
      .update(bookings)
      .set({ calendarSequence: 2, proposedStartsAt: new Date(moved.startsAt.getTime() + DAY) })
      .where(eq(bookings.id, moved.id));
    // Cancelled three days ahead: still under past, with the full refund.
    const cancelled = await createBooking(db, { clientId: me.id, seerId: seer.id, status: "confirmed", ...slot(3 * DAY) });
    const cancelledAt = new Date(t.clock.now().getTime() - HOUR);
    await db
      .update(bookings)
      .set({
        status: "cancelled",
        cancelledBy: "seer",
        cancelledAt,
        refundDue: "45.00",
        refundedAmount: "45.00",
        platformFee: "0.00",
        seerEarnings: "0.00",
        calendarSequence: 1,
      })
      .where(eq(bookings.id, cancelled.id));
    const completed = await createBooking(db, { clientId: me.id, seerId: seer.id, status: "completed", ...slot(-2 * DAY) });
    const reviewedAt = new Date(t.clock.now().getTime() - DAY);
    await createReview(db, {
      bookingId: completed.id,
      seerId: seer.id,
      clientId: me.id,
      rating: 4,
      comment: "Clear and kind.",
      seerReply: "Thank you, Ama.",
      createdAt: reviewedAt,
    });
    const noShow = await createBooking(db, { clientId: me.id, seerId: seer.id, status: "no_show", ...slot(-3 * DAY) });
    await createBooking(db, { clientId: other.id, seerId: seer.id, status: "completed", ...slot(-4 * DAY) });
    await createBooking(db, { clientId: other.id, seerId: seer.id, status: "cancelled", ...slot(5 * DAY) });

    const result = trpcData<OwnConsultations>(await trpcQuery(t.app, "bookings.clientSessions", undefined, me.cookie));
    expect(result.upcoming.map((b) => b.id)).toEqual([moved.id]);
    expect(result.upcoming[0]).toMatchObject({ status: "confirmed", calendarSequence: 2, review: null });
    expect(new Date(result.upcoming[0]?.proposedStartsAt ?? 0).getTime()).toBe(moved.startsAt.getTime() + DAY);
    // Most recent session first, whatever its status.
    expect(result.past.map((b) => [b.id, b.status])).toEqual([
      [cancelled.id, "cancelled"],
      [completed.id, "completed"],
      [noShow.id, "no_show"],
    ]);
    expect(result.past[0]).toMatchObject({ cancelledBy: "seer", refundedAmount: "45.00", refundDue: "45.00", meetingLink: null });
    expect(new Date(result.past[0]?.cancelledAt ?? 0).getTime()).toBe(cancelledAt.getTime());
    const review = result.past[1]?.review;
    expect(review).toMatchObject({ rating: 4, comment: "Clear and kind.", seerReply: "Thank you, Ama." });
    expect(new Date(review?.editableUntil ?? 0).getTime()).toBe(reviewedAt.getTime() + 7 * DAY);
    expect(result.past[2]).toMatchObject({ status: "no_show", review: null, meetingLink: null });
  });
});

describe("account.orders", () => {
  it("answers 401 when signed out", async () => {
    const response = await trpcQuery(t.app, "account.orders");
    expect(response.statusCode).toBe(401);
  });

  it("lists only the caller's own bought orders, newest first, with number, items, totals and status", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const older = await insertOrder(me.id, { createdAt: new Date(t.clock.now().getTime() - 2 * DAY) });
    const newer = await insertOrder(me.id, { createdAt: new Date(t.clock.now().getTime() - DAY), status: "refunded" });
    const awaiting = await insertOrder(me.id, {
      status: "pending",
      reservationExpiresAt: new Date(t.clock.now().getTime() + 10 * 60_000),
    });
    // Never shown: a checkout whose reservation ran out, a released one, and someone else's order.
    await insertOrder(me.id, { status: "pending", reservationExpiresAt: new Date(t.clock.now().getTime() - 60_000) });
    await insertOrder(me.id, { status: "cancelled" });
    const theirs = await insertOrder(other.id);

    const response = await trpcQuery(t.app, "account.orders", undefined, me.cookie);
    expect(response.statusCode).toBe(200);
    const list = trpcData<OwnOrder[]>(response);
    expect(list.map((o) => o.id)).toEqual([awaiting.id, newer.id, older.id]);
    expect(list[2]).toMatchObject({
      orderNumber: older.orderNumber,
      items: [{ productId: "p-1", productName: "Kente Stole", quantity: 2, price: "30.00" }],
      subtotal: "60.00",
      shippingCost: "10.00",
      total: "70.00",
      status: "paid",
    });
    // The shipping address and payment ids stay on the server.
    expect(list[0]).not.toHaveProperty("shippingAddress");
    expect(list[0]).not.toHaveProperty("paymentIntentId");

    expect(trpcData<OwnOrder[]>(await trpcQuery(t.app, "account.orders", undefined, other.cookie)).map((o) => o.id)).toEqual([
      theirs.id,
    ]);
  });
});
