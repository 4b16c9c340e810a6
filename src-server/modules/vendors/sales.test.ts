import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { ledgerEntries, orderEvents, orders, products, vendorShipments } from "../../../db/schema";
import { createProduct, createUser, createVendor, uniqueSuffix } from "../../../db/seed/factories";
import { vendorRefundSplit, vendorSplit } from "../../../src/domain/vendors";
import { NOT_A_VENDOR, PART_ALREADY_SHIPPED } from "../../../src/schemas/vendors";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { paidOrder } from "../../test/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("a vendor line's split", () => {
  it("rounds the commission to the cent, half away from zero, and gives the vendor the rest", () => {
    expect(vendorSplit(4550, "15.00")).toEqual({ commission: 683, share: 3867 });
    expect(vendorSplit(101, "15.00")).toEqual({ commission: 15, share: 86 });
    expect(vendorSplit(1000, "12.50")).toEqual({ commission: 125, share: 875 });
    expect(vendorSplit(-4550, "15.00")).toEqual({ commission: -683, share: -3867 });
    expect(vendorSplit(999, "0")).toEqual({ commission: 0, share: 999 });
    expect(vendorSplit(999, "100.00")).toEqual({ commission: 999, share: 0 });
    expect(() => vendorSplit(100, "abc")).toThrow(RangeError);
  });

  it("takes back in parts exactly what the line gave, whatever the parts", () => {
    for (const [cents, rate] of [
      [101, "15.00"],
      [4550, "12.50"],
      [7, "33.33"],
    ] as const) {
      let before = 0;
      let commission = 0;
      let share = 0;
      for (const part of [1, Math.floor(cents / 3), cents - 1 - Math.floor(cents / 3)]) {
        const back = vendorRefundSplit(before, part, rate);
        commission += back.commission;
        share += back.share;
        before += part;
      }
      expect({ commission, share }).toEqual(vendorSplit(cents, rate));
    }
  });
});

describe("an order with vendors' items and the platform's", () => {
  it("is one payment, and its ledger splits each vendor's line at the rate the line stored", async () => {
    const db = t.database.db;
    const asante = await createVendor(db, { commissionPercentage: "15.00" });
    const bonwire = await createVendor(db, { commissionPercentage: "12.50" });
    const drum = await createProduct(db, { vendorId: asante.id, approvedAt: t.clock.now(), price: "45.50", stockQuantity: 5 });
    const kente = await createProduct(db, { vendorId: bonwire.id, approvedAt: t.clock.now(), price: "10.00", stockQuantity: 5 });
    const own = await createProduct(db, { price: "3.01", stockQuantity: 5 });
    const { orderId } = await paidOrder(
      t,
      [
        { product: drum, quantity: 1 },
        { product: kente, quantity: 2 },
        { product: own, quantity: 1 },
      ],
      "mixed-basket@example.com",
    );
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("paid");
    expect(order?.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: drum.id, vendorId: asante.id, commission: "15.00" }),
        expect.objectContaining({ productId: kente.id, vendorId: bonwire.id, commission: "12.50" }),
      ]),
    );
    expect(order?.items.find((i) => i.productId === own.id)).not.toHaveProperty("vendorId");

    const rows = await db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, vendorId: ledgerEntries.vendorId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    const of = (kind: string, vendorId: string | null) =>
      rows.filter((r) => r.kind === kind && r.vendorId === vendorId).reduce((s, r) => s + r.amount, 0);
    const total = Math.round(Number(order?.total) * 100);
    expect(of("shop_sale", null)).toBe(total);
    expect(of("vendor_commission", asante.id)).toBe(683);
    expect(of("vendor_share", asante.id)).toBe(3867);
    expect(of("vendor_commission", bonwire.id)).toBe(250);
    expect(of("vendor_share", bonwire.id)).toBe(1750);
    // The platform keeps its own line, the shipping and the commissions: the sale less the vendors' shares.
    const shipping = Math.round(Number(order?.shippingCost) * 100);
    expect(total).toBe(4550 + 2000 + 301 + shipping);
    expect(total - of("vendor_share", asante.id) - of("vendor_share", bonwire.id)).toBe(301 + shipping + 683 + 250);
  });
});

