import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { orders, products } from "../../db/schema";
import { createUser } from "../../db/seed/factories";
import { createTestApp, signIn, signUp, trpcMutation, type TestApp } from "./app";

/** A paid order through the public door: cart, checkout, the test card, confirmation. */
export async function paidOrder(
  t: TestApp,
  lines: { product: { id: string; name: string; price: string }; quantity: number }[],
  email: string,
) {
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

/** An order as the admin's order page reads it (the fields the back-office tests look at). */
export type OrderDetail = {
  status: string;
  trackingUrl: string | null;
  history: { kind: string; by: string }[];
  lines: { productName: string; refundedQuantity: number }[];
};

/**
 * One app for a back-office test file, with an admin signed in, and the reads and calls the files share. Called at the
 * top of a file: it registers the file's beforeAll and afterAll (the files of a worker share their modules).
 */
export function backOfficeTestKit() {
  let app: TestApp | undefined;
  let adminCookie = "";
  beforeAll(async () => {
    app = await createTestApp();
    await createUser(app.database.db, { role: "admin", email: "admin-office@example.com" }, { password: "admin password 1" });
    adminCookie = await signIn(app.app, "admin-office@example.com", "admin password 1");
  });
  afterAll(async () => {
    await app?.close();
  });
  const t = (): TestApp => {
    if (!app) throw new Error("the back-office test app is not started");
    return app;
  };
  const db = () => t().database.db;
  return {
    get: () => ({ t: t(), adminCookie }),
    db,
    stockOf: async (id: string) =>
      (await db().select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.s,
    orderRow: async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0],
    mailsTo: (email: string, subject: string) =>
      t().mailer.sent.filter((m) => m.to === email && m.subject.startsWith(subject)),
    /** A paid order through the public door. */
    paidOrder: (lines: Parameters<typeof paidOrder>[1], email: string) => paidOrder(t(), lines, email),
  };
}
