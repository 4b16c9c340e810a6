import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRefunds, bookings, ledgerEntries, orders, testTransfers, users } from "../../../db/schema";
import { createBooking, createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { PAYOUT_ACCOUNT_NOT_FOUND } from "./accounts";

const NOW = new Date("2026-11-22T10:00:00Z");
const DAY = 24 * 3600_000;
let t: TestApp;
let seerId: string;
let seerCookie: string;
let otherSeerCookie: string;
let clientId: string;
let clientCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  const user = await createUser(t.database.db, { role: "seer", email: "payout-seer@example.com" }, { password: "seer password 1" });
  seerId = (await createSeer(t.database.db, { userId: user.id, country: "United States" })).id;
  seerCookie = await signIn(t.app, "payout-seer@example.com", "seer password 1");
  const other = await createUser(t.database.db, { role: "seer", email: "payout-other@example.com" }, { password: "seer password 1" });
  await createSeer(t.database.db, { userId: other.id });
  otherSeerCookie = await signIn(t.app, "payout-other@example.com", "seer password 1");
  await createUser(t.database.db, { role: "admin", email: "payout-admin@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "payout-admin@example.com", "admin password 1");
  const client = await signUp(t.app, { email: "payout-client@example.com" });
  clientCookie = client.cookie;
  clientId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "payout-client@example.com")))[0]?.id ?? "";
});
afterAll(async () => {
  await t.close();
});

type Overview = { status: string; pending: number; available: number; paidOut: number; payouts: { sessions: number; amount: number }[] };
const overview = async (cookie = seerCookie) => trpcData<Overview>(await trpcQuery(t.app, "payouts.overview", undefined, cookie));
const tick = async (minutes: number) => {
  t.clock.set(new Date(NOW.getTime() + minutes * 60_000));
  await t.app.jobs.runDue({ periodic: true });
};