describe("a refund of one vendor's line", () => {
  it("refunds only that line and takes back that vendor's share and the commission, in full, to the cent", async () => {
    const db = t.database.db;
    const email = `vendor-refund-admin-${uniqueSuffix()}@example.com`.toLowerCase();
    await createUser(db, { email, role: "admin" }, { password: "refund admin pass 1" });
    const adminCookie = await signIn(t.app, email, "refund admin pass 1");
    const asante = await createVendor(db, { commissionPercentage: "15.00" });
    const bonwire = await createVendor(db, { commissionPercentage: "12.50" });
    const drum = await createProduct(db, { vendorId: asante.id, approvedAt: t.clock.now(), price: "1.01", stockQuantity: 5 });
    const kente = await createProduct(db, { vendorId: bonwire.id, approvedAt: t.clock.now(), price: "10.00", stockQuantity: 5 });
    const { orderId } = await paidOrder(
      t,
      [
        { product: drum, quantity: 3 },
        { product: kente, quantity: 1 },
      ],
      "vendor-refund@example.com",
    );
    const refund = (quantity: number) =>
      trpcMutation(
        t.app,
        "orders.refund",
        { orderId, lines: [{ productId: drum.id, quantity }], reason: "Cracked" },
        adminCookie,
      );
    // In two parts: 1 drum, then 2; the commission taken back adds up to what the sale split.
    expect((await refund(1)).statusCode).toBe(200);
    expect((await refund(2)).statusCode).toBe(200);
    await t.app.jobs.runDue({ periodic: true });
    const rows = await db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, vendorId: ledgerEntries.vendorId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    const of = (kind: string, vendorId: string | null) =>
      rows.filter((r) => r.kind === kind && r.vendorId === vendorId).reduce((s, r) => s + r.amount, 0);
    expect(of("shop_refund", null)).toBe(303);
    // 3 x 1.01 = 3.03 sold: 0.45 commission, 2.58 the vendor's; all of it taken back, in two refunds' rows.
    expect(rows.filter((r) => r.vendorId === asante.id && r.amount < 0)).toHaveLength(4);
    expect(of("vendor_commission", asante.id)).toBe(0);
    expect(of("vendor_share", asante.id)).toBe(0);
    // The other vendor's line stands.
    expect(of("vendor_commission", bonwire.id)).toBe(125);
    expect(of("vendor_share", bonwire.id)).toBe(875);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.refundedAmount).toBe("3.03");
  });
});

