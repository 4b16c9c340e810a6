import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { bookingRefunds, bookings, ledgerEntries, seers } from "../../../db/schema";
import { createBooking, createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { StripePaymentProvider } from "../../platform/payments/stripe";
import { createTestApp, signIn, trpcData, trpcMutation, trpcQuery, type TestApp } from "../../test/app";

/**
 * The Stripe adapter for Seer payouts against Stripe's recorded response shapes (msw): Connect Express accounts,
 * account links, transfers and reversals, and the account.updated and transfer.reversed webhooks, signed by either
 * endpoint's secret, badly signed, duplicated and out of order; and the adapter's refunds, created and listed.
 */
const WEBHOOK_SECRET = "whsec_platform";
const CONNECT_SECRET = "whsec_connect";
const NOW = new Date("2026-11-22T10:00:00Z");
const DAY = 24 * 3600_000;

interface Sent {
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | null;
}
const sent: Sent[] = [];
const accounts = new Map<string, { payouts_enabled: boolean; details_submitted: boolean; transfers: string }>();
const transfers = new Map<string, { amount: number; destination: string; group: string; metadata: Record<string, string> }>();
const reversals = new Map<string, { id: string; amount: number }[]>();

const metadataOf = (body: URLSearchParams) => {
  const metadata: Record<string, string> = {};
  for (const [key, value] of body) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m?.[1]) metadata[m[1]] = value;
  }
  return metadata;
};

const accountShape = (id: string) => {
  const a = accounts.get(id);
  return {
    id,
    object: "account",
    type: "express",
    payouts_enabled: a?.payouts_enabled ?? false,
    details_submitted: a?.details_submitted ?? false,
    charges_enabled: false,
    capabilities: { transfers: a?.transfers ?? "inactive" },
    metadata: {},
  };
};

const transferShape = (id: string) => {
  const tr = transfers.get(id);
  const list = reversals.get(id) ?? [];
  return {
    id,
    object: "transfer",
    amount: tr?.amount ?? 0,
    amount_reversed: list.reduce((s, r) => s + r.amount, 0),
    currency: "usd",
    destination: tr?.destination ?? "",
    transfer_group: tr?.group ?? null,
    metadata: tr?.metadata ?? {},
    reversed: false,
    reversals: { object: "list", data: list.map((r) => reversalShape(id, r)), has_more: false, url: `/v1/transfers/${id}/reversals` },
  };
};
interface StoredRefund {
  id: string;
  amount: number;
  metadata: Record<string, string>;
  status: string;
}
const refunds = new Map<string, StoredRefund[]>();
const listed: URLSearchParams[] = [];
/** Stripe pages lists by `limit` (at most 100); the test makes pages small to see the adapter follow them. */
let pageSize = 100;
const refundShape = (paymentIntentId: string, r: StoredRefund) => ({
  id: r.id,
  object: "refund",
  amount: r.amount,
  balance_transaction: `txn_${r.id}`,
  charge: `ch_${paymentIntentId}`,
  created: 1_795_000_000,
  currency: "usd",
  metadata: r.metadata,
  payment_intent: paymentIntentId,
  reason: null,
  receipt_number: null,
  source_transfer_reversal: null,
  status: r.status,
  transfer_reversal: null,
});

const reversalShape = (transferId: string, r: { id: string; amount: number }) => ({
  id: r.id,
  object: "transfer_reversal",
  amount: r.amount,
  currency: "usd",
  transfer: transferId,
  metadata: {},
});

const record = async (request: Request, pathname: string) => {
  const body = new URLSearchParams(await request.text());
  sent.push({ path: pathname, body, idempotencyKey: request.headers.get("idempotency-key") });
  return body;
};

