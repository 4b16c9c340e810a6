import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, ledgerEntries, orders, seerApplications, seers, users } from "../../../db/schema";
import type { LedgerKind } from "../../../src/domain/enums";
import { createBooking, createProduct, createSeer, createSeerApplication, createUser } from "../../../db/seed/factories";
import { createTestApp, enrolTotp, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { ALREADY_REVIEWED, APPLICATION_NOT_FOUND } from "./applications";
import { FakeClock } from "../../platform/clock";
import { lastMonths } from "../../../src/domain/months";

let t: TestApp;
let adminCookie: string;
let adminId: string;
let clientCookie: string;
let seerCookie: string;

const idOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json<{ id: string }>().id;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signUp(t.app);
  await t.app.services.account.setRoleByEmail(admin.email, "admin");
  adminCookie = admin.cookie;
  // The console needs a second factor (issue #47).
  await enrolTotp(t.app, adminCookie, admin.email);
  adminId = await idOf(adminCookie);
  clientCookie = (await signUp(t.app)).cookie;
  const seer = await signUp(t.app);
  await t.app.services.account.setRoleByEmail(seer.email, "seer");
  seerCookie = seer.cookie;
});
afterAll(async () => {
  await t.close();
});

describe("every admin call refuses visitors (401), clients and Seers (403)", () => {
  const trpcCalls: [string, "query" | "mutation", unknown][] = [
    ["admin.seerApplications", "query", { status: "pending" }],
    ["admin.analytics", "query", undefined],
    ["admin.bookings", "query", undefined],
    ["admin.products", "query", undefined],
    ["admin.reviewApplication", "mutation", { id: "x", status: "approved", reviewNotes: "" }],
  ];
  it.each(trpcCalls)("tRPC %s", async (procedure, kind, input) => {
    const call = (cookie?: string) =>
      kind === "query" ? trpcQuery(t.app, procedure, input, cookie) : trpcMutation(t.app, procedure, input, cookie);
    expect((await call()).statusCode).toBe(401);
    expect((await call(clientCookie)).statusCode).toBe(403);
    expect((await call(seerCookie)).statusCode).toBe(403);
  });

  const restCalls: [string, string, unknown][] = [
    ["GET", "/api/admin/seer-applications", undefined],
    ["GET", "/api/admin/bookings", undefined],
    ["PATCH", "/api/admin/seer-applications/some-id", { status: "approved", reviewNotes: "" }],
  ];
  it.each(restCalls)("REST %s %s", async (method, url, body) => {
    const call = (cookie?: string) =>
      t.app.inject({
        method: method as "GET" | "PATCH",
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    const visitor = await call();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toBe("Unauthorized");
    const client = await call(clientCookie);
    expect(client.statusCode).toBe(403);
    expect(client.body).toBe("You don't have permission to access this page");
    expect((await call(seerCookie)).statusCode).toBe(403);
  });
});

describe("reviewing applications", () => {
  it("lists applications by status with the count of each", async () => {
    const before = trpcData<{ counts: { pending: number; approved: number; rejected: number } }>(
      await trpcQuery(t.app, "admin.seerApplications", {}, adminCookie),
    ).counts;
    const p = await createSeerApplication(t.database.db, { fullName: "Listed Pending" });
    await createSeerApplication(t.database.db, { status: "rejected", reviewNotes: "Incomplete lineage" });
    const response = await trpcQuery(t.app, "admin.seerApplications", { status: "pending" }, adminCookie);
    const { applications, counts } = trpcData<{ applications: { id: string; status: string }[]; counts: Record<string, number> }>(
      response,
    );
    expect(applications.every((a) => a.status === "pending")).toBe(true);
    expect(applications.some((a) => a.id === p.id)).toBe(true);
    expect(counts).toEqual({ pending: before.pending + 1, approved: before.approved, rejected: before.rejected + 1 });

    const rest = await t.app.inject({ method: "GET", url: "/api/admin/seer-applications", headers: { cookie: adminCookie } });
    expect(rest.statusCode).toBe(200);
    const all = rest.json<{ id: string; contactEmail: string; idDocumentUrl: string }[]>();
    expect(all.find((a) => a.id === p.id)).toMatchObject({ contactEmail: p.contactEmail, idDocumentUrl: p.idDocumentUrl });
  });

  it("approves in one go: status, notes, time and reviewer; an approved Seer profile; the seer role; an e-mail", async () => {
    const applicantUser = await createUser(t.database.db, { role: "client" });
    const application = await createSeerApplication(t.database.db, {
      userId: applicantUser.id,
      fullName: "Nana Akosua Mensah",
      country: "Ghana",
      tradition: "Akan",
      specializations: ["Divination", "Ancestral Healing"],
      yearsOfPractice: 15,
      biography: "A healer from Techiman.",
    });
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    const mailsBefore = t.mailer.sent.length;
    const response = await trpcMutation(
      t.app,
      "admin.reviewApplication",
      { id: application.id, status: "approved", reviewNotes: "  Verified lineage by phone.  " },
      adminCookie,
    );
    expect(response.statusCode, response.body).toBe(200);

    const [row] = await t.database.db.select().from(seerApplications).where(eq(seerApplications.id, application.id));
    expect(row).toMatchObject({ status: "approved", reviewNotes: "Verified lineage by phone.", reviewedBy: adminId });
    expect(row?.reviewedAt?.getTime()).toBe(t.clock.now().getTime());

    const [profile] = await t.database.db.select().from(seers).where(eq(seers.userId, applicantUser.id));
    expect(profile).toMatchObject({
      fullName: "Nana Akosua Mensah",
      country: "Ghana",
      tradition: "Akan",
      specializations: ["Divination", "Ancestral Healing"],
      yearsOfPractice: 15,
      biography: "A healer from Techiman.",
      verificationStatus: "approved",
    });
    const [user] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, applicantUser.id));
    expect(user?.role).toBe("seer");

    await t.app.jobs.runDue();
    expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(application.contactEmail);
    expect(mail?.subject).toBe("Your Seer application has been approved");
    expect(mail?.text).toContain("Verified lineage by phone.");

    const again = await trpcMutation(
      t.app,
      "admin.reviewApplication",
      { id: application.id, status: "rejected", reviewNotes: "" },
      adminCookie,
    );
    expect(again.statusCode).toBe(409);
    expect(trpcError(again).message).toBe(ALREADY_REVIEWED);
    const [still] = await t.database.db.select().from(seerApplications).where(eq(seerApplications.id, application.id));
    expect(still?.status).toBe("approved");
    await t.app.jobs.runDue();
    expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
  });

  it("updates an existing Seer profile of the applicant instead of adding a second one", async () => {
    const existing = await createSeer(t.database.db, {
      verificationStatus: "pending",
      fullName: "Old Name",
      price30Min: "40.00",
    });
    await t.database.db.update(users).set({ role: "client" }).where(eq(users.id, existing.userId));
    const application = await createSeerApplication(t.database.db, {
      userId: existing.userId,
      fullName: "New Name",
      tradition: "Vodun",
    });
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/seer-applications/${application.id}`,
      headers: { cookie: adminCookie, "content-type": "application/json" },
      payload: JSON.stringify({ status: "approved", reviewNotes: "Welcome back" }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: application.id, status: "approved", reviewNotes: "Welcome back" });
    const profiles = await t.database.db.select().from(seers).where(eq(seers.userId, existing.userId));
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      id: existing.id,
      fullName: "New Name",
      tradition: "Vodun",
      verificationStatus: "approved",
      price30Min: "40.00",
    });
  });

  it("rejects with notes and an e-mail, leaving the role and Seer profiles alone", async () => {
    const applicantUser = await createUser(t.database.db);
    const application = await createSeerApplication(t.database.db, { userId: applicantUser.id });
    await t.app.jobs.runDue();
    const mailsBefore = t.mailer.sent.length;
    const response = await trpcMutation(
      t.app,
      "admin.reviewApplication",
      { id: application.id, status: "rejected", reviewNotes: "Please add lineage details." },
      adminCookie,
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(seerApplications).where(eq(seerApplications.id, application.id));
    expect(row).toMatchObject({ status: "rejected", reviewNotes: "Please add lineage details.", reviewedBy: adminId });
    expect(await t.database.db.select().from(seers).where(eq(seers.userId, applicantUser.id))).toHaveLength(0);
    const [user] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, applicantUser.id));
    expect(user?.role).toBe("client");
    await t.app.jobs.runDue();
    expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: application.contactEmail, subject: "Your Seer application" });
    expect(t.mailer.sent.at(-1)?.text).toContain("Please add lineage details.");
  });

  it("lets exactly one of two concurrent reviews through", async () => {
    const application = await createSeerApplication(t.database.db);
    const [a, b] = await Promise.all([
      trpcMutation(t.app, "admin.reviewApplication", { id: application.id, status: "approved", reviewNotes: "yes" }, adminCookie),
      trpcMutation(t.app, "admin.reviewApplication", { id: application.id, status: "rejected", reviewNotes: "no" }, adminCookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? "approved" : "rejected";
    const [row] = await t.database.db.select().from(seerApplications).where(eq(seerApplications.id, application.id));
    expect(row?.status).toBe(winner);
    const profiles = await t.database.db.select().from(seers).where(eq(seers.userId, application.userId));
    expect(profiles).toHaveLength(winner === "approved" ? 1 : 0);
  });

  it("answers 404 for an unknown application and 400 for a bad status", async () => {
    const missing = await trpcMutation(
      t.app,
      "admin.reviewApplication",
      { id: "no-such-id", status: "approved", reviewNotes: "" },
      adminCookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(trpcError(missing).message).toBe(APPLICATION_NOT_FOUND);
    const application = await createSeerApplication(t.database.db);
    const bad = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/seer-applications/${application.id}`,
      headers: { cookie: adminCookie, "content-type": "application/json" },
      payload: JSON.stringify({ status: "suspended" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Status must be approved or rejected");
    const [row] = await t.database.db.select().from(seerApplications).where(eq(seerApplications.id, application.id));
    expect(row?.status).toBe("pending");
  });
});

describe("analytics, bookings and products", () => {
  // A database of its own, so that the figures are exact.
  let a: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // Mid-2026, so that the bookings of January 2026 are in the charts' last 12 months.
    a = await createTestApp({ clock: new FakeClock(new Date("2026-06-15T12:00:00Z")) });
    const admin = await signUp(a.app);
    await a.app.services.account.setRoleByEmail(admin.email, "admin");
    cookie = admin.cookie;
    await enrolTotp(a.app, cookie, admin.email);
    const db = a.database.db;
    const client = await createUser(db);
    const seer = await createSeer(db);
    const base = Date.UTC(2026, 0, 1);
    const statuses = [
      "confirmed",
      "confirmed",
      "pending",
      "cancelled",
      "failed",
      "completed",
      "no_show",
      ...Array<"pending">(18).fill("pending"),
    ] as const;
    const amounts = ["45.00", "80.05", "25.00", "45.00", "45.00", "30.00", "20.00"];
    for (const [i, status] of statuses.entries()) {
      await createBooking(db, {
        clientId: client.id,
        seerId: seer.id,
        status,
        amount: amounts[i] ?? "25.00",
        scheduledDate: new Date(base + i * 86_400_000).toISOString().slice(0, 10),
        createdAt: new Date(base + i * 1000),
        notes: `booking ${i}`,
      });
    }
    // The cancelled one was cancelled within 24 hours: half refunded, 20%/80% of the rest kept.
    await db
      .update(bookings)
      .set({ refundedAmount: "22.50", refundDue: "22.50", platformFee: "4.50", seerEarnings: "18.00" })
      .where(eq(bookings.notes, "booking 3"));
    await createProduct(db, { name: "Active A" });
    await createProduct(db, { name: "Active B", stockQuantity: 0 });
    await createProduct(db, { name: "Inactive C", isActive: false });
    await createProduct(db, { name: "Low D", stockQuantity: 3 });
    await createProduct(db, { name: "Edge E", stockQuantity: 6, lowStockThreshold: 6 });
    await createSeerApplication(db, { status: "approved" });
    await createSeerApplication(db, { status: "approved" });
    await createSeerApplication(db);
    // Not live: approved without a price, and one still pending. 'Total Seers' counts the one listed Seer.
    await createSeer(db, { price15Min: null, price30Min: null, price60Min: null });
    await createSeer(db, { verificationStatus: "pending" });
  });
  afterAll(async () => {
    await a.close();
  });

  it("sums the money over the ledger (consultations and shop apart), never over the bookings beside it", async () => {
    const db = a.database.db;
    const byNotes = async (notes: string) => (await db.select().from(bookings).where(eq(bookings.notes, notes)))[0]?.id ?? "";
    const [b0, b3, b5, b6] = await Promise.all(["booking 0", "booking 3", "booking 5", "booking 6"].map(byNotes));
    const [shopper] = await db.select({ id: users.id }).from(users).limit(1);
    const [order] = await db
      .insert(orders)
      .values({
        userId: shopper?.id ?? "",
        orderNumber: "ORD-LEDGER-1",
        items: [],
        subtotal: "45.00",
        shippingCost: "5.00",
        total: "50.00",
        shippingName: "Ama Mensah",
        shippingEmail: "ama@example.com",
        shippingPhone: "+233 20 000 0000",
        shippingAddress: "1 Ring Road, Accra",
        status: "refunded",
        paidAt: new Date("2026-03-02T10:00:00Z"),
        refundedAmount: "12.00",
      })
      .returning({ id: orders.id });
    const at = (iso: string) => new Date(iso);
    const row = (
      kind: LedgerKind,
      amount: number,
      owner: { bookingId: string } | { orderId: string },
      when: string,
      ref: string,
    ) => ({
      kind,
      amount,
      ...owner,
      reference: ref,
      createdAt: at(when),
    });
    // Booking 1 (a confirmed 80.05) has no ledger rows yet: its money counts nowhere until the ledger records it.
    await db.insert(ledgerEntries).values([
      row("charge", 4500, { bookingId: b0 ?? "" }, "2026-01-05T10:00:00Z", "charge:b0"),
      row("charge", 4500, { bookingId: b3 ?? "" }, "2026-01-06T10:00:00Z", "charge:b3"),
      row("charge", 3000, { bookingId: b5 ?? "" }, "2026-01-07T10:00:00Z", "charge:b5"),
      // Before the charts' 12 months: in the totals, not in the charts.
      row("charge", 2000, { bookingId: b6 ?? "" }, "2025-06-20T10:00:00Z", "charge:b6"),
      row("refund", 2250, { bookingId: b3 ?? "" }, "2026-02-01T10:00:00Z", "refund:b3"),
      row("platform_fee", 450, { bookingId: b3 ?? "" }, "2026-02-02T10:00:00Z", "fee:b3:0"),
      row("seer_share", 1800, { bookingId: b3 ?? "" }, "2026-02-02T10:00:00Z", "share:b3:0"),
      row("platform_fee", 600, { bookingId: b5 ?? "" }, "2026-02-03T10:00:00Z", "fee:b5:0"),
      row("seer_share", 2400, { bookingId: b5 ?? "" }, "2026-02-03T10:00:00Z", "share:b5:0"),
      row("shop_sale", 5000, { orderId: order?.id ?? "" }, "2026-03-02T10:00:00Z", "sale:o1"),
      row("shop_refund", 1200, { orderId: order?.id ?? "" }, "2026-04-10T10:00:00Z", "refund:o1"),
    ]);

    const response = await trpcQuery(a.app, "admin.analytics", undefined, cookie);
    expect(response.statusCode).toBe(200);
    // Consultations: charged 140.00 less 22.50 refunded = 117.50, of which fees 10.50 and shares 42.00 are settled and
    // 65.00 still held; shop: 50.00 sold less 12.00 refunded = 38.00. The bookings' own columns would say 197.55.
    expect(trpcData(response)).toEqual({
      totalRevenue: "155.50",
      consultationRevenue: "117.50",
      shopRevenue: "38.00",
      paidBookings: 5,
      confirmedBookings: 2,
      completedSessions: 1,
      cancelledBookings: 1,
      refunded: "34.50",
      platformCommission: "10.50",
      seerEarnings: "42.00",
      held: "65.00",
      activeProducts: 4,
      totalSeers: 1,
      pendingApplications: 1,
      totalBookings: 25,
      monthly: expect.any(Array),
    });
    // The admins' ledger card reads the same sums.
    expect(trpcData(await trpcQuery(a.app, "payouts.summary", undefined, cookie))).toEqual({
      consultationCharges: 14000,
      consultationRefunds: 2250,
      platformFees: 1050,
      seerShares: 4200,
      paidToSeers: 0,
      owedToSeers: 4200,
      held: 6500,
      shopSales: 5000,
      shopRefunds: 1200,
      payoutFees: 0,
      byCurrency: [{ currency: "USD", takenLocal: 14000 - 2250 + 5000 - 1200, taken: 14000 - 2250 + 5000 - 1200, paidOutLocal: 0, paidOut: 0 }],
    });
    // By the month the ledger recorded each movement (UTC), the other months empty.
    const { monthly } = trpcData<{ monthly: Record<string, string | number>[] }>(response);
    expect(monthly.map((m) => m.month)).toEqual(lastMonths(new Date("2026-06-15T12:00:00Z"), 12));
    const empty = { revenue: "0.00", consultations: "0.00", shop: "0.00", platformFees: "0.00", seerShares: "0.00" };
    const none = { ...empty, consultationRefunds: "0.00", shopRefunds: "0.00", bookings: 0 };
    expect(monthly.filter((m) => ["2026-01", "2026-02", "2026-03", "2026-04"].includes(String(m.month)))).toEqual([
      { ...none, month: "2026-01", revenue: "120.00", consultations: "120.00", bookings: 3 },
      {
        ...none,
        month: "2026-02",
        revenue: "-22.50",
        consultations: "-22.50",
        platformFees: "10.50",
        seerShares: "42.00",
        consultationRefunds: "22.50",
      },
      { ...none, month: "2026-03", revenue: "50.00", shop: "50.00" },
      { ...none, month: "2026-04", revenue: "-12.00", shop: "-12.00", shopRefunds: "12.00" },
    ]);
    expect(monthly.filter((m) => !["2026-01", "2026-02", "2026-03", "2026-04"].includes(String(m.month)))).toEqual(
      monthly
        .filter((m) => !["2026-01", "2026-02", "2026-03", "2026-04"].includes(String(m.month)))
        .map((m) => ({ ...none, month: m.month })),
    );
  });

  it("lists the newest 20 bookings and the total", async () => {
    const response = await a.app.inject({ method: "GET", url: "/api/admin/bookings", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { bookings, total } = response.json<{
      bookings: { notes: string; status: string; platformFee: string; seerEarnings: string }[];
      total: number;
    }>();
    expect(total).toBe(25);
    expect(bookings).toHaveLength(20);
    expect(bookings[0]?.notes).toBe("booking 24");
    expect(bookings.at(-1)?.notes).toBe("booking 5");
    expect(Object.keys(bookings[0] ?? {}).sort()).toEqual(
      [
        "amount",
        "createdAt",
        "id",
        "notes",
        "platformFee",
        "refundedAmount",
        "scheduledDate",
        "scheduledTime",
        "seerEarnings",
        "sessionType",
        "status",
      ].sort(),
    );
  });

  it("lists every product, active or not, out-of-stock then low-stock ones first", async () => {
    const products = trpcData<{ name: string; isActive: boolean; stockQuantity: number }[]>(
      await trpcQuery(a.app, "admin.products", undefined, cookie),
    );
    // Empty first; then at or below each one's own threshold (5 by default, 6 for Edge E); then by name.
    expect(products.map((p) => [p.name, p.isActive, p.stockQuantity])).toEqual([
      ["Active B", true, 0],
      ["Edge E", true, 6],
      ["Low D", true, 3],
      ["Active A", true, 10],
      ["Inactive C", false, 10],
    ]);
  });
});
