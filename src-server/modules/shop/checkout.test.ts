import type * as Crypto from "node:crypto";
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cartItems, ledgerEntries, orders, products, sentEmails, testPaymentIntents } from "../../../db/schema";
import { createProduct } from "../../../db/seed/factories";
import { toCents } from "../../../src/domain/money";
import { CART_CHANGED, CART_EMPTY, ORDER_NOT_FOUND } from "../../../src/schemas/shop";
import { TestPaymentProvider } from "../../platform/payments/test-provider";
import { createTestApp, signUp, trpcData, trpcError, trpcMutation, type TestApp } from "../../test/app";
import { writersOfEventAndRow } from "../../test/database";
import { soldOutWhileOrdering } from "./checkout";
import { PAYMENT_NOT_COMPLETED, SOLD_OUT_REFUNDED } from "./confirm-payment";
import { ORDER_RESERVATION_MINUTES } from "./reservations";

// Order numbers are drawn with randomInt: the real one, unless a test says otherwise.
vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  return { ...real, randomInt: vi.fn(real.randomInt) };
});

let t: TestApp;
let provider: TestPaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  const payments = t.app.services.payments.provider;
  if (!(payments instanceof TestPaymentProvider)) throw new Error("tests expect the built-in test-mode provider");
  provider = payments;
});
afterAll(async () => {
  await t.close();
});

const shipping = {
  shippingName: "Ama Mensah",
  shippingEmail: "ama@example.com",
  shippingPhone: "+233 20 000 0000",
  shippingAddress: "12 Palm Street\nOsu, Accra\nGhana",
};
const db = () => t.database.db;
const stockOf = async (productId: string) =>
  (await db().select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId)))[0]?.stock;
const orderOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
const cartCount = async (userId: string) => (await db().select().from(cartItems).where(eq(cartItems.userId, userId))).length;
const userIdOf = async (cookie: string) =>
  ((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json() as { id: string }).id;

async function shopper(lines: { productId: string; quantity: number }[]) {
  const { cookie } = await signUp(t.app);
  for (const line of lines) {
    const added = await trpcMutation(t.app, "cart.add", line, cookie);
    if (added.statusCode !== 200) throw new Error(added.body);
  }
  return { cookie, userId: await userIdOf(cookie) };
}

interface Item {
  productId: string;
  productName: string;
  quantity: number;
  price: string;
}
function payload(items: Item[], method: "standard" | "express", overrides: Record<string, unknown> = {}) {
  const subtotalCents = items.reduce((sum, i) => sum + Math.round(Number(i.price) * 100) * i.quantity, 0);
  const shippingCents = method === "express" ? 2500 : 1000;
  const money = (c: number) => (c / 100).toFixed(2);
  return {
    ...shipping,
    shippingMethod: method,
    subtotal: money(subtotalCents),
    shippingCost: money(shippingCents),
    total: money(subtotalCents + shippingCents),
    items,
    ...overrides,
  };
}
const itemOf = (product: { id: string; name: string; price: string }, quantity: number): Item => ({
  productId: product.id,
  productName: product.name,
  quantity,
  price: product.price,
});

interface Created {
  clientSecret: string;
  orderId: string;
  orderNumber: string;
  paymentIntentId: string;
}
const createOrder = (cookie: string, body: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/create-order-payment",
    headers: { cookie },
    payload: body as Record<string, unknown>,
  });
/** The ledger rows of an order: its sale is written by the transaction that marks it paid. */
const ledgerOf = (orderId: string) =>
  db()
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));

const confirmOrder = (cookie: string, paymentIntentId: string) =>
  t.app.inject({ method: "POST", url: "/api/confirm-order-payment", headers: { cookie }, payload: { paymentIntentId } });
const payWithCard = (cookie: string, clientSecret: string, cardNumber = "4242 4242 4242 4242") =>
  trpcMutation(t.app, "payments.confirmTestCard", { clientSecret, cardNumber, expiry: "12/34", cvc: "123" }, cookie);

