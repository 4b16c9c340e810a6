/**
 * The authorization matrix, generated from the router: every procedure of appRouter must have an entry here (a new
 * procedure without one fails), and each is called as a visitor, a client, another client, a Seer, another Seer and an
 * admin. Where a procedure reads or changes someone's own record, another user's id must answer exactly as a missing
 * one (docs/product.md#roles-and-access).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, cartItems, orders, seerCalendars, seerDateOverrides, seers } from "../db/schema";
import { createBooking, createProduct, createSeer, createUser, uniqueSuffix } from "../db/seed/factories";
import { appRouter } from "./modules";
import { PROCEDURE_ACCESS, type Access } from "./test/access";
import { createTestApp, signIn, signUp, trpcData, type TestApp } from "./test/app";

type Role = "visitor" | "client" | "otherClient" | "seer" | "otherSeer" | "admin";
const ROLES: Role[] = ["visitor", "client", "otherClient", "seer", "otherSeer", "admin"];

interface Fixtures {
  seerId: string;
  otherSeerId: string;
  productId: string;
  bookingId: string;
  bookingIntentId: string;
  cartLineId: string;
  draftId: string;
  draftSlug: string;
  orderIntentId: string;
  /** The client's order, delivered yesterday: one they may ask to return. */
  deliveredOrderId: string;
  clientSessionId: string;
  /** The Seer's own calendar (an iCalendar address): another Seer removing it is told what a missing id is told. */
  seerCalendarId: string;
  /** The Seer's time off (seerDashboard.removeOverride). */
  overrideId: string;
}

/** How to call a procedure (its access level is in PROCEDURE_ACCESS); a procedure called with no input needs none. */
interface Entry {
  /** The input for the sweep over roles; a state-changing call gets one its schema refuses, so nothing changes. */
  input?: (f: Fixtures) => unknown;
  /** A record the client owns: another client asking for it must be told what a missing id is told. */
  owned?: { input: (f: Fixtures) => unknown; missing: (f: Fixtures) => unknown };
  /** Changes the caller's own session: run after every other entry. */
  last?: boolean;
}

const INVALID = { "": "not the input this takes" };
const missingId = () => randomUUID();

