/** The Seer's schedule (issue #42) as bookings obey it: rules, time off and date overrides set on the dashboard. */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { bookings, seerDateOverrides, seers } from "../../../db/schema";
import { DAY_FULL, TOO_CLOSE } from "../../../src/domain/schedule";
import { NOT_AVAILABLE_MESSAGE } from "../../../src/schemas/dashboard";
import { BUFFER_MESSAGE, RANGE_MESSAGE } from "../../../src/schemas/schedule";
import { SEER_AWAY_REFUNDED } from "./messages";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { signIn, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { OVERRIDE_NOT_FOUND } from "../seer-dashboard";

const kit = lifecycleTestKit();
const { paidBooking, freshDate, row } = kit;
let t: TestApp;
let seerId: string;
let seerCookie: string;
let client: { cookie: string };
let otherSeerCookie: string;
const DAY = 86_400_000;
const RULES = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, noticeMinutes: 120, horizonDays: 90, dailyCap: null };

beforeAll(async () => {
  ({ t, seerId, seerCookie, client } = kit.get());
  const other = await createUser(
    t.database.db,
    { role: "seer", email: "other-seer-schedule@example.com" },
    { password: "seer password 2" },
  );
  await createSeer(t.database.db, { userId: other.id });
  otherSeerCookie = await signIn(t.app, "other-seer-schedule@example.com", "seer password 2");
});

const slots = async (date: string, sessionType = "60min") =>
  trpcData<{ taken: string[]; notOffered: string[] }>(
    await trpcQuery(t.app, "bookings.takenSlots", { seerId, scheduledDate: date, clientTimezone: "UTC", sessionType }),
  );
const saveRules = (rules: Record<string, unknown>, cookie = seerCookie) =>
  trpcMutation(t.app, "seerDashboard.saveRules", { ...RULES, ...rules }, cookie);
const hold = (date: string, time: string) =>
  trpcMutation(
    t.app,
    "bookings.createPaymentIntent",
    { seerId, sessionType: "60min", scheduledDate: date, scheduledTime: time, clientTimezone: "UTC", currency: "USD" },
    client.cookie,
  );
const addOverride = (input: Record<string, unknown>, cookie = seerCookie) =>
  trpcMutation(t.app, "seerDashboard.addOverride", input, cookie);
const after = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe("a Seer's scheduling rules", () => {
  it("refuses a bad rule and changes nothing, saves good ones and reads them back", async () => {
    const refused = await saveRules({ bufferBeforeMinutes: 7 });
    expect(trpcError(refused).message).toContain(BUFFER_MESSAGE);
    expect((await t.database.db.select({ b: seers.bufferBeforeMinutes }).from(seers).where(eq(seers.id, seerId)))[0]?.b).toBe(0);
    expect(trpcError(await saveRules({ horizonDays: 366 })).data.code).toBe("BAD_REQUEST");
    expect(trpcData(await saveRules({ horizonDays: 365 }))).toMatchObject({ horizonDays: 365 });
    const read = trpcData<{ rules: typeof RULES }>(await trpcQuery(t.app, "seerDashboard.schedule", undefined, seerCookie));
    expect(read.rules).toEqual({ ...RULES, horizonDays: 365 });
    const far = new Date(LIFECYCLE_NOW.getTime() + 200 * DAY).toISOString().slice(0, 10);
    expect((await slots(far)).notOffered).toEqual([]);
    await saveRules({});
    expect((await slots(far)).notOffered).toHaveLength(12);
  });

  it("a 2-hour notice hides the slots before it (the default)", async () => {
    const today = LIFECYCLE_NOW.toISOString().slice(0, 10); // 08:00 UTC now
    const { taken, notOffered } = await slots(today);
    expect(taken).toEqual([]);
    expect(notOffered).toEqual(["09:00"]);
    await saveRules({ noticeMinutes: 240 });
    expect((await slots(today)).notOffered).toEqual(["09:00", "10:00", "11:00"]);
    await saveRules({});
  });

  it("a 15-minute buffer removes the slots adjoining a booking, and the hold refuses them", async () => {
    const date = freshDate();
    await paidBooking({ date, time: "12:00" });
    expect((await slots(date)).taken).toEqual(["12:00"]);
    expect(trpcData(await saveRules({ bufferAfterMinutes: 15 }))).toMatchObject({ bufferAfterMinutes: 15 });
    expect((await slots(date)).taken).toEqual(["11:00", "12:00", "13:00"]);
    expect(trpcError(await hold(date, "13:00")).message).toBe(TOO_CLOSE);
    expect(trpcError(await hold(date, "11:00")).message).toBe(TOO_CLOSE);
    await saveRules({});
    expect((await slots(date)).taken).toEqual(["12:00"]);
  });

  it("a daily cap of 3 hides the day after 3 bookings", async () => {
    const date = freshDate();
    await saveRules({ dailyCap: 3 });
    for (const time of ["09:00", "12:00", "15:00"]) await paidBooking({ date, time });
    expect((await slots(date)).taken).toHaveLength(12);
    expect(trpcError(await hold(date, "17:00")).message).toBe(DAY_FULL);
    await saveRules({});
    expect((await slots(date)).taken).toEqual(["09:00", "12:00", "15:00"]);
  });
});