describe("creating an order payment", () => {
  it("prices the cart from stored prices with express shipping, reserves the stock and asks for exactly that amount", async () => {
    const kente = await createProduct(db(), { name: "Kente Stole", price: "35.50", stockQuantity: 6 });
    const soap = await createProduct(db(), { name: "African Black Soap", price: "0.10", stockQuantity: 10 });
    const { cookie, userId } = await shopper([
      { productId: kente.id, quantity: 2 },
      { productId: soap.id, quantity: 3 },
    ]);
    const response = await createOrder(cookie, payload([itemOf(kente, 2), itemOf(soap, 3)], "express"));
    expect(response.statusCode).toBe(200);
    const created = response.json() as Created;
    expect(created).toEqual({
      clientSecret: expect.any(String),
      orderId: expect.any(String),
      orderNumber: expect.any(String),
      paymentIntentId: expect.any(String),
      // Charged in US dollars (the default): the total in cents (issue #41).
      currency: "USD",
      chargeAmount: 9630,
    });
    expect(created.orderNumber).toMatch(/^SM-\d{8}-[2-9A-HJKMNP-Z]{5}$/);

    const order = await orderOf(created.orderId);
    expect(order).toMatchObject({
      userId,
      status: "pending",
      subtotal: "71.30",
      shippingCost: "25.00",
      total: "96.30",
      shippingMethod: "express",
      shippingAddress: shipping.shippingAddress,
      paymentIntentId: created.paymentIntentId,
      items: [
        { productId: kente.id, productName: "Kente Stole", quantity: 2, price: "35.50" },
        { productId: soap.id, productName: "African Black Soap", quantity: 3, price: "0.10" },
      ].sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    });
    expect(order?.reservationExpiresAt?.getTime()).toBe(t.clock.now().getTime() + ORDER_RESERVATION_MINUTES * 60_000);
    const intent = await provider.retrievePaymentIntent(created.paymentIntentId);
    expect(intent).toMatchObject({ amount: 9630, currency: "usd", metadata: { kind: "order", orderId: created.orderId } });
    expect(await stockOf(kente.id)).toBe(4);
    expect(await stockOf(soap.id)).toBe(7);
    // Not paid yet: the cart stays as it is.
    expect(await cartCount(userId)).toBe(2);
  });

  it("refuses a client whose prices or totals differ from the server's, and charges nothing", async () => {
    const bowl = await createProduct(db(), { name: "Calabash Bowl", price: "24.00", stockQuantity: 5 });
    const { cookie, userId } = await shopper([{ productId: bowl.id, quantity: 2 }]);
    const spy = vi.spyOn(provider, "createPaymentIntent");
    const attempts = [
      payload([itemOf(bowl, 2)], "standard", { total: "57.99" }),
      payload([{ ...itemOf(bowl, 2), price: "20.00" }], "standard", { subtotal: "40.00", total: "50.00" }),
      payload([itemOf(bowl, 2)], "express", { shippingCost: "10.00", total: "58.00" }),
      payload([itemOf(bowl, 1)], "standard", { subtotal: "24.00", total: "34.00" }),
    ];
    for (const body of attempts) {
      const response = await createOrder(cookie, body);
      expect(response.statusCode).toBe(409);
      expect(response.body).toBe(CART_CHANGED);
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    expect(await stockOf(bowl.id)).toBe(5);

    // The server's own numbers go through.
    const ok = await createOrder(cookie, payload([itemOf(bowl, 2)], "standard"));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses inactive and out-of-stock products and an empty cart with clear messages", async () => {
    const mask = await createProduct(db(), { name: "Dan Face Mask", price: "80.00", stockQuantity: 2 });
    const { cookie } = await shopper([{ productId: mask.id, quantity: 2 }]);
    await db().update(products).set({ stockQuantity: 1 }).where(eq(products.id, mask.id));
    const short = await createOrder(cookie, payload([itemOf(mask, 2)], "standard"));
    expect(short.statusCode).toBe(409);
    expect(short.body).toBe("Only 1 of Dan Face Mask is in stock. Please update your cart.");

    await db().update(products).set({ isActive: false }).where(eq(products.id, mask.id));
    const inactive = await createOrder(cookie, payload([itemOf(mask, 2)], "standard"));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.body).toBe("Dan Face Mask is no longer available. Please remove it from your cart.");

    const empty = await shopper([]);
    const none = await createOrder(empty.cookie, payload([itemOf(mask, 1)], "standard"));
    expect(none.statusCode).toBe(400);
    expect(none.body).toBe(CART_EMPTY);
    expect(await stockOf(mask.id)).toBe(1);
  });

  it("takes no stock at all when a later line sells out between reading the cart and reserving it", async () => {
    const stole = await createProduct(db(), { name: "Ashanti Stole", price: "35.00", stockQuantity: 6 });
    const drum = await createProduct(db(), { name: "Talking Drum", price: "90.00", stockQuantity: 3 });
    // Lines are reserved in product id order: the first one is taken before the second is tried.
    const [first, second] = [stole, drum].sort((a, b) => (a.id < b.id ? -1 : 1));
    if (!first || !second) throw new Error("two products expected");
    const { cookie, userId } = await shopper([
      { productId: first.id, quantity: 1 },
      { productId: second.id, quantity: 1 },
    ]);
    // Another buyer takes the second product's last units just as this order takes the first one.
    await db().execute(
      sql.raw(`create function sell_out_second() returns trigger language plpgsql as $$
        begin update products set stock_quantity = 0 where id = '${second.id}'; return new; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger sell_out_second before update of stock_quantity on products
        for each row when (old.id = '${first.id}') execute function sell_out_second()`),
    );
    try {
      const response = await createOrder(cookie, payload([itemOf(stole, 1), itemOf(drum, 1)], "standard"));
      expect(response.statusCode).toBe(409);
      expect(response.body).toBe(soldOutWhileOrdering(second.name));
    } finally {
      await db().execute(sql.raw("drop trigger sell_out_second on products"));
      await db().execute(sql.raw("drop function sell_out_second()"));
    }
    expect(await stockOf(first.id)).toBe(first.stockQuantity);
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  it("gives a new order another number when its first one is taken, and takes its stock once", async () => {
    const drum = await createProduct(db(), { name: "Talking Drum", price: "55.00", stockQuantity: 5 });
    const draw = vi.mocked(randomInt as (max: number) => number);
    const first = await shopper([{ productId: drum.id, quantity: 1 }]);
    // Every character drawn the first: the number ends in 22222.
    draw.mockReturnValue(0);
    const taken = (await createOrder(first.cookie, payload([itemOf(drum, 1)], "standard"))).json() as Created;
    draw.mockReset();
    draw.mockImplementation((await vi.importActual<typeof Crypto>("node:crypto")).randomInt);
    expect(taken.orderNumber).toMatch(/-22222$/);

    const second = await shopper([{ productId: drum.id, quantity: 2 }]);
    // Its first number is the same; the next attempt draws a new one.
    for (let i = 0; i < 5; i++) draw.mockReturnValueOnce(0);
    const response = await createOrder(second.cookie, payload([itemOf(drum, 2)], "standard"));
    expect(response.statusCode).toBe(200);
    const created = response.json() as Created;
    expect(created.orderNumber).not.toBe(taken.orderNumber);
    expect((await orderOf(created.orderId))?.items).toEqual([
      { productId: drum.id, productName: "Talking Drum", quantity: 2, price: "55.00" },
    ]);
    expect(await stockOf(drum.id)).toBe(2);
    expect(await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, second.userId))).toHaveLength(1);
  });

  it("checks the shipping form: required fields and e-mail format", async () => {
    const { cookie } = await shopper([]);
    const response = await trpcMutation(
      t.app,
      "orders.createPayment",
      payload([{ productId: "x", productName: "x", quantity: 1, price: "1.00" }], "standard", {
        shippingName: " ",
        shippingEmail: "not-an-email",
        shippingAddress: "",
      }),
      cookie,
    );
    expect(response.statusCode).toBe(400);
    const fields = trpcError(response).data.zodError?.fieldErrors ?? {};
    expect(fields.shippingName).toEqual(["Full name is required"]);
    expect(fields.shippingEmail).toEqual(["Enter a valid email address"]);
    expect(fields.shippingAddress).toEqual(["Shipping address is required"]);
  });

  it("needs sign-in", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/create-order-payment", payload: payload([], "standard") });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe("Unauthorized");
  });
});

