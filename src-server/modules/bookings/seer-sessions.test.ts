import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking, createReview, createSeer, createUser } from "../../../db/seed/factories";
import { bookingRefunds, bookings, ledgerEntries, users } from "../../../db/schema";
import { SEER_ONLY_MESSAGE } from "../../../src/schemas/dashboard";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcQuery, type TestApp } from "../../test/app";

const NOW = new Date("2026-11-22T10:00:00Z");
const DAY = 86_400_000;
let t: TestApp;
let seerId: string;
let seerCookie: string;
let otherSeerId: string;
let client: { cookie: string };

async function seerAccount(email: string, overrides: Parameters<typeof createSeer>[1] = {}) {
  const user = await createUser(t.database.db, { role: "seer", email }, { password: "seer password 1" });
  const seer = await createSeer(t.database.db, { userId: user.id, ...overrides });
  return { seerId: seer.id, cookie: await signIn(t.app, email, "seer password 1") };
}

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  ({ seerId, cookie: seerCookie } = await seerAccount("dash-seer@example.com", { timezone: "Africa/Lagos" }));
  ({ seerId: otherSeerId } = await seerAccount("dash-other@example.com"));
  client = await signUp(t.app, { email: "dash-client@example.com", firstName: "Kofi", lastName: "Mensah" });
  const [clientUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "dash-client@example.com"));
  if (!clientUser) throw new Error("client not created");
  const clientId = clientUser.id;
  const db = t.database.db;
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  // Confirmed: one upcoming (in 2 days), one past this month (10 days ago), one past 60 days ago, one 200 days ago (last year).
  await createBooking(db, {
    clientId,
    seerId,
    amount: "100.00",
    sessionType: "60min",
    status: "confirmed",
    startsAt: at(2 * DAY),
    consultationLink: "/meeting/x",
    notes: "About my family",
    createdAt: at(-1 * DAY),
  });
  await createBooking(db, {
    clientId,
    seerId,
    amount: "50.00",
    sessionType: "30min",
    status: "confirmed",
    startsAt: at(-10 * DAY),
    createdAt: at(-12 * DAY),
  });
  await createBooking(db, {
    clientId,
    seerId,
    amount: "25.00",
    sessionType: "15min",
    status: "confirmed",
    startsAt: at(-60 * DAY),
    createdAt: at(-61 * DAY),
  });
  await createBooking(db, {
    clientId,
    seerId,
    amount: "10.00",
    sessionType: "15min",
    status: "confirmed",
    startsAt: at(-330 * DAY),
    createdAt: at(-331 * DAY),
  });
  // A live hold (pending payout), a run-out hold and an expired booking: neither of the last two counts.
  await createBooking(db, {
    clientId,
    seerId,
    amount: "45.00",
    status: "pending",
    startsAt: at(3 * DAY),
    holdExpiresAt: at(10 * 60_000),
    createdAt: at(-60_000),
  });
  await createBooking(db, {
    clientId,
    seerId,
    amount: "80.00",
    status: "pending",
    startsAt: at(4 * DAY),
    holdExpiresAt: at(-60_000),
    createdAt: at(-DAY),
  });
  await createBooking(db, { clientId, seerId, amount: "80.00", status: "expired", startsAt: at(5 * DAY), createdAt: at(-DAY) });
  // Another Seer's booking never shows.
  await createBooking(db, { clientId, seerId: otherSeerId, amount: "999.00", status: "confirmed", startsAt: at(DAY) });
});
afterAll(async () => {
  await t.close();
});

