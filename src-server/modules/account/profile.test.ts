import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, type OrderItemSnapshot } from "../../../db/schema";
import { uniqueSuffix } from "../../../db/seed/factories";
import { createTestApp, signUp, trpcData, trpcQuery, type TestApp } from "../../test/app";
import type { OwnOrder } from "./profile";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function signedInUser() {
  const { cookie } = await signUp(t.app);
  const me = (await trpcQuery(t.app, "account.me", undefined, cookie)).json() as { result: { data: { json: { id: string } } } };
  return { cookie, id: me.result.data.json.id };
}

async function insertOrder(userId: string, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const items: OrderItemSnapshot[] = [{ productId: "p-1", productName: "Kente Stole", quantity: 2, price: "30.00" }];
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId,
      orderNumber: `SM-${uniqueSuffix()}`,
      items,
      subtotal: "60.00",
      shippingCost: "10.00",
      total: "70.00",
      shippingName: "Ama Mensah",
      shippingEmail: "ama@example.com",
      shippingPhone: "+233 20 000 0000",
      shippingAddress: "1 Oxford Street, Accra",
      status: "paid",
      ...overrides,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (!row) throw new Error("order not inserted");
  return row;
}

describe("account.orders", () => {
  it("answers 401 when signed out", async () => {
    const response = await trpcQuery(t.app, "account.orders");
    expect(response.statusCode).toBe(401);
  });

  it("lists only the caller's own bought orders, newest first, with number, items, totals and status", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const older = await insertOrder(me.id, { createdAt: new Date(t.clock.now().getTime() - 2 * DAY) });
    const newer = await insertOrder(me.id, { createdAt: new Date(t.clock.now().getTime() - DAY), status: "refunded" });
    const awaiting = await insertOrder(me.id, {
      status: "pending",
      reservationExpiresAt: new Date(t.clock.now().getTime() + 10 * 60_000),
    });
    // Never shown: a checkout whose reservation ran out, a released one, and someone else's order.
    await insertOrder(me.id, { status: "pending", reservationExpiresAt: new Date(t.clock.now().getTime() - 60_000) });
    await insertOrder(me.id, { status: "cancelled" });
    const theirs = await insertOrder(other.id);

    const response = await trpcQuery(t.app, "account.orders", undefined, me.cookie);
    expect(response.statusCode).toBe(200);
    const list = trpcData<OwnOrder[]>(response);
    expect(list.map((o) => o.id)).toEqual([awaiting.id, newer.id, older.id]);
    expect(list[2]).toMatchObject({
      orderNumber: older.orderNumber,
      items: [{ productId: "p-1", productName: "Kente Stole", quantity: 2, price: "30.00" }],
      subtotal: "60.00",
      shippingCost: "10.00",
      total: "70.00",
      status: "paid",
    });
    // The shipping address and payment ids stay on the server.
    expect(list[0]).not.toHaveProperty("shippingAddress");
    expect(list[0]).not.toHaveProperty("paymentIntentId");

    expect(trpcData<OwnOrder[]>(await trpcQuery(t.app, "account.orders", undefined, other.cookie)).map((o) => o.id)).toEqual([
      theirs.id,
    ]);
  });
});