const server = setupServer(
  http.post("https://api.stripe.com/v1/accounts", async ({ request }) => {
    const body = await record(request, "/v1/accounts");
    const id = `acct_${sent.length}`;
    accounts.set(id, { payouts_enabled: false, details_submitted: false, transfers: "inactive" });
    return HttpResponse.json({ ...accountShape(id), email: body.get("email"), metadata: metadataOf(body) });
  }),
  http.get("https://api.stripe.com/v1/accounts/:id", ({ params }) => HttpResponse.json(accountShape(String(params.id)))),
  http.post("https://api.stripe.com/v1/account_links", async ({ request }) => {
    const body = await record(request, "/v1/account_links");
    return HttpResponse.json({
      object: "account_link",
      created: 1,
      expires_at: 2,
      url: `https://connect.stripe.com/setup/e/${body.get("account")}/abc`,
    });
  }),
  http.post("https://api.stripe.com/v1/transfers", async ({ request }) => {
    const body = await record(request, "/v1/transfers");
    const id = `tr_${sent.length}`;
    transfers.set(id, {
      amount: Number(body.get("amount")),
      destination: body.get("destination") ?? "",
      group: body.get("transfer_group") ?? "",
      metadata: metadataOf(body),
    });
    return HttpResponse.json(transferShape(id));
  }),
  http.get("https://api.stripe.com/v1/transfers/:id", ({ params }) => HttpResponse.json(transferShape(String(params.id)))),
  http.get("https://api.stripe.com/v1/transfers/:id/reversals", ({ params }) => {
    const id = String(params.id);
    return HttpResponse.json({
      object: "list",
      data: (reversals.get(id) ?? []).map((r) => reversalShape(id, r)),
      has_more: false,
      url: `/v1/transfers/${id}/reversals`,
    });
  }),
  http.post("https://api.stripe.com/v1/refunds", async ({ request }) => {
    const body = await record(request, "/v1/refunds");
    const refund = {
      id: `re_${sent.length}`,
      amount: Number(body.get("amount")),
      metadata: metadataOf(body),
      status: "succeeded",
    };
    const pi = body.get("payment_intent") ?? "";
    refunds.set(pi, [...(refunds.get(pi) ?? []), refund]);
    return HttpResponse.json(refundShape(pi, refund));
  }),
  // Newest first, as Stripe lists them, `limit` at a time, the next page after `starting_after`.
  http.get("https://api.stripe.com/v1/refunds", ({ request }) => {
    const url = new URL(request.url);
    listed.push(url.searchParams);
    const pi = url.searchParams.get("payment_intent") ?? "";
    const all = [...(refunds.get(pi) ?? [])].reverse();
    const after = url.searchParams.get("starting_after");
    const from = after ? all.findIndex((r) => r.id === after) + 1 : 0;
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), pageSize);
    const page = all.slice(from, from + limit);
    return HttpResponse.json({
      object: "list",
      data: page.map((r) => refundShape(pi, r)),
      has_more: from + limit < all.length,
      url: "/v1/refunds",
    });
  }),
  http.post("https://api.stripe.com/v1/transfers/:id/reversals", async ({ request, params }) => {
    const body = await record(request, `/v1/transfers/${String(params.id)}/reversals`);
    const id = String(params.id);
    const reversal = { id: `trr_${sent.length}`, amount: Number(body.get("amount")) };
    reversals.set(id, [...(reversals.get(id) ?? []), reversal]);
    return HttpResponse.json(reversalShape(id, reversal));
  }),
);

let t: TestApp;
let app: FastifyInstance;
let database: Database;
let seerId: string;
let seerCookie: string;
let clientId: string;
const clock = new FakeClock(NOW);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  t = await createTestApp({
    clock,
    payments: new StripePaymentProvider({
      secretKey: "sk_test_123",
      publishableKey: "pk_test_123",
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_SECRET,
    }),
  });
  ({ app, database } = t);
  const user = await createUser(database.db, { role: "seer", email: "connect-seer@example.com" }, { password: "seer password 1" });
  seerId = (await createSeer(database.db, { userId: user.id, country: "United States" })).id;
  seerCookie = await signIn(app, "connect-seer@example.com", "seer password 1");
  clientId = (await createUser(database.db, { email: "connect-client@example.com" })).id;
});
afterAll(async () => {
  server.close();
  await t.close();
});

function deliver(event: Record<string, unknown>, secret = CONNECT_SECRET, signature?: string) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

const event = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: "event",
  type,
  api_version: "2026-10-28",
  created: 1,
  data: { object },
});

const payoutStatus = async () =>
  (await database.db.select({ s: seers.payoutStatus, a: seers.stripeAccountId }).from(seers).where(eq(seers.id, seerId)))[0];
