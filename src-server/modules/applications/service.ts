import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { seerApplications, seers } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { SeerApplication } from "../../../src/schemas/applications";
import type { Clock } from "../../platform/clock";
import { isUniqueViolation } from "../../platform/database";
import type { UploadService } from "../uploads";

export const ALREADY_PENDING = "You already have an application under review. We'll contact you via email.";
export const ALREADY_SEER = "You are already a verified Seer.";
export const DOCUMENT_NOT_YOURS = "Please upload your ID document";

export interface MyApplication {
  id: string;
  status: "pending" | "approved" | "rejected";
  createdAt: Date;
}

export function createApplicationService({ db, clock, uploads }: { db: Db; clock: Clock; uploads: UploadService }) {
  /** Files an application for the signed-in user: their own ID document, one pending application at a time. */
  async function submit(userId: string, input: SeerApplication): Promise<MyApplication> {
    try {
      return await db.transaction(async (tx) => {
        const document = await uploads.findOwned(tx, userId, input.idDocumentUrl, "id-document");
        if (!document) throw new AppError("BAD_REQUEST", DOCUMENT_NOT_YOURS);
        const [approvedSeer] = await tx
          .select({ id: seers.id })
          .from(seers)
          .where(and(eq(seers.userId, userId), eq(seers.verificationStatus, "approved")))
          .limit(1);
        if (approvedSeer) throw new AppError("CONFLICT", ALREADY_SEER);
        const [row] = await tx
          .insert(seerApplications)
          .values({
            userId,
            fullName: input.fullName,
            country: input.country,
            contactEmail: input.contactEmail,
            contactPhone: input.contactPhone ?? null,
            tradition: input.tradition,
            lineageInfo: input.lineageInfo,
            yearsOfPractice: input.yearsOfPractice,
            specializations: input.specializations,
            biography: input.biography,
            ethicsStatement: input.ethicsStatement,
            idDocumentUrl: input.idDocumentUrl,
            createdAt: clock.now(),
          })
          .returning({ id: seerApplications.id, status: seerApplications.status, createdAt: seerApplications.createdAt });
        if (!row) throw new Error("Insert returned no row");
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, "seer_applications_one_pending_per_user")) throw new AppError("CONFLICT", ALREADY_PENDING);
      throw error;
    }
  }

  /** The user's most recent application, so the form can say one is already under review. */
  async function latest(userId: string): Promise<MyApplication | null> {
    const [row] = await db
      .select({ id: seerApplications.id, status: seerApplications.status, createdAt: seerApplications.createdAt })
      .from(seerApplications)
      .where(eq(seerApplications.userId, userId))
      .orderBy(desc(seerApplications.createdAt))
      .limit(1);
    return row ?? null;
  }

  return { submit, latest };
}