describe("paying for an order", () => {
  it("is confirmed exactly once by the card's webhook event and the success screen: paid, cart emptied, one receipt", async () => {
    const beads = await createProduct(db(), { name: "Krobo Glass Bead Necklace", price: "18.25", stockQuantity: 5 });
    const other = await createProduct(db(), { name: "Unrelated Item", price: "5.00", stockQuantity: 5 });
    const { cookie, userId } = await shopper([{ productId: beads.id, quantity: 2 }]);
    const created = (await createOrder(cookie, payload([itemOf(beads, 2)], "express"))).json() as Created;
    // Added after checkout started: not part of the order, so it stays in the cart.
    await trpcMutation(t.app, "cart.add", { productId: other.id }, cookie);

    const paid = await payWithCard(cookie, created.clientSecret);
    expect(trpcData<{ status: string }>(paid).status).toBe("succeeded");
    const [first, second] = await Promise.all([
      confirmOrder(cookie, created.paymentIntentId),
      confirmOrder(cookie, created.paymentIntentId),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect(first?.json()).toMatchObject({
      orderId: created.orderId,
      orderNumber: created.orderNumber,
      status: "paid",
      total: "61.50",
    });
    // A webhook redelivery changes nothing either.
    await t.app.services.orders.applySucceededIntent(await provider.retrievePaymentIntent(created.paymentIntentId));

    const order = await orderOf(created.orderId);
    expect(order?.status).toBe("paid");
    expect(order?.paidAt).toBeInstanceOf(Date);
    expect(order?.reservationExpiresAt).toBeNull();
    expect(await stockOf(beads.id)).toBe(3);
    const left = await db().select({ productId: cartItems.productId }).from(cartItems).where(eq(cartItems.userId, userId));
    expect(left).toEqual([{ productId: other.id }]);

    await t.app.jobs.runDue();
    const receipts = t.mailer.sent.filter((m) => m.subject.includes(created.orderNumber));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0];
    expect(receipt?.to).toBe(shipping.shippingEmail);
    for (const text of [
      "Krobo Glass Bead Necklace x 2: $36.50",
      "Subtotal: $36.50",
      "Shipping (Express Shipping ($25)): $25.00",
      "Total: $61.50",
      "12 Palm Street\nOsu, Accra\nGhana",
      "Shipping method: Express Shipping ($25)",
    ]) {
      expect(receipt?.text).toContain(text);
    }
    expect(
      await db()
        .select()
        .from(sentEmails)
        .where(eq(sentEmails.key, `order-receipt:${created.orderId}`)),
    ).toHaveLength(1);
  });

  it("is confirmed by the signed webhook (retried deliveries change nothing), then the success screen just reads it", async () => {
    const bell = await createProduct(db(), { name: "Gankogui Double Bell", price: "42.00", stockQuantity: 4 });
    const { cookie, userId } = await shopper([{ productId: bell.id, quantity: 1 }]);
    const created = (await createOrder(cookie, payload([itemOf(bell, 1)], "standard"))).json() as Created;
    const { event } = await provider.confirmCard({
      clientSecret: created.clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    const body = JSON.stringify(event);
    const deliver = () =>
      t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": provider.sign(body) },
        payload: body,
      });
    const [a, b] = await Promise.all([deliver(), deliver()]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect((await deliver()).statusCode).toBe(200);
    // The event is stored by the transaction that marked the order paid (the other delivery's record came to nothing).
    const writers = await writersOfEventAndRow(db(), created.paymentIntentId, "orders", created.orderId);
    expect(writers.event).toBeDefined();
    expect(writers.event).toBe(writers.row);

    expect((await orderOf(created.orderId))?.status).toBe("paid");
    expect(await stockOf(bell.id)).toBe(3);
    expect(await cartCount(userId)).toBe(0);
    expect(await ledgerOf(created.orderId)).toEqual([
      { kind: "shop_sale", amount: toCents((await orderOf(created.orderId))?.total ?? "0") },
    ]);
    expect((await confirmOrder(cookie, created.paymentIntentId)).json()).toMatchObject({
      status: "paid",
      orderNumber: created.orderNumber,
    });
    await t.app.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.subject.includes(created.orderNumber))).toHaveLength(1);
  });

  it("does not confirm an unpaid or declined payment, and keeps the reservation for another card", async () => {
    const cloth = await createProduct(db(), { name: "Kuba Raffia Cloth", price: "60.00", stockQuantity: 3 });
    const { cookie } = await shopper([{ productId: cloth.id, quantity: 1 }]);
    const created = (await createOrder(cookie, payload([itemOf(cloth, 1)], "standard"))).json() as Created;

    const unpaid = await confirmOrder(cookie, created.paymentIntentId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.body).toBe(PAYMENT_NOT_COMPLETED);
    const declined = await payWithCard(cookie, created.clientSecret, "4000 0000 0000 0002");
    expect(trpcData<{ status: string; message: string }>(declined)).toMatchObject({ message: "Your card was declined." });
    expect((await orderOf(created.orderId))?.status).toBe("pending");
    expect(await stockOf(cloth.id)).toBe(2);

    await payWithCard(cookie, created.clientSecret);
    expect((await confirmOrder(cookie, created.paymentIntentId)).statusCode).toBe(200);
    expect(await stockOf(cloth.id)).toBe(2);
  });

  it("answers 404 when someone else confirms a shopper's payment", async () => {
    const oil = await createProduct(db(), { price: "9.00", stockQuantity: 3 });
    const { cookie } = await shopper([{ productId: oil.id, quantity: 1 }]);
    const created = (await createOrder(cookie, payload([itemOf(oil, 1)], "standard"))).json() as Created;
    await payWithCard(cookie, created.clientSecret);
    const stranger = await signUp(t.app);
    const response = await confirmOrder(stranger.cookie, created.paymentIntentId);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(ORDER_NOT_FOUND);
    expect((await confirmOrder(cookie, "pi_unknown")).statusCode).toBe(404);
  });
});