const rowsOf = async (bookingId: string) =>
  database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(ledgerEntries.id);

describe("Stripe Connect payouts", () => {
  it("opens one Express account with the transfers capability and sends the Seer through an account link", async () => {
    const first = trpcData<{ url: string }>(await trpcMutation(app, "payouts.connect", undefined, seerCookie));
    const again = trpcData<{ url: string }>(await trpcMutation(app, "payouts.connect", undefined, seerCookie));
    const created = sent.filter((s) => s.path === "/v1/accounts");
    expect(created).toHaveLength(1);
    expect(created[0]?.body.get("type")).toBe("express");
    expect(created[0]?.body.get("capabilities[transfers][requested]")).toBe("true");
    expect(created[0]?.body.get("metadata[seerId]")).toBe(seerId);
    expect(created[0]?.idempotencyKey).toBe(`payout-account:${seerId}`);
    const { a: accountId } = (await payoutStatus()) ?? {};
    expect(first.url).toBe(`https://connect.stripe.com/setup/e/${accountId}/abc`);
    expect(again.url).toBe(first.url);
    const link = sent.filter((s) => s.path === "/v1/account_links").at(-1);
    expect(link?.body.get("type")).toBe("account_onboarding");
    expect(link?.body.get("return_url")).toBe("http://localhost:3000/seer/dashboard?tab=earnings&payouts=return");
    expect(link?.body.get("refresh_url")).toBe("http://localhost:3000/seer/dashboard?tab=earnings&payouts=refresh");
    expect((await payoutStatus())?.s).toBe("details_needed");
  });

  it("follows account.updated by asking Stripe: a bad signature changes nothing, duplicates and old events neither", async () => {
    const accountId = (await payoutStatus())?.a ?? "";
    accounts.set(accountId, { payouts_enabled: true, details_submitted: true, transfers: "active" });
    const bad = await deliver(event("evt_acct_bad", "account.updated", accountShape(accountId)), CONNECT_SECRET, "t=1,v1=00");
    expect(bad.statusCode).toBe(400);
    const forged = await deliver(event("evt_acct_forged", "account.updated", accountShape(accountId)), "whsec_someone_else");
    expect(forged.statusCode).toBe(400);
    expect((await payoutStatus())?.s).toBe("details_needed");

    const good = await deliver(event("evt_acct_1", "account.updated", accountShape(accountId)));
    expect(good.json()).toEqual({ received: true, outcome: "processed" });
    expect((await payoutStatus())?.s).toBe("active");
    // The platform endpoint's secret is accepted too.
    expect((await deliver(event("evt_acct_1", "account.updated", accountShape(accountId)), WEBHOOK_SECRET)).json()).toEqual({
      received: true,
      outcome: "duplicate",
    });
    // An older event, delivered late, says details are needed: Stripe's current answer wins.
    const stale = { ...accountShape(accountId), payouts_enabled: false, capabilities: { transfers: "inactive" } };
    expect((await deliver(event("evt_acct_0", "account.updated", stale))).statusCode).toBe(200);
    expect((await payoutStatus())?.s).toBe("active");
  });

  it("transfers a settled share once, per booking, and reverses what a later refund took back", async () => {
    const booking = await createBooking(database.db, {
      clientId,
      seerId,
      amount: "45.00",
      status: "completed",
      confirmedAt: new Date(NOW.getTime() - 5 * DAY),
      completedAt: new Date(NOW.getTime() - 3 * DAY),
      scheduledDate: "2026-11-19",
    });
    await app.jobs.runDue({ periodic: true });
    await app.jobs.runDue();
    const accountId = (await payoutStatus())?.a ?? "";
    const transfer = sent.filter((s) => s.path === "/v1/transfers");
    expect(transfer).toHaveLength(1);
    expect(transfer[0]?.body.get("amount")).toBe("3600");
    expect(transfer[0]?.body.get("currency")).toBe("usd");
    expect(transfer[0]?.body.get("destination")).toBe(accountId);
    expect(transfer[0]?.body.get("transfer_group")).toBe(`booking_${booking.id}`);
    expect(transfer[0]?.body.get("metadata[bookingId]")).toBe(booking.id);
    expect(transfer[0]?.idempotencyKey).toBe(`transfer:${booking.id}:0`);
    expect((await rowsOf(booking.id)).map((r) => [r.kind, r.amount])).toEqual([
      ["charge", 4500],
      ["platform_fee", 900],
      ["seer_share", 3600],
      ["transfer", 3600],
    ]);

    // Again, a minute later: nothing more is owed, nothing more is sent.
    clock.set(new Date(NOW.getTime() + 60_000));
    await app.jobs.runDue({ periodic: true });
    await app.jobs.runDue();
    expect(sent.filter((s) => s.path === "/v1/transfers")).toHaveLength(1);

    // $20 refunded afterwards (as the provider reported it): the share falls by $16, recovered by a reversal.
    await database.db.insert(bookingRefunds).values({ id: "re_late", bookingId: booking.id, amount: "20.00", status: "succeeded" });
    await database.db
      .update(bookings)
      .set({ refundedAmount: "20.00", refundDue: "20.00", platformFee: "5.00", seerEarnings: "20.00" })
      .where(eq(bookings.id, booking.id));
    clock.set(new Date(NOW.getTime() + 120_000));
    await app.jobs.runDue({ periodic: true });
    await app.jobs.runDue();
    const transferId = `tr_${sent.findIndex((s) => s.path === "/v1/transfers") + 1}`;
    const reversal = sent.filter((s) => s.path === `/v1/transfers/${transferId}/reversals`);
    expect(reversal).toHaveLength(1);
    expect(reversal[0]?.body.get("amount")).toBe("1600");
    expect(reversal[0]?.idempotencyKey).toBe(`reversal:${transferId}:0`);
    const rows = await rowsOf(booking.id);
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0);
    expect([sum("charge") - sum("refund"), sum("platform_fee"), sum("seer_share"), sum("transfer") - sum("reversal")]).toEqual([
      2500, 500, 2000, 2000,
    ]);

    // A reversal made in Stripe's dashboard arrives as transfer.reversed, twice: recorded once.
    reversals.set(transferId, [...(reversals.get(transferId) ?? []), { id: "trr_dashboard", amount: 500 }]);
    const reversed = event("evt_tr_1", "transfer.reversed", transferShape(transferId));
    expect((await deliver(reversed, WEBHOOK_SECRET)).json()).toMatchObject({ outcome: "processed" });
    expect((await deliver(reversed, WEBHOOK_SECRET)).json()).toMatchObject({ outcome: "duplicate" });
    expect((await deliver(event("evt_tr_2", "transfer.updated", transferShape(transferId)), WEBHOOK_SECRET)).statusCode).toBe(200);
    const after = await rowsOf(booking.id);
    expect(after.filter((r) => r.reference === "reversal:trr_dashboard").map((r) => r.amount)).toEqual([500]);

    const overview = trpcData<{ status: string; paidOut: number; available: number; payouts: { sessions: number; amount: number; status: string }[] }>(
      await trpcQuery(app, "payouts.overview", undefined, seerCookie),
    );
    expect(overview).toMatchObject({ status: "active", paidOut: 1500, available: 500 });
    expect(overview.payouts).toEqual([expect.objectContaining({ sessions: 1, amount: 1500, status: "partly_reversed" })]);
  });

  it("records transfer webhooks only when signed, and whatever order they arrive in", async () => {
    const [row] = await database.db
      .select({ reference: ledgerEntries.reference, bookingId: ledgerEntries.bookingId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, "transfer"));
    const transferId = row?.reference.slice("transfer:".length) ?? "";
    const bookingId = row?.bookingId ?? "";
    const reversalsRecorded = async () =>
      (await rowsOf(bookingId)).filter((r) => r.kind === "reversal").map((r) => [r.reference, r.amount]);
    const before = await reversalsRecorded();

    // A reversal made in the dashboard, announced by an event with a bad or foreign signature: nothing is recorded.
    reversals.set(transferId, [...(reversals.get(transferId) ?? []), { id: "trr_late_a", amount: 300 }]);
    const older = event("evt_tr_a", "transfer.reversed", transferShape(transferId));
    expect((await deliver(older, WEBHOOK_SECRET, "t=1,v1=00")).statusCode).toBe(400);
    expect((await deliver(older, "whsec_someone_else")).statusCode).toBe(400);
    expect(await reversalsRecorded()).toEqual(before);

    // A second reversal; its event arrives first, the older one after it: each reversal is recorded once, since
    // the app asks Stripe for the transfer rather than trusting the event's copy.
    reversals.set(transferId, [...(reversals.get(transferId) ?? []), { id: "trr_late_b", amount: 200 }]);
    const newer = event("evt_tr_b", "transfer.reversed", transferShape(transferId));
    expect((await deliver(newer, WEBHOOK_SECRET)).json()).toMatchObject({ outcome: "processed" });
    expect((await deliver(older, WEBHOOK_SECRET)).json()).toMatchObject({ outcome: "processed" });
    expect((await deliver(older, CONNECT_SECRET)).json()).toMatchObject({ outcome: "duplicate" });
    expect(await reversalsRecorded()).toEqual([
      ...before,
      ["reversal:trr_late_a", 300],
      ["reversal:trr_late_b", 200],
    ]);
    const overview = trpcData<{ paidOut: number; available: number }>(await trpcQuery(app, "payouts.overview", undefined, seerCookie));
    // 1500 paid out before, less the two dashboard reversals; the Seer is owed what was taken back.
    expect(overview).toMatchObject({ paidOut: 1000, available: 1000 });
  });
});

