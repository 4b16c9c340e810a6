import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, testPaymentRefunds } from "../../../db/schema";
import type { TestPaymentProvider } from "../../platform/payments/test-provider";
import { createProduct } from "../../../db/seed/factories";
import { backOfficeTestKit, type OrderDetail } from "../../test/shop";
import { trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { PROVIDER_ACTOR } from "./queries";
import { NOT_REFUNDABLE, TOO_MANY_REFUNDED } from "./refunds";

const kit = backOfficeTestKit();
const { db, stockOf, orderRow, mailsTo, paidOrder } = kit;
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));
type Detail = OrderDetail;

describe("refunding an order from the back office", () => {
  it("refunds per line with the stock put back, then the rest in full with the shipping; never more than was paid", async () => {
    const soap = await createProduct(db(), { name: "Black Soap", price: "4.50", stockQuantity: 10 });
    const stole = await createProduct(db(), { name: "Kente Stole", price: "35.50", stockQuantity: 5 });
    const { orderId, paymentIntentId } = await paidOrder(
      [
        { product: soap, quantity: 3 },
        { product: stole, quantity: 1 },
      ],
      "refund@example.com",
    );
    expect(await stockOf(soap.id)).toBe(7);
    const tooMany = await trpcMutation(
      t.app,
      "orders.refund",
      { orderId, lines: [{ productId: soap.id, quantity: 4 }], reason: "Broken" },
      adminCookie,
    );
    expect(trpcError(tooMany).message).toBe(TOO_MANY_REFUNDED("Black Soap", 3));
    const part = trpcData<Detail>(
      await trpcMutation(
        t.app,
        "orders.refund",
        { orderId, lines: [{ productId: soap.id, quantity: 2 }], reason: "Two arrived broken" },
        adminCookie,
      ),
    );
    expect(part.status).toBe("paid");
    expect(Object.fromEntries(part.lines.map((l) => [l.productName, l.refundedQuantity]))).toEqual({
      "Black Soap": 2,
      "Kente Stole": 0,
    });
    expect(await stockOf(soap.id)).toBe(9);
    expect((await orderRow(orderId))?.refundedAmount).toBe("9.00");

    const rest = trpcData<Detail>(
      await trpcMutation(t.app, "orders.refund", { orderId, reason: "Customer cancelled" }, adminCookie),
    );
    expect(rest.status).toBe("refunded");
    expect(await stockOf(soap.id)).toBe(10);
    expect(await stockOf(stole.id)).toBe(5);
    // 13.50 + 35.50 + 10.00 shipping = 59.00, of which 9.00 went back first.
    expect((await orderRow(orderId))?.refundedAmount).toBe("59.00");
    const refunds = await db().select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentIntentId, paymentIntentId));
    expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([900, 5000]);
    expect(trpcError(await trpcMutation(t.app, "orders.refund", { orderId, reason: "Again" }, adminCookie)).message).toBe(
      NOT_REFUNDABLE,
    );
    // The refund job runs again (a retry): the provider's idempotency keeps it to those two.
    await t.app.jobs.runDue();
    expect(
      await db().select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentIntentId, paymentIntentId)),
    ).toHaveLength(2);
    await t.app.jobs.runDue();
    expect(mailsTo("refund@example.com", "A refund for your Sacred Market order")).toHaveLength(2);
  });

  it("records a back-office refund in the ledger as shop_refund rows, and the admins' shop figures count it", async () => {
    const bell = await createProduct(db(), { name: "Brass Bell", price: "20.00", stockQuantity: 10 });
    const { orderId } = await paidOrder([{ product: bell, quantity: 2 }], "ledger-refund@example.com");
    type Summary = { shopSales: number; shopRefunds: number };
    type Figures = { shopRevenue: string; refunded: string; monthly: { shop: string; shopRefunds: string }[] };
    const figures = async () => ({
      summary: trpcData<Summary>(await trpcQuery(t.app, "payouts.summary", undefined, adminCookie)),
      analytics: trpcData<Figures>(await trpcQuery(t.app, "admin.analytics", undefined, adminCookie)),
    });
    await t.app.jobs.runDue({ periodic: true });
    const before = await figures();
    trpcData(
      await trpcMutation(
        t.app,
        "orders.refund",
        { orderId, lines: [{ productId: bell.id, quantity: 1 }], reason: "Dented" },
        adminCookie,
      ),
    );
    trpcData(await trpcMutation(t.app, "orders.refund", { orderId, reason: "Customer cancelled" }, adminCookie));
    // The ledger's sweep records what the provider refunded.
    await t.app.jobs.runDue({ periodic: true });
    const rows = await db()
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    // 2 x 20.00 + 10.00 shipping = 50.00 sold; 20.00, then the other 30.00 with the shipping, refunded.
    expect(rows.filter((r) => r.kind === "shop_sale").map((r) => r.amount)).toEqual([5000]);
    expect(
      rows
        .filter((r) => r.kind === "shop_refund")
        .map((r) => r.amount)
        .sort((x, y) => x - y),
    ).toEqual([2000, 3000]);
    const after = await figures();
    expect(after.summary.shopRefunds - before.summary.shopRefunds).toBe(5000);
    expect(after.summary.shopRefunds).toBeGreaterThan(0);
    const cents = (decimal: string) => Math.round(Number(decimal) * 100);
    expect(cents(after.analytics.refunded) - cents(before.analytics.refunded)).toBe(5000);
    expect(cents(after.analytics.shopRevenue) - cents(before.analytics.shopRevenue)).toBe(-5000);
    const monthRefunds = (f: Figures) => f.monthly.reduce((sum, m) => sum + cents(m.shopRefunds), 0);
    expect(monthRefunds(after.analytics) - monthRefunds(before.analytics)).toBe(5000);
  });
});

