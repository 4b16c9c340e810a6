import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orderEvents, vendorShipments } from "../../../db/schema";
import { createProduct, createUser, createVendor, uniqueSuffix } from "../../../db/seed/factories";
import { PART_NOT_DELIVERABLE, VENDOR_ORDER_NOT_FOUND } from "../../../src/schemas/vendors";
import { backOfficeTestKit } from "../../test/shop";
import { signIn, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, multipart } from "../../test/uploads";

/**
 * Each vendor's part of an order (issue #46): shipped by its vendor, delivered on its own (an admin marks it), shown
 * to the shopper part by part, and returned item by item: a return of one vendor's item refunds only that line and
 * takes back only that vendor's share and the commission on it.
 */
const kit = backOfficeTestKit();
const { db, orderRow, mailsTo, paidOrder } = kit;
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));

async function vendorWithCookie(commissionPercentage = "15.00") {
  const email = `part-vendor-${uniqueSuffix()}@example.com`.toLowerCase();
  const user = await createUser(db(), { email }, { password: "vendor pass word 1" });
  const vendor = await createVendor(db(), { userId: user.id, commissionPercentage });
  return { vendor, cookie: await signIn(t.app, email, "vendor pass word 1") };
}

async function photoOf(cookie: string) {
  const body = multipart("returnPhoto", "parcel.png", "image/png", fixtures.png());
  const response = await t.app.inject({
    method: "POST",
    url: "/api/upload/return-photo",
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

type Part = {
  vendorId: string;
  businessName: string;
  productIds: string[];
  shipment: { carrier: string; trackingNumber: string; deliveredAt: string | Date | null } | null;
};

describe("two vendors' items in one order", () => {
  it("ship and arrive separately, and a return of one vendor's item refunds only that line and that vendor's share", async () => {
    const a = await vendorWithCookie("15.00");
    const b = await vendorWithCookie("12.50");
    const drum = await createProduct(db(), { vendorId: a.vendor.id, approvedAt: t.clock.now(), price: "40.00", stockQuantity: 5 });
    const kente = await createProduct(db(), { vendorId: b.vendor.id, approvedAt: t.clock.now(), price: "30.00", stockQuantity: 5 });
    const own = await createProduct(db(), { price: "5.00", stockQuantity: 5 });
    const email = `two-parts-${uniqueSuffix()}@example.com`.toLowerCase();
    const { orderId, cookie } = await paidOrder(
      [
        { product: drum, quantity: 1 },
        { product: kente, quantity: 1 },
        { product: own, quantity: 1 },
      ],
      email,
    );
    const ship = (v: { cookie: string }, trackingNumber: string) =>
      trpcMutation(t.app, "vendors.markShipped", { orderId, carrier: "DHL", trackingNumber }, v.cookie);
    const deliver = (vendorId: string) => trpcMutation(t.app, "vendors.markDelivered", { orderId, vendorId }, adminCookie);
    const partsOf = async () =>
      trpcData<{ id: string; parts: Part[] }[]>(await trpcQuery(t.app, "account.orders", undefined, cookie)).find(
        (o) => o.id === orderId,
      )?.parts ?? [];

    // A part not shipped cannot be delivered; a vendor with no line in the order is not found.
    expect(trpcError(await deliver(a.vendor.id)).message).toBe(PART_NOT_DELIVERABLE);
    const stranger = await createVendor(db());
    const notTheirs = await deliver(stranger.id);
    expect(notTheirs.statusCode).toBe(404);
    expect(trpcError(notTheirs).message).toBe(VENDOR_ORDER_NOT_FOUND);

    expect((await ship(a, "GH-A-1")).statusCode).toBe(200);
    expect((await ship(b, "GH-B-2")).statusCode).toBe(200);
    // Each part has its own tracking, as the shopper sees it.
    const byVendor = (parts: Part[], vendorId: string) => parts.find((p) => p.vendorId === vendorId);
    const shipped = await partsOf();
    expect(shipped).toHaveLength(2);
    expect(byVendor(shipped, a.vendor.id)).toMatchObject({ productIds: [drum.id], shipment: { trackingNumber: "GH-A-1", deliveredAt: null } });
    expect(byVendor(shipped, b.vendor.id)).toMatchObject({ productIds: [kente.id], shipment: { trackingNumber: "GH-B-2", deliveredAt: null } });

    const delivered = await deliver(a.vendor.id);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const twice = await deliver(a.vendor.id);
    expect(twice.statusCode).toBe(409);
    expect(trpcError(twice).message).toBe(PART_NOT_DELIVERABLE);
    const arrived = await partsOf();
    expect(byVendor(arrived, a.vendor.id)?.shipment?.deliveredAt).not.toBeNull();
    expect(byVendor(arrived, b.vendor.id)?.shipment?.deliveredAt).toBeNull();
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.kind === "delivered").map((e) => e.data)).toEqual([{ vendorId: a.vendor.id }]);
    await t.app.jobs.runDue();
    expect(mailsTo(email, "Part of your Sacred Market order")).toHaveLength(3);
    // The admin's order page shows both parts.
    const detail = trpcData<{ parts: Part[] }>(await trpcQuery(t.app, "orders.detail", { orderId }, adminCookie));
    expect(detail.parts.map((p) => p.vendorId).sort()).toEqual([a.vendor.id, b.vendor.id].sort());

    const photo = await photoOf(cookie);
    const ask = (productId: string) =>
      trpcMutation(
        t.app,
        "orders.requestReturn",
        { orderId, reason: "Cracked on arrival.", photoUrls: [photo], lines: [{ productId, quantity: 1 }] },
        cookie,
      );
    // The other vendor's part has not arrived: its item cannot be returned yet; nor can the whole order.
    expect(trpcError(await ask(kente.id)).message).toBe("A return can be asked for once the order has been delivered.");
    const whole = await trpcMutation(t.app, "orders.requestReturn", { orderId, reason: "All of it", photoUrls: [photo] }, cookie);
    expect(trpcError(whole).message).toBe("A return can be asked for once the order has been delivered.");
    const tooMany = await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId, reason: "Two?", photoUrls: [photo], lines: [{ productId: drum.id, quantity: 2 }] },
      cookie,
    );
    expect(trpcError(tooMany).message).toBe(`Only 1 of ${drum.name} can be returned.`);
    expect((await ask(drum.id)).statusCode).toBe(200);

    // The vendor sees the return of their item; the other vendor sees none.
    type Listed = { id: string; return: { status: string; lines: { productName: string; quantity: number }[] } | null };
    const listed = async (cookie: string) =>
      trpcData<Listed[]>(await trpcQuery(t.app, "vendors.orders", undefined, cookie)).find((o) => o.id === orderId);
    expect((await listed(a.cookie))?.return).toMatchObject({ status: "requested", lines: [{ productName: drum.name, quantity: 1 }] });
    expect((await listed(b.cookie))?.return).toBeNull();

    expect((await trpcMutation(t.app, "orders.decideReturn", { orderId, accept: true }, adminCookie)).statusCode).toBe(200);
    const received = await trpcMutation(t.app, "orders.receiveReturn", { orderId }, adminCookie);
    expect(received.statusCode, received.body).toBe(200);
    await t.app.jobs.runDue({ periodic: true });

    // Only the drum's line came back: 40.00 of the 85.00 (shipping stays paid), and vendor A's split with it.
    expect((await orderRow(orderId))?.refundedAmount).toBe("40.00");
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    const of = (kind: string, vendorId: string | null) =>
      rows.filter((r) => r.kind === kind && r.vendorId === vendorId).reduce((s, r) => s + r.amount, 0);
    expect(of("shop_refund", null)).toBe(4000);
    expect([of("vendor_share", a.vendor.id), of("vendor_commission", a.vendor.id)]).toEqual([0, 0]);
    expect([of("vendor_share", b.vendor.id), of("vendor_commission", b.vendor.id)]).toEqual([2625, 375]);
    expect((await listed(a.cookie))?.return?.status).toBe("received");
    const money = trpcData<{ sales: number; refunds: number; onHold: number }>(
      await trpcQuery(t.app, "vendors.money", undefined, a.cookie),
    );
    expect(money).toMatchObject({ sales: 4000, refunds: 4000, onHold: 0 });
    const rowsOfShipments = await db().select().from(vendorShipments).where(eq(vendorShipments.orderId, orderId));
    expect(rowsOfShipments).toHaveLength(2);
  });
});
