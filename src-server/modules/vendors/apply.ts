import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { vendorApplications, vendors } from "../../../db/schema";
import type { ApplicationStatus } from "../../../src/domain/enums";
import type { PayoutMethodKind } from "../../../src/domain/payout-rails";
import { AppError } from "../../../src/errors";
import {
  ALREADY_VENDOR,
  REGISTRATION_DOCUMENT_REQUIRED,
  VENDOR_ALREADY_PENDING,
  type VendorApplication,
} from "../../../src/schemas/vendors";
import type { Clock } from "../../platform/clock";
import { isUniqueViolation } from "../../platform/database";
import type { Outbox } from "../../platform/mail";
import type { UploadService } from "../uploads";
import { vendorApplicationReceivedEmail } from "./mail";
import { localeOfUser } from "../../platform/mail-links";

/** Payout details as the payouts module checked them against the country's rail (stored with the application). */
export interface CheckedPayoutDetails {
  rail: string;
  kind: PayoutMethodKind;
  country: string;
  currency: string;
  institutionCode: string;
  institutionName: string;
  accountNumber: string;
  accountName: string;
}

/** What the vendors module asks of the payouts module (issue #23's rails), given by modules/index.ts. */
export interface PayoutChecks {
  checkDetails: (
    country: string,
    input: { kind: PayoutMethodKind; institutionCode: string; accountNumber: string; accountName: string },
  ) => Promise<CheckedPayoutDetails>;
  institutionsIn: (country: string, kind: PayoutMethodKind) => Promise<{ code: string; name: string }[]>;
  /** The holder's name as the provider reports it (null where it cannot tell), for the form's `Check name`. */
  resolveIn: (
    country: string,
    input: { kind: PayoutMethodKind; institutionCode: string; accountNumber: string },
  ) => Promise<{ accountName: string | null }>;
}

export interface MyVendorApplication {
  id: string;
  status: ApplicationStatus;
  createdAt: Date;
}

export interface ApplyDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  uploads: UploadService;
  payoutChecks: PayoutChecks;
}

/**
 * Files a vendor application for the signed-in user: their own registration document (an upload checked by content),
 * payout details the country's rail accepts, one pending application at a time (the partial unique index decides a
 * race), and not when they already are a vendor.
 */
export async function submit(deps: ApplyDeps, userId: string, input: VendorApplication): Promise<MyVendorApplication> {
  const { db, clock, outbox, uploads, payoutChecks } = deps;
  // The provider is asked outside the transaction: a slow provider holds no connection.
  const payout = await payoutChecks.checkDetails(input.country, input.payout);
  try {
    return await db.transaction(async (tx) => {
      const document = await uploads.findOwned(tx, userId, input.businessRegistrationDoc, "id-document");
      if (!document) throw new AppError("BAD_REQUEST", REGISTRATION_DOCUMENT_REQUIRED);
      const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId)).limit(1);
      if (vendor) throw new AppError("CONFLICT", ALREADY_VENDOR);
      const [row] = await tx
        .insert(vendorApplications)
        .values({
          userId,
          businessName: input.businessName,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone ?? null,
          businessAddress: input.businessAddress,
          country: input.country,
          description: input.description,
          productTypes: input.productTypes,
          taxId: input.taxId ?? null,
          businessRegistrationDoc: input.businessRegistrationDoc,
          bankAccountInfo: JSON.stringify(payout),
          createdAt: clock.now(),
        })
        .returning({
          id: vendorApplications.id,
          status: vendorApplications.status,
          createdAt: vendorApplications.createdAt,
          locale: localeOfUser(vendorApplications.userId),
        });
      if (!row) throw new Error("Insert returned no row");
      const { locale, ...application } = row;
      await outbox.send(
        `vendor-application:${row.id}`,
        vendorApplicationReceivedEmail(input.contactEmail, input.businessName, locale),
        { tx },
      );
      return { ...application, status: application.status as ApplicationStatus };
    });
  } catch (error) {
    if (isUniqueViolation(error, "vendor_applications_one_pending_per_user"))
      throw new AppError("CONFLICT", VENDOR_ALREADY_PENDING);
    throw error;
  }
}

/** The user's latest vendor application, and whether they are a vendor, so the form can say where they stand. */
export async function mine(db: Db, userId: string) {
  const [[application], [vendor]] = await Promise.all([
    db
      .select({ id: vendorApplications.id, status: vendorApplications.status, createdAt: vendorApplications.createdAt })
      .from(vendorApplications)
      .where(eq(vendorApplications.userId, userId))
      .orderBy(desc(vendorApplications.createdAt))
      .limit(1),
    db
      .select({ id: vendors.id, businessName: vendors.businessName, commissionPercentage: vendors.commissionPercentage })
      .from(vendors)
      .where(and(eq(vendors.userId, userId), eq(vendors.status, "approved"), eq(vendors.isActive, true)))
      .limit(1),
  ]);
  return {
    application: application ? { ...application, status: application.status as ApplicationStatus } : null,
    vendor: vendor ?? null,
  };
}