describe("refunds made in the provider's dashboard", () => {
  const provider = () => t.app.services.payments.provider as TestPaymentProvider;
  const shopRefunds = async (orderId: string) =>
    (
      await db()
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, "shop_refund")))
    )
      .map((r) => r.amount)
      .sort((a, b) => a - b);
  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
      payload,
    });
  };

  it("follows a signed charge.refunded: one history row and one ledger row per refund, however many deliveries, in any order", async () => {
    const candle = await createProduct(db(), { name: "Shea Candle", price: "20.00", stockQuantity: 5 });
    const { orderId, paymentIntentId } = await paidOrder([{ product: candle, quantity: 2 }], "outside@example.com");
    // 2 x 20.00 + 10.00 shipping = 50.00
    const { event } = await provider().refundElsewhere(paymentIntentId, 1500);
    const deliveries = Array.from({ length: 8 }, (_, i) => ({
      ...event,
      id: `${event.id}_${i % 3}`,
      type: i % 2 ? "refund.updated" : "charge.refunded",
    }));
    const responses = await Promise.all(deliveries.map(deliver));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refundedAmount: "15.00" });
    expect(await shopRefunds(orderId)).toEqual([1500]);
    const detail = trpcData<{ history: { kind: string; by: string; data: { amount?: string } }[] }>(
      await trpcQuery(t.app, "orders.detail", { orderId }, adminCookie),
    );
    expect(detail.history.filter((h) => h.kind === "refund").map((h) => [h.by, h.data.amount])).toEqual([
      [PROVIDER_ACTOR, "15.00"],
    ]);

    // An admin's refund here and the rest refunded elsewhere: each counted once, and the order is refunded in full.
    await trpcMutation(
      t.app,
      "orders.refund",
      { orderId, lines: [{ productId: candle.id, quantity: 1 }], reason: "Cracked" },
      adminCookie,
    );
    expect((await orderRow(orderId))?.refundedAmount).toBe("35.00");
    const rest = await provider().refundElsewhere(paymentIntentId, 1500);
    expect((await deliver(rest.event)).statusCode).toBe(200);
    expect((await deliver({ ...event, id: `${event.id}_late` })).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refundedAmount: "50.00" });
    expect(await shopRefunds(orderId)).toEqual([1500, 1500, 2000]);
    // Nothing is left to refund here.
    expect(trpcError(await trpcMutation(t.app, "orders.refund", { orderId, reason: "Again" }, adminCookie)).message).toBe(
      NOT_REFUNDABLE,
    );
  });

  it("never refunds more here than is left after a refund made elsewhere", async () => {
    const mat = await createProduct(db(), { name: "Prayer Mat", price: "30.00", stockQuantity: 5 });
    const { orderId, paymentIntentId } = await paidOrder([{ product: mat, quantity: 1 }], "outside-cap@example.com");
    const { event } = await provider().refundElsewhere(paymentIntentId, 3500);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.refundedAmount).toBe("35.00");
    const line = await trpcMutation(
      t.app,
      "orders.refund",
      { orderId, lines: [{ productId: mat.id, quantity: 1 }], reason: "Faded" },
      adminCookie,
    );
    expect(line.statusCode, line.body).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refundedAmount: "40.00" });
    expect((await provider().listRefunds(paymentIntentId)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([500, 3500]);
  });
});
