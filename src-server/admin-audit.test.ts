/**
 * The admin audit log (issue #47): every admin mutation of the router (read from the authorization matrix's access
 * table, so a new one without a case here fails) writes exactly one row, with the acting admin, the procedure's key, the
 * record and the request id, in its own transaction: a refused call writes none. The table refuses UPDATE and DELETE,
 * no procedure changes it, and the CSV export is the admins' only, with its filters and a guard against formulas.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAudit,
  bookingDisputes,
  contactMessages,
  localPayouts,
  orderReturns,
  orders,
  payoutMethods,
  users,
  vendorShipments,
} from "../db/schema";
import {
  createBooking,
  createProduct,
  createSeer,
  createSeerApplication,
  createUser,
  createVendor,
  createVendorApplication,
  uniqueSuffix,
} from "../db/seed/factories";
import { ADMIN_ACTIONS } from "../src/domain/audit";
import type { OrderStatus } from "../src/domain/enums";
import { appRouter } from "./modules";
import { PROCEDURE_ACCESS } from "./test/access";
import { createTestApp, signIn, signUp, trpcData, trpcMutation, trpcQuery, type TestApp } from "./test/app";

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" } }>;

/** The admin mutations, from the matrix's table and the router: every procedure only admins may call that changes something. */
const adminMutations = Object.entries(PROCEDURE_ACCESS)
  .filter(([path, access]) => access === "admin" && procedures[path]?._def.type === "mutation")
  .map(([path]) => path)
  .sort();

let t: TestApp;
let adminId: string;
let adminEmail: string;
let adminCookie: string;
let clientId: string;
let clientCookie: string;

async function order(status: OrderStatus): Promise<string> {
  const at = new Date(t.clock.now().getTime() - 86_400_000);
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId: clientId,
      orderNumber: `SM-AUDIT-${uniqueSuffix()}`,
      items: [],
      subtotal: "10.00",
      shippingCost: "10.00",
      total: "20.00",
      shippingName: "Ama",
      shippingEmail: "ama@example.com",
      shippingPhone: "1",
      shippingAddress: "Accra",
      status,
      paidAt: at,
      ...(status === "shipped" || status === "delivered" ? { shippedAt: at } : {}),
      ...(status === "delivered" ? { deliveredAt: at } : {}),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("no order");
  return row.id;
}

async function failedPayout(): Promise<string> {
  const db = t.database.db;
  const seer = await createSeer(db, { userId: (await createUser(db, { role: "seer" })).id });
  const [method] = await db
    .insert(payoutMethods)
    .values({
      seerId: seer.id,
      rail: "paystack",
      kind: "mobile_money",
      country: "GH",
      currency: "GHS",
      institutionCode: "MTN",
      institutionName: "MTN Mobile Money",
      accountNumber: "0244120000",
      accountName: "Kwesi Appiah",
      usableFrom: t.clock.now(),
    })
    .returning({ id: payoutMethods.id });
  const [payout] = await db
    .insert(localPayouts)
    .values({
      id: `po_audit_${uniqueSuffix()}`,
      seerId: seer.id,
      methodId: method?.id ?? "",
      rail: "paystack",
      status: "failed",
      amount: 6400,
      currency: "GHS",
      localAmount: 92288,
      rate: "14.42",
    })
    .returning({ id: localPayouts.id });
  return payout?.id ?? "";
}