const MATRIX: Partial<Record<string, Entry>> = {
  "account.signIn": { input: () => INVALID },
  "account.setCurrency": { input: () => INVALID },
  "account.signUp": { input: () => INVALID },
  "account.signOut": { last: true },
  "account.verifyEmail": { input: () => INVALID },
  "account.requestPasswordReset": { input: () => INVALID },
  "account.resetPassword": { input: () => INVALID },
  "account.changePassword": { input: () => INVALID },
  "account.changeEmail": { input: () => INVALID },
  "account.endSession": {
    input: () => INVALID,
    owned: { input: (f) => ({ sessionId: f.clientSessionId }), missing: () => ({ sessionId: "0".repeat(64) }) },
  },
  "account.deleteAccount": { input: () => INVALID },
  "account.signInSecondStep": { input: () => INVALID },
  "account.confirm": { input: () => INVALID },
  "account.confirmTotp": { input: () => INVALID },
  "account.removeSecondFactor": { input: () => INVALID },
  "account.addPasskey": { input: () => INVALID },
  "seers.list": { input: () => ({}) },
  "seers.byId": { input: (f) => ({ id: f.seerId }) },
  "seers.reviews": { input: (f) => ({ id: f.seerId }) },
  "bookings.createPaymentIntent": { input: () => INVALID },
  "bookings.confirmPayment": {
    input: () => INVALID,
    owned: {
      input: (f) => ({ paymentIntentId: f.bookingIntentId }),
      missing: () => ({ paymentIntentId: `pi_${uniqueSuffix()}` }),
    },
  },
  "bookings.byId": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.takenSlots": { input: (f) => ({ seerId: f.seerId, scheduledDate: "2030-01-01" }) },
  "bookings.calendar": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.cancellationQuote": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.cancel": {
    input: () => INVALID,
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.reschedule": {
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
      missing: () => ({ bookingId: missingId(), scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
    },
  },
  "bookings.proposeReschedule": {
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
      missing: () => ({ bookingId: missingId(), scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
    },
  },
  "bookings.respondToProposal": {
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, accept: true }),
      missing: () => ({ bookingId: missingId(), accept: true }),
    },
  },
  "bookings.review": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.writeReview": {
    input: () => INVALID,
    owned: { input: (f) => ({ bookingId: f.bookingId, rating: 5 }), missing: () => ({ bookingId: missingId(), rating: 5 }) },
  },
  "bookings.replyToReview": {
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, reply: "Thanks" }),
      missing: () => ({ bookingId: missingId(), reply: "Thanks" }),
    },
  },
  "payments.confirmTestCard": { input: () => INVALID },
  "payments.startMobileMoney": { input: () => INVALID },
  "payments.mobileMoneyState": { input: () => INVALID },
  "payments.answerTestPhone": { input: () => INVALID },
  "shop.products": { input: () => ({}) },
  "shop.product": { input: () => ({ slug: "no-such-product" }) },
  "cart.add": { input: () => INVALID },
  "cart.setQuantity": {
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.cartLineId, quantity: 1 }), missing: () => ({ id: missingId(), quantity: 1 }) },
  },
  "cart.remove": {
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.cartLineId }), missing: () => ({ id: missingId() }) },
  },
  "orders.createPayment": { input: () => INVALID },
  "orders.confirmPayment": {
    input: () => INVALID,
    owned: { input: (f) => ({ paymentIntentId: f.orderIntentId }), missing: () => ({ paymentIntentId: `pi_${uniqueSuffix()}` }) },
  },
  "applications.submit": { input: () => INVALID },
  "bookings.seerEarnings": { input: () => ({}) },
  "seerDashboard.setTimezone": { input: () => INVALID },
  "seerDashboard.updateProfile": { input: () => INVALID },
  "seerDashboard.updateAvailability": { input: () => INVALID },
  "seerDashboard.saveRules": { input: () => INVALID },
  "seerDashboard.addOverride": { input: () => INVALID },
  "seerDashboard.removeOverride": {
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.overrideId }), missing: () => ({ id: missingId() }) },
  },
  "seerDashboard.cancelTimeOffBookings": {
    input: () => INVALID,
    owned: { input: (f) => ({ bookingIds: [f.bookingId] }), missing: () => ({ bookingIds: [missingId()] }) },
  },
  "payouts.connect": { input: () => INVALID },
  "payouts.refresh": { input: () => INVALID },
  "payouts.completeTestOnboarding": { input: () => INVALID },
  "articles.list": { input: () => ({}) },
  "articles.bySlug": {
    input: () => ({ slug: "no-such-article" }),
    owned: { input: (f) => ({ slug: f.draftSlug }), missing: () => ({ slug: `missing-${uniqueSuffix()}` }) },
  },
  "articles.recordView": { input: () => ({ slug: "no-such-article" }) },
  "articles.forEdit": {
    input: () => ({ id: missingId() }),
    owned: { input: (f) => ({ id: f.draftId }), missing: () => ({ id: missingId() }) },
  },
  "articles.create": { input: () => INVALID },
  "articles.update": {
    input: () => INVALID,
    owned: {
      input: (f) => ({
        id: f.draftId,
        title: "Taken over",
        content: "x".repeat(60),
        category: "Ancestors",
        tags: [],
        isPublished: false,
      }),
      missing: () => ({
        id: missingId(),
        title: "Taken over",
        content: "x".repeat(60),
        category: "Ancestors",
        tags: [],
        isPublished: false,
      }),
    },
  },
  "articles.remove": {
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.draftId }), missing: () => ({ id: missingId() }) },
  },
  "admin.seerApplications": { input: () => ({ status: "pending" }) },
  "admin.reviewApplication": { input: () => INVALID },
  "admin.auditLog": { input: () => ({}) },
  "admin.auditExport": { input: () => ({ action: "orders.refund" }) },
  "contact.send": { input: () => INVALID },
  "contact.list": { input: () => ({ status: "new" }) },
  "contact.setStatus": { input: () => INVALID },
  "orders.list": { input: () => ({}) },
  "orders.detail": { input: () => ({ orderId: missingId() }) },
  "orders.ship": { input: () => INVALID },
  "orders.deliver": { input: () => INVALID },
  "orders.refund": { input: () => INVALID },
  "orders.requestReturn": {
    input: () => INVALID,
    owned: {
      input: (f) => ({ orderId: f.deliveredOrderId, reason: "Arrived broken", photoUrls: [`/api/uploads/${missingId()}`] }),
      missing: () => ({ orderId: missingId(), reason: "Arrived broken", photoUrls: [`/api/uploads/${missingId()}`] }),
    },
  },
  "orders.decideReturn": { input: () => INVALID },
  "orders.receiveReturn": { input: () => INVALID },
  "meetings.room": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "meetings.messages": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "messages.thread": {
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "messages.send": {
    input: () => INVALID,
    owned: { input: (f) => ({ bookingId: f.bookingId, text: "Hello" }), missing: () => ({ bookingId: missingId(), text: "Hello" }) },
  },
  "messages.markRead": {
    input: () => INVALID,
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.adminCancel": { input: () => INVALID },
  "calendars.feed": {},
  "calendars.resetFeed": {},
  "calendars.list": {},
  "calendars.add": { input: () => INVALID },
  "calendars.remove": {
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.seerCalendarId }), missing: () => ({ id: missingId() }) },
  },  "vendors.submit": { input: () => INVALID },
  "vendors.payoutOptions": { input: () => INVALID },
  "vendors.payoutName": { input: () => INVALID },
  "vendors.markShipped": { input: () => INVALID },
  "vendors.createProduct": { input: () => INVALID },
  "vendors.updateProduct": { input: () => INVALID },
  "vendors.applications": { input: () => ({ status: "pending" }) },
  "vendors.reviewApplication": { input: () => INVALID },
  "vendors.approveProduct": { input: () => INVALID },
};

