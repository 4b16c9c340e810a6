import { desc, eq, isNull, and } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { payoutMethods } from "../../../db/schema";
import { methodLabel } from "./methods";

/** A Seer's payout details for their data export: every set they saved, as pages show them (the last four digits). */
export async function payoutDetailsData(db: Queryable, seerId: string) {
  const rows = await db
    .select()
    .from(payoutMethods)
    .where(eq(payoutMethods.seerId, seerId))
    .orderBy(desc(payoutMethods.createdAt));
  return rows.map((m) => ({
    details: methodLabel(m),
    kind: m.kind,
    currency: m.currency,
    accountName: m.accountName,
    savedAt: m.createdAt,
    usableFrom: m.usableFrom,
    replacedAt: m.replacedAt,
  }));
}

/**
 * A deleted account's payout details, a Seer's or a vendor's (account/data-rights.ts, in its transaction): the numbers cut to their last four
 * digits (what the payouts already made show), the holder's name and the provider's handle gone, and no details
 * current, so nothing more is paid. The rows stay, as the payouts made to them do.
 */
export async function forgetPayoutDetails(
  tx: Queryable,
  payee: { seerId: string } | { vendorId: string },
  now: Date,
): Promise<void> {
  const [owner, holder] =
    "seerId" in payee ? [eq(payoutMethods.seerId, payee.seerId), "Former Seer"] : [eq(payoutMethods.vendorId, payee.vendorId), "Former vendor"];
  const rows = await tx.select({ id: payoutMethods.id, accountNumber: payoutMethods.accountNumber }).from(payoutMethods).where(owner);
  for (const row of rows)
    await tx
      .update(payoutMethods)
      .set({ accountNumber: row.accountNumber.replace(/\D/g, "").slice(-4), accountName: holder, recipientCode: null })
      .where(eq(payoutMethods.id, row.id));
  await tx
    .update(payoutMethods)
    .set({ replacedAt: now })
    .where(and(owner, isNull(payoutMethods.replacedAt)));
}
