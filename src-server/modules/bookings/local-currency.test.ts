import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingRefunds, ledgerEntries, sentEmails, testPaymentIntents } from "../../../db/schema";
import { DEFAULT_RATES, fromUsdCents, parseRate, type Currency } from "../../../src/domain/currencies";
import { attendSession, trpcData, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { bookingTestKit, NOW } from "./test-kit";

// Issue #41: a client pays in their own money. The Seer's price stays the booking's book value in US dollars; the
// charge is that price at the rate of the moment, in the client's currency, stored with its rate.
const kit = bookingTestKit();
const { provider, freshDate, createIntent, confirmBooking, payWithCard, bookingRow } = kit;
let t: TestApp;
let client: { cookie: string; email: string };
let seerCookie: string;
beforeAll(() => void ({ t, client, seerCookie } = kit.get()));

const HOUR = 3600_000;
const PRICE_30 = 4500; // the test kit's Seer: 45.00 for 30 minutes
const GHS = parseRate("GHS", DEFAULT_RATES.GHS);
const XOF = parseRate("XOF", DEFAULT_RATES.XOF);

type Created = {
  clientSecret: string;
  bookingId: string;
  paymentIntentId: string;
  amount: string;
  currency: Currency;
  chargeAmount: number;
};

/** A 30-minute hold in `currency` (14:00 UTC on a day of its own: more than 24 hours ahead). */
async function hold(currency: Currency, time = "14:00"): Promise<Created> {
  const response = await createIntent(client.cookie, {
    sessionType: "30min",
    scheduledDate: freshDate(),
    scheduledTime: time,
    currency,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Created>();
}

/** Held and paid by the test card 4242 (its event confirms at once). */
async function paid(currency: Currency): Promise<Created> {
  const created = await hold(currency);
  const card = await payWithCard(client.cookie, created.clientSecret, "4242 4242 4242 4242");
  expect(card.statusCode, card.body).toBe(200);
  return created;
}

const ledgerRows = (bookingId: string) =>
  t.database.db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      localAmount: ledgerEntries.localAmount,
      rate: ledgerEntries.rate,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(ledgerEntries.id);

async function quote(bookingId: string) {
  return trpcData<{ refundAmount: string; charge: unknown }>(
    await trpcQuery(t.app, "bookings.cancellationQuote", { bookingId }, client.cookie),
  );
}

async function cancelAsClient(bookingId: string): Promise<{ refundAmount: string }> {
  return trpcData<{ refundAmount: string }>(await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie));
}

describe("a booking charged in cedis", () => {
  it("opens the intent for the price at today's rate, in pesewas, and hands the same charge back to a second click", async () => {
    expect(fromUsdCents(PRICE_30, GHS)).toBe(64890);
    const created = await hold("GHS");
    expect(created).toMatchObject({ amount: "45.00", currency: "GHS", chargeAmount: 64890 });
    const intent = await provider().retrievePaymentIntent(created.paymentIntentId);
    expect({ amount: intent.amount, currency: intent.currency }).toEqual({ amount: 64890, currency: "ghs" });
    expect(await bookingRow(created.bookingId)).toMatchObject({
      amount: "45.00",
      chargeCurrency: "GHS",
      chargeAmount: 64890,
      chargeRate: "14.420000",
      paymentMetadata: { currency: "ghs", amountCents: 4500, localAmount: 64890 },
    });
    // The same slot asked for again: the same hold, the same charge.
    const again = await createIntent(client.cookie, {
      sessionType: "30min",
      scheduledDate: (await bookingRow(created.bookingId))?.scheduledDate,
      scheduledTime: "14:00",
      currency: "GHS",
    });
    expect(again.json<Created>()).toMatchObject({
      bookingId: created.bookingId,
      paymentIntentId: created.paymentIntentId,
      currency: "GHS",
      chargeAmount: 64890,
    });
  });

  it("gives up a hold asked for again in another currency: its intent cancelled, a new hold charged in that one", async () => {
    const created = await hold("GHS", "18:00");
    const date = (await bookingRow(created.bookingId))?.scheduledDate;
    const again = await createIntent(client.cookie, {
      sessionType: "30min",
      scheduledDate: date,
      scheduledTime: "18:00",
      currency: "USD",
    });
    expect(again.statusCode, again.body).toBe(200);
    const dollars = again.json<Created>();
    expect(dollars.bookingId).not.toBe(created.bookingId);
    expect(dollars).toMatchObject({ amount: "45.00", currency: "USD", chargeAmount: 4500 });
    expect((await provider().retrievePaymentIntent(created.paymentIntentId)).status).toBe("canceled");
    expect((await bookingRow(created.bookingId))?.status).toBe("failed");
    expect(await bookingRow(dollars.bookingId)).toMatchObject({ chargeCurrency: "USD", chargeAmount: null, chargeRate: null });
  });

  it("confirms once when paid by the test card; the call and the webhook after it change nothing", async () => {
    const created = await hold("GHS");
    const { event } = await provider().confirmCard({
      clientSecret: created.clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    expect((await confirmBooking(client.cookie, created.paymentIntentId)).json()).toMatchObject({ status: "confirmed" });
    const first = await bookingRow(created.bookingId);
    expect(first?.status).toBe("confirmed");
    const payload = JSON.stringify(event);
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect((await confirmBooking(client.cookie, created.paymentIntentId)).json()).toMatchObject({ status: "confirmed" });
    }
    const after = await bookingRow(created.bookingId);
    expect(after?.confirmedAt).toEqual(first?.confirmedAt);
    expect(after).toMatchObject({ chargeCurrency: "GHS", chargeAmount: 64890, chargeRate: "14.420000" });
    // One charge row: book value in US cents, the cedis and the rate beside it.
    expect(await ledgerRows(created.bookingId)).toEqual([
      { kind: "charge", amount: 4500, currency: "GHS", localAmount: 64890, rate: "14.420000" },
    ]);
    const keys = await t.database.db
      .select()
      .from(sentEmails)
      .where(eq(sentEmails.key, `booking-confirmed:${created.bookingId}:client`));
    expect(keys.length).toBeLessThanOrEqual(1);
    await t.app.jobs.runDue();
    const mailed = t.mailer.sent.filter((m) => m.to === client.email && m.text.includes(created.bookingId));
    expect(mailed).toHaveLength(1);
    // The mail says what was taken, from the stored charge: the cedis, and the US dollar price beside them.
    expect(mailed[0]?.text).toContain("Amount paid: GH₵648.90 ($45.00)");
    const viewed = await t.app.inject({ method: "GET", url: `/api/bookings/${created.bookingId}`, headers: { cookie: client.cookie } });
    expect(viewed.json()).toMatchObject({ amount: "45.00", chargeCurrency: "GHS", chargeAmount: 64890 });
  });

  it("settles the Seer's 80% on book value: fee 900 and share 3600, in US cents", async () => {
    const created = await paid("GHS");
    const b = await bookingRow(created.bookingId);
    if (!b) throw new Error("no booking");
    // The client and the Seer came to the session.
    await attendSession(t.database, b.id);
    // Past the session's end and its room's close: completed; past the payout hold: settled in the ledger.
    t.clock.set(new Date(b.endsAt.getTime() + HOUR));
    try {
      await t.app.jobs.runDue({ periodic: true });
      expect((await bookingRow(created.bookingId))?.status).toBe("completed");
      t.clock.set(new Date(b.endsAt.getTime() + 26 * HOUR));
      await t.app.services.payouts.ledger.recordBooking(created.bookingId);
    } finally {
      t.clock.set(NOW);
    }
    expect(await ledgerRows(created.bookingId)).toEqual([
      { kind: "charge", amount: 4500, currency: "GHS", localAmount: 64890, rate: "14.420000" },
      { kind: "platform_fee", amount: 900, currency: "USD", localAmount: null, rate: null },
      { kind: "seer_share", amount: 3600, currency: "USD", localAmount: null, rate: null },
    ]);
    expect(await bookingRow(created.bookingId)).toMatchObject({ platformFee: "9.00", seerEarnings: "36.00" });
  });

  it("refunds all the cedis more than 24 hours ahead: 64890 at the provider, 4500 book cents in the ledger", async () => {
    const created = await paid("GHS");
    // The dialog's quote says it in cedis, as the refund will ask for it.
    expect(await quote(created.bookingId)).toMatchObject({
      refundAmount: "45.00",
      charge: { currency: "GHS", amount: 64890, refund: 64890 },
    });
    expect(await cancelAsClient(created.bookingId)).toMatchObject({ refundAmount: "45.00" });
    const refunds = await provider().listRefunds(created.paymentIntentId);
    expect(refunds.map((r) => ({ amount: r.amount, currency: r.currency }))).toEqual([{ amount: 64890, currency: "ghs" }]);
    expect(await bookingRow(created.bookingId)).toMatchObject({
      status: "cancelled",
      refundedAmount: "45.00",
      refundDue: "45.00",
      platformFee: "0.00",
      seerEarnings: "0.00",
    });
    const stored = await t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, created.bookingId));
    expect(stored.map((r) => ({ amount: r.amount, localAmount: r.localAmount }))).toEqual([
      { amount: "45.00", localAmount: 64890 },
    ]);
    await t.app.services.payouts.ledger.recordBooking(created.bookingId);
    expect(await ledgerRows(created.bookingId)).toEqual([
      { kind: "charge", amount: 4500, currency: "GHS", localAmount: 64890, rate: "14.420000" },
      { kind: "refund", amount: 4500, currency: "GHS", localAmount: 64890, rate: "14.420000" },
    ]);
  });

  it("refunds half within 24 hours: 32445 pesewas, 22.50 of book value, the Seer 80% of the rest", async () => {
    const created = await paid("GHS");
    const b = await bookingRow(created.bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) - 2 * HOUR));
    try {
      expect(await quote(created.bookingId)).toMatchObject({ refundAmount: "22.50", charge: { currency: "GHS", refund: 32445 } });
      expect(await cancelAsClient(created.bookingId)).toMatchObject({ refundAmount: "22.50" });
    } finally {
      t.clock.set(NOW);
    }
    expect((await provider().listRefunds(created.paymentIntentId)).map((r) => r.amount)).toEqual([32445]);
    expect(await bookingRow(created.bookingId)).toMatchObject({
      refundedAmount: "22.50",
      refundDue: "22.50",
      platformFee: "4.50",
      seerEarnings: "18.00",
    });
    await t.app.services.payouts.ledger.recordBooking(created.bookingId);
    expect((await ledgerRows(created.bookingId)).filter((r) => r.kind === "refund")).toEqual([
      { kind: "refund", amount: 2250, currency: "GHS", localAmount: 32445, rate: "14.420000" },
    ]);
  });

  it("does not confirm a payment whose intent was changed to another currency or to the dollar price", async () => {
    for (const tamper of [{ currency: "ngn" }, { currency: "usd", amount: 4500 }]) {
      const created = await hold("GHS", "16:00");
      await t.database.db.update(testPaymentIntents).set(tamper).where(eq(testPaymentIntents.id, created.paymentIntentId));
      await payWithCard(client.cookie, created.clientSecret, "4242 4242 4242 4242");
      expect((await provider().retrievePaymentIntent(created.paymentIntentId)).status).toBe("succeeded");
      const confirmed = await confirmBooking(client.cookie, created.paymentIntentId);
      expect(confirmed.statusCode).toBe(400);
      expect((await bookingRow(created.bookingId))?.status).not.toBe("confirmed");
      expect(await ledgerRows(created.bookingId)).toEqual([]);
    }
  });
});

