import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, seers } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { SEER_ONLY_MESSAGE } from "../../../src/schemas/dashboard";
import type { Clock } from "../../platform/clock";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { publicSeerColumns, type OwnSeer } from "../seers";
import type { UploadService } from "../uploads";

/** The dashboard lists are a working view, not an archive. */
export const DASHBOARD_LIST_LIMIT = 200;

export interface SeerDashboardDeps {
  db: Db;
  clock: Clock;
  uploads: UploadService;
  /** The payouts module's ledger: a Seer's bookings are brought up to date in it before their figures are read. */
  ledger: { recordSeer(seerId: string): Promise<void> };
}

const ownColumns = { ...publicSeerColumns, verificationStatus: seers.verificationStatus, availability: seers.availability };

/** The signed-in user's own Seer profile; a user without one is not a Seer to this dashboard. */
export async function ownSeer(db: Db, user: CurrentUser): Promise<OwnSeer> {
  const [seer] = await db.select(ownColumns).from(seers).where(eq(seers.userId, user.id)).limit(1);
  if (!seer) throw new AppError("FORBIDDEN", SEER_ONLY_MESSAGE);
  return seer;
}

export const confirmed = eq(bookings.status, "confirmed");
/** Sessions that were (or are to be) held: counted as sessions. */
export const held = inArray(bookings.status, ["confirmed", "completed", "no_show"]);
/**
 * Paid bookings whose money counts: held sessions (a no-show was paid for) and cancelled ones, which count only
 * what they kept (their money is read from the ledger).
 */
export const paid = inArray(bookings.status, ["confirmed", "completed", "no_show", "cancelled"]);
/** docs/product.md#states-and-transitions: pending bookings count as pending payouts; only a hold still running can still be paid. */
export const livePending = (now: Date) => and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now));

/** A sum of integer cents, as the decimal text the dashboard shows. */
export const money = (expression: SQL, condition?: SQL) =>
  sql<string>`(coalesce(sum(${expression}) filter (where ${condition ?? sql`true`}), 0) / 100.0)::numeric(12,2)::text`;