const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: "query" | "mutation" | "subscription" } }
>;

let t: TestApp;
let f: Fixtures;
const cookies: Partial<Record<Role, string>> = {};

function call(path: string, input: unknown, cookie: string | undefined): Promise<LightMyRequestResponse> {
  const headers = cookie ? { cookie } : {};
  if (procedures[path]?._def.type === "query") {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return t.app.inject({ method: "GET", url: `/trpc/${path}${query}`, headers });
  }
  return t.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(input === undefined ? {} : { json: input }),
  });
}

const errorOf = (response: LightMyRequestResponse) =>
  response.statusCode === 200 ? null : (response.json() as { error: { json: { message: string } } }).error.json.message;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const client = await signUp(t.app);
  cookies.client = client.cookie;
  cookies.otherClient = (await signUp(t.app)).cookie;
  for (const role of ["seer", "otherSeer", "admin"] as const) {
    const email = `${role}-${uniqueSuffix()}@example.com`.toLowerCase();
    const user = await createUser(db, { email, role: role === "admin" ? "admin" : "seer" }, { password: "matrix password 1" });
    if (role !== "admin") await createSeer(db, { userId: user.id, fullName: `${role} Seer ${uniqueSuffix()}` });
    cookies[role] = await signIn(t.app, email, "matrix password 1");
  }
  const idOf = async (cookie: string | undefined) =>
    ((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookie ?? "" } })).json() as { id: string })
      .id;
  const clientId = await idOf(cookies.client);
  const seerRows = await db.select({ id: seers.id, userId: seers.userId }).from(seers);
  const seerUserId = await idOf(cookies.seer);
  const otherSeerUserId = await idOf(cookies.otherSeer);
  const seerId = seerRows.find((s) => s.userId === seerUserId)?.id ?? "";
  const otherSeerId = seerRows.find((s) => s.userId === otherSeerUserId)?.id ?? "";
  const product = await createProduct(db, { name: `Matrix Drum ${uniqueSuffix()}`, stockQuantity: 5 });
  const bookingIntentId = `pi_matrix_booking_${uniqueSuffix()}`;
  const booking = await createBooking(db, { clientId, seerId, status: "pending", paymentIntentId: bookingIntentId });
  const [line] = await db.insert(cartItems).values({ userId: clientId, productId: product.id, quantity: 1 }).returning();
  const draftSlug = `matrix-draft-${uniqueSuffix()}`.toLowerCase();
  const [draft] = await db
    .insert(articles)
    .values({ authorId: clientId, title: "A private draft", slug: draftSlug, content: "x".repeat(60), category: "Ancestors" })
    .returning();
  const orderIntentId = `pi_matrix_order_${uniqueSuffix()}`;
  await db.insert(orders).values({
    userId: clientId,
    orderNumber: `SM-${uniqueSuffix()}`,
    items: [],
    subtotal: "10.00",
    shippingCost: "10.00",
    total: "20.00",
    shippingName: "Ama",
    shippingEmail: client.email,
    shippingPhone: "1",
    shippingAddress: "Accra",
    paymentIntentId: orderIntentId,
  });
  const deliveredAt = new Date(t.clock.now().getTime() - 86_400_000);
  const [delivered] = await db
    .insert(orders)
    .values({
      userId: clientId,
      orderNumber: `SM-${uniqueSuffix()}`,
      items: [],
      subtotal: "10.00",
      shippingCost: "10.00",
      total: "20.00",
      shippingName: "Ama",
      shippingEmail: client.email,
      shippingPhone: "1",
      shippingAddress: "Accra",
      status: "delivered",
      paidAt: deliveredAt,
      shippedAt: deliveredAt,
      deliveredAt,
    })
    .returning({ id: orders.id });
  const [calendar] = await db
    .insert(seerCalendars)
    .values({ seerId, kind: "ical", url: "https://calendar.example.com/private.ics" })
    .returning({ id: seerCalendars.id });
  const [override] = await db
    .insert(seerDateOverrides)
    .values({ seerId, startDate: "2030-01-01", endDate: "2030-01-07", kind: "time_off" })
    .returning({ id: seerDateOverrides.id });
  const sessions = trpcData<{ id: string; current: boolean }[]>(
    await t.app.inject({ method: "GET", url: "/trpc/account.sessions", headers: { cookie: cookies.client ?? "" } }),
  );
  f = {
    seerId,
    otherSeerId,
    productId: product.id,
    bookingId: booking.id,
    bookingIntentId,
    cartLineId: line?.id ?? "",
    draftId: draft?.id ?? "",
    draftSlug,
    orderIntentId,
    deliveredOrderId: delivered?.id ?? "",
    clientSessionId: sessions.find((s) => s.current)?.id ?? "",
    seerCalendarId: calendar?.id ?? "",
    overrideId: override?.id ?? "",
  };
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe("the authorization matrix", () => {
  it("has an entry for every procedure of the router, and none for a procedure that is gone", () => {
    const paths = Object.keys(procedures).sort();
    expect(paths.filter((p) => !(p in PROCEDURE_ACCESS))).toEqual([]);
    expect(Object.keys(PROCEDURE_ACCESS).filter((p) => !(p in procedures))).toEqual([]);
    expect(Object.keys(MATRIX).filter((p) => !(p in procedures))).toEqual([]);
  });

  it("lets each role through exactly the doors it may use, and never answers 500", { timeout: 300_000 }, async () => {
    const allowed = (access: Access, role: Role) =>
      access === "public" ||
      (access === "signed-in" && role !== "visitor") ||
      (access === "seer" && (role === "seer" || role === "otherSeer")) ||
      (access === "admin" && role === "admin");
    const paths = Object.keys(procedures).sort((a, b) => Number(MATRIX[a]?.last ?? false) - Number(MATRIX[b]?.last ?? false));
    const failures: string[] = [];
    for (const path of paths) {
      const entry = MATRIX[path] ?? {};
      const access = PROCEDURE_ACCESS[path];
      if (!access) continue;
      for (const role of ROLES) {
        const response = await call(path, entry.input?.(f), cookies[role]);
        const status = response.statusCode;
        const expected = allowed(access, role)
          ? status !== 401 && status !== 403 && status < 500
          : status === (role === "visitor" ? 401 : 403);
        if (!expected) failures.push(`${path} as ${role}: ${status} ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers another user's record exactly as a missing one", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const [path, entry] of Object.entries(MATRIX)) {
      if (!entry?.owned) continue;
      for (const stranger of ["otherClient", "otherSeer"] as const) {
        const theirs = await call(path, entry.owned.input(f), cookies[stranger]);
        const missing = await call(path, entry.owned.missing(f), cookies[stranger]);
        if (theirs.statusCode !== missing.statusCode || errorOf(theirs) !== errorOf(missing) || theirs.statusCode === 200)
          failures.push(
            `${path} as ${stranger}: ${theirs.statusCode} ${errorOf(theirs)} vs missing ${missing.statusCode} ${errorOf(missing)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // And the owner's records are untouched by those attempts.
    const [draft] = await t.database.db.select().from(articles).where(eq(articles.id, f.draftId));
    expect(draft?.title).toBe("A private draft");
    const [calendar] = await t.database.db.select().from(seerCalendars).where(eq(seerCalendars.id, f.seerCalendarId));
    expect(calendar?.seerId).toBe(f.seerId);
  });
});
