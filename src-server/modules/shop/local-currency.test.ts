import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orderEvents, testPaymentIntents } from "../../../db/schema";
import { createProduct } from "../../../db/seed/factories";
import { DEFAULT_RATES, fromUsdCents, parseRate, type Currency } from "../../../src/domain/currencies";
import { PROMPT_DECLINED } from "../../../src/domain/mobile-money";
import type { TestPaymentProvider } from "../../platform/payments/test-provider";
import { signUp, trpcData, trpcMutation, type TestApp } from "../../test/app";
import { backOfficeTestKit } from "../../test/shop";
import { PAYMENT_MISMATCH } from "./confirm-payment";
import { ORDER_RESERVATION_MINUTES } from "./reservations";

// Issue #41: a client pays in their own money. The order's total stays its book value in US dollars; the charge is that
// total at the rate of the moment, in the client's currency, stored with its rate.
const kit = backOfficeTestKit();
const { db, stockOf, orderRow } = kit;
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));

const GHS = parseRate("GHS", DEFAULT_RATES.GHS);
const provider = () => t.app.services.payments.provider as TestPaymentProvider;
const CARD = { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" };

type Created = {
  clientSecret: string;
  orderId: string;
  orderNumber: string;
  paymentIntentId: string;
  currency: Currency;
  chargeAmount: number;
};

/** Two products in a new shopper's cart: a soap (4.50) twice and a stole (35.50): 44.50 with 10.00 of shipping. */
async function cartOfTwo(email: string) {
  const soap = await createProduct(db(), { name: `Soap ${email}`, price: "4.50", stockQuantity: 10 });
  const stole = await createProduct(db(), { name: `Stole ${email}`, price: "35.50", stockQuantity: 5 });
  const shopper = await signUp(t.app, { email });
  for (const [productId, quantity] of [
    [soap.id, 2],
    [stole.id, 1],
  ] as const)
    expect((await trpcMutation(t.app, "cart.add", { productId, quantity }, shopper.cookie)).statusCode).toBe(200);
  const lines = [
    { product: soap, quantity: 2 },
    { product: stole, quantity: 1 },
  ];
  return { soap, stole, lines, cookie: shopper.cookie, email };
}
const TOTAL = 5450; // 2 × 4.50 + 35.50 + 10.00 shipping

async function checkout(cart: Awaited<ReturnType<typeof cartOfTwo>>, currency?: Currency) {
  return t.app.inject({
    method: "POST",
    url: "/api/create-order-payment",
    headers: { cookie: cart.cookie },
    payload: {
      shippingName: "Ama Mensah",
      shippingEmail: cart.email,
      shippingPhone: "+233 20 000 0000",
      shippingAddress: "12 Palm Street\nAccra",
      shippingMethod: "standard",
      subtotal: "44.50",
      shippingCost: "10.00",
      total: "54.50",
      items: cart.lines.map((l) => ({
        productId: l.product.id,
        productName: l.product.name,
        quantity: l.quantity,
        price: l.product.price,
      })),
      ...(currency ? { currency } : {}),
    },
  });
}
async function checkoutIn(cart: Awaited<ReturnType<typeof cartOfTwo>>, currency?: Currency): Promise<Created> {
  const response = await checkout(cart, currency);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Created>();
}
const confirm = (cookie: string, paymentIntentId: string) =>
  t.app.inject({ method: "POST", url: "/api/confirm-order-payment", headers: { cookie }, payload: { paymentIntentId } });
const webhook = (event: unknown) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
    payload,
  });
};
/** The provider's refunds of an intent, smallest first (made at the same fake instant, their order is not kept). */
const refundedAtProvider = async (paymentIntentId: string) =>
  (await provider().listRefunds(paymentIntentId)).map((r) => r.amount).sort((a, b) => a - b);
const ledgerRows = (orderId: string) =>
  db()
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      localAmount: ledgerEntries.localAmount,
      rate: ledgerEntries.rate,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

