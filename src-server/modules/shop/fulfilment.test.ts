import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../../db/seed/factories";
import { ORDER_NOT_FOUND } from "../../../src/schemas/shop";
import { backOfficeTestKit, type OrderDetail } from "../../test/shop";
import { signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { NOT_DELIVERABLE, NOT_SHIPPABLE } from "./fulfilment";

const kit = backOfficeTestKit();
const { db, stockOf, orderRow, mailsTo, paidOrder } = kit;
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));
type Detail = OrderDetail;

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
    // The admin is let through each of them (a missing order answers as one), once freshly confirmed (refunds ask).
    expect((await trpcMutation(t.app, "account.confirm", { password: "admin password 1" }, adminCookie)).statusCode).toBe(200);
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
