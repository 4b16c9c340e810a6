import { eq, sql } from "drizzle-orm";
import { statement, valueOf, type Queryable } from "../../../db/client";
import { bookings } from "../../../db/schema";

const p = sql.placeholder;

/**
 * A hold's payment, once opened: its intent, where it is kept (Stripe's column for Stripe's intents only, a local
 * gateway's charge in its own link; migration 0031) and the provider that takes it. Built once, its values placeholders.
 */
export const setIntentStatement = statement((q: Queryable) =>
  q
    .update(bookings)
    .set({
      paymentIntentId: valueOf(bookings.paymentIntentId, "paymentIntentId"),
      stripePaymentIntentId: valueOf(bookings.stripePaymentIntentId, "stripePaymentIntentId"),
      localChargeId: valueOf(bookings.localChargeId, "localChargeId"),
      paymentProvider: valueOf(bookings.paymentProvider, "paymentProvider"),
      paymentMetadata: valueOf(bookings.paymentMetadata, "paymentMetadata"),
    })
    .where(eq(bookings.id, p("bookingId")))
    .prepare("set_booking_intent"),
);