describe("reservations", () => {
  it("are released when they run out: the stock comes back and the old payment can no longer be made", async () => {
    const deck = await createProduct(db(), { name: "Oracle Deck", price: "22.00", stockQuantity: 2 });
    const { cookie } = await shopper([{ productId: deck.id, quantity: 2 }]);
    const created = (await createOrder(cookie, payload([itemOf(deck, 2)], "standard"))).json() as Created;
    expect(await stockOf(deck.id)).toBe(0);

    t.clock.advance((ORDER_RESERVATION_MINUTES - 1) * 60_000);
    await t.app.services.orders.releaseExpired();
    expect(await stockOf(deck.id)).toBe(0);
    t.clock.advance(2 * 60_000);
    expect((await t.app.services.orders.releaseExpired()).released).toBeGreaterThanOrEqual(1);
    expect((await orderOf(created.orderId))?.status).toBe("cancelled");
    expect(await stockOf(deck.id)).toBe(2);
    expect((await provider.retrievePaymentIntent(created.paymentIntentId)).status).toBe("canceled");
    expect((await payWithCard(cookie, created.clientSecret)).statusCode).toBe(400);
  });

  it("are replaced, not added to, when the shopper starts checkout again", async () => {
    const drum = await createProduct(db(), { name: "Talking Drum", price: "120.00", stockQuantity: 1 });
    const { cookie, userId } = await shopper([{ productId: drum.id, quantity: 1 }]);
    const first = (await createOrder(cookie, payload([itemOf(drum, 1)], "standard"))).json() as Created;
    const again = await createOrder(cookie, payload([itemOf(drum, 1)], "express"));
    expect(again.statusCode).toBe(200);
    expect((await orderOf(first.orderId))?.status).toBe("cancelled");
    expect(await stockOf(drum.id)).toBe(0);
    const pending = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
    expect(pending).toHaveLength(1);
  });

  it("take the stock again for a payment that lands after release, or refund it when the stock is gone", async () => {
    const pendant = await createProduct(db(), { name: "Goldweight Pendant", price: "40.00", stockQuantity: 2 });
    const refundSpy = vi.spyOn(provider, "refund");
    const late = async () => {
      const { cookie } = await shopper([{ productId: pendant.id, quantity: 1 }]);
      const created = (await createOrder(cookie, payload([itemOf(pendant, 1)], "standard"))).json() as Created;
      // The card goes through at the provider while the reservation is being released here.
      await provider.confirmCard({
        clientSecret: created.clientSecret,
        cardNumber: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      });
      await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, created.orderId));
      await db().update(products).set({ stockQuantity: 2 }).where(eq(products.id, pendant.id));
      return { cookie, created };
    };

    const lucky = await late();
    expect((await confirmOrder(lucky.cookie, lucky.created.paymentIntentId)).statusCode).toBe(200);
    expect((await orderOf(lucky.created.orderId))?.status).toBe("paid");
    expect(await stockOf(pendant.id)).toBe(1);
    // Paid late, through the success screen: its sale is in the ledger too.
    expect(await ledgerOf(lucky.created.orderId)).toEqual([
      { kind: "shop_sale", amount: toCents((await orderOf(lucky.created.orderId))?.total ?? "0") },
    ]);

    const unlucky = await late();
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, pendant.id));
    const response = await confirmOrder(unlucky.cookie, unlucky.created.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.body).toBe(SOLD_OUT_REFUNDED);
    expect((await orderOf(unlucky.created.orderId))?.status).toBe("refunded");
    // Never paid here: no sale.
    expect(await ledgerOf(unlucky.created.orderId)).toEqual([]);
    expect(refundSpy).toHaveBeenCalledTimes(1);
    expect(refundSpy).toHaveBeenCalledWith({
      paymentIntentId: unlucky.created.paymentIntentId,
      amount: expect.any(Number) as number,
      idempotencyKey: `refund:order:${unlucky.created.orderId}`,
    });
    expect(await stockOf(pendant.id)).toBe(0);
    refundSpy.mockRestore();
  });
});

