import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, localPayouts, payoutMethods, users } from "../../../db/schema";
import { createBooking, createSeer, createUser } from "../../../db/seed/factories";
import { DEFAULT_RATES, fromUsdCents, parseRate } from "../../../src/domain/currencies";
import { FakeClock } from "../../platform/clock";
import { type TestPayoutRail, TEST_FAILED_TRANSFER, TEST_UNKNOWN_ACCOUNT } from "../../platform/payouts/test-rail";
import { createTestApp, enrolTotp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { LOCAL_COUNTRY } from "./accounts";
import { NAME_CHANGED, STRIPE_COUNTRY } from "./methods";

const NOW = new Date("2026-11-22T10:00:00Z");
const DAY = 24 * 3600_000;
const PASSWORD = "seer password 1";
let t: TestApp;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  await signUp(t.app, { email: "local-client@example.com" });
  clientId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "local-client@example.com")))[0]?.id ?? "";
});
afterAll(async () => {
  await t.close();
});

/** A Seer of `country`, signed in, with one session completed two days ago: its share is settled and owed. */
async function seerIn(country: string, email: string, amount = "80.00") {
  const user = await createUser(t.database.db, { role: "seer", email }, { password: PASSWORD });
  const seer = await createSeer(t.database.db, { userId: user.id, country, fullName: `Seer of ${country}` });
  const cookie = await signIn(t.app, email, PASSWORD);
  // Payout details need a second factor (issue #47).
  await enrolTotp(t.app, cookie, email);
  const booking = await createBooking(t.database.db, {
    clientId,
    seerId: seer.id,
    amount,
    sessionType: "60min",
    status: "completed",
    confirmedAt: new Date(t.clock.now().getTime() - 4 * DAY),
    completedAt: new Date(t.clock.now().getTime() - 2 * DAY),
    scheduledDate: "2026-11-20",
  });
  return { seerId: seer.id, userId: user.id, cookie, bookingId: booking.id };
}

type Options = { rail: string; currency: string; kinds: string[]; method: { label: string; usableFrom: Date } | null };
const options = async (cookie: string) => trpcData<Options>(await trpcQuery(t.app, "payouts.options", undefined, cookie));
const institutions = async (cookie: string, kind: string) =>
  trpcData<{ code: string; name: string }[]>(await trpcQuery(t.app, "payouts.institutions", { kind }, cookie));

async function connect(cookie: string, kind: string, institutionCode: string, accountNumber: string) {
  const resolved = trpcData<{ accountName: string | null }>(
    await trpcMutation(t.app, "payouts.resolveAccount", { kind, institutionCode, accountNumber }, cookie),
  );
  const saved = await trpcMutation(
    t.app,
    "payouts.saveMethod",
    { kind, institutionCode, accountNumber, accountName: resolved.accountName ?? "Typed Name", confirmName: true, currentPassword: PASSWORD },
    cookie,
  );
  return trpcData<{ label: string; usableFrom: Date }>(saved);
}

const payoutsOf = (seerId: string) => t.database.db.select().from(localPayouts).where(eq(localPayouts.seerId, seerId));
const ledgerOf = (seerId: string) => t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.seerId, seerId));

async function payNow() {
  await t.app.services.payouts.sweep();
  // The pay job, then the check job it schedules (at once in test mode), then the mails.
  for (let i = 0; i < 3; i++) await t.app.jobs.runDue();
}

type Overview = { available: number; paidOut: number; payoutDue: boolean; localPayouts: { status: string; amount: number; localAmount: number; currency: string }[] };
const overview = async (cookie: string) => trpcData<Overview>(await trpcQuery(t.app, "payouts.overview", undefined, cookie));