/** Two items bought in cedis and paid by the test card. */
async function paidInCedis(email: string) {
  const cart = await cartOfTwo(email);
  const created = await checkoutIn(cart, "GHS");
  const { event } = await provider().confirmCard({ clientSecret: created.clientSecret, ...CARD });
  expect((await confirm(cart.cookie, created.paymentIntentId)).statusCode).toBe(200);
  return { cart, created, event };
}

describe("an order charged in cedis", () => {
  it("opens the intent for the total at today's rate, in pesewas, and a second click gets the same intent", async () => {
    const GHS_TOTAL = fromUsdCents(TOTAL, GHS);
    expect(GHS_TOTAL).toBe(78589);
    const cart = await cartOfTwo("ghs-intent@example.com");
    const created = await checkoutIn(cart, "GHS");
    expect(created).toMatchObject({ currency: "GHS", chargeAmount: GHS_TOTAL });
    const intent = await provider().retrievePaymentIntent(created.paymentIntentId);
    expect({ amount: intent.amount, currency: intent.currency }).toEqual({ amount: GHS_TOTAL, currency: "ghs" });
    expect(await orderRow(created.orderId)).toMatchObject({
      total: "54.50",
      currency: "USD",
      chargeCurrency: "GHS",
      chargeAmount: GHS_TOTAL,
      chargeRate: "14.420000",
    });
    expect(await checkoutIn(cart, "GHS")).toEqual(created);
  });

  it("asked again in dollars, gives up the cedi order (its intent cancelled, its stock released) for one in dollars", async () => {
    const cart = await cartOfTwo("ghs-then-usd@example.com");
    const cedis = await checkoutIn(cart, "GHS");
    const dollars = await checkoutIn(cart);
    expect(dollars).toMatchObject({ currency: "USD", chargeAmount: TOTAL });
    expect(dollars.orderId).not.toBe(cedis.orderId);
    expect((await provider().retrievePaymentIntent(cedis.paymentIntentId)).status).toBe("canceled");
    expect((await orderRow(cedis.orderId))?.status).toBe("cancelled");
    expect(await orderRow(dollars.orderId)).toMatchObject({ chargeCurrency: "USD", chargeAmount: null, chargeRate: null });
    // Reserved once, for the order in dollars.
    expect(await stockOf(cart.soap.id)).toBe(8);
    expect(await stockOf(cart.stole.id)).toBe(4);
  });

  it("confirms once when paid by the test card; the call and the webhook after it change nothing", async () => {
    const { cart, created, event } = await paidInCedis("ghs-paid@example.com");
    const first = await orderRow(created.orderId);
    expect(first?.status).toBe("paid");
    for (let i = 0; i < 2; i++) {
      expect((await webhook(event)).statusCode).toBe(200);
      expect((await confirm(cart.cookie, created.paymentIntentId)).json()).toMatchObject({ status: "paid" });
    }
    const after = await orderRow(created.orderId);
    expect(after?.paidAt).toEqual(first?.paidAt);
    expect(after).toMatchObject({ total: "54.50", chargeCurrency: "GHS", chargeAmount: 78589, chargeRate: "14.420000" });
    expect(await stockOf(cart.soap.id)).toBe(8);
    // One sale row: book value in US cents, the cedis and the rate beside it.
    expect(await ledgerRows(created.orderId)).toEqual([
      { kind: "shop_sale", amount: TOTAL, currency: "GHS", localAmount: 78589, rate: "14.420000" },
    ]);
    await t.app.jobs.runDue();
    const mailed = t.mailer.sent.filter((m) => m.to === cart.email && m.text.includes(created.orderNumber));
    expect(mailed).toHaveLength(1);
    // The receipt's total is what was taken, from the stored charge: the cedis, the US dollar total beside them.
    expect(mailed[0]?.text).toContain("Total: GH₵785.89 ($54.50)");
    expect((await confirm(cart.cookie, created.paymentIntentId)).json()).toMatchObject({
      total: "54.50",
      chargeCurrency: "GHS",
      chargeAmount: 78589,
    });
  });

  it("refunded in full by an admin: every pesewa back at the provider, the whole total in the ledger", async () => {
    const { created } = await paidInCedis("ghs-full-refund@example.com");
    trpcData(await trpcMutation(t.app, "orders.refund", { orderId: created.orderId, reason: "Cancelled" }, adminCookie));
    expect(await refundedAtProvider(created.paymentIntentId)).toEqual([78589]);
    expect(await orderRow(created.orderId)).toMatchObject({ status: "refunded", refundedAmount: "54.50" });
    await t.app.services.payouts.ledger.recordOrder(created.orderId);
    expect(await ledgerRows(created.orderId)).toEqual([
      { kind: "shop_sale", amount: TOTAL, currency: "GHS", localAmount: 78589, rate: "14.420000" },
      { kind: "shop_refund", amount: TOTAL, currency: "GHS", localAmount: 78589, rate: "14.420000" },
    ]);
    expect(await t.app.services.payouts.ledger.laggingOrders()).not.toContain(created.orderId);
  });

  it("refunds a line at the charge's rate, then the rest of the pesewas: the two add up to the charge and the total", async () => {
    const { cart, created } = await paidInCedis("ghs-part-refund@example.com");
    const line = { orderId: created.orderId, lines: [{ productId: cart.soap.id, quantity: 1 }], reason: "Broken" };
    trpcData(await trpcMutation(t.app, "orders.refund", line, adminCookie));
    const soapInCedis = fromUsdCents(450, GHS);
    expect(soapInCedis).toBe(6489);
    expect(await refundedAtProvider(created.paymentIntentId)).toEqual([soapInCedis]);
    expect(await orderRow(created.orderId)).toMatchObject({ status: "paid", refundedAmount: "4.50" });
    const events = await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, created.orderId));
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ amount: "4.50", localAmount: soapInCedis })]);

    trpcData(await trpcMutation(t.app, "orders.refund", { orderId: created.orderId, reason: "The rest" }, adminCookie));
    expect(await refundedAtProvider(created.paymentIntentId)).toEqual([soapInCedis, 78589 - soapInCedis]);
    expect(await orderRow(created.orderId)).toMatchObject({ status: "refunded", refundedAmount: "54.50" });
    await t.app.services.payouts.ledger.recordOrder(created.orderId);
    const refundRows = (await ledgerRows(created.orderId)).filter((r) => r.kind === "shop_refund");
    expect(refundRows.sort((a, b) => a.amount - b.amount)).toEqual([
      { kind: "shop_refund", amount: 450, currency: "GHS", localAmount: soapInCedis, rate: "14.420000" },
      { kind: "shop_refund", amount: TOTAL - 450, currency: "GHS", localAmount: 78589 - soapInCedis, rate: "14.420000" },
    ]);
  });

  it("reads a refund made in the provider's dashboard back as book cents at the charge's rate", async () => {
    const { created } = await paidInCedis("ghs-elsewhere@example.com");
    const { event } = await provider().refundElsewhere(created.paymentIntentId, 14420); // GH₵144.20: 10.00
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await orderRow(created.orderId)).toMatchObject({ status: "paid", refundedAmount: "10.00" });
    expect((await ledgerRows(created.orderId)).filter((r) => r.kind === "shop_refund")).toEqual([
      { kind: "shop_refund", amount: 1000, currency: "GHS", localAmount: 14420, rate: "14.420000" },
    ]);
    // The admin refunds the rest: exactly the pesewas left.
    trpcData(await trpcMutation(t.app, "orders.refund", { orderId: created.orderId, reason: "The rest" }, adminCookie));
    expect(await refundedAtProvider(created.paymentIntentId)).toEqual([14420, 78589 - 14420]);
    expect(await orderRow(created.orderId)).toMatchObject({ status: "refunded", refundedAmount: "54.50" });
  });

  it("does not confirm a payment whose intent was changed to another currency or to the dollar total", async () => {
    for (const [i, tamper] of [{ currency: "ngn" }, { currency: "usd", amount: TOTAL }].entries()) {
      const cart = await cartOfTwo(`ghs-tampered-${i}@example.com`);
      const created = await checkoutIn(cart, "GHS");
      await db().update(testPaymentIntents).set(tamper).where(eq(testPaymentIntents.id, created.paymentIntentId));
      const { event } = await provider().confirmCard({ clientSecret: created.clientSecret, ...CARD });
      const response = await confirm(cart.cookie, created.paymentIntentId);
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain(PAYMENT_MISMATCH);
      await webhook(event);
      expect((await orderRow(created.orderId))?.status).toBe("pending");
      expect(await ledgerRows(created.orderId)).toEqual([]);
    }
  });
});

