import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, localPayouts, payoutMethods, products, testRailTransfers, vendorApplications, vendors } from "../../../db/schema";
import { createProduct, createUser, createVendorApplication, uniqueSuffix } from "../../../db/seed/factories";
import { DEFAULT_RATES, fromUsdCents, parseRate } from "../../../src/domain/currencies";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, trpcData, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { paidOrder } from "../../test/shop";
import { PAY_VENDOR_JOB } from "./vendor-payouts";

/**
 * Vendor payouts (issue #46): a vendor's share of each order is paid on the Seers' local rails, to the details of
 * their approved application, once their part was delivered and its 7-day return window has passed; once, whatever
 * the retries; and the vendor's money tab follows the ledger.
 */
const NOW = new Date("2026-11-22T10:00:00Z");
const DAY = 24 * 3600_000;
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  await createUser(t.database.db, { role: "admin", email: "vendor-payout-admin@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "vendor-payout-admin@example.com", "admin password 1");
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A vendor in Ghana approved at 15% through the console, paid to MTN Mobile Money, signed in. */
async function approvedVendor(accountNumber = "0244123456") {
  const email = `payout-vendor-${uniqueSuffix()}@example.com`.toLowerCase();
  const user = await createUser(t.database.db, { email }, { password: "vendor pass word 1" });
  const application = await createVendorApplication(t.database.db, {
    userId: user.id,
    bankAccountInfo: JSON.stringify({
      rail: "paystack",
      kind: "mobile_money",
      country: "GH",
      currency: "GHS",
      institutionCode: "MTN",
      institutionName: "MTN Mobile Money",
      accountNumber,
      accountName: `TEST ACCOUNT ${accountNumber.slice(-4)}`,
    }),
  });
  const reviewed = await trpcMutation(
    t.app,
    "vendors.reviewApplication",
    { id: application.id, status: "approved", commissionPercentage: "15.00" },
    adminCookie,
  );
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const cookie = await signIn(t.app, email, "vendor pass word 1");
  const mine = trpcData<{ vendor: { id: string } }>(await trpcQuery(t.app, "vendors.mine", undefined, cookie));
  return { vendorId: mine.vendor.id, cookie };
}

type Money = { sales: number; commission: number; refunds: number; onHold: number; paidOut: number };

describe("a vendor's payout", () => {
  it("pays 85% of their line to their mobile money once the part is delivered and 7 days have passed, once", async () => {
    const db = t.database.db;
    const v = await approvedVendor();
    const drum = await createProduct(db, { vendorId: v.vendorId, approvedAt: t.clock.now(), price: "40.00", stockQuantity: 5 });
    const own = await createProduct(db, { price: "5.00", stockQuantity: 5 });
    const { orderId } = await paidOrder(
      t,
      [
        { product: drum, quantity: 1 },
        { product: own, quantity: 1 },
      ],
      `payout-buyer-${uniqueSuffix()}@example.com`.toLowerCase(),
    );
    const money = async () => trpcData<Money>(await trpcQuery(t.app, "vendors.money", undefined, v.cookie));
    const payouts = () => db.select().from(localPayouts).where(eq(localPayouts.vendorId, v.vendorId));
    const tick = () => t.app.jobs.runDue({ periodic: true, retries: true });

    // Paid but not delivered: nothing goes, whatever the time.
    t.clock.set(new Date(NOW.getTime() + 10 * DAY));
    await tick();
    expect(await payouts()).toHaveLength(0);
    const shipped = await trpcMutation(t.app, "vendors.markShipped", { orderId, carrier: "DHL", trackingNumber: "GH-9" }, v.cookie);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const delivered = await trpcMutation(t.app, "vendors.markDelivered", { orderId, vendorId: v.vendorId }, adminCookie);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const deliveredAt = t.clock.now().getTime();

    // Within the return window: still held.
    t.clock.set(new Date(deliveredAt + 7 * DAY - 60_000));
    await tick();
    expect(await payouts()).toHaveLength(0);
    expect(await money()).toMatchObject({ sales: 4000, commission: 600, onHold: 3400, paidOut: 0 });

    // Past it: one transfer of the share, 34.00 of the 40.00 line, in cedis at the day's rate.
    // Two payout jobs for the vendor at once (two instances' sweeps, a retried job): one transfer.
    t.clock.set(new Date(deliveredAt + 7 * DAY + 60_000));
    await Promise.all(
      ["po_first", "po_second"].map((payoutId) =>
        t.app.jobs.send(PAY_VENDOR_JOB, { vendorId: v.vendorId, payoutId }, { key: `vendor:${v.vendorId}:${payoutId}` }),
      ),
    );
    await tick();
    await tick();
    const [payout, ...more] = await payouts();
    expect(more).toHaveLength(0);
    const cedis = fromUsdCents(3400, parseRate("GHS", DEFAULT_RATES.GHS));
    expect(payout).toMatchObject({ status: "success", amount: 3400, currency: "GHS", localAmount: cedis, seerId: null });
    const [method] = await db.select().from(payoutMethods).where(eq(payoutMethods.id, payout?.methodId ?? ""));
    expect(method).toMatchObject({ vendorId: v.vendorId, seerId: null, institutionCode: "MTN", accountNumber: "0244123456" });
    const [atProvider] = await db.select().from(testRailTransfers).where(eq(testRailTransfers.reference, payout?.id ?? ""));
    expect(atProvider).toMatchObject({ amount: cedis, currency: "GHS", accountNumber: "0244123456" });
    const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout?.id ?? ""));
    expect(rows.map((r) => [r.kind, r.amount, r.orderId, r.vendorId, r.seerId])).toEqual(
      expect.arrayContaining([
        ["transfer", 3400, orderId, v.vendorId, null],
        ["payout_fee", expect.any(Number), null, v.vendorId, null],
      ]),
    );
    expect(await money()).toMatchObject({ sales: 4000, commission: 600, refunds: 0, onHold: 0, paidOut: 3400 });

    // Later sweeps, and the admins' retry of a paid payout, pay nothing again.
    t.clock.set(new Date(deliveredAt + 9 * DAY));
    await tick();
    await tick();
    expect(await payouts()).toHaveLength(1);
    // The admins see it among the payouts, named by the business.
    const listed = trpcData<{ id: string; seerName: string }[]>(await trpcQuery(t.app, "payouts.list", {}, adminCookie));
    expect(listed.find((p) => p.id === payout?.id)?.seerName).toMatch(/^Bonwire Weavers/);
    // The admins' figures keep Seers' payouts apart from vendors'.
    const summary = trpcData<{ paidToSeers: number }>(await trpcQuery(t.app, "payouts.summary", undefined, adminCookie));
    expect(summary.paidToSeers).toBe(0);
  });

  it("holds a part whose return is open, and pays the rest of it once a return of one item is refunded", async () => {
    const db = t.database.db;
    t.clock.set(new Date(NOW.getTime() + 20 * DAY));
    const v = await approvedVendor("0244987654");
    const bowl = await createProduct(db, { vendorId: v.vendorId, approvedAt: t.clock.now(), price: "30.00", stockQuantity: 5 });
    const mask = await createProduct(db, { vendorId: v.vendorId, approvedAt: t.clock.now(), price: "20.00", stockQuantity: 5 });
    const { orderId, cookie } = await paidOrder(
      t,
      [
        { product: bowl, quantity: 1 },
        { product: mask, quantity: 1 },
      ],
      `payout-return-${uniqueSuffix()}@example.com`.toLowerCase(),
    );
    await trpcMutation(t.app, "vendors.markShipped", { orderId, carrier: "DHL", trackingNumber: "GH-10" }, v.cookie);
    await trpcMutation(t.app, "vendors.markDelivered", { orderId, vendorId: v.vendorId }, adminCookie);
    const deliveredAt = t.clock.now().getTime();
    // A return of the mask, asked on the last day of the window.
    t.clock.set(new Date(deliveredAt + 7 * DAY - 60_000));
    const { fixtures, multipart } = await import("../../test/uploads");
    const body = multipart("returnPhoto", "parcel.png", "image/png", fixtures.png());
    const photo = (
      await t.app.inject({ method: "POST", url: "/api/upload/return-photo", headers: { ...body.headers, cookie }, payload: body.payload })
    ).json<{ url: string }>().url;
    const asked = await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId, reason: "The mask is split.", photoUrls: [photo], lines: [{ productId: mask.id, quantity: 1 }] },
      cookie,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    // The window passes with the return open: the part is held.
    t.clock.set(new Date(deliveredAt + 8 * DAY));
    await t.app.jobs.runDue({ periodic: true, retries: true });
    const payouts = () => db.select().from(localPayouts).where(eq(localPayouts.vendorId, v.vendorId));
    expect(await payouts()).toHaveLength(0);
    await trpcMutation(t.app, "orders.decideReturn", { orderId, accept: true }, adminCookie);
    const received = await trpcMutation(t.app, "orders.receiveReturn", { orderId }, adminCookie);
    expect(received.statusCode, received.body).toBe(200);
    await t.app.jobs.runDue({ periodic: true, retries: true });
    await t.app.jobs.runDue({ periodic: true, retries: true });
    // The bowl's share is paid (85% of 30.00); the mask's was taken back.
    const [payout, ...more] = await payouts();
    expect(more).toHaveLength(0);
    expect(payout).toMatchObject({ status: "success", amount: 2550 });
    const money = trpcData<Money>(await trpcQuery(t.app, "vendors.money", undefined, v.cookie));
    expect(money).toMatchObject({ sales: 5000, refunds: 2000, onHold: 0, paidOut: 2550 });
  });

  it("forgets a vendor who deletes their account: their business unreachable, goods off sale, details cut to four digits", async () => {
    const db = t.database.db;
    const v = await approvedVendor("0244555123");
    const product = await createProduct(db, { vendorId: v.vendorId, approvedAt: NOW, isActive: true });
    await db.insert(payoutMethods).values({
      vendorId: v.vendorId,
      rail: "paystack",
      kind: "mobile_money",
      country: "GH",
      currency: "GHS",
      institutionCode: "MTN",
      institutionName: "MTN Mobile Money",
      accountNumber: "0244555123",
      accountName: "TEST ACCOUNT 5123",
      usableFrom: NOW,
    });
    const [vendor] = await db.select().from(vendors).where(eq(vendors.id, v.vendorId));
    const deleted = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: "vendor pass word 1" }, v.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await db.select().from(vendors).where(eq(vendors.id, v.vendorId));
    expect(kept).toMatchObject({ businessName: "Former vendor", contactPhone: null, businessAddress: null, taxId: null, isActive: false });
    expect(kept?.contactEmail).not.toBe(vendor?.contactEmail);
    expect(await db.select().from(vendorApplications).where(eq(vendorApplications.userId, vendor?.userId ?? ""))).toEqual([]);
    const [method] = await db.select().from(payoutMethods).where(eq(payoutMethods.vendorId, v.vendorId));
    expect(method).toMatchObject({ accountNumber: "5123", accountName: "Former vendor", recipientCode: null });
    expect(method?.replacedAt).not.toBeNull();
    const [goods] = await db.select().from(products).where(eq(products.id, product.id));
    expect(goods?.isActive).toBe(false);
  });
});