describe("the Stripe adapter's refunds", () => {
  const provider = () =>
    new StripePaymentProvider({ secretKey: "sk_test_123", publishableKey: "pk_test_123", webhookSecret: WEBHOOK_SECRET });

  it("creates a refund with its amount, metadata and idempotency key, and reads Stripe's answer", async () => {
    const refund = await provider().refund({
      paymentIntentId: "pi_refunds_1",
      amount: 1250,
      idempotencyKey: "refund:order-event:ev_1",
      metadata: { kind: "order", eventId: "ev_1" },
    });
    const request = sent.filter((s) => s.path === "/v1/refunds").at(-1);
    expect(request?.body.get("payment_intent")).toBe("pi_refunds_1");
    expect(request?.body.get("amount")).toBe("1250");
    expect(request?.body.get("metadata[kind]")).toBe("order");
    expect(request?.body.get("metadata[eventId]")).toBe("ev_1");
    expect(request?.idempotencyKey).toBe("refund:order-event:ev_1");
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/),
      paymentIntentId: "pi_refunds_1",
      amount: 1250,
      currency: "usd",
      status: "succeeded",
      metadata: { kind: "order", eventId: "ev_1" },
    });
  });

  it("lists every refund of a payment across Stripe's pages, with statuses it does not know read as pending", async () => {
    refunds.set("pi_refunds_2", [
      { id: "re_a", amount: 100, metadata: {}, status: "succeeded" },
      { id: "re_b", amount: 200, metadata: {}, status: "pending" },
      { id: "re_c", amount: 300, metadata: {}, status: "failed" },
      { id: "re_d", amount: 400, metadata: { eventId: "ev_9" }, status: "requires_action" },
      { id: "re_e", amount: 500, metadata: {}, status: "something_new" },
    ]);
    pageSize = 2;
    listed.length = 0;
    try {
      const list = await provider().listRefunds("pi_refunds_2");
      expect(list.map((r) => [r.id, r.amount, r.status])).toEqual([
        ["re_e", 500, "pending"],
        ["re_d", 400, "requires_action"],
        ["re_c", 300, "failed"],
        ["re_b", 200, "pending"],
        ["re_a", 100, "succeeded"],
      ]);
      expect(list.every((r) => r.paymentIntentId === "pi_refunds_2" && r.currency === "usd")).toBe(true);
      expect(list[1]?.metadata).toEqual({ eventId: "ev_9" });
      // Three pages: each asked for this payment's refunds, the later ones after the last refund seen.
      expect(listed.map((q) => [q.get("payment_intent"), q.get("limit"), q.get("starting_after")])).toEqual([
        ["pi_refunds_2", "100", null],
        ["pi_refunds_2", "100", "re_d"],
        ["pi_refunds_2", "100", "re_b"],
      ]);
      expect(await provider().listRefunds("pi_none")).toEqual([]);
    } finally {
      pageSize = 100;
    }
  });
});
