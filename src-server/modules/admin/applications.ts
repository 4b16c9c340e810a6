import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { seerApplications, seers, users, type ApplicationStatus } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import { applicationDecisionEmail } from "../applications";
import type { Outbox } from "../../platform/mail";
import { recordAdminAction, type AdminActor } from "../../platform/audit";

export const APPLICATION_NOT_FOUND = "Application not found";
export const ALREADY_REVIEWED = "This application has already been reviewed";
/** A page of applications per status is plenty for a review queue; the counts stay exact. */
export const ADMIN_APPLICATIONS_LIMIT = 200;

const applicationColumns = {
  id: seerApplications.id,
  userId: seerApplications.userId,
  fullName: seerApplications.fullName,
  country: seerApplications.country,
  contactEmail: seerApplications.contactEmail,
  contactPhone: seerApplications.contactPhone,
  tradition: seerApplications.tradition,
  lineageInfo: seerApplications.lineageInfo,
  yearsOfPractice: seerApplications.yearsOfPractice,
  specializations: seerApplications.specializations,
  biography: seerApplications.biography,
  ethicsStatement: seerApplications.ethicsStatement,
  idDocumentUrl: seerApplications.idDocumentUrl,
  status: seerApplications.status,
  reviewNotes: seerApplications.reviewNotes,
  reviewedAt: seerApplications.reviewedAt,
  createdAt: seerApplications.createdAt,
} as const;

export interface AdminApplication {
  id: string;
  userId: string;
  fullName: string;
  country: string;
  contactEmail: string;
  contactPhone: string | null;
  tradition: string;
  lineageInfo: string;
  yearsOfPractice: number;
  specializations: string[];
  biography: string;
  ethicsStatement: string;
  idDocumentUrl: string;
  status: ApplicationStatus;
  reviewNotes: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export type ApplicationCounts = Record<ApplicationStatus, number>;

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** The review queue of Seer applications: the lists, their counts, and the decision with its e-mail. */
export function createApplicationReview({
  db,
  clock,
  outbox,
  config,
  sessionsChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
  /** This instance's session cache told that an approved applicant became a Seer. */
  sessionsChanged?: (userId: string) => void;
}) {
  async function applicationCounts(): Promise<ApplicationCounts> {
    const [row] = await db
      .select({
        pending: countWhere(sql`${seerApplications.status} = 'pending'`),
        approved: countWhere(sql`${seerApplications.status} = 'approved'`),
        rejected: countWhere(sql`${seerApplications.status} = 'rejected'`),
      })
      .from(seerApplications);
    return row ?? { pending: 0, approved: 0, rejected: 0 };
  }

  /** Applications of one status (or all), newest first, with the count of each status. */
  async function listApplications(
    status?: ApplicationStatus,
  ): Promise<{ applications: AdminApplication[]; counts: ApplicationCounts }> {
    const [applications, counts] = await Promise.all([
      db
        .select(applicationColumns)
        .from(seerApplications)
        .where(status ? eq(seerApplications.status, status) : undefined)
        .orderBy(desc(seerApplications.createdAt), desc(seerApplications.id))
        .limit(ADMIN_APPLICATIONS_LIMIT),
      applicationCounts(),
    ]);
    return { applications, counts };
  }

  /**
   * Reviews a pending application in one transaction. The conditional UPDATE ... WHERE status = 'pending'
   * makes a second (or concurrent) review find nothing to change, so it is refused rather than applied twice.
   */
  async function review(
    input: { id: string; status: "approved" | "rejected"; reviewNotes: string | null },
    admin: AdminActor,
  ): Promise<AdminApplication> {
    const application = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(seerApplications)
        .set({ status: input.status, reviewNotes: input.reviewNotes, reviewedAt: clock.now(), reviewedBy: admin.id })
        .where(and(eq(seerApplications.id, input.id), eq(seerApplications.status, "pending")))
        .returning(applicationColumns);
      if (!updated) {
        const [existing] = await tx
          .select({ id: seerApplications.id })
          .from(seerApplications)
          .where(eq(seerApplications.id, input.id))
          .limit(1);
        throw existing ? new AppError("CONFLICT", ALREADY_REVIEWED) : new AppError("NOT_FOUND", APPLICATION_NOT_FOUND);
      }
      if (updated.status === "approved") {
        const profile = {
          fullName: updated.fullName,
          country: updated.country,
          tradition: updated.tradition,
          specializations: updated.specializations,
          biography: updated.biography,
          yearsOfPractice: updated.yearsOfPractice,
          verificationStatus: "approved" as const,
        };
        // seers.userId is unique: a returning applicant's existing profile is refreshed, not duplicated.
        await tx
          .insert(seers)
          .values({ userId: updated.userId, ...profile })
          .onConflictDoUpdate({ target: seers.userId, set: profile });
        // An admin who is also a Seer keeps the admin role (a user has one role).
        await tx
          .update(users)
          .set({ role: "seer" })
          .where(and(eq(users.id, updated.userId), eq(users.role, "client")));
      }
      await recordAdminAction(tx, admin, {
        targetKind: "seer_application",
        targetId: updated.id,
        change: { ...input, before: { status: "pending" }, after: { status: updated.status } },
      });
      // The decision and its e-mail commit together; the e-mail is sent, and retried, out of the request. In the
      // applicant's language (issue #45).
      const [applicant] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, updated.userId));
      await outbox.send(
        `application-decision:${updated.id}`,
        applicationDecisionEmail(updated, input.status, updated.reviewNotes, config.publicUrl, applicant?.locale),
        { tx },
      );
      return updated;
    });
    if (input.status === "approved") sessionsChanged(application.userId);
    return application;
  }

  return { applicationCounts, listApplications, review };
}
