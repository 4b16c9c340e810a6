import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { vendorApplications, vendors } from "../../../db/schema";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../src/domain/enums";
import { maskedAccount } from "../../../src/domain/payout-rails";
import { AppError } from "../../../src/errors";
import { VENDOR_APPLICATION_NOT_FOUND, VENDOR_APPLICATION_REVIEWED } from "../../../src/schemas/vendors";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import type { CheckedPayoutDetails } from "./apply";
import { vendorDecisionEmail } from "./mail";
import { localeOfUser } from "../../platform/mail-links";

/** A page of applications per status is plenty for a review queue; the counts stay exact. */
const LIST_LIMIT = 200;

const columns = {
  id: vendorApplications.id,
  userId: vendorApplications.userId,
  businessName: vendorApplications.businessName,
  contactEmail: vendorApplications.contactEmail,
  contactPhone: vendorApplications.contactPhone,
  businessAddress: vendorApplications.businessAddress,
  country: vendorApplications.country,
  description: vendorApplications.description,
  productTypes: vendorApplications.productTypes,
  taxId: vendorApplications.taxId,
  businessRegistrationDoc: vendorApplications.businessRegistrationDoc,
  bankAccountInfo: vendorApplications.bankAccountInfo,
  status: vendorApplications.status,
  reviewNotes: vendorApplications.reviewNotes,
  reviewedAt: vendorApplications.reviewedAt,
  createdAt: vendorApplications.createdAt,
} as const;

type Row = Pick<typeof vendorApplications.$inferSelect, keyof typeof columns>;

/** The payout details as the console shows them: the institution and the last four digits only. */
function payoutLabel(info: string | null): string | null {
  if (!info) return null;
  const details = JSON.parse(info) as CheckedPayoutDetails;
  return `${details.institutionName} ${maskedAccount(details.accountNumber)} (${details.accountName})`;
}

function forAdmin({ bankAccountInfo, ...row }: Row) {
  return { ...row, status: row.status as ApplicationStatus, payout: payoutLabel(bankAccountInfo) };
}

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  publicUrl: string;
}

/** Vendor applications of one status (or all), newest first, with the count of each status. */
export async function listApplications(db: Db, status?: ApplicationStatus) {
  const counts = Object.fromEntries(
    APPLICATION_STATUSES.map((s) => [s, sql<number>`(count(*) filter (where ${vendorApplications.status} = ${s}))::int`]),
  ) as Record<ApplicationStatus, ReturnType<typeof sql<number>>>;
  const [rows, [countRow]] = await Promise.all([
    db
      .select(columns)
      .from(vendorApplications)
      .where(status ? eq(vendorApplications.status, status) : undefined)
      .orderBy(desc(vendorApplications.createdAt), desc(vendorApplications.id))
      .limit(LIST_LIMIT),
    db.select(counts).from(vendorApplications),
  ]);
  return { applications: rows.map(forAdmin), counts: countRow ?? { pending: 0, approved: 0, rejected: 0 } };
}

/**
 * Approves (at a commission, 15.00% unless the admin sets another) or rejects a pending application, in one
 * transaction with its audit row and its e-mail. Approval creates the vendor (or restores a returning applicant's).
 * The conditional update makes a second or concurrent review find nothing to change, so it is refused.
 */
export async function review(
  { db, clock, outbox, publicUrl }: ReviewDeps,
  input: { id: string; status: "approved" | "rejected"; commissionPercentage: string; reviewNotes: string | null },
  admin: AdminActor,
) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(vendorApplications)
      .set({ status: input.status, reviewNotes: input.reviewNotes, reviewedAt: clock.now(), reviewedBy: admin.id })
      .where(and(eq(vendorApplications.id, input.id), eq(vendorApplications.status, "pending")))
      .returning({ ...columns, locale: localeOfUser(vendorApplications.userId) });
    if (!updated) {
      const [existing] = await tx
        .select({ id: vendorApplications.id })
        .from(vendorApplications)
        .where(eq(vendorApplications.id, input.id))
        .limit(1);
      throw existing ? new AppError("CONFLICT", VENDOR_APPLICATION_REVIEWED) : new AppError("NOT_FOUND", VENDOR_APPLICATION_NOT_FOUND);
    }
    let vendorId: string | null = null;
    if (input.status === "approved") {
      const profile = {
        businessName: updated.businessName,
        contactEmail: updated.contactEmail,
        contactPhone: updated.contactPhone,
        businessAddress: updated.businessAddress,
        country: updated.country,
        description: updated.description,
        taxId: updated.taxId,
        commissionPercentage: input.commissionPercentage,
        status: "approved",
        isActive: true,
      };
      const [vendor] = await tx
        .insert(vendors)
        .values({ userId: updated.userId, ...profile, createdAt: clock.now() })
        .onConflictDoUpdate({ target: vendors.userId, set: profile })
        .returning({ id: vendors.id });
      vendorId = vendor?.id ?? null;
    }
    await recordAdminAction(tx, admin, {
      targetKind: "vendor_application",
      targetId: updated.id,
      change: {
        id: input.id,
        status: input.status,
        reviewNotes: input.reviewNotes,
        ...(input.status === "approved" ? { commissionPercentage: input.commissionPercentage, vendorId } : {}),
        before: { status: "pending" },
        after: { status: updated.status },
      },
    });
    await outbox.send(
      `vendor-decision:${updated.id}`,
      vendorDecisionEmail(updated, input.status, input.commissionPercentage, updated.reviewNotes, publicUrl, updated.locale),
      { tx },
    );
    const { locale: _locale, ...reviewed } = updated;
    return { ...forAdmin(reviewed), vendorId };
  });
}
