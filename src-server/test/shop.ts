import { expect } from "vitest";
import { signUp, trpcMutation, type TestApp } from "./app";

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