describe("the dashboard's doors", () => {
  // The profile is the dashboard's; its cards and session lists are the bookings'.
  const keys = ["seerDashboard.overview", "bookings.seerSessions"] as const;

  it("answers 401 to visitors and 403 to signed-in users who are not Seers", async () => {
    for (const key of keys) {
      expect((await trpcQuery(t.app, key)).statusCode).toBe(401);
      const response = await trpcQuery(t.app, key, undefined, client.cookie);
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers 403 with the spec's words to a seer-role user without a Seer profile", async () => {
    await createUser(t.database.db, { role: "seer", email: "no-profile@example.com" }, { password: "seer password 1" });
    const cookie = await signIn(t.app, "no-profile@example.com", "seer password 1");
    for (const key of keys) {
      const response = await trpcQuery(t.app, key, undefined, cookie);
      expect(response.statusCode).toBe(403);
      expect(trpcError(response).message).toBe(SEER_ONLY_MESSAGE);
    }
  });
});

describe("dashboard figures", () => {
  it("sums confirmed earnings, this month on the Seer's clock, and splits upcoming from past", async () => {
    const overview = trpcData(await trpcQuery(t.app, "bookings.seerSessions", undefined, seerCookie)) as {
      summary: Record<string, unknown>;
      upcoming: Array<Record<string, unknown>>;
      past: Array<Record<string, unknown>>;
    };
    // 80 + 40 + 20 + 8 (80% of each confirmed amount).
    expect(overview.summary).toEqual({
      totalEarnings: "148.00",
      thisMonth: "120.00",
      upcomingSessions: 1,
      totalSessions: 4,
      pastSessions: 3,
    });
    expect(overview.upcoming).toHaveLength(1);
    expect(overview.upcoming[0]).toMatchObject({
      sessionType: "60min",
      clientName: "Kofi M.",
      notes: "About my family",
      seerEarnings: "80.00",
      consultationLink: "/meeting/x",
      seerDate: "2026-11-24",
      seerTime: "11:00",
    });
    expect(JSON.stringify(overview)).not.toContain("dash-client@example.com");
    expect(JSON.stringify(overview)).not.toContain("Mensah");
    expect(overview.past.map((p) => p.seerEarnings)).toEqual(["40.00", "20.00", "8.00"]);
  });

  it("computes the earnings of each period, with only live holds as pending payouts", async () => {
    const earnings = async (period: string) =>
      trpcData(await trpcQuery(t.app, "bookings.seerEarnings", { period }, seerCookie)) as Record<string, unknown> & {
        rows: Array<Record<string, unknown>>;
      };
    const all = await earnings("all");
    expect(all).toMatchObject({
      confirmedEarnings: "148.00",
      pendingPayouts: "36.00",
      totalAllTime: "148.00",
      platformCommission: "37.00",
      grossRevenue: "185.00",
    });
    expect(all.rows.map((r) => [r.status, r.amount, r.platformFee, r.seerEarnings])).toEqual([
      ["pending", "45.00", "9.00", "36.00"],
      ["confirmed", "100.00", "20.00", "80.00"],
      ["confirmed", "50.00", "10.00", "40.00"],
      ["confirmed", "25.00", "5.00", "20.00"],
      ["confirmed", "10.00", "2.00", "8.00"],
    ]);
    // The chart's 12 months hold every paid session's earnings once, whatever the period (the hold is not paid).
    const monthly = all.monthly as { month: string; earnings: string; sessions: number }[];
    expect(monthly).toHaveLength(12);
    expect(monthly.reduce((sum, m) => sum + m.sessions, 0)).toBe(4);
    expect(monthly.reduce((sum, m) => sum + Math.round(Number(m.earnings) * 100), 0)).toBe(14800);
    expect(await earnings("30d")).toMatchObject({
      confirmedEarnings: "120.00",
      pendingPayouts: "36.00",
      totalAllTime: "148.00",
      platformCommission: "30.00",
    });
    expect(await earnings("90d")).toMatchObject({ confirmedEarnings: "140.00", platformCommission: "35.00" });
    expect(await earnings("year")).toMatchObject({ confirmedEarnings: "140.00", totalAllTime: "148.00" });
    expect((await earnings("30d")).rows).toHaveLength(3);

    // Twenty days on, the window keeps only the booking made yesterday, and the hold has run out.
    t.clock.set(new Date(NOW.getTime() + 20 * DAY));
    try {
      expect(await earnings("30d")).toMatchObject({ confirmedEarnings: "80.00", pendingPayouts: "0.00", totalAllTime: "148.00" });
    } finally {
      t.clock.set(NOW);
    }
  });

  it("refuses an unknown period", async () => {
    expect((await trpcQuery(t.app, "bookings.seerEarnings", { period: "week" }, seerCookie)).statusCode).toBe(400);
  });
});

describe("dashboard after payment", () => {
  it("counts completed and no-show sessions as earned, cancelled ones only for what they kept, and shows reviews", async () => {
    const db = t.database.db;
    const { seerId: id, cookie } = await seerAccount("dash-after@example.com", { timezone: "UTC" });
    const [clientUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, "dash-client@example.com"));
    const clientId = clientUser?.id ?? "";
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    const completed = await createBooking(db, {
      clientId,
      seerId: id,
      amount: "100.00",
      status: "completed",
      startsAt: at(-3 * DAY),
      createdAt: at(-5 * DAY),
    });
    await createReview(db, { bookingId: completed.id, seerId: id, clientId, rating: 5, comment: "Wonderful." });
    await createBooking(db, {
      clientId,
      seerId: id,
      amount: "50.00",
      status: "no_show",
      startsAt: at(-2 * DAY),
      createdAt: at(-5 * DAY),
    });
    const moved = await createBooking(db, {
      clientId,
      seerId: id,
      amount: "40.00",
      status: "confirmed",
      startsAt: at(3 * DAY),
      createdAt: at(-1 * DAY),
    });
    await db
      .update(bookings)
      .set({ calendarSequence: 1, proposedStartsAt: at(4 * DAY) })
      .where(eq(bookings.id, moved.id));
    // Cancelled within 24 hours by the client: $30 of $60 refunded; the Seer keeps 80% of the other $30.
    const halfRefunded = await createBooking(db, {
      clientId,
      seerId: id,
      amount: "60.00",
      status: "confirmed",
      startsAt: at(DAY),
      createdAt: at(-2 * DAY),
    });
    // Paid, then cancelled: the provider's refunds are what the ledger records.
    await db
      .update(bookings)
      .set({
        status: "cancelled",
        confirmedAt: at(-2 * DAY),
        cancelledAt: NOW,
        refundedAmount: "30.00",
        refundDue: "30.00",
        platformFee: "6.00",
        seerEarnings: "24.00",
      })
      .where(eq(bookings.id, halfRefunded.id));
    await db
      .insert(bookingRefunds)
      .values({ id: "re_dash_half", bookingId: halfRefunded.id, amount: "30.00", status: "succeeded" });
    const fullyRefunded = await createBooking(db, {
      clientId,
      seerId: id,
      amount: "45.00",
      status: "confirmed",
      startsAt: at(5 * DAY),
      createdAt: at(-2 * DAY),
    });
    await db
      .update(bookings)
      .set({
        status: "cancelled",
        confirmedAt: at(-2 * DAY),
        cancelledAt: NOW,
        refundedAmount: "45.00",
        refundDue: "45.00",
        platformFee: "0.00",
        seerEarnings: "0.00",
      })
      .where(eq(bookings.id, fullyRefunded.id));
    await db
      .insert(bookingRefunds)
      .values({ id: "re_dash_full", bookingId: fullyRefunded.id, amount: "45.00", status: "succeeded" });

    const overview = trpcData<{
      summary: { totalEarnings: string; upcomingSessions: number; totalSessions: number; pastSessions: number };
      upcoming: { id: string; calendarSequence: number; proposedStartsAt: string | null }[];
      past: { id: string; status: string; review: { rating: number; comment: string | null; seerReply: string | null } | null }[];
    }>(await trpcQuery(t.app, "bookings.seerSessions", undefined, cookie));
    // 80 + 40 + 32 (confirmed) + 24 (kept of the cancelled one) + 0.
    expect(overview.summary).toMatchObject({ totalEarnings: "176.00", upcomingSessions: 1, totalSessions: 3, pastSessions: 2 });
    expect(overview.upcoming.map((s) => [s.id, s.calendarSequence])).toEqual([[moved.id, 1]]);
    expect(new Date(overview.upcoming[0]?.proposedStartsAt ?? 0).getTime()).toBe(NOW.getTime() + 4 * DAY);
    expect(overview.past.map((s) => s.status)).toEqual(["no_show", "completed"]);
    expect(overview.past[1]?.review).toEqual({ rating: 5, comment: "Wonderful.", seerReply: null });

    const earnings = trpcData<{
      confirmedEarnings: string;
      totalAllTime: string;
      platformCommission: string;
      grossRevenue: string;
      refunded: string;
      rows: { id: string; status: string; refundedAmount: string; seerEarnings: string }[];
    }>(await trpcQuery(t.app, "bookings.seerEarnings", { period: "all" }, cookie));
    expect(earnings).toMatchObject({
      confirmedEarnings: "176.00",
      totalAllTime: "176.00",
      platformCommission: "44.00",
      grossRevenue: "220.00",
      refunded: "75.00",
    });
    expect(earnings.rows.find((r) => r.id === halfRefunded.id)).toMatchObject({
      status: "cancelled",
      refundedAmount: "30.00",
      seerEarnings: "24.00",
    });
    expect(earnings.rows).toHaveLength(5);

    // Both are sums over the ledger: what the Seer earned is what is on hold, available and paid out.
    const payouts = trpcData<{ pending: number; available: number; paidOut: number }>(
      await trpcQuery(t.app, "payouts.overview", undefined, cookie),
    );
    expect(payouts.pending + payouts.available + payouts.paidOut).toBe(17_600);
    const charges = await db
      .select({ reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.seerId, id));
    expect(charges.filter((r) => r.reference.startsWith("charge:"))).toHaveLength(5);
  });

  it("reads money from the ledger: a refund the provider made counts once it is recorded, whatever the booking row says", async () => {
    const db = t.database.db;
    const { seerId: id, cookie } = await seerAccount("dash-ledger@example.com", { timezone: "UTC" });
    const [clientUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, "dash-client@example.com"));
    const booking = await createBooking(db, {
      clientId: clientUser?.id ?? "",
      seerId: id,
      amount: "50.00",
      status: "confirmed",
      startsAt: new Date(NOW.getTime() + 3 * DAY),
      createdAt: new Date(NOW.getTime() - DAY),
    });
    const read = async () =>
      trpcData<{ summary: { totalEarnings: string }; upcoming: { seerEarnings: string }[] }>(
        await trpcQuery(t.app, "bookings.seerSessions", undefined, cookie),
      );
    expect((await read()).summary.totalEarnings).toBe("40.00");
    // A $10 refund made in the provider's dashboard: the booking's own split is left as it was.
    await db.insert(bookingRefunds).values({ id: "re_dash_ledger", bookingId: booking.id, amount: "10.00", status: "succeeded" });
    const after = await read();
    expect(after.summary.totalEarnings).toBe("32.00");
    expect(after.upcoming[0]?.seerEarnings).toBe("32.00");
    const earnings = trpcData<{ confirmedEarnings: string; refunded: string; grossRevenue: string; platformCommission: string }>(
      await trpcQuery(t.app, "bookings.seerEarnings", { period: "all" }, cookie),
    );
    expect(earnings).toMatchObject({
      confirmedEarnings: "32.00",
      refunded: "10.00",
      grossRevenue: "40.00",
      platformCommission: "8.00",
    });
    const [stored] = await db.select({ seerEarnings: bookings.seerEarnings }).from(bookings).where(eq(bookings.id, booking.id));
    expect(stored?.seerEarnings).toBe("40.00");
  });
});
