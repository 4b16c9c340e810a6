import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bookings } from "../../../db/schema";
import { createBooking, createReview, createSeer, uniqueSuffix } from "../../../db/seed/factories";
import { createTestApp, signUp, trpcData, trpcError, trpcQuery, type TestApp } from "../../test/app";
import type { ClientSessions as OwnConsultations } from "./sessions";

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
        "canReport",
        "cancelledAt",
        "cancelledBy",
        "clientTimezone",
        "dispute",
        "endsAt",
        "id",
        "meetingLink",
        "proposedStartsAt",
        "refundDue",
        "refundedAmount",
        "reportableUntil",
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
