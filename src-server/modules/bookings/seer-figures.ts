import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { bookings } from "../../../db/schema";
import { PAID_BOOKING_STATUSES } from "./figures";
import type { Clock } from "../../platform/clock";

/** The dashboard lists are a working view, not an archive. */
export const DASHBOARD_LIST_LIMIT = 200;

/** One Seer's bookings as the ledger has them, in integer cents: payouts' `seerBookingLedger`, to join to `bookings`. */
type BookingLedger = SubqueryWithSelection<
  {
    bookingId: SQL.Aliased<string>;
    charged: SQL.Aliased<number>;
    refunded: SQL.Aliased<number>;
    kept: SQL.Aliased<number>;
    fee: SQL.Aliased<number>;
    earnings: SQL.Aliased<number>;
    settled: SQL.Aliased<boolean>;
  },
  string
>;

/**
 * The payouts module's ledger, as a Seer's sessions and earnings read it: a Seer's bookings are brought up to date
 * in it before their figures are read, and each booking's share is read from it. Payouts imports bookings, so the
 * ledger is handed in (modules/index.ts), never imported.
 */
export interface SeerLedger {
  recordSeer(seerId: string): Promise<void>;
  byBooking(db: Db, seerId: string): BookingLedger;
}

/** What a Seer's sessions and earnings are read with. */
export interface SeerFiguresDeps {
  db: Db;
  clock: Clock;
  seerLedger: SeerLedger;
}

export const confirmed = eq(bookings.status, "confirmed");
/** Sessions that were (or are to be) held: counted as sessions. */
export const held = inArray(bookings.status, ["confirmed", "completed", "no_show"]);
/** The dashboard's past list: held sessions, and those the Seer missed (refunded in full, earning nothing). */
export const listedPast = inArray(bookings.status, ["confirmed", "completed", "no_show", "seer_no_show"]);
/**
 * Paid bookings whose money counts: held sessions (a no-show was paid for) and cancelled ones, which count only
 * what they kept (their money is read from the ledger).
 */
export const paid = inArray(bookings.status, [...PAID_BOOKING_STATUSES]);
/** docs/product.md#states-and-transitions: pending bookings count as pending payouts; only a hold still running can still be paid. */
export const livePending = (now: Date) => and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now));

/** A sum of integer cents, as the decimal text the dashboard shows. */
export const money = (expression: SQL, condition?: SQL) =>
  sql<string>`(coalesce(sum(${expression}) filter (where ${condition ?? sql`true`}), 0) / 100.0)::numeric(12,2)::text`;