/** Per admin mutation: an input that succeeds, one the service refuses after its door (nothing may change), the record. */
interface Case {
  ok: unknown;
  refused: unknown;
  target: string;
}
const CASES: Record<string, () => Promise<Case>> = {
  "admin.reviewApplication": async () => {
    const application = await createSeerApplication(t.database.db);
    return {
      ok: { id: application.id, status: "approved", reviewNotes: "Welcome" },
      refused: { id: randomUUID(), status: "approved", reviewNotes: null },
      target: application.id,
    };
  },
  "bookings.adminCancel": async () => {
    const seer = await createSeer(t.database.db);
    const booking = await createBooking(t.database.db, { clientId, seerId: seer.id, status: "confirmed" });
    return {
      ok: { bookingId: booking.id, refundAmount: "0", reason: "Seer unavailable" },
      refused: { bookingId: booking.id, refundAmount: "99999", reason: "Too much" },
      target: booking.id,
    };
  },
  "bookings.decideDispute": async () => {
    const seer = await createSeer(t.database.db);
    const booking = await createBooking(t.database.db, {
      clientId,
      seerId: seer.id,
      status: "completed",
      completedAt: new Date(),
    });
    const [dispute] = await t.database.db
      .insert(bookingDisputes)
      .values({ bookingId: booking.id, reason: "other", text: "The reading was cut short" })
      .returning({ id: bookingDisputes.id });
    const id = dispute?.id ?? "";
    return {
      ok: { disputeId: id, decision: "release", reason: "The room shows a full session" },
      refused: { disputeId: id, decision: "partial_refund", refundAmount: "99999", reason: "Too much" },
      target: id,
    };
  },
  "contact.setStatus": async () => {
    const [message] = await t.database.db
      .insert(contactMessages)
      .values({ name: "Ama", email: "ama@example.com", subject: "Hello", message: "A question" })
      .returning({ id: contactMessages.id });
    const id = message?.id ?? "";
    return { ok: { id, status: "replied" }, refused: { id: randomUUID(), status: "closed" }, target: id };
  },
  "orders.ship": async () => {
    const id = await order("paid");
    const shipped = await order("shipped");
    return {
      ok: { orderId: id, carrier: "DHL", trackingNumber: "AB123" },
      refused: { orderId: shipped, carrier: "DHL", trackingNumber: "AB123" },
      target: id,
    };
  },
  "orders.deliver": async () => {
    const id = await order("shipped");
    return { ok: { orderId: id }, refused: { orderId: await order("paid") }, target: id };
  },
  "orders.refund": async () => {
    const id = await order("paid");
    return { ok: { orderId: id, reason: "Broken" }, refused: { orderId: await order("refunded"), reason: "Again" }, target: id };
  },
  "orders.decideReturn": async () => {
    const id = await order("delivered");
    await t.database.db.insert(orderReturns).values({ orderId: id, reason: "Arrived broken" });
    return { ok: { orderId: id, accept: true }, refused: { orderId: await order("delivered"), accept: true }, target: id };
  },
  "orders.receiveReturn": async () => {
    const id = await order("delivered");
    await t.database.db.insert(orderReturns).values({ orderId: id, reason: "Arrived broken", status: "accepted" });
    const open = await order("delivered");
    await t.database.db.insert(orderReturns).values({ orderId: open, reason: "Not decided yet" });
    return { ok: { orderId: id }, refused: { orderId: open }, target: id };
  },
  "payouts.retry": async () => {
    const id = await failedPayout();
    // The refused call: a payout id longer than the schema allows.
    return { ok: { payoutId: id }, refused: { payoutId: "x".repeat(65) }, target: id };
  },
  "vendors.reviewApplication": async () => {
    const application = await createVendorApplication(t.database.db);
    return {
      ok: { id: application.id, status: "approved", commissionPercentage: "15.00" },
      refused: { id: randomUUID(), status: "approved" },
      target: application.id,
    };
  },
  "vendors.approveProduct": async () => {
    const vendor = await createVendor(t.database.db);
    const product = await createProduct(t.database.db, { vendorId: vendor.id });
    const approved = await createProduct(t.database.db, { vendorId: vendor.id, approvedAt: t.clock.now() });
    return { ok: { id: product.id }, refused: { id: approved.id }, target: product.id };
  },
  "vendors.markDelivered": async () => {
    const db = t.database.db;
    const vendor = await createVendor(db);
    const line = { productId: randomUUID(), productName: "Drum", quantity: 1, price: "10.00", vendorId: vendor.id, commission: "15.00" };
    const shipped = await order("paid");
    const unshipped = await order("paid");
    await db.update(orders).set({ items: [line] }).where(eq(orders.id, shipped));
    await db.update(orders).set({ items: [line] }).where(eq(orders.id, unshipped));
    await db
      .insert(vendorShipments)
      .values({ orderId: shipped, vendorId: vendor.id, carrier: "DHL", trackingNumber: "AB123", shippedAt: t.clock.now() });
    return {
      ok: { orderId: shipped, vendorId: vendor.id },
      refused: { orderId: unshipped, vendorId: vendor.id },
      target: shipped,
    };
  },
};