describe("payouts to mobile money and local banks (test mode)", () => {
  it("pays a Ghanaian Seer's MTN Mobile Money in cedis: the ledger has the transfer in USD and GHS with rate and fee", async () => {
    const s = await seerIn("Ghana", "ghana-seer@example.com");
    expect(await options(s.cookie)).toMatchObject({ rail: "paystack", currency: "GHS", kinds: ["mobile_money", "bank"], method: null });
    const networks = await institutions(s.cookie, "mobile_money");
    expect(networks.map((n) => n.name)).toEqual(["MTN Mobile Money", "Telecel Cash", "AirtelTigo Money"]);

    // Stripe pays out to nobody in Ghana: its onboarding is refused.
    expect(trpcError(await trpcMutation(t.app, "payouts.connect", undefined, s.cookie)).message).toBe(LOCAL_COUNTRY);
    const saved = await connect(s.cookie, "mobile_money", "MTN", "024 412 1234");
    expect(saved.label).toBe("MTN Mobile Money •••• 1234");
    // The first details are usable at once; the Seer is mailed.
    expect(saved.usableFrom.getTime()).toBe(t.clock.now().getTime());
    // Owed more than the minimum, to usable details: the Earnings tab looks again until the payout has gone.
    expect((await overview(s.cookie)).payoutDue).toBe(true);

    await payNow();
    const [payout] = await payoutsOf(s.seerId);
    const rate = parseRate("GHS", DEFAULT_RATES.GHS);
    // $80 at 20% fee: $64 owed, GH₵922.88 at 14.42.
    expect(payout).toMatchObject({ status: "success", amount: 6400, currency: "GHS", localAmount: fromUsdCents(6400, rate), rate: "14.420000", fee: 100 });
    expect(payout?.localAmount).toBe(92288);
    const rows = await ledgerOf(s.seerId);
    const transfer = rows.find((r) => r.kind === "transfer");
    expect(transfer).toMatchObject({ amount: 6400, currency: "GHS", localAmount: 92288, rate: "14.420000", bookingId: s.bookingId, payoutId: payout?.id });
    // The fee, GH₵1.00, is the platform's: 7 US cents at that rate, beside its own amount.
    expect(rows.find((r) => r.kind === "payout_fee")).toMatchObject({ amount: 7, currency: "GHS", localAmount: 100, payoutId: payout?.id });
    expect(await overview(s.cookie)).toMatchObject({
      available: 0,
      paidOut: 6400,
      localPayouts: [{ status: "success", amount: 6400, localAmount: 92288, currency: "GHS" }],
      payoutDue: false,
    });

    // The admins' ledger figures show the cedis beside their book value.
    const admin = await createUser(t.database.db, { role: "admin", email: "figures-admin@example.com" }, { password: "admin password 1" });
    expect(admin.id).toBeTruthy();
    const summary = trpcData<{ byCurrency: { currency: string; paidOutLocal: number; paidOut: number }[] }>(
      await trpcQuery(t.app, "payouts.summary", undefined, await signIn(t.app, "figures-admin@example.com", "admin password 1")),
    );
    expect(summary.byCurrency.find((c) => c.currency === "GHS")).toMatchObject({ paidOutLocal: 92288, paidOut: 6400 });

    // transfer.success delivered twice, and the job run again: nothing changes.
    const rail = t.app.services.rails.paystack as TestPayoutRail;
    for (let i = 0; i < 2; i++) {
      const hook = rail.webhook("transfer.success", payout?.id ?? "");
      const res = await t.app.inject({ method: "POST", url: "/api/webhooks/paystack", payload: hook.body, headers: hook.headers });
      expect(res.statusCode).toBe(200);
    }
    await t.app.services.payouts.paySeer({ seerId: s.seerId, payoutId: "po_again" });
    expect(await ledgerOf(s.seerId)).toHaveLength(rows.length);
    expect(await payoutsOf(s.seerId)).toHaveLength(1);
  });

  it("refuses a webhook whose signature does not verify, and changes nothing", async () => {
    const rail = t.app.services.rails.paystack as TestPayoutRail;
    const hook = rail.webhook("transfer.reversed", "po_anything");
    const forged = { ...hook.headers, "x-test-signature": "0".repeat(128) };
    expect((await t.app.inject({ method: "POST", url: "/api/webhooks/paystack", payload: hook.body, headers: forged })).statusCode).toBe(400);
    // Signed for one rail, sent to the other.
    expect((await t.app.inject({ method: "POST", url: "/api/webhooks/flutterwave", payload: hook.body, headers: hook.headers })).statusCode).toBe(
      400,
    );
  });

  it("pays a Nigerian Seer's bank account in naira and a Kenyan Seer's M-Pesa in shillings", async () => {
    const ng = await seerIn("Nigeria", "nigeria-seer@example.com");
    expect(await options(ng.cookie)).toMatchObject({ rail: "paystack", currency: "NGN", kinds: ["bank"] });
    expect((await connect(ng.cookie, "bank", "058", "0123456789")).label).toBe("Guaranty Trust Bank •••• 6789");
    const ke = await seerIn("Kenya", "kenya-seer@example.com");
    expect((await connect(ke.cookie, "mobile_money", "MPESA", "254712345678")).label).toBe("M-Pesa •••• 5678");
    await payNow();
    expect(await payoutsOf(ng.seerId)).toMatchObject([{ status: "success", currency: "NGN", localAmount: 6400 * 1550, rail: "paystack" }]);
    expect(await payoutsOf(ke.seerId)).toMatchObject([{ status: "success", currency: "KES", localAmount: 6400 * 129, rail: "paystack" }]);
  });

  it("pays an Ivorian Seer's Orange Money in CFA francs through Flutterwave, and sends a US Seer to Stripe", async () => {
    const ci = await seerIn("Côte d'Ivoire", "ci-seer@example.com");
    expect(await options(ci.cookie)).toMatchObject({ rail: "flutterwave", currency: "XOF", kinds: ["mobile_money", "bank"] });
    expect((await connect(ci.cookie, "mobile_money", "ORANGE", "2250701020304")).label).toBe("Orange Money •••• 0304");
    await payNow();
    // XOF has no minor unit: $64 at 605.5 is 38,752 francs.
    expect(await payoutsOf(ci.seerId)).toMatchObject([{ status: "success", currency: "XOF", localAmount: 38752, rail: "flutterwave" }]);

    const us = await seerIn("United States", "us-seer@example.com");
    expect(await options(us.cookie)).toMatchObject({ rail: "stripe", currency: "USD", kinds: [] });
    const refused = trpcError(
      await trpcMutation(t.app, "payouts.resolveAccount", { kind: "bank", institutionCode: "058", accountNumber: "0123456789" }, us.cookie),
    );
    expect(refused.message).toBe(STRIPE_COUNTRY);
  });

  it("returns a failed transfer to the balance and mails the Seer; the same details are not tried again until an admin retries", async () => {
    const s = await seerIn("Ghana", "failing-seer@example.com");
    await connect(s.cookie, "mobile_money", "MTN", "0244120000");
    await payNow();
    const [payout] = await payoutsOf(s.seerId);
    expect(payout).toMatchObject({ status: "failed", message: TEST_FAILED_TRANSFER });
    // Stopped by the failure: nothing is about to go.
    expect(await overview(s.cookie)).toMatchObject({ available: 6400, paidOut: 0, payoutDue: false });
    const mail = t.mailer.sent.find((m) => m.to === "failing-seer@example.com" && m.subject === "Your payout failed");
    expect(mail?.text).toContain(TEST_FAILED_TRANSFER);
    expect(mail?.text).toContain("GH₵922.88");

    await payNow();
    expect(await payoutsOf(s.seerId)).toHaveLength(1);

    const admin = await createUser(t.database.db, { role: "admin", email: "payouts-admin@example.com" }, { password: "admin password 1" });
    expect(admin.id).toBeTruthy();
    const adminCookie = await signIn(t.app, "payouts-admin@example.com", "admin password 1");
    const listed = trpcData<{ id: string; status: string; destination: string; message: string | null }[]>(
      await trpcQuery(t.app, "payouts.list", { status: "failed", rail: "paystack", country: "GH" }, adminCookie),
    );
    expect(listed).toEqual([expect.objectContaining({ id: payout?.id, destination: "MTN Mobile Money •••• 0000", message: TEST_FAILED_TRANSFER })]);
    expect(trpcError(await trpcQuery(t.app, "payouts.list", {}, s.cookie)).data.httpStatus).toBe(403);
    expect(trpcData<{ retried: boolean }>(await trpcMutation(t.app, "payouts.retry", { payoutId: payout?.id }, adminCookie)).retried).toBe(true);
    expect(trpcData<{ retried: boolean }>(await trpcMutation(t.app, "payouts.retry", { payoutId: payout?.id }, adminCookie)).retried).toBe(false);
    await payNow();
    expect((await payoutsOf(s.seerId)).map((p) => p.status).sort()).toEqual(["failed", "failed"]);
    // Twice out, twice back: the ledger still owes the Seer the whole share.
    expect(await overview(s.cookie)).toMatchObject({ available: 6400, paidOut: 0 });
  });

  it("returns a transfer the network sent back after it was paid", async () => {
    const s = await seerIn("Ghana", "reversed-seer@example.com");
    await connect(s.cookie, "mobile_money", "VOD", "0201234567");
    await payNow();
    const [payout] = await payoutsOf(s.seerId);
    expect(payout?.status).toBe("success");
    const rail = t.app.services.rails.paystack as TestPayoutRail;
    const hook = await rail.reverse(payout?.id ?? "");
    // Delivered twice, as providers retry: one return.
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: "POST", url: "/api/webhooks/paystack", payload: hook.body, headers: hook.headers })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect((await payoutsOf(s.seerId))[0]?.status).toBe("reversed");
    // The success event arriving after the reversal (out of order) is read back from the provider: still reversed.
    const late = rail.webhook("transfer.success", payout?.id ?? "");
    expect((await t.app.inject({ method: "POST", url: "/api/webhooks/paystack", payload: late.body, headers: late.headers })).statusCode).toBe(200);
    expect((await payoutsOf(s.seerId))[0]?.status).toBe("reversed");
    expect(await overview(s.cookie)).toMatchObject({ available: 6400, paidOut: 0 });
    const returned = (await ledgerOf(s.seerId)).filter((r) => r.reference.startsWith("returned:"));
    expect(returned).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === "reversed-seer@example.com" && m.subject === "Your payout was reversed")).toHaveLength(1);
  });

  it("asks for the password, checks the name again, and holds payouts to changed details for 24 hours", async () => {
    const s = await seerIn("Ghana", "changing-seer@example.com");
    const input = { kind: "mobile_money", institutionCode: "MTN", accountNumber: "0244555111", accountName: "TEST ACCOUNT 5111", confirmName: true };
    const wrong = trpcError(await trpcMutation(t.app, "payouts.saveMethod", { ...input, currentPassword: "not it" }, s.cookie));
    expect(wrong.data.httpStatus).toBe(400);
    const renamed = trpcError(
      await trpcMutation(t.app, "payouts.saveMethod", { ...input, accountName: "Someone Else", currentPassword: PASSWORD }, s.cookie),
    );
    expect(renamed.message).toBe(NAME_CHANGED);
    const unknown = trpcError(
      await trpcMutation(t.app, "payouts.resolveAccount", { kind: "mobile_money", institutionCode: "MTN", accountNumber: "0244550404" }, s.cookie),
    );
    expect(unknown.message).toBe(TEST_UNKNOWN_ACCOUNT);
    expect(await t.database.db.select().from(payoutMethods).where(eq(payoutMethods.seerId, s.seerId))).toHaveLength(0);

    await connect(s.cookie, "mobile_money", "MTN", "0244555111");
    await payNow();
    expect(await payoutsOf(s.seerId)).toHaveLength(1);

    // A second session settles; the details change: nothing is paid to the new ones for 24 hours.
    await createBooking(t.database.db, {
      clientId,
      seerId: s.seerId,
      amount: "80.00",
      sessionType: "60min",
      status: "completed",
      confirmedAt: new Date(t.clock.now().getTime() - 4 * DAY),
      completedAt: new Date(t.clock.now().getTime() - 2 * DAY),
      scheduledDate: "2026-11-19",
    });
    const changed = await connect(s.cookie, "mobile_money", "ATL", "0277000222");
    expect(changed.usableFrom.getTime()).toBe(t.clock.now().getTime() + DAY);
    await payNow();
    expect(await payoutsOf(s.seerId)).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === "changing-seer@example.com" && m.subject === "Your payout details were changed")).toHaveLength(2);
    const current = await t.database.db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.seerId, s.seerId), eq(payoutMethods.institutionCode, "ATL")));
    expect(current).toHaveLength(1);

    t.clock.set(new Date(t.clock.now().getTime() + DAY + 60_000));
    await payNow();
    const paid = await payoutsOf(s.seerId);
    expect(paid).toHaveLength(2);
    expect(paid.find((p) => p.methodId === current[0]?.id)).toMatchObject({ status: "success", amount: 6400 });
    t.clock.set(NOW);
  });

  it("exports a Seer's payout details as pages show them, and forgets them with the account", async () => {
    const s = await seerIn("Ghana", "leaving-seer@example.com");
    await connect(s.cookie, "mobile_money", "MTN", "0244987654");
    await payNow();
    const exported = await trpcQuery(t.app, "account.exportData", undefined, s.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("MTN Mobile Money •••• 7654");
    expect(exported.body).not.toContain("0244987654");
    expect((await trpcMutation(t.app, "account.deleteAccount", { currentPassword: PASSWORD }, s.cookie)).statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(payoutMethods).where(eq(payoutMethods.seerId, s.seerId));
    expect(kept).toMatchObject({ accountNumber: "7654", accountName: "Former Seer", recipientCode: null });
    expect(kept?.replacedAt).not.toBeNull();
    // The payout made to them stays, with its destination as it was shown.
    expect(await payoutsOf(s.seerId)).toMatchObject([{ status: "success" }]);
  });

  it("answers another Seer's or a client's calls as their own or refuses them", async () => {
    const client = await signUp(t.app, { email: "local-nosy@example.com" });
    expect(trpcError(await trpcQuery(t.app, "payouts.options", undefined, client.cookie)).data.httpStatus).toBe(403);
    expect(trpcError(await trpcQuery(t.app, "payouts.options")).data.httpStatus).toBe(401);
  });
});