describe("one open checkout per cart", () => {
  it("makes one order of five parallel create-order-payment calls for one cart", async () => {
    const mask = await createProduct(db(), { name: "Dan Mask", price: "60.00", stockQuantity: 10 });
    const { cookie, userId } = await shopper([{ productId: mask.id, quantity: 2 }]);
    const intents = vi.spyOn(provider, "createPaymentIntent");
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => createOrder(cookie, payload([itemOf(mask, 2)], "standard"))),
    );
    expect(attempts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const answers = attempts.map((r) => r.json() as Created);
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.clientSecret)).size).toBe(1);
    expect(intents).toHaveBeenCalledTimes(1);
    intents.mockRestore();
    const mine = await db().select().from(orders).where(eq(orders.userId, userId));
    expect(mine).toHaveLength(1);
    expect(await stockOf(mask.id)).toBe(8);
  });

  it("honours an Idempotency-Key: the same key answers the first result, another request under it is refused", async () => {
    const beads = await createProduct(db(), { name: "Krobo Beads", price: "15.00", stockQuantity: 10 });
    const { cookie, userId } = await shopper([{ productId: beads.id, quantity: 1 }]);
    const withKey = (key: string, method: "standard" | "express") =>
      t.app.inject({
        method: "POST",
        url: "/api/create-order-payment",
        headers: { cookie, "idempotency-key": key },
        payload: payload([itemOf(beads, 1)], method),
      });
    const first = await withKey("checkout-attempt-1", "standard");
    expect(first.statusCode).toBe(200);
    // Even after the checkout moved on (a new one superseded it), the same key answers what it answered first.
    const other = await createOrder(cookie, payload([itemOf(beads, 1)], "express"));
    expect(other.statusCode).toBe(200);
    const retried = await withKey("checkout-attempt-1", "standard");
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(first.json());
    const misused = await withKey("checkout-attempt-1", "express");
    expect(misused.statusCode).toBe(422);
    const bad = await withKey("bad key with spaces", "standard");
    expect(bad.statusCode).toBe(400);
    expect((await db().select().from(orders).where(eq(orders.userId, userId))).length).toBe(2);

    const viaTrpc = await trpcMutation(
      t.app,
      "orders.createPayment",
      { ...payload([itemOf(beads, 1)], "standard"), idempotencyKey: "checkout-attempt-1" },
      cookie,
    );
    expect(trpcData<Created>(viaTrpc)).toEqual(first.json());
  });
});