const auditRows = () => t.database.db.select().from(adminAudit);

beforeAll(async () => {
  t = await createTestApp();
  adminEmail = `audit-admin-${uniqueSuffix()}@example.com`.toLowerCase();
  adminId = (await createUser(t.database.db, { email: adminEmail, role: "admin" }, { password: "audit password 1" })).id;
  adminCookie = await signIn(t.app, adminEmail, "audit password 1");
  const client = await signUp(t.app);
  clientCookie = client.cookie;
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, client.email));
  clientId = row?.id ?? "";
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("the admin audit log", () => {
  it("knows every admin mutation of the router, and the console lists each", () => {
    expect(adminMutations.length).toBeGreaterThan(5);
    expect(Object.keys(CASES).sort()).toEqual(adminMutations);
    expect([...ADMIN_ACTIONS].sort()).toEqual(adminMutations);
  });

  it.each(adminMutations)("%s writes one row when it succeeds and none when it is refused", { timeout: 60_000 }, async (path) => {
    const prepare = CASES[path];
    if (!prepare) throw new Error(`${path} has no case`);
    const c = await prepare();
    const before = await auditRows();

    const refused = await trpcMutation(t.app, path, c.refused, adminCookie);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditRows()).toHaveLength(before.length);

    const done = await trpcMutation(t.app, path, c.ok, adminCookie);
    expect(done.statusCode, done.body).toBe(200);
    const added = (await auditRows()).filter((r) => !before.some((b) => b.id === r.id));
    expect(added).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorEmail: adminEmail,
        action: path,
        targetId: c.target,
        requestId: done.headers["x-request-id"],
      }),
    ]);
  });

  it("refuses to change or delete a row, in the database itself", async () => {
    const [row] = await auditRows();
    expect(row).toBeDefined();
    const id = row?.id ?? "";
    await expect(t.database.db.update(adminAudit).set({ action: "changed" }).where(eq(adminAudit.id, id))).rejects.toThrow();
    await expect(t.database.db.delete(adminAudit).where(eq(adminAudit.id, id))).rejects.toThrow();
    const [again] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.id, id));
    expect(again).toEqual(row);
  });

  it("has no procedure that changes the log: the admin's procedures on it are reads", () => {
    const onTheLog = Object.keys(procedures).filter((p) => /audit/i.test(p));
    expect(onTheLog.sort()).toEqual(["admin.auditExport", "admin.auditLog"]);
    expect(onTheLog.map((p) => procedures[p]?._def.type)).toEqual(["query", "query"]);
  });

  it("keeps a row when the actor's account is deleted (anonymised), with the e-mail they had", async () => {
    const email = `leaving-admin-${uniqueSuffix()}@example.com`.toLowerCase();
    const leaving = await createUser(t.database.db, { email, role: "admin" }, { password: "audit password 1" });
    const cookie = await signIn(t.app, email, "audit password 1");
    const [message] = await t.database.db
      .insert(contactMessages)
      .values({ name: "Kofi", email: "kofi@example.com", subject: "Hi", message: "Hello" })
      .returning({ id: contactMessages.id });
    expect((await trpcMutation(t.app, "contact.setStatus", { id: message?.id, status: "closed" }, cookie)).statusCode).toBe(200);
    const deleted = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: "audit password 1" }, cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [gone] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, leaving.id));
    expect(gone?.email).not.toBe(email);
    const rows = await t.database.db.select().from(adminAudit).where(eq(adminAudit.actorId, leaving.id));
    expect(rows).toEqual([expect.objectContaining({ actorEmail: email, action: "contact.setStatus" })]);
    // The users row itself can never be removed from under the log.
    await expect(t.database.db.delete(users).where(eq(users.id, leaving.id))).rejects.toThrow();
  });

  it("pages the log newest first, filtered by admin, action and day; clients are refused", async () => {
    const all = trpcData<{ id: string; action: string; createdAt: Date }[]>(
      await trpcQuery(t.app, "admin.auditLog", {}, adminCookie),
    );
    expect(all.length).toBeGreaterThanOrEqual(adminMutations.length);
    const times = all.map((r) => new Date(r.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const refunds = trpcData<{ action: string }[]>(
      await trpcQuery(
        t.app,
        "admin.auditLog",
        { action: "orders.refund", actor: adminEmail.slice(0, 12).toUpperCase() },
        adminCookie,
      ),
    );
    expect(refunds.map((r) => r.action)).toEqual(["orders.refund"]);

    const nobody = trpcData<unknown[]>(await trpcQuery(t.app, "admin.auditLog", { actor: "no-such-admin" }, adminCookie));
    expect(nobody).toEqual([]);
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(trpcData<unknown[]>(await trpcQuery(t.app, "admin.auditLog", { from: today, to: today }, adminCookie))).toHaveLength(
      all.length,
    );
    expect(trpcData<unknown[]>(await trpcQuery(t.app, "admin.auditLog", { from: tomorrow }, adminCookie))).toEqual([]);
    const backwards = await trpcQuery(t.app, "admin.auditLog", { from: tomorrow, to: today }, adminCookie);
    expect(backwards.statusCode).toBe(400);

    const [newest] = all;
    // The cursor's date travels as superjson writes it, as the console sends it.
    const input = superjson.serialize({ before: { createdAt: newest?.createdAt, id: newest?.id } });
    const page = await t.app.inject({
      method: "GET",
      url: `/trpc/admin.auditLog?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: { cookie: adminCookie },
    });
    const after = trpcData<{ id: string }[]>(page);
    expect(after.map((r) => r.id)).toEqual(all.slice(1).map((r) => r.id));

    expect((await trpcQuery(t.app, "admin.auditLog", {}, clientCookie)).statusCode).toBe(403);
  });
});

describe("GET /api/admin/audit.csv", () => {
  const csv = (query: string, cookie?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: "GET", url: `/api/admin/audit.csv${query}`, headers: cookie ? { cookie } : {} });

  it("exports the filtered log as CSV, quoting every cell and defusing cells a spreadsheet would run", async () => {
    // A row whose fields begin as formulas, as a crafted input could make them.
    await t.database.db.insert(adminAudit).values({
      actorId: adminId,
      actorEmail: adminEmail,
      action: "contact.setStatus",
      targetKind: "contact_message",
      targetId: '=HYPERLINK("http://evil.example","x")',
      change: { note: 'He said "hi", then left' },
      requestId: "+1-555",
      createdAt: t.clock.now(),
    });
    const response = await csv(`?action=contact.setStatus&actor=${encodeURIComponent(adminEmail)}`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain("audit-log.csv");
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe('"When (UTC)","Admin","Admin id","Action","What","Record kind","Record id","Change","Request id"');
    const body = lines.slice(1).filter(Boolean);
    expect(body.length).toBeGreaterThanOrEqual(2);
    expect(body.every((l) => l.includes('"contact.setStatus","Mark a contact message"'))).toBe(true);
    const crafted = body.find((l) => l.includes("HYPERLINK"));
    expect(crafted).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(crafted).toContain('"{""note"":""He said \\""hi\\"", then left""}"');
    expect(crafted?.endsWith(`"'+1-555"`)).toBe(true);

    const other = await csv(`?action=orders.ship`, adminCookie);
    expect(
      other.body
        .split("\r\n")
        .filter(Boolean)
        .slice(1)
        .every((l) => l.includes('"orders.ship"')),
    ).toBe(true);
    expect(other.body).not.toContain("contact.setStatus");
  });

  it("is for admins only, and refuses a filter it does not know", async () => {
    expect((await csv("")).statusCode).toBe(401);
    const client = await csv("", clientCookie);
    expect(client.statusCode).toBe(403);
    expect(client.body).not.toContain("When (UTC)");
    expect((await csv("?action=account.signIn", adminCookie)).statusCode).toBe(400);
    expect((await csv("?from=yesterday", adminCookie)).statusCode).toBe(400);
  });

  it("leaves the log as it was: an export writes no row", async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(adminAudit);
    expect((await csv("", adminCookie)).statusCode).toBe(200);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(adminAudit);
    expect(after?.n).toBe(before?.n);
  });
});
