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
import { articles, cartItems, orders } from "../db/schema";
import { createBooking, createProduct, createSeer, createUser, uniqueSuffix } from "../db/seed/factories";
import { appRouter } from "./modules";
import { createTestApp, signIn, signUp, trpcData, type TestApp } from "./test/app";

type Role = "visitor" | "client" | "otherClient" | "seer" | "otherSeer" | "admin";
const ROLES: Role[] = ["visitor", "client", "otherClient", "seer", "otherSeer", "admin"];
/** Who gets past the procedure's door (what happens after is the service's business). */
type Access = "public" | "signed-in" | "seer" | "admin";

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
  clientSessionId: string;
}

interface Entry {
  access: Access;
  /** The input for the sweep over roles; a state-changing call gets one its schema refuses, so nothing changes. */
  input?: (f: Fixtures) => unknown;
  /** A record the client owns: another client asking for it must be told what a missing id is told. */
  owned?: { input: (f: Fixtures) => unknown; missing: (f: Fixtures) => unknown };
  /** Changes the caller's own session: run after every other entry. */
  last?: boolean;
}

const INVALID = { "": "not the input this takes" };
const missingId = () => randomUUID();

const MATRIX: Record<string, Entry> = {
  "account.me": { access: "public" },
  "account.signIn": { access: "public", input: () => INVALID },
  "account.signUp": { access: "public", input: () => INVALID },
  "account.signOut": { access: "signed-in", last: true },
  "account.verifyEmail": { access: "public", input: () => INVALID },
  "account.resendVerification": { access: "signed-in" },
  "account.requestPasswordReset": { access: "public", input: () => INVALID },
  "account.resetPassword": { access: "public", input: () => INVALID },
  "account.changePassword": { access: "signed-in", input: () => INVALID },
  "account.changeEmail": { access: "signed-in", input: () => INVALID },
  "account.sessions": { access: "signed-in" },
  "account.endSession": {
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ sessionId: f.clientSessionId }), missing: () => ({ sessionId: "0".repeat(64) }) },
  },
  "account.endOtherSessions": { access: "signed-in" },
  "account.exportData": { access: "signed-in" },
  "account.deleteAccount": { access: "signed-in", input: () => INVALID },
  "account.consultations": { access: "signed-in" },
  "account.orders": { access: "signed-in" },
  "seers.list": { access: "public", input: () => ({}) },
  "seers.filterOptions": { access: "public" },
  "seers.byId": { access: "public", input: (f) => ({ id: f.seerId }) },
  "seers.reviews": { access: "public", input: (f) => ({ id: f.seerId }) },
  "seers.listAll": { access: "public" },
  "seers.featured": { access: "public" },
  "seers.mine": { access: "signed-in" },
  "bookings.createPaymentIntent": { access: "signed-in", input: () => INVALID },
  "bookings.confirmPayment": {
    access: "signed-in",
    input: () => INVALID,
    owned: {
      input: (f) => ({ paymentIntentId: f.bookingIntentId }),
      missing: () => ({ paymentIntentId: `pi_${uniqueSuffix()}` }),
    },
  },
  "bookings.byId": {
    access: "signed-in",
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.takenSlots": { access: "public", input: (f) => ({ seerId: f.seerId, scheduledDate: "2030-01-01" }) },
  "bookings.mine": { access: "signed-in" },
  "bookings.calendar": {
    access: "signed-in",
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.cancellationQuote": {
    access: "signed-in",
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.cancel": {
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.reschedule": {
    access: "signed-in",
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
      missing: () => ({ bookingId: missingId(), scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
    },
  },
  "bookings.proposeReschedule": {
    access: "signed-in",
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
      missing: () => ({ bookingId: missingId(), scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
    },
  },
  "bookings.respondToProposal": {
    access: "signed-in",
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, accept: true }),
      missing: () => ({ bookingId: missingId(), accept: true }),
    },
  },
  "bookings.review": {
    access: "signed-in",
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "bookings.writeReview": {
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ bookingId: f.bookingId, rating: 5 }), missing: () => ({ bookingId: missingId(), rating: 5 }) },
  },
  "bookings.replyToReview": {
    access: "signed-in",
    input: () => INVALID,
    owned: {
      input: (f) => ({ bookingId: f.bookingId, reply: "Thanks" }),
      missing: () => ({ bookingId: missingId(), reply: "Thanks" }),
    },
  },
  "payments.config": { access: "public" },
  "payments.confirmTestCard": { access: "signed-in", input: () => INVALID },
  "shop.products": { access: "public", input: () => ({}) },
  "shop.product": { access: "public", input: () => ({ slug: "no-such-product" }) },
  "shop.categories": { access: "public" },
  "cart.list": { access: "signed-in" },
  "cart.add": { access: "signed-in", input: () => INVALID },
  "cart.setQuantity": {
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.cartLineId, quantity: 1 }), missing: () => ({ id: missingId(), quantity: 1 }) },
  },
  "cart.remove": {
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.cartLineId }), missing: () => ({ id: missingId() }) },
  },
  "orders.createPayment": { access: "signed-in", input: () => INVALID },
  "orders.confirmPayment": {
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ paymentIntentId: f.orderIntentId }), missing: () => ({ paymentIntentId: `pi_${uniqueSuffix()}` }) },
  },
  "applications.submit": { access: "signed-in", input: () => INVALID },
  "applications.mine": { access: "signed-in" },
  "seerDashboard.overview": { access: "seer" },
  "seerDashboard.earnings": { access: "seer", input: () => ({}) },
  // Seer ids are public, so another Seer's is refused as 403 (docs/product.md#roles-and-access), never changed.
  "seerDashboard.setTimezone": { access: "signed-in", input: () => INVALID },
  "seerDashboard.updateProfile": { access: "seer", input: () => INVALID },
  "seerDashboard.updateAvailability": { access: "seer", input: () => INVALID },
  "payouts.overview": { access: "seer" },
  "payouts.connect": { access: "seer", input: () => INVALID },
  "payouts.refresh": { access: "seer", input: () => INVALID },
  "payouts.completeTestOnboarding": { access: "seer", input: () => INVALID },
  "payouts.summary": { access: "admin" },
  "articles.list": { access: "public", input: () => ({}) },
  "articles.categories": { access: "public" },
  "articles.bySlug": {
    access: "public",
    input: () => ({ slug: "no-such-article" }),
    owned: { input: (f) => ({ slug: f.draftSlug }), missing: () => ({ slug: `missing-${uniqueSuffix()}` }) },
  },
  "articles.recordView": { access: "public", input: () => ({ slug: "no-such-article" }) },
  "articles.mine": { access: "signed-in" },
  "articles.forEdit": {
    access: "signed-in",
    input: () => ({ id: missingId() }),
    owned: { input: (f) => ({ id: f.draftId }), missing: () => ({ id: missingId() }) },
  },
  "articles.create": { access: "signed-in", input: () => INVALID },
  "articles.update": {
    access: "signed-in",
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
    access: "signed-in",
    input: () => INVALID,
    owned: { input: (f) => ({ id: f.draftId }), missing: () => ({ id: missingId() }) },
  },
  "admin.seerApplications": { access: "admin", input: () => ({ status: "pending" }) },
  "admin.reviewApplication": { access: "admin", input: () => INVALID },
  "admin.analytics": { access: "admin" },
  "contact.send": { access: "public", input: () => INVALID },
  "contact.list": { access: "admin", input: () => ({ status: "new" }) },
  "contact.setStatus": { access: "admin", input: () => INVALID },
  "orders.list": { access: "admin", input: () => ({}) },
  "orders.detail": { access: "admin", input: () => ({ orderId: missingId() }) },
  "orders.ship": { access: "admin", input: () => INVALID },
  "orders.deliver": { access: "admin", input: () => INVALID },
  "orders.refund": { access: "admin", input: () => INVALID },
  "orders.lowStock": { access: "admin" },
  "orders.requestReturn": { access: "signed-in", input: () => INVALID },
  "orders.decideReturn": { access: "admin", input: () => INVALID },
  "orders.receiveReturn": { access: "admin", input: () => INVALID },
  "meetings.room": {
    access: "signed-in",
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "meetings.messages": {
    access: "signed-in",
    input: (f) => ({ bookingId: f.bookingId }),
    owned: { input: (f) => ({ bookingId: f.bookingId }), missing: () => ({ bookingId: missingId() }) },
  },
  "admin.bookings": { access: "admin" },
  "admin.cancelBooking": { access: "admin", input: () => INVALID },
  "admin.products": { access: "admin" },
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
  const seerRows = await db.query.seers.findMany();
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
    clientSessionId: sessions.find((s) => s.current)?.id ?? "",
  };
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe("the authorization matrix", () => {
  it("has an entry for every procedure of the router, and none for a procedure that is gone", () => {
    const paths = Object.keys(procedures).sort();
    expect(paths.filter((p) => !(p in MATRIX))).toEqual([]);
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
      const entry = MATRIX[path];
      if (!entry) continue;
      for (const role of ROLES) {
        const response = await call(path, entry.input?.(f), cookies[role]);
        const status = response.statusCode;
        const expected = allowed(entry.access, role)
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
      if (!entry.owned) continue;
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
  });
});
