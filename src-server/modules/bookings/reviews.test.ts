import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reviews, seers } from "../../../db/schema";
import { attendSession, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { REVIEW_LOCKED, REVIEW_ONLY_AFTER } from "./reviews";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";

const NOW = LIFECYCLE_NOW;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const kit = lifecycleTestKit();
const { row, paidBooking } = kit;
let t: TestApp;
let seerId: string;
let seerCookie: string;
let adminCookie: string;
let client: { cookie: string; email: string };
let stranger: { cookie: string };
beforeAll(() => void ({ t, seerId, seerCookie, adminCookie, client, stranger } = kit.get()));

describe("completion and reviews", () => {
  it("completes a session after its room closes, prompts a review, and takes one review from its client only", async () => {
    // Two days ahead (a day no other test uses), so that everyone's session is still valid when it ends.
    const { bookingId } = await paidBooking({ date: new Date(NOW.getTime() + 2 * DAY).toISOString().slice(0, 10) });
    const reviewInput = { bookingId, rating: 4, comment: "Clear and kind." };
    expect(trpcError(await trpcMutation(t.app, "bookings.writeReview", reviewInput, client.cookie)).message).toBe(
      REVIEW_ONLY_AFTER,
    );

    const b = await row(bookingId);
    // Both were in the room (the room records it; a client who never joined is a no-show, below).
    if (!b) throw new Error("no booking");
    await attendSession(t.database, bookingId);
    const absent = await paidBooking({ date: new Date(NOW.getTime() + 2 * DAY).toISOString().slice(0, 10), time: "12:00" });
    t.clock.set(new Date(b.endsAt.getTime() + 10 * 60_000));
    await t.app.jobs.runDue({ periodic: true });
    expect((await row(bookingId))?.status).toBe("confirmed");
    t.clock.advance(6 * 60_000);
    await t.app.jobs.runDue({ periodic: true });
    await t.app.jobs.runDue();
    expect((await row(bookingId))?.status).toBe("completed");
    t.clock.advance(3 * 3600_000);
    await t.app.jobs.runDue({ periodic: true });
    await t.app.jobs.runDue();
    expect((await row(absent.bookingId))?.status).toBe("no_show");
    expect(
      trpcError(await trpcMutation(t.app, "bookings.writeReview", { ...reviewInput, bookingId: absent.bookingId }, client.cookie))
        .message,
    ).toBe(REVIEW_ONLY_AFTER);
    expect(
      t.mailer.sent.filter((m) => m.subject.startsWith("How was your consultation") && m.to === "client-life@example.com").length,
    ).toBeGreaterThan(0);

    for (const cookie of [stranger.cookie, seerCookie, adminCookie]) {
      const refused = await trpcMutation(t.app, "bookings.writeReview", reviewInput, cookie);
      expect(refused.statusCode).toBe(404);
    }
    const written = await trpcMutation(t.app, "bookings.writeReview", reviewInput, client.cookie);
    expect(written.statusCode, written.body).toBe(200);
    const [seer] = await t.database.db.select().from(seers).where(eq(seers.id, seerId));
    expect(seer).toMatchObject({ averageRating: "4.00", totalReviews: 1 });

    // Editing within 7 days changes the one review; the average follows.
    t.clock.advance(6 * DAY);
    expect((await trpcMutation(t.app, "bookings.writeReview", { ...reviewInput, rating: 2 }, client.cookie)).statusCode).toBe(
      200,
    );
    expect(await t.database.db.select().from(reviews).where(eq(reviews.bookingId, bookingId))).toHaveLength(1);
    expect((await t.database.db.select().from(seers).where(eq(seers.id, seerId)))[0]).toMatchObject({
      averageRating: "2.00",
      totalReviews: 1,
    });
    t.clock.advance(2 * DAY);
    expect(trpcError(await trpcMutation(t.app, "bookings.writeReview", reviewInput, client.cookie)).message).toBe(REVIEW_LOCKED);

    // The Seer replies once, publicly.
    expect(
      (await trpcMutation(t.app, "bookings.replyToReview", { bookingId, reply: "Thank you." }, client.cookie)).statusCode,
    ).toBe(404);
    expect((await trpcMutation(t.app, "bookings.replyToReview", { bookingId, reply: "Thank you." }, seerCookie)).statusCode).toBe(
      200,
    );
    expect((await trpcMutation(t.app, "bookings.replyToReview", { bookingId, reply: "Again." }, seerCookie)).statusCode).toBe(
      409,
    );
    const shown = trpcData<{ rating: number; comment: string | null; seerReply: string | null }[]>(
      await trpcQuery(t.app, "seers.reviews", { id: seerId }),
    );
    expect(shown).toEqual([expect.objectContaining({ rating: 2, comment: "Clear and kind.", seerReply: "Thank you." })]);
    t.clock.set(NOW);
  });
});
