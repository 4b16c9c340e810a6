import type { Db } from "../../../db/client";
import { fromUsdCents, parseRate, rateText, toUsdCents, type Currency, type Rate } from "../../../src/domain/currencies";
import { toCents, type Cents } from "../../../src/domain/money";
import { currentRate } from "../../platform/exchange-rates";

/**
 * What a booking charged its client (issue #41). `bookings.amount` is always the Seer's price in US dollars, the book
 * value; a booking charged in the client's own currency keeps that charge beside it: its currency, its minor units and
 * the rate that turned the price into them. Refunds are computed by the Terms in book cents and asked of the provider
 * in the charge's currency; what the provider refunded is brought back to book cents at the charge's rate.
 */
export interface StoredCharge {
  amount: string;
  chargeCurrency: Currency;
  chargeAmount: number | null;
}

/** What bookings.createPaymentIntent answers: the hold, its intent, its price and what it charges. */
export interface CreatedBookingPayment {
  clientSecret: string;
  bookingId: string;
  paymentIntentId: string;
  /** The Seer's price in US dollars ("45.00"): the booking's book value. */
  amount: string;
  /** What the client is charged: this currency's minor units (USD: the price in cents; GHS 64890: GH₵648.90). */
  currency: Currency;
  chargeAmount: number;
}

/**
 * A new charge in the client's own currency: the price converted at the rate of the moment, stored with the hold,
 * and the intent opened for exactly that amount. A US dollar charge has none (`null`): it is the price itself.
 */
export interface LocalCharge {
  currency: Exclude<Currency, "USD">;
  amount: number;
  rate: string;
}

/** The price in the client's currency at the rate of the moment; none for US dollars. */
export async function localCharge(db: Db, currency: Currency, price: Cents): Promise<LocalCharge | null> {
  if (currency === "USD") return null;
  const rate = await currentRate(db, currency);
  return { currency, amount: fromUsdCents(price, rate), rate: rateText(rate) };
}

/** The currency as Stripe names it, lower-case ("usd", "ghs"). */
export const providerCurrency = (currency: Currency): string => currency.toLowerCase();

/** What the client was charged: the price in cents (USD), or the local charge in its currency's minor units. */
export function chargeOf(booking: StoredCharge): { currency: Currency; amount: number } {
  if (booking.chargeCurrency === "USD" || booking.chargeAmount === null)
    return { currency: "USD", amount: toCents(booking.amount) };
  return { currency: booking.chargeCurrency, amount: booking.chargeAmount };
}

/** A charge in another currency than the book's: its minor units and its rate. */
export interface LocalChargeOf {
  amount: number;
  rate: Rate;
}

/** The booking's local charge, or null when it was charged in US dollars. */
export function localChargeOf(booking: StoredCharge & { chargeRate: string | null }): LocalChargeOf | null {
  if (booking.chargeCurrency === "USD" || booking.chargeAmount === null || booking.chargeRate === null) return null;
  return { amount: booking.chargeAmount, rate: parseRate(booking.chargeCurrency, booking.chargeRate) };
}

/**
 * What to ask the provider to refund of a local charge for `outstanding` book cents: converted at the charge's rate,
 * never more than is left of the charge; all that is left when the whole price is due (a 100% refund is exactly
 * the whole local charge).
 */
export function localRefundAsk(
  charge: LocalChargeOf,
  { outstanding, due, price, refundedLocal }: { outstanding: number; due: number; price: number; refundedLocal: number },
): number {
  const left = Math.max(0, charge.amount - refundedLocal);
  if (due >= price) return left;
  return Math.min(left, fromUsdCents(outstanding, charge.rate));
}

/**
 * The book value of a refund of `local` minor units, made after `before` minor units were refunded: the difference of
 * the two totals' book values, so that a booking's refunds always add up to the book value of all that was refunded
 * (the whole local charge is exactly the whole price: decision 133).
 */
export const refundBookCents = (rate: Rate, before: number, local: number): number =>
  toUsdCents(before + local, rate) - toUsdCents(before, rate);