describe("a booking charged in CFA francs (no minor unit)", () => {
  it("charges whole francs and refunds them all more than 24 hours ahead", async () => {
    const francs = fromUsdCents(PRICE_30, XOF);
    expect(francs).toBe(27248); // 45 dollars at 605.5: 27247.5, rounded half up
    const created = await paid("XOF");
    expect(created).toMatchObject({ currency: "XOF", chargeAmount: francs });
    const intent = await provider().retrievePaymentIntent(created.paymentIntentId);
    expect({ amount: intent.amount, currency: intent.currency, status: intent.status }).toEqual({
      amount: francs,
      currency: "xof",
      status: "succeeded",
    });
    expect(await bookingRow(created.bookingId)).toMatchObject({
      status: "confirmed",
      chargeCurrency: "XOF",
      chargeAmount: francs,
      chargeRate: "605.500000",
    });
    expect(await cancelAsClient(created.bookingId)).toMatchObject({ refundAmount: "45.00" });
    expect((await provider().listRefunds(created.paymentIntentId)).map((r) => [r.amount, r.currency])).toEqual([[francs, "xof"]]);
    await t.app.services.payouts.ledger.recordBooking(created.bookingId);
    expect(await ledgerRows(created.bookingId)).toEqual([
      { kind: "charge", amount: 4500, currency: "XOF", localAmount: francs, rate: "605.500000" },
      { kind: "refund", amount: 4500, currency: "XOF", localAmount: francs, rate: "605.500000" },
    ]);
    expect(await bookingRow(created.bookingId)).toMatchObject({
      refundedAmount: "45.00",
      platformFee: "0.00",
      seerEarnings: "0.00",
    });
  });

  it("refunds half within 24 hours in whole francs", async () => {
    const created = await paid("XOF");
    const b = await bookingRow(created.bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) - HOUR));
    try {
      expect(await quote(created.bookingId)).toMatchObject({ refundAmount: "22.50", charge: { currency: "XOF", refund: 13624 } });
      expect(await cancelAsClient(created.bookingId)).toMatchObject({ refundAmount: "22.50" });
    } finally {
      t.clock.set(NOW);
    }
    expect((await provider().listRefunds(created.paymentIntentId)).map((r) => r.amount)).toEqual([fromUsdCents(2250, XOF)]);
    expect(fromUsdCents(2250, XOF)).toBe(13624);
    expect(await bookingRow(created.bookingId)).toMatchObject({
      refundedAmount: "22.50",
      platformFee: "4.50",
      seerEarnings: "18.00",
    });
  });

  it("refunds the rest of the francs when the Seer cancels after a partial refund made elsewhere: the whole price back", async () => {
    const created = await paid("XOF");
    // Half the francs refunded from the provider's dashboard, announced by its event.
    const { event } = await provider().refundElsewhere(created.paymentIntentId, 13624);
    const payload = JSON.stringify(event);
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": provider().sign(payload) },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    expect(await bookingRow(created.bookingId)).toMatchObject({ status: "confirmed", refundedAmount: "22.50" });
    // The Seer cancels: everything left is refunded, exactly the francs left of the charge.
    expect(trpcData(await trpcMutation(t.app, "bookings.cancel", { bookingId: created.bookingId }, seerCookie))).toMatchObject({
      refundAmount: "22.50",
    });
    expect((await provider().listRefunds(created.paymentIntentId)).map((r) => r.amount)).toEqual([13624, 13624]);
    expect(await bookingRow(created.bookingId)).toMatchObject({
      refundedAmount: "45.00",
      platformFee: "0.00",
      seerEarnings: "0.00",
    });
    await t.app.services.payouts.ledger.recordBooking(created.bookingId);
    const refunds = (await ledgerRows(created.bookingId)).filter((r) => r.kind === "refund");
    expect(refunds.map((r) => [r.amount, r.localAmount])).toEqual([
      [2250, 13624],
      [2250, 13624],
    ]);
  });
});