describe("Seer payouts in test mode", () => {
  it("answers only Seers, about their own account; admins alone read the ledger's summary", async () => {
    expect(trpcError(await trpcQuery(t.app, "payouts.overview", undefined, clientCookie)).data.httpStatus).toBe(403);
    expect(trpcError(await trpcMutation(t.app, "payouts.connect", undefined, clientCookie)).data.httpStatus).toBe(403);
    expect(trpcError(await trpcQuery(t.app, "payouts.summary", undefined, seerCookie)).data.httpStatus).toBe(403);
    expect(trpcError(await trpcQuery(t.app, "payouts.overview")).data.httpStatus).toBe(401);
    expect((await trpcQuery(t.app, "payouts.summary", undefined, adminCookie)).statusCode).toBe(200);
  });

  it("accrues settled shares while no account is active, and pays them when onboarding completes", async () => {
    const done = await createBooking(t.database.db, {
      clientId,
      seerId,
      amount: "80.00",
      sessionType: "60min",
      status: "completed",
      confirmedAt: new Date(NOW.getTime() - 4 * DAY),
      completedAt: new Date(NOW.getTime() - 2 * DAY),
      scheduledDate: "2026-11-20",
    });
    const recent = await createBooking(t.database.db, {
      clientId,
      seerId,
      amount: "45.00",
      status: "completed",
      confirmedAt: new Date(NOW.getTime() - 2 * DAY),
      completedAt: new Date(NOW.getTime() - 3600_000),
      scheduledDate: "2026-11-22",
      scheduledTime: "08:00",
    });
    await tick(1);
    // The older session settled ($64 available), the recent one is within its 24-hour hold ($36 pending).
    expect(await overview()).toMatchObject({ status: "not_connected", available: 6400, pending: 3600, paidOut: 0, payouts: [] });

    const { url } = trpcData<{ url: string }>(await trpcMutation(t.app, "payouts.connect", undefined, seerCookie));
    const link = new URL(url, "http://localhost:3000");
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/payouts/test-onboarding");
    expect(link.searchParams.get("return")).toBe("/seer/dashboard?tab=earnings&payouts=return");
    const accountId = link.searchParams.get("account") ?? "";
    expect((await overview()).status).toBe("details_needed");

    // Another Seer cannot finish this Seer's onboarding: the account answers as a missing one.
    const foreign = trpcError(await trpcMutation(t.app, "payouts.completeTestOnboarding", { accountId }, otherSeerCookie));
    const missing = trpcError(
      await trpcMutation(t.app, "payouts.completeTestOnboarding", { accountId: "acct_test_missing" }, otherSeerCookie),
    );
    expect(foreign).toEqual(missing);
    expect(foreign.message).toBe(PAYOUT_ACCOUNT_NOT_FOUND);

    const completed = await trpcMutation(t.app, "payouts.completeTestOnboarding", { accountId }, seerCookie);
    expect(trpcData<{ status: string }>(completed).status).toBe("active");
    await t.app.jobs.runDue();
    expect(await overview()).toMatchObject({ status: "active", available: 0, paidOut: 6400, pending: 3600 });
    expect((await overview()).payouts).toEqual([expect.objectContaining({ sessions: 1, amount: 6400, status: "paid" })]);

    // The pay job run again (a retry, a second instance): no second transfer.
    await t.app.services.payouts.paySeer({ seerId, payoutId: "po_retry" });
    const sent = await t.database.db.select().from(testTransfers).where(eq(testTransfers.destination, accountId));
    expect(sent.map((s) => [s.amount, s.transferGroup])).toEqual([[6400, `booking_${done.id}`]]);

    // A day later the recent session settles and is paid at the next sweep.
    await tick(24 * 60 + 1);
    await t.app.jobs.runDue();
    expect(await overview()).toMatchObject({ available: 0, paidOut: 10000, pending: 0 });
    const groups = (await t.database.db.select().from(testTransfers).where(eq(testTransfers.destination, accountId))).map(
      (s) => s.transferGroup,
    );
    expect(groups.sort()).toEqual([`booking_${done.id}`, `booking_${recent.id}`].sort());
  });

  it("keeps the ledger append-only: rows cannot be changed or deleted", async () => {
    const [row] = await t.database.db.select().from(ledgerEntries).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.database.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, row?.id ?? 0))).rejects.toThrow();
  });

  it("sums the admins' figures from the ledger: consultations and shop apart, fees, shares, payouts", async () => {
    const [paidOrder] = await t.database.db
      .insert(orders)
      .values({
        userId: clientId,
        orderNumber: "SM-LEDGER-1",
        items: [],
        subtotal: "20.00",
        shippingCost: "10.00",
        total: "30.00",
        shippingName: "Ama Mensah",
        shippingEmail: "payout-client@example.com",
        shippingPhone: "+233 20 000 0000",
        shippingAddress: "12 Palm Street",
        shippingCountry: "Ghana",
        status: "paid",
        paidAt: NOW,
      })
      .returning();
    expect(paidOrder).toBeDefined();
    await tick(24 * 60 + 2);
    const summary = trpcData<Record<string, number>>(await trpcQuery(t.app, "payouts.summary", undefined, adminCookie));
    expect(summary).toMatchObject({
      consultationCharges: 12500,
      consultationRefunds: 0,
      platformFees: 2500,
      seerShares: 10000,
      paidToSeers: 10000,
      owedToSeers: 0,
      held: 0,
      shopSales: 3000,
      shopRefunds: 0,
    });
    expect(await overview(otherSeerCookie)).toMatchObject({ status: "not_connected", available: 0, paidOut: 0, pending: 0 });
  });

  it("holds, from the ledger, the share of what each unsettled booking kept after its refunds", async () => {
    const db = t.database.db;
    const user = await createUser(db, { role: "seer", email: "payout-held@example.com" }, { password: "seer password 1" });
    const heldSeerId = (await createSeer(db, { userId: user.id, country: "United States" })).id;
    const cookie = await signIn(t.app, "payout-held@example.com", "seer password 1");
    const now = t.clock.now();
    // Upcoming: 25.03 paid, so 20.02 of it will be the Seer's (the fee is 20%, rounded half up: 5.01).
    const upcoming = await createBooking(db, {
      clientId,
      seerId: heldSeerId,
      amount: "25.03",
      sessionType: "15min",
      status: "confirmed",
      confirmedAt: new Date(now.getTime() - DAY),
      scheduledDate: new Date(now.getTime() + 2 * DAY).toISOString().slice(0, 10),
    });
    // Cancelled an hour ago, 22.50 of 45.01 refunded: 22.51 kept, 18.01 the Seer's once its hold is over.
    const cancelled = await createBooking(db, {
      clientId,
      seerId: heldSeerId,
      amount: "45.01",
      status: "cancelled",
      confirmedAt: new Date(now.getTime() - DAY),
      cancelledAt: new Date(now.getTime() - 3600_000),
      scheduledDate: new Date(now.getTime() + DAY).toISOString().slice(0, 10),
    });
    await db
      .update(bookings)
      .set({ refundedAmount: "22.50", refundDue: "22.50", platformFee: "4.50", seerEarnings: "18.01" })
      .where(eq(bookings.id, cancelled.id));
    await db.insert(bookingRefunds).values({ id: "re_held_1", bookingId: cancelled.id, amount: "22.50", status: "succeeded" });
    expect(await overview(cookie)).toMatchObject({ pending: 2002 + 1801, available: 0, paidOut: 0 });
    // The figure is the ledger's: a booking's columns changed beside it change nothing.
    await db.update(bookings).set({ platformFee: "20.03", seerEarnings: "5.00" }).where(eq(bookings.id, upcoming.id));
    expect(await overview(cookie)).toMatchObject({ pending: 2002 + 1801 });
    expect(
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.seerId, heldSeerId))).map((r) => [r.kind, r.amount]).sort(),
    ).toEqual([
      ["charge", 2503],
      ["charge", 4501],
      ["refund", 2250],
    ]);
  });
});
