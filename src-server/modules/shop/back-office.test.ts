import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orders, products, testPaymentRefunds } from "../../../db/schema";
import type { TestPaymentProvider } from "../../platform/payments/test-provider";
import { createProduct, createUser } from "../../../db/seed/factories";
import { ORDER_NOT_FOUND } from "../../../src/schemas/shop";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, multipart } from "../../test/uploads";
import { NOT_DELIVERABLE, NOT_SHIPPABLE } from "./fulfilment";
import { PROVIDER_ACTOR } from "./queries";
import { NOT_REFUNDABLE, TOO_MANY_REFUNDED } from "./refunds";
import {
  RETURN_EXISTS,
  RETURN_NOT_ACCEPTED,
  RETURN_NOT_DELIVERED,
  RETURN_NOT_OPEN,
  RETURN_PHOTO_INVALID,
  RETURN_TOO_LATE,
} from "./returns";

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database.db, { role: "admin", email: "admin-office@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "admin-office@example.com", "admin password 1");
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const stockOf = async (id: string) =>
  (await db().select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.s;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const mailsTo = (email: string, subject: string) => t.mailer.sent.filter((m) => m.to === email && m.subject.startsWith(subject));

/** A paid order through the public door: cart, checkout, the test card, confirmation. */
async function paidOrder(lines: { product: { id: string; name: string; price: string }; quantity: number }[], email: string) {
  const shopper = await signUp(t.app, { email });
  for (const l of lines)
    expect(
      (await trpcMutation(t.app, "cart.add", { productId: l.product.id, quantity: l.quantity }, shopper.cookie)).statusCode,
    ).toBe(200);
  const sub = lines.reduce((s, l) => s + Math.round(Number(l.product.price) * 100) * l.quantity, 0);
  const money = (c: number) => (c / 100).toFixed(2);
  const created = await t.app.inject({
    method: "POST",
    url: "/api/create-order-payment",
    headers: { cookie: shopper.cookie },
    payload: {
      shippingName: "Ama Mensah",
      shippingEmail: email,
      shippingPhone: "+233 20 000 0000",
      shippingAddress: "12 Palm Street\nAccra",
      shippingMethod: "standard",
      subtotal: money(sub),
      shippingCost: "10.00",
      total: money(sub + 1000),
      items: lines.map((l) => ({
        productId: l.product.id,
        productName: l.product.name,
        quantity: l.quantity,
        price: l.product.price,
      })),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { clientSecret, orderId, paymentIntentId } = created.json<{
    clientSecret: string;
    orderId: string;
    paymentIntentId: string;
  }>();
  await trpcMutation(
    t.app,
    "payments.confirmTestCard",
    { clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    shopper.cookie,
  );
  expect(
    (
      await t.app.inject({
        method: "POST",
        url: "/api/confirm-order-payment",
        headers: { cookie: shopper.cookie },
        payload: { paymentIntentId },
      })
    ).statusCode,
  ).toBe(200);
  return { orderId, paymentIntentId, cookie: shopper.cookie };
}

type Detail = {
  status: string;
  trackingUrl: string | null;
  history: { kind: string; by: string }[];
  lines: { productName: string; refundedQuantity: number }[];
};

describe("the admin's orders", () => {
  it("lists paid orders with filters and a search by order number or e-mail; unpaid checkouts are not listed", async () => {
    const bowl = await createProduct(db(), { name: "Calabash Bowl", price: "18.00", stockQuantity: 10 });
    const a = await paidOrder([{ product: bowl, quantity: 1 }], "list-a@example.com");
    await paidOrder([{ product: bowl, quantity: 2 }], "list-b@example.com");
    const all = trpcData<{ items: { id: string; orderNumber: string; itemCount: number }[]; total: number }>(
      await trpcQuery(t.app, "orders.list", {}, adminCookie),
    );
    expect(all.items.map((o) => o.id)).toContain(a.orderId);
    const number = (await orderRow(a.orderId))?.orderNumber ?? "";
    const byNumber = trpcData<{ items: { id: string }[] }>(
      await trpcQuery(t.app, "orders.list", { search: number.slice(-5) }, adminCookie),
    );
    expect(byNumber.items.map((o) => o.id)).toEqual([a.orderId]);
    const byEmail = trpcData<{ items: { id: string; itemCount: number }[] }>(
      await trpcQuery(t.app, "orders.list", { search: "LIST-B@" }, adminCookie),
    );
    expect(byEmail.items.map((o) => o.itemCount)).toEqual([2]);
    const shipped = trpcData<{ items: unknown[] }>(await trpcQuery(t.app, "orders.list", { status: "shipped" }, adminCookie));
    expect(shipped.items).toEqual([]);
    const future = trpcData<{ items: unknown[] }>(await trpcQuery(t.app, "orders.list", { from: "2099-01-01" }, adminCookie));
    expect(future.items).toEqual([]);
    // `To` takes in the whole of its day and nothing after it.
    const day = (await orderRow(a.orderId))?.createdAt.toISOString().slice(0, 10) ?? "";
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const upTo = async (to: string, from?: string) =>
      trpcData<{ items: { id: string }[]; total: number }>(
        await trpcQuery(t.app, "orders.list", { to, ...(from ? { from } : {}), search: "list-a@" }, adminCookie),
      );
    expect((await upTo(day)).items.map((o) => o.id)).toEqual([a.orderId]);
    expect((await upTo(day, day)).items.map((o) => o.id)).toEqual([a.orderId]);
    expect(await upTo(dayBefore)).toMatchObject({ items: [], total: 0 });
  });

  it("ships with a tracking number (mailing the link), then delivers, each recorded with who and when", async () => {
    const drum = await createProduct(db(), { name: "Talking Drum", price: "45.00", stockQuantity: 3 });
    const { orderId, cookie } = await paidOrder([{ product: drum, quantity: 1 }], "ship@example.com");
    expect(trpcError(await trpcMutation(t.app, "orders.deliver", { orderId }, adminCookie)).message).toBe(NOT_DELIVERABLE);
    const bad = await trpcMutation(t.app, "orders.ship", { orderId, carrier: "DHL", trackingNumber: "<script>" }, adminCookie);
    expect(bad.statusCode).toBe(400);
    const shipped = trpcData<Detail>(
      await trpcMutation(t.app, "orders.ship", { orderId, carrier: "DHL", trackingNumber: "JD014600003SE" }, adminCookie),
    );
    expect(shipped.status).toBe("shipped");
    expect(shipped.trackingUrl).toBe(
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=JD014600003SE",
    );
    expect(
      trpcError(await trpcMutation(t.app, "orders.ship", { orderId, carrier: "UPS", trackingNumber: "1Z999" }, adminCookie))
        .message,
    ).toBe(NOT_SHIPPABLE);
    await t.app.jobs.runDue();
    expect(mailsTo("ship@example.com", "Your Sacred Market order")[0]).toBeDefined();
    const shippedMail = t.mailer.sent.find((m) => m.to === "ship@example.com" && m.subject.endsWith("has shipped"));
    expect(shippedMail?.text).toContain("tracking-id=JD014600003SE");

    t.clock.advance(2 * 86_400_000);
    const delivered = trpcData<Detail>(await trpcMutation(t.app, "orders.deliver", { orderId }, adminCookie));
    expect(delivered.status).toBe("delivered");
    expect(delivered.history.map((h) => h.kind)).toEqual(["shipped", "delivered"]);
    expect(delivered.history[0]?.by).toBe("Test User");
    // The shopper's profile shows the status and the tracking.
    const mine = trpcData<{ id: string; status: string; trackingNumber: string | null; trackingUrl: string | null }[]>(
      await trpcQuery(t.app, "account.orders", undefined, cookie),
    );
    expect(mine.find((o) => o.id === orderId)).toMatchObject({ status: "delivered", trackingNumber: "JD014600003SE" });
  });

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

  it("is for admins only: a shopper, a Seer and a visitor are refused every call and change nothing; a missing order is not found", async () => {
    const drum = await createProduct(db(), { name: "Guarded Drum", price: "30.00", stockQuantity: 5 });
    const { orderId, cookie: owner } = await paidOrder([{ product: drum, quantity: 1 }], "guarded@example.com");
    const shopper = await signUp(t.app);
    await createUser(db(), { role: "seer", email: "office-seer@example.com" }, { password: "seer password 1" });
    const seerCookie = await signIn(t.app, "office-seer@example.com", "seer password 1");
    const calls: ["query" | "mutation", string, unknown][] = [
      ["query", "orders.list", {}],
      ["query", "orders.detail", { orderId }],
      ["query", "orders.lowStock", undefined],
      ["mutation", "orders.ship", { orderId, carrier: "DHL", trackingNumber: "JD014600003SE" }],
      ["mutation", "orders.deliver", { orderId }],
      ["mutation", "orders.refund", { orderId, reason: "Not mine to refund" }],
      ["mutation", "orders.decideReturn", { orderId, accept: true }],
      ["mutation", "orders.receiveReturn", { orderId }],
    ];
    const call = (kind: "query" | "mutation", path: string, input: unknown, cookie?: string) =>
      kind === "query" ? trpcQuery(t.app, path, input, cookie) : trpcMutation(t.app, path, input, cookie);
    for (const [kind, path, input] of calls) {
      expect((await call(kind, path, input)).statusCode, `${path} by a visitor`).toBe(401);
      // The order's own shopper is no admin either.
      for (const [who, cookie] of [
        ["a shopper", shopper.cookie],
        ["the order's shopper", owner],
        ["a Seer", seerCookie],
      ] as const)
        expect((await call(kind, path, input, cookie)).statusCode, `${path} by ${who}`).toBe(403);
    }
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "paid", refundedAmount: "0.00", trackingNumber: null });
    expect(await stockOf(drum.id)).toBe(4);
    // The admin is let through each of them (a missing order answers as one).
    const missing = "00000000-0000-0000-0000-000000000000";
    for (const [kind, path, input] of calls) {
      const asked = input && typeof input === "object" && "orderId" in input ? { ...input, orderId: missing } : input;
      const response = await call(kind, path, asked, adminCookie);
      if (path === "orders.list" || path === "orders.lowStock") expect(response.statusCode, path).toBe(200);
      else expect(trpcError(response).message, path).toBe(ORDER_NOT_FOUND);
    }
    expect(trpcData<{ id: string }>(await trpcQuery(t.app, "orders.detail", { orderId }, adminCookie)).id).toBe(orderId);
  });

  it("puts low and empty stock first, and mails admins a digest once a day", async () => {
    await createProduct(db(), { name: "Zz Empty Beads", price: "3.00", stockQuantity: 0 });
    await createProduct(db(), { name: "Aa Few Candles", price: "3.00", stockQuantity: 2 });
    const low = trpcData<{ name: string; stockQuantity: number }[]>(
      await trpcQuery(t.app, "orders.lowStock", undefined, adminCookie),
    );
    expect(low[0]?.stockQuantity).toBe(0);
    expect(low.map((p) => p.name)).toEqual(expect.arrayContaining(["Zz Empty Beads", "Aa Few Candles"]));
    expect(await t.app.services.orders.sendLowStockDigest()).toBeGreaterThan(0);
    await t.app.services.orders.sendLowStockDigest();
    await t.app.jobs.runDue();
    expect(mailsTo("admin-office@example.com", "Low stock:")).toHaveLength(1);
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
    await trpcMutation(t.app, "orders.refund", { orderId, lines: [{ productId: candle.id, quantity: 1 }], reason: "Cracked" }, adminCookie);
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

describe("returns by the Terms", () => {
  const upload = async (cookie: string, kind = "return-photo", field = "returnPhoto") => {
    const body = multipart(field, "parcel.png", "image/png", fixtures.png());
    const response = await t.app.inject({
      method: "POST",
      url: `/api/upload/${kind}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ url: string }>().url;
  };
  async function delivered(email: string) {
    const beads = await createProduct(db(), { name: `Waist Beads ${email}`, price: "12.00", stockQuantity: 5 });
    const order = await paidOrder([{ product: beads, quantity: 2 }], email);
    await trpcMutation(
      t.app,
      "orders.ship",
      { orderId: order.orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
      adminCookie,
    );
    await trpcMutation(t.app, "orders.deliver", { orderId: order.orderId }, adminCookie);
    return { ...order, beads };
  }

  it("the shopper asks within 7 days with a reason and photos; the admin accepts, receives, and the refund and stock follow", async () => {
    const { orderId, cookie, beads, paymentIntentId } = await delivered("return-ok@example.com");
    expect(await stockOf(beads.id)).toBe(3);
    const photo = await upload(cookie);
    const asked = await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId, reason: "The clasp is broken.", photoUrls: [photo] },
      cookie,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await trpcMutation(t.app, "orders.requestReturn", { orderId, reason: "Again", photoUrls: [photo] }, cookie);
    expect(trpcError(again).message).toBe(RETURN_EXISTS);
    const mine = trpcData<{ id: string; returnStatus: string | null }[]>(
      await trpcQuery(t.app, "account.orders", undefined, cookie),
    );
    expect(mine.find((o) => o.id === orderId)?.returnStatus).toBe("requested");

    // The admin sees the reason and the photos (which only the shopper and admins may open).
    const seen = trpcData<{ return: { status: string; reason: string; photoUrls: string[] } | null }>(
      await trpcQuery(t.app, "orders.detail", { orderId }, adminCookie),
    );
    expect(seen.return).toMatchObject({ status: "requested", reason: "The clasp is broken.", photoUrls: [photo] });
    expect((await t.app.inject({ method: "GET", url: photo, headers: { cookie: adminCookie } })).statusCode).toBe(200);
    const stranger = await signUp(t.app);
    expect((await t.app.inject({ method: "GET", url: photo, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    expect(trpcError(await trpcMutation(t.app, "orders.receiveReturn", { orderId }, adminCookie)).message).toBe(
      RETURN_NOT_ACCEPTED,
    );
    const accepted = trpcData<{ return: { status: string } }>(
      await trpcMutation(t.app, "orders.decideReturn", { orderId, accept: true }, adminCookie),
    );
    expect(accepted.return.status).toBe("accepted");
    expect(
      trpcError(await trpcMutation(t.app, "orders.decideReturn", { orderId, accept: false, note: "No" }, adminCookie)).message,
    ).toBe(RETURN_NOT_OPEN);
    const received = trpcData<{ status: string; return: { status: string } }>(
      await trpcMutation(t.app, "orders.receiveReturn", { orderId }, adminCookie),
    );
    expect(received).toMatchObject({ status: "refunded", return: { status: "received" } });
    // The order's history shows the return's decision and receipt, who and when, before the refund that followed.
    const history = trpcData<{ history: { kind: string; by: string; at: string }[] }>(
      await trpcQuery(t.app, "orders.detail", { orderId }, adminCookie),
    ).history;
    expect(history.map((h) => [h.kind, h.by])).toEqual([
      ["shipped", "Test User"],
      ["delivered", "Test User"],
      ["return_accepted", "Test User"],
      ["return_received", "Test User"],
      ["refund", "Test User"],
    ]);
    expect(history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
    expect(await stockOf(beads.id)).toBe(5);
    const refunds = await db().select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentIntentId, paymentIntentId));
    expect(refunds.map((r) => r.amount)).toEqual([3400]);
    await t.app.jobs.runDue();
    for (const subject of ["We received your return request", "Your return for order", "A refund for your Sacred Market order"]) {
      expect(mailsTo("return-ok@example.com", subject).length, subject).toBe(1);
    }
  });

  it("refuses an order not delivered, too late, someone else's, and photos that are not the shopper's return photos", async () => {
    const { orderId, cookie } = await delivered("return-no@example.com");
    const photo = await upload(cookie);
    const other = await signUp(t.app);
    const foreign = await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId, reason: "Mine?", photoUrls: [await upload(other.cookie)] },
      other.cookie,
    );
    expect(trpcError(foreign).message).toBe(ORDER_NOT_FOUND);
    const notMine = await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId, reason: "Broken", photoUrls: [await upload(other.cookie)] },
      cookie,
    );
    expect(trpcError(notMine).message).toBe(RETURN_PHOTO_INVALID);
    const idDocument = await upload(cookie, "profile-photo", "profilePhoto");
    expect(
      trpcError(await trpcMutation(t.app, "orders.requestReturn", { orderId, reason: "Broken", photoUrls: [idDocument] }, cookie))
        .message,
    ).toBe(RETURN_PHOTO_INVALID);
    const soap = await createProduct(db(), { name: "Undelivered Soap", price: "5.00", stockQuantity: 5 });
    const paidOnly = await paidOrder([{ product: soap, quantity: 1 }], "return-paid@example.com");
    const early = await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId: paidOnly.orderId, reason: "Changed my mind", photoUrls: [await upload(paidOnly.cookie)] },
      paidOnly.cookie,
    );
    expect(trpcError(early).message).toBe(RETURN_NOT_DELIVERED);
    t.clock.advance(8 * 86_400_000);
    expect(
      trpcError(await trpcMutation(t.app, "orders.requestReturn", { orderId, reason: "Late", photoUrls: [photo] }, cookie))
        .message,
    ).toBe(RETURN_TOO_LATE);
  });

  it("a declined return says why", async () => {
    const { orderId, cookie } = await delivered("return-declined@example.com");
    await trpcMutation(
      t.app,
      "orders.requestReturn",
      { orderId, reason: "Not as pictured", photoUrls: [await upload(cookie)] },
      cookie,
    );
    expect((await trpcMutation(t.app, "orders.decideReturn", { orderId, accept: false }, adminCookie)).statusCode).toBe(400);
    const declined = trpcData<{ return: { status: string; decisionNote: string } }>(
      await trpcMutation(
        t.app,
        "orders.decideReturn",
        { orderId, accept: false, note: "The photos show wear from use." },
        adminCookie,
      ),
    );
    expect(declined.return).toMatchObject({ status: "declined", decisionNote: "The photos show wear from use." });
    const history = trpcData<{ history: { kind: string; by: string; data: { note?: string } }[] }>(
      await trpcQuery(t.app, "orders.detail", { orderId }, adminCookie),
    ).history;
    expect(history.at(-1)).toMatchObject({
      kind: "return_declined",
      by: "Test User",
      data: { note: "The photos show wear from use." },
    });
    await t.app.jobs.runDue();
    expect(mailsTo("return-declined@example.com", "Your return for order")[0]?.text).toContain("The photos show wear from use.");
    const mine = trpcData<{ id: string; returnStatus: string | null; returnNote: string | null }[]>(
      await trpcQuery(t.app, "account.orders", undefined, cookie),
    );
    expect(mine.find((o) => o.id === orderId)).toMatchObject({
      returnStatus: "declined",
      returnNote: "The photos show wear from use.",
    });
  });
});