describe("time off and date overrides", () => {
  it("a 3-week time off removes every slot in it, lists the bookings inside, and cancels the chosen ones in full", async () => {
    const first = freshDate();
    for (let i = 0; i < 21; i++) freshDate();
    const kept = await paidBooking({ date: after(first, 2), time: "10:00" });
    const cancelled = await paidBooking({ date: after(first, 9), time: "14:00" });
    const outside = await paidBooking({ date: after(first, 21), time: "10:00" });
    const input = { startDate: first, endDate: after(first, 20), kind: "time_off", note: "Retreat" };
    const added = trpcData<{ override: { id: string }; bookings: { id: string; clientName: string }[] }>(
      await addOverride(input),
    );
    expect(added.bookings.map((b) => b.id)).toEqual([kept.bookingId, cancelled.bookingId]);
    expect(added.bookings.map((b) => b.id)).not.toContain(outside.bookingId);
    // A retry adds nothing new.
    expect(trpcData<{ override: { id: string } }>(await addOverride(input)).override.id).toBe(added.override.id);
    for (let i = 0; i < 21; i++) {
      const { taken, notOffered } = await slots(after(first, i));
      expect([...taken, ...notOffered].sort()).toHaveLength(12);
    }
    expect((await slots(after(first, 21))).notOffered).toEqual([]);
    expect(trpcError(await hold(after(first, 5), "10:00")).message).toBe(NOT_AVAILABLE_MESSAGE);

    // Another Seer is told what a missing booking is told, and nothing is cancelled.
    const theirs = await trpcMutation(
      t.app,
      "seerDashboard.cancelTimeOffBookings",
      { bookingIds: [cancelled.bookingId] },
      otherSeerCookie,
    );
    expect(trpcError(theirs).data.code).toBe("NOT_FOUND");
    expect((await row(cancelled.bookingId))?.status).toBe("confirmed");

    const done = await trpcMutation(
      t.app,
      "seerDashboard.cancelTimeOffBookings",
      { bookingIds: [cancelled.bookingId] },
      seerCookie,
    );
    expect(trpcData(done)).toEqual({ cancelled: [cancelled.bookingId] });
    const gone = await row(cancelled.bookingId);
    expect(gone?.status).toBe("cancelled");
    expect(gone?.refundDue).toBe(gone?.amount);
    expect((await row(kept.bookingId))?.status).toBe("confirmed");
    // Retried, the cancellation is the same answer and nothing more.
    expect(
      trpcData(
        await trpcMutation(t.app, "seerDashboard.cancelTimeOffBookings", { bookingIds: [cancelled.bookingId] }, seerCookie),
      ),
    ).toEqual({
      cancelled: [cancelled.bookingId],
    });

    // Removing it (only its Seer can) gives the days back.
    const removeTheirs = await trpcMutation(t.app, "seerDashboard.removeOverride", { id: added.override.id }, otherSeerCookie);
    expect(trpcError(removeTheirs)).toMatchObject({ data: { code: "NOT_FOUND" }, message: OVERRIDE_NOT_FOUND });
    expect(trpcData(await trpcMutation(t.app, "seerDashboard.removeOverride", { id: added.override.id }, seerCookie))).toEqual({
      id: added.override.id,
    });
    expect((await slots(after(first, 5))).notOffered).toEqual([]);
  });

  it("a date override opens Saturday 10:00-12:00 only on that date, and bad input adds nothing", async () => {
    await t.database.db
      .update(seers)
      .set({ availability: { "1": ["09:00", "10:00"] } })
      .where(eq(seers.id, seerId));
    try {
      const saturday = "2026-12-05";
      const count = async () =>
        (
          await t.database.db
            .select({ id: seerDateOverrides.id })
            .from(seerDateOverrides)
            .where(eq(seerDateOverrides.seerId, seerId))
        ).length;
      const before = await count();
      const backwards = await addOverride({
        startDate: saturday,
        endDate: "2026-12-04",
        kind: "hours",
        hours: [{ start: "10:00", end: "12:00" }],
      });
      expect(trpcError(backwards).message).toContain(RANGE_MESSAGE);
      expect(await count()).toBe(before);
      const added = await addOverride({
        startDate: saturday,
        endDate: saturday,
        kind: "hours",
        hours: [{ start: "10:00", end: "12:00" }],
      });
      expect(trpcData<{ bookings: unknown[] }>(added).bookings).toEqual([]);
      const open = (x: { taken: string[]; notOffered: string[] }) =>
        ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"].filter(
          (time) => !x.taken.includes(time) && !x.notOffered.includes(time),
        );
      expect(open(await slots(saturday))).toEqual(["10:00", "11:00"]);
      expect(open(await slots("2026-12-12"))).toEqual([]);
      expect(open(await slots("2026-12-07"))).toEqual(["09:00", "10:00"]);
    } finally {
      await t.database.db.update(seers).set({ availability: null }).where(eq(seers.id, seerId));
    }
  });
});