describe("two items bought in cedis by mobile money (issue #41's done-when)", () => {
  const prompt = (cookie: string, clientSecret: string) =>
    trpcMutation(t.app, "payments.startMobileMoney", { clientSecret, phone: "0244121234" }, cookie);
  const answer = (cookie: string, clientSecret: string, approve: boolean) =>
    trpcMutation(t.app, "payments.answerTestPhone", { clientSecret, approve }, cookie);

  it("declined, leaves the order unpaid with its stock reserved; approved, pays it once", async () => {
    const cart = await cartOfTwo("ghs-momo@example.com");
    const created = await checkoutIn(cart, "GHS");
    expect(trpcData<{ status: string }>(await prompt(cart.cookie, created.clientSecret)).status).toBe("requires_action");
    expect(trpcData<{ message: string | null }>(await answer(cart.cookie, created.clientSecret, false)).message).toBe(
      PROMPT_DECLINED,
    );
    expect(await orderRow(created.orderId)).toMatchObject({ status: "pending", paidAt: null });
    expect([await stockOf(cart.soap.id), await stockOf(cart.stole.id)]).toEqual([8, 4]);
    // A second prompt is approved: the provider's succeeded event pays the order, once.
    await prompt(cart.cookie, created.clientSecret);
    expect(trpcData<{ status: string }>(await answer(cart.cookie, created.clientSecret, true)).status).toBe("succeeded");
    expect((await confirm(cart.cookie, created.paymentIntentId)).json()).toMatchObject({ status: "paid" });
    expect(await orderRow(created.orderId)).toMatchObject({ status: "paid", chargeCurrency: "GHS", chargeAmount: 78589 });
    expect(await ledgerRows(created.orderId)).toEqual([
      { kind: "shop_sale", amount: TOTAL, currency: "GHS", localAmount: 78589, rate: "14.420000" },
    ]);
    expect([await stockOf(cart.soap.id), await stockOf(cart.stole.id)]).toEqual([8, 4]);
  });

  it("unpaid, keeps its stock reserved until its reservation ends, then gives it back and cancels the intent", async () => {
    const cart = await cartOfTwo("ghs-unpaid@example.com");
    const created = await checkoutIn(cart, "GHS");
    await prompt(cart.cookie, created.clientSecret);
    await answer(cart.cookie, created.clientSecret, false);
    const start = t.clock.now();
    try {
      t.clock.set(new Date(start.getTime() + (ORDER_RESERVATION_MINUTES - 1) * 60_000));
      await t.app.jobs.runDue({ periodic: true });
      expect((await orderRow(created.orderId))?.status).toBe("pending");
      expect([await stockOf(cart.soap.id), await stockOf(cart.stole.id)]).toEqual([8, 4]);
      t.clock.set(new Date(start.getTime() + (ORDER_RESERVATION_MINUTES + 1) * 60_000));
      await t.app.jobs.runDue({ periodic: true });
    } finally {
      t.clock.set(start);
    }
    expect((await orderRow(created.orderId))?.status).toBe("cancelled");
    expect([await stockOf(cart.soap.id), await stockOf(cart.stole.id)]).toEqual([10, 5]);
    expect((await provider().retrievePaymentIntent(created.paymentIntentId)).status).toBe("canceled");
  });
});
