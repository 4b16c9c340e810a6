import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testPaymentRefunds } from "../../../db/schema";
import { createProduct } from "../../../db/seed/factories";
import { ORDER_NOT_FOUND } from "../../../src/schemas/shop";
import { backOfficeTestKit } from "../../test/shop";
import { signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, multipart } from "../../test/uploads";
import { RETURN_EXISTS, RETURN_NOT_ACCEPTED, RETURN_NOT_DELIVERED, RETURN_NOT_OPEN, RETURN_PHOTO_INVALID, RETURN_TOO_LATE } from "./returns";

const kit = backOfficeTestKit();
const { db, stockOf, mailsTo, paidOrder } = kit;
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));

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