describe("unpaid holds and a date's own hours under a new override", () => {
  type Hold = { bookingId: string; clientSecret: string; paymentIntentId: string };
  const heldAt = async (date: string, time: string): Promise<Hold> => trpcData<Hold>(await hold(date, time));
  const payAtProvider = (secret: string) =>
    kit.provider().confirmCard({ clientSecret: secret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" });
  const confirm = (paymentIntentId: string) => trpcMutation(t.app, "bookings.confirmPayment", { paymentIntentId }, client.cookie);
  type Added = { override: { id: string }; bookings: { id: string }[]; releasedHolds: number };
  const removeAll = async () => {
    await t.database.db.delete(seerDateOverrides).where(eq(seerDateOverrides.seerId, seerId));
  };

  it("new time off releases an unpaid hold inside it, which can then no longer be paid, and lists only confirmed bookings", async () => {
    const date = freshDate();
    const confirmed = await paidBooking({ date, time: "10:00" });
    const held = await heldAt(date, "14:00");
    const outside = await heldAt(freshDate(), "14:00");
    try {
      const added = trpcData<Added>(await addOverride({ startDate: date, endDate: date, kind: "time_off", note: "" }));
      expect(added.bookings.map((b) => b.id)).toEqual([confirmed.bookingId]);
      expect(added.releasedHolds).toBe(1);
      expect(await row(held.bookingId)).toMatchObject({ status: "expired", holdExpiresAt: null });
      expect((await row(outside.bookingId))?.status).toBe("pending");
      await expect(payAtProvider(held.clientSecret)).rejects.toThrow("This payment was cancelled. Please start again.");
      expect(trpcError(await confirm(held.paymentIntentId)).data.code).toBe("BAD_REQUEST");
      expect((await row(held.bookingId))?.status).toBe("expired");
      // Retried, the same override releases nothing more.
      expect(
        trpcData<Added>(await addOverride({ startDate: date, endDate: date, kind: "time_off", note: "" })).releasedHolds,
      ).toBe(0);
    } finally {
      await removeAll();
    }
  });

  it("a payment that arrives for a hold the Seer's new time off covers is refunded in full, never confirmed", async () => {
    const date = freshDate();
    const held = await heldAt(date, "11:00");
    // Paid at the provider before the time off, its confirmation arriving after it.
    expect((await payAtProvider(held.clientSecret)).intent.status).toBe("succeeded");
    try {
      const added = trpcData<Added>(await addOverride({ startDate: date, endDate: date, kind: "time_off", note: "" }));
      expect(added.bookings).toEqual([]);
      const answer = await confirm(held.paymentIntentId);
      expect(trpcError(answer)).toMatchObject({ message: SEER_AWAY_REFUNDED, data: { code: "CONFLICT" } });
      const gone = await row(held.bookingId);
      expect(gone).toMatchObject({ status: "cancelled", cancelledBy: "provider", consultationLink: null, confirmedAt: null });
      expect(gone?.refundDue).toBe(gone?.amount);
      expect((await kit.provider().listRefunds(held.paymentIntentId)).map((r) => r.amount)).toEqual([8000]);
      // Asked again (the webhook after the client's return), nothing more is refunded or confirmed.
      expect(trpcError(await confirm(held.paymentIntentId)).data.code).toBe("CONFLICT");
      expect(await kit.provider().listRefunds(held.paymentIntentId)).toHaveLength(1);
    } finally {
      await removeAll();
    }
  });

  it("a payment for a live hold outside hours the Seer has since given its date is refunded; inside them it confirms", async () => {
    const date = freshDate();
    const outside = await heldAt(date, "14:00");
    const inside = await heldAt(date, "10:00");
    // Stored as the dashboard stores it, but without the release, as if the payment raced the new hours.
    await t.database.db
      .insert(seerDateOverrides)
      .values({ seerId, startDate: date, endDate: date, kind: "hours", hours: [{ start: "09:00", end: "12:00" }] });
    try {
      await payAtProvider(outside.clientSecret);
      expect(trpcError(await confirm(outside.paymentIntentId)).message).toBe(SEER_AWAY_REFUNDED);
      expect((await row(outside.bookingId))?.status).toBe("cancelled");
      await payAtProvider(inside.clientSecret);
      expect((await confirm(inside.paymentIntentId)).statusCode).toBe(200);
      expect((await row(inside.bookingId))?.status).toBe("confirmed");
    } finally {
      await removeAll();
    }
  });

  it("a date's own hours list the confirmed bookings outside them, and the Seer cancels the chosen ones in full", async () => {
    const date = freshDate();
    // The day after is taken from the kit too, so that no later test is given a day this one booked.
    const following = freshDate();
    expect(following).toBe(after(date, 1));
    const early = await paidBooking({ date, time: "09:00" });
    const within = await paidBooking({ date, time: "11:00", session: "30min" });
    const late = await paidBooking({ date, time: "15:00" });
    const nextDay = await paidBooking({ date: following, time: "15:00" });
    try {
      const input = { startDate: date, endDate: date, kind: "hours", hours: [{ start: "10:00", end: "12:00" }], note: "" };
      const added = trpcData<Added>(await addOverride(input));
      expect(added.bookings.map((b) => b.id)).toEqual([early.bookingId, late.bookingId]);
      expect(added.bookings.map((b) => b.id)).not.toContain(within.bookingId);
      expect(added.bookings.map((b) => b.id)).not.toContain(nextDay.bookingId);
      // Listed again on a retry, as time off is.
      expect(trpcData<Added>(await addOverride(input)).bookings.map((b) => b.id)).toEqual([early.bookingId, late.bookingId]);

      const done = await trpcMutation(
        t.app,
        "seerDashboard.cancelTimeOffBookings",
        { bookingIds: [late.bookingId], kind: "hours" },
        seerCookie,
      );
      expect(trpcData(done)).toEqual({ cancelled: [late.bookingId] });
      const gone = await row(late.bookingId);
      expect(gone).toMatchObject({
        status: "cancelled",
        cancelledBy: "seer",
        cancellationReason: "The Seer changed their hours for this date.",
      });
      expect(gone?.refundDue).toBe(gone?.amount);
      expect((await row(early.bookingId))?.status).toBe("confirmed");
      expect((await row(within.bookingId))?.status).toBe("confirmed");
      const bad = await trpcMutation(
        t.app,
        "seerDashboard.cancelTimeOffBookings",
        { bookingIds: [early.bookingId], kind: "week" },
        seerCookie,
      );
      expect(trpcError(bad).data.code).toBe("BAD_REQUEST");
      expect((await row(early.bookingId))?.status).toBe("confirmed");
    } finally {
      await removeAll();
    }
  });
});

describe("the daily cap under concurrency", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "20 clients racing for a day's last place give exactly one hold",
    { timeout: 120_000 },
    async () => {
      const date = freshDate();
      await saveRules({ dailyCap: 3 });
      try {
        await paidBooking({ date, time: "09:00" });
        await paidBooking({ date, time: "10:00" });
        const clients: CurrentUser[] = [];
        for (let i = 0; i < 20; i++) {
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
        const times = ["11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"];
        const results = await Promise.allSettled(
          clients.map((c, i) =>
            t.app.services.bookings.createPaymentIntent(c, {
              seerId,
              sessionType: "60min",
              scheduledDate: date,
              scheduledTime: times[i % times.length] ?? "11:00",
              notes: "",
              currency: "USD",
              clientTimezone: "UTC",
            }),
          ),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const live = await t.database.db
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.seerId, seerId),
              eq(bookings.scheduledDate, date),
              inArray(bookings.status, ["pending", "confirmed"]),
            ),
          );
        expect(live).toHaveLength(3);
      } finally {
        await saveRules({});
      }
    },
  );
});