describe("a vendor's orders and money", () => {
  async function vendorWithCookie(commissionPercentage: string) {
    const email = `vendor-${uniqueSuffix()}@example.com`.toLowerCase();
    const user = await createUser(t.database.db, { email }, { password: "vendor pass word 1" });
    const vendor = await createVendor(t.database.db, { userId: user.id, commissionPercentage });
    return { vendor, cookie: await signIn(t.app, email, "vendor pass word 1") };
  }

  it("shows each vendor only their own lines, with the buyer's shipping details, and sums their money over the ledger", async () => {
    const db = t.database.db;
    const a = await vendorWithCookie("15.00");
    const b = await vendorWithCookie("20.00");
    const bowl = await createProduct(db, { vendorId: a.vendor.id, approvedAt: t.clock.now(), price: "20.00", stockQuantity: 5 });
    const mat = await createProduct(db, { vendorId: b.vendor.id, approvedAt: t.clock.now(), price: "30.00", stockQuantity: 5 });
    const { orderId } = await paidOrder(
      t,
      [
        { product: bowl, quantity: 2 },
        { product: mat, quantity: 1 },
      ],
      "two-vendors@example.com",
    );
    type VendorOrder = { id: string; shippingName: string; shippingAddress: string; lines: { productId: string }[] };
    const ordersOf = async (cookie: string) =>
      trpcData<VendorOrder[]>(await trpcQuery(t.app, "vendors.orders", undefined, cookie));
    const seenByA = (await ordersOf(a.cookie)).find((o) => o.id === orderId);
    expect(seenByA).toMatchObject({ shippingName: "Ama Mensah", shippingAddress: "12 Palm Street\nAccra" });
    expect(seenByA?.lines.map((l) => l.productId)).toEqual([bowl.id]);
    expect((await ordersOf(b.cookie)).find((o) => o.id === orderId)?.lines.map((l) => l.productId)).toEqual([mat.id]);
    expect(seenByA).not.toHaveProperty("total");

    type Money = { sales: number; commission: number; refunds: number; onHold: number; paidOut: number };
    const moneyOf = async (cookie: string) => trpcData<Money>(await trpcQuery(t.app, "vendors.money", undefined, cookie));
    expect(await moneyOf(a.cookie)).toMatchObject({ sales: 4000, commission: 600, refunds: 0, onHold: 3400, paidOut: 0 });
    expect(await moneyOf(b.cookie)).toMatchObject({ sales: 3000, commission: 600, refunds: 0, onHold: 2400, paidOut: 0 });
  });
});