describe("after a restart of the test-mode provider (it forgets unpaid intents)", () => {
  it("releases an order whose intent the provider no longer knows, and the shopper can check out again", async () => {
    const bowl = await createProduct(db(), { name: "Calabash Bowl", price: "18.00", stockQuantity: 1 });
    const { cookie } = await shopper([{ productId: bowl.id, quantity: 1 }]);
    const first = (await createOrder(cookie, payload([itemOf(bowl, 1)], "standard"))).json() as Created;
    expect(await stockOf(bowl.id)).toBe(0);

    // The provider forgot the first intent (deleted from the test-mode provider's table), and the app restarted.
    await db().delete(testPaymentIntents).where(eq(testPaymentIntents.id, first.paymentIntentId));
    const restarted = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const again = await restarted.app.inject({
        method: "POST",
        url: "/api/create-order-payment",
        headers: { cookie },
        payload: payload([itemOf(bowl, 1)], "standard"),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect((await orderOf(first.orderId))?.status).toBe("cancelled");
      expect(await stockOf(bowl.id)).toBe(0);

      t.clock.advance((ORDER_RESERVATION_MINUTES + 1) * 60_000);
      const outcome = await restarted.app.services.orders.releaseExpired();
      expect(outcome.failed).toEqual([]);
      expect(await stockOf(bowl.id)).toBe(1);
    } finally {
      await restarted.app.close();
    }
  });

  it("never lets one order that fails stop the sweep: the others are released and the failure is reported", async () => {
    const cloth = await createProduct(db(), { name: "Kuba Cloth", price: "35.00", stockQuantity: 3 });
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { cookie } = await shopper([{ productId: cloth.id, quantity: 1 }]);
      orderIds.push(((await createOrder(cookie, payload([itemOf(cloth, 1)], "standard"))).json() as Created).orderId);
    }
    expect(await stockOf(cloth.id)).toBe(0);
    t.clock.advance((ORDER_RESERVATION_MINUTES + 1) * 60_000);
    const broken = (await orderOf(orderIds[0] ?? ""))?.paymentIntentId;
    const retrieve = provider.retrievePaymentIntent.bind(provider);
    const spy = vi.spyOn(provider, "retrievePaymentIntent").mockImplementation(async (id) => {
      if (id === broken) throw new Error("provider unreachable");
      return retrieve(id);
    });
    try {
      const outcome = await t.app.services.orders.releaseExpired();
      expect(outcome.failed.map((f) => f.id)).toEqual([orderIds[0]]);
      expect(outcome.released).toBeGreaterThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
    expect((await orderOf(orderIds[0] ?? ""))?.status).toBe("pending");
    expect((await orderOf(orderIds[1] ?? ""))?.status).toBe("cancelled");
    expect((await orderOf(orderIds[2] ?? ""))?.status).toBe("cancelled");
    expect(await stockOf(cloth.id)).toBe(2);
    // The next round, with the provider back, releases the last one too.
    await t.app.services.orders.releaseExpired();
    expect(await stockOf(cloth.id)).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("stock under concurrent checkouts (real PostgreSQL)", () => {
  it("sells exactly the 5 in stock to 60 simultaneous buyers and charges nobody else", { timeout: 120_000 }, async () => {
    const relic = await createProduct(db(), { name: "Rare Relic", price: "50.00", stockQuantity: 5 });
    const buyers: string[] = [];
    for (let i = 0; i < 60; i++) {
      // Distinct addresses: sign-up is rate-limited per address.
      const { cookie } = await signUp(t.app, {
        email: `buyer-${i}-${Date.now()}@example.com`,
        lastName: String(i),
        remoteAddress: `10.0.${Math.floor(i / 200)}.${i % 200}`,
      });
      expect((await trpcMutation(t.app, "cart.add", { productId: relic.id }, cookie)).statusCode).toBe(200);
      buyers.push(cookie);
    }
    const intents = vi.spyOn(provider, "createPaymentIntent");

    const attempts = await Promise.all(buyers.map((cookie) => createOrder(cookie, payload([itemOf(relic, 1)], "standard"))));
    const winners = attempts.flatMap((r, i) =>
      r.statusCode === 200 ? [{ cookie: buyers[i] ?? "", created: r.json() as Created }] : [],
    );
    expect(winners).toHaveLength(5);
    for (const loser of attempts.filter((r) => r.statusCode !== 200)) {
      expect(loser.statusCode).toBe(409);
      // Refused either when its cart is read (stock already gone) or by the conditional reservation itself.
      expect([
        "Sorry, Rare Relic just sold out. Please review your cart.",
        "Rare Relic is out of stock. Please update your cart.",
      ]).toContain(loser.body);
    }
    expect(intents).toHaveBeenCalledTimes(5);
    intents.mockRestore();

    await Promise.all(winners.map((w) => payWithCard(w.cookie, w.created.clientSecret)));
    const confirmed = await Promise.all(winners.map((w) => confirmOrder(w.cookie, w.created.paymentIntentId)));
    expect(confirmed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const relicOrders = (await db().select({ status: orders.status, items: orders.items }).from(orders)).filter((o) =>
      o.items.some((i) => i.productId === relic.id),
    );
    expect(relicOrders).toHaveLength(5);
    expect(relicOrders.every((o) => o.status === "paid")).toBe(true);
    expect(await stockOf(relic.id)).toBe(0);
  });
});