describe("a vendor's Mark shipped", () => {
  async function vendorWithCookie() {
    const email = `shipper-${uniqueSuffix()}@example.com`.toLowerCase();
    const user = await createUser(t.database.db, { email }, { password: "vendor pass word 1" });
    const vendor = await createVendor(t.database.db, { userId: user.id });
    return { vendor, cookie: await signIn(t.app, email, "vendor pass word 1") };
  }
  const ship = (cookie: string, orderId: string, trackingNumber = "GH 1234 5678") =>
    trpcMutation(t.app, "vendors.markShipped", { orderId, carrier: "DHL", trackingNumber }, cookie);

  it("ships only the vendor's own part, once, notes it on the order and mails the shopper the link", async () => {
    const db = t.database.db;
    const a = await vendorWithCookie();
    const b = await vendorWithCookie();
    const bowl = await createProduct(db, { vendorId: a.vendor.id, approvedAt: t.clock.now(), price: "20.00", stockQuantity: 5 });
    const mat = await createProduct(db, { vendorId: b.vendor.id, approvedAt: t.clock.now(), price: "30.00", stockQuantity: 5 });
    const { orderId } = await paidOrder(
      t,
      [
        { product: bowl, quantity: 1 },
        { product: mat, quantity: 1 },
      ],
      "ship-parts@example.com",
    );
    const shipped = await ship(a.cookie, orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(
      trpcData<{ shipment: { carrier: string; trackingNumber: string; trackingUrl: string } }>(shipped).shipment,
    ).toMatchObject({
      carrier: "DHL",
      trackingNumber: "GH 1234 5678",
      trackingUrl: expect.stringContaining("dhl"),
    });
    // Again: refused, nothing changes.
    const again = await ship(a.cookie, orderId, "OTHER 999");
    expect(again.statusCode).toBe(409);
    expect(trpcError(again).message).toBe(PART_ALREADY_SHIPPED);
    const rows = await db.select().from(vendorShipments).where(eq(vendorShipments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ vendorId: a.vendor.id, trackingNumber: "GH 1234 5678" });
    // The other vendor's part is still to ship, and the order as a whole is unchanged.
    type Listed = { id: string; shipment: unknown };
    const ofB = trpcData<Listed[]>(await trpcQuery(t.app, "vendors.orders", undefined, b.cookie)).find((o) => o.id === orderId);
    expect(ofB?.shipment).toBeNull();
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("paid");
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => e.kind)).toEqual(["shipped"]);
    await t.app.jobs.runDue();
    const mails = t.mailer.sent.filter((m) => m.subject.startsWith("Part of your Sacred Market order"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("ship-parts@example.com");
  });

  it("answers another vendor's order, or a missing one, as not found, and a non-vendor as no vendor", async () => {
    const db = t.database.db;
    const a = await vendorWithCookie();
    const b = await vendorWithCookie();
    const bowl = await createProduct(db, { vendorId: a.vendor.id, approvedAt: t.clock.now(), price: "20.00", stockQuantity: 5 });
    const { orderId } = await paidOrder(t, [{ product: bowl, quantity: 1 }], "ship-others@example.com");
    const others = await ship(b.cookie, orderId);
    const missing = await ship(b.cookie, "00000000-0000-0000-0000-000000000000");
    expect(others.statusCode).toBe(404);
    expect(trpcError(others).message).toBe(trpcError(missing).message);
    expect(missing.statusCode).toBe(404);
    const nobody = await signUp(t.app);
    const refused = await ship(nobody.cookie, orderId);
    expect(refused.statusCode).toBe(404);
    expect(trpcError(refused).message).toBe(NOT_A_VENDOR);
    expect(await db.select().from(vendorShipments).where(eq(vendorShipments.orderId, orderId))).toHaveLength(0);
  });
});

describe("an applicant's Check name", () => {
  it("answers the holder's name as the country's rail reports it, and refuses a network the country lacks", async () => {
    const { cookie } = await signUp(t.app);
    const input = { country: "Ghana", kind: "mobile_money", institutionCode: "MTN", accountNumber: "024 412 3456" };
    const named = await trpcMutation(t.app, "vendors.payoutName", input, cookie);
    expect(named.statusCode, named.body).toBe(200);
    expect(trpcData<{ accountName: string | null }>(named).accountName).toBe("TEST ACCOUNT 3456");
    const unknown = await trpcMutation(t.app, "vendors.payoutName", { ...input, institutionCode: "NOPE" }, cookie);
    expect(unknown.statusCode).toBe(400);
    expect(trpcError(unknown).message).toBe("Choose your network or bank from the list.");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a vendor's last items under concurrent checkouts (real PostgreSQL)", () => {
  it("sells exactly the 5 left to 50 simultaneous shoppers", { timeout: 180_000 }, async () => {
    const vendor = await createVendor(t.database.db);
    const mask = await createProduct(t.database.db, {
      name: "Dan Mask",
      vendorId: vendor.id,
      approvedAt: t.clock.now(),
      price: "50.00",
      stockQuantity: 5,
    });
    const shoppers: string[] = [];
    for (let i = 0; i < 50; i++) {
      // Distinct addresses: sign-up is rate-limited per address.
      const { cookie } = await signUp(t.app, {
        email: `mask-buyer-${i}-${uniqueSuffix()}@example.com`,
        remoteAddress: `10.1.${Math.floor(i / 200)}.${i % 200}`,
      });
      expect((await trpcMutation(t.app, "cart.add", { productId: mask.id }, cookie)).statusCode).toBe(200);
      shoppers.push(cookie);
    }
    const checkout = (cookie: string): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: "POST",
        url: "/api/create-order-payment",
        headers: { cookie },
        payload: {
          shippingName: "Ama Mensah",
          shippingEmail: "ama@example.com",
          shippingPhone: "+233 20 000 0000",
          shippingAddress: "12 Palm Street\nAccra",
          shippingMethod: "standard",
          subtotal: "50.00",
          shippingCost: "10.00",
          total: "60.00",
          items: [{ productId: mask.id, productName: mask.name, quantity: 1, price: mask.price }],
        },
      });
    const attempts = await Promise.all(shoppers.map(checkout));
    expect(attempts.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(attempts.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const [row] = await t.database.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, mask.id));
    expect(row?.stock).toBe(0);
  });
});
