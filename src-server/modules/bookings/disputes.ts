import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable, Tx } from "../../../db/client";
import { bookingDisputes, bookings, seers, users } from "../../../db/schema";
import {
  DISPUTE_REASON_LABELS,
  canReport,
  reportableUntil,
  type DisputeDecision,
  type DisputeReason,
  type DisputeStatus,
} from "../../../src/domain/disputes";
import { cents, toCents, toDecimal, type Cents } from "../../../src/domain/money";
import { AppError } from "../../../src/errors";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { WarnLog } from "../../platform/database";
import { lockInTransaction } from "../../platform/locks";
import type { SessionUser } from "../../platform/trpc/context";
import { executeRefund, REFUND_JOB } from "./cancel";
import type { BookingDeps } from "./deps";
import { lockBooking, roleIn, type Locked } from "./locked";
import { disputeDecidedMail, disputeReportedMail } from "./dispute-mail";
import { loadBookingMail } from "./mail-context";
import {
  ALREADY_ANSWERED,
  ALREADY_REPORTED,
  BOOKING_NOT_FOUND,
  DISPUTE_DECIDED,
  DISPUTE_NOT_FOUND,
  NOTHING_TO_REFUND,
  REFUND_TOO_LARGE,
  REPORT_CANCELLED,
  REPORT_NO_SHOW,
  REPORT_NOT_YET,
  REPORT_SEER_NO_SHOW,
  REPORT_TOO_LATE,
} from "./messages";

/** A dispute as its client and its Seer see it. */
export interface DisputeView {
  id: string;
  bookingId: string;
  reason: DisputeReason;
  text: string;
  status: DisputeStatus;
  seerAnswer: string | null;
  seerAnsweredAt: Date | null;
  refundAmount: string | null;
  decisionReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

const viewColumns = {
  id: bookingDisputes.id,
  bookingId: bookingDisputes.bookingId,
  reason: bookingDisputes.reason,
  text: bookingDisputes.text,
  status: bookingDisputes.status,
  seerAnswer: bookingDisputes.seerAnswer,
  seerAnsweredAt: bookingDisputes.seerAnsweredAt,
  refundAmount: bookingDisputes.refundAmount,
  decisionReason: bookingDisputes.decisionReason,
  decidedAt: bookingDisputes.decidedAt,
  createdAt: bookingDisputes.createdAt,
};

/**
 * A booking's report as its client's and Seer's cards show it (sessions.ts, seer-sessions.ts): selected as one nested
 * object over a left join, which drizzle answers as null when the booking has none.
 */
export const cardDisputeColumns = {
  id: bookingDisputes.id,
  reason: bookingDisputes.reason,
  text: bookingDisputes.text,
  status: bookingDisputes.status,
  seerAnswer: bookingDisputes.seerAnswer,
  refundAmount: bookingDisputes.refundAmount,
  decisionReason: bookingDisputes.decisionReason,
};

/** The ledger's lock on one booking (payouts' `recordBooking` takes it): a report and a settlement queue on it. */
const ledgerKey = (bookingId: string) => `ledger:booking:${bookingId}`;

async function disputeOf(q: Queryable, bookingId: string): Promise<DisputeView | undefined> {
  const [row] = await q.select(viewColumns).from(bookingDisputes).where(eq(bookingDisputes.bookingId, bookingId)).limit(1);
  return row;
}

/** Why the client of `b` may not report it now, or null when they may (the Terms, then the hold). */
function refusal(b: Locked, now: Date): string | null {
  if (b.status === "no_show") return REPORT_NO_SHOW;
  if (b.status === "seer_no_show") return REPORT_SEER_NO_SHOW;
  if (b.status === "cancelled") return REPORT_CANCELLED;
  if (b.status !== "completed" || !b.completedAt) return REPORT_NOT_YET;
  if (!canReport(b, now)) return REPORT_TOO_LATE;
  return null;
}

/**
 * bookings.reportProblem: the client of a completed session reports a problem until the hold ends. In one
 * transaction: the booking locked, then the ledger's lock on it (so a settlement that has begun finishes first and
 * the time is read after it), the report and the Seer's mail. While the report is open the booking does not settle.
 */
export async function reportProblem(
  deps: BookingDeps,
  user: SessionUser,
  input: { bookingId: string; reason: DisputeReason; text: string },
): Promise<DisputeView> {
  return deps.db.transaction(async (tx) => {
    const { booking: b } = roleIn(user, await lockBooking(tx, input.bookingId), ["client"]);
    await lockInTransaction(tx, ledgerKey(b.id));
    const refused = refusal(b, deps.clock.now());
    if (refused) throw new AppError("CONFLICT", refused);
    const [row] = await tx
      .insert(bookingDisputes)
      .values({ bookingId: b.id, reason: input.reason, text: input.text, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: bookingDisputes.bookingId })
      .returning(viewColumns);
    if (!row) throw new AppError("CONFLICT", ALREADY_REPORTED);
    const mail = await loadBookingMail(tx, deps.config.publicUrl, b.id);
    if (mail)
      await deps.outbox.send(
        `dispute-reported:${row.id}`,
        disputeReportedMail(mail.seerEmail, mail.data, DISPUTE_REASON_LABELS[input.reason], input.text, mail.seerLocale),
        { tx },
      );
    return row;
  });
}

/** The booking's client or Seer, or NOT_FOUND as for a missing booking (read without a lock). */
async function partyOf(q: Queryable, user: SessionUser, bookingId: string): Promise<"client" | "seer"> {
  const [b] = await q
    .select({ clientId: bookings.clientId, seerUserId: seers.userId })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (b?.clientId === user.id) return "client";
  if (b?.seerUserId === user.id) return "seer";
  throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
}

/**
 * bookings.dispute: a booking's report as its client or Seer sees it (null when none), whether the client may still
 * report it and until when. Anyone else is answered as for a missing booking.
 */
export async function dispute(
  { db, clock }: BookingDeps,
  user: SessionUser,
  bookingId: string,
): Promise<{ dispute: DisputeView | null; canReport: boolean; reportableUntil: Date | null }> {
  const role = await partyOf(db, user, bookingId);
  const [[b], found] = await Promise.all([
    db.select({ status: bookings.status, completedAt: bookings.completedAt }).from(bookings).where(eq(bookings.id, bookingId)),
    disputeOf(db, bookingId),
  ]);
  const until = b?.status === "completed" && b.completedAt ? reportableUntil(b.completedAt) : null;
  return {
    dispute: found ?? null,
    canReport: role === "client" && !found && !!b && canReport(b, clock.now()),
    reportableUntil: until,
  };
}

/** bookings.answerDispute: the Seer of a reported session answers once, while the report is open. */
export async function answerDispute(
  deps: BookingDeps,
  user: SessionUser,
  input: { bookingId: string; answer: string },
): Promise<DisputeView> {
  return deps.db.transaction(async (tx) => {
    const { booking: b } = roleIn(user, await lockBooking(tx, input.bookingId), ["seer"]);
    const found = await disputeOf(tx, b.id);
    if (!found) throw new AppError("NOT_FOUND", DISPUTE_NOT_FOUND);
    if (found.status !== "open") throw new AppError("CONFLICT", DISPUTE_DECIDED);
    const [row] = await tx
      .update(bookingDisputes)
      .set({ seerAnswer: input.answer, seerAnsweredAt: deps.clock.now() })
      .where(and(eq(bookingDisputes.id, found.id), sql`${bookingDisputes.seerAnswer} is null`))
      .returning(viewColumns);
    if (!row) throw new AppError("CONFLICT", ALREADY_ANSWERED);
    return row;
  });
}

const clientUsers = alias(users, "dispute_clients");

/** What may still be refunded of a booking: its price less what was refunded or promised. */
const refundable = (b: { amount: string; refundedAmount: string; refundDue: string }): Cents =>
  cents(Math.max(0, toCents(b.amount) - Math.max(toCents(b.refundedAmount), toCents(b.refundDue))));

/**
 * bookings.disputes: the admins' queue, open reports oldest first (at most 100), each with its session, what is still
 * refundable, the Seer's answer and the meeting room's records.
 */
export async function openDisputes({ db, attendance }: BookingDeps) {
  const rows = await db
    .select({
      ...viewColumns,
      sessionType: bookings.sessionType,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      amount: bookings.amount,
      refundedAmount: bookings.refundedAmount,
      refundDue: bookings.refundDue,
      seerName: seers.fullName,
      clientFirstName: clientUsers.firstName,
      clientLastName: clientUsers.lastName,
      clientEmail: clientUsers.email,
    })
    .from(bookingDisputes)
    .innerJoin(bookings, eq(bookings.id, bookingDisputes.bookingId))
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
    .where(eq(bookingDisputes.status, "open"))
    .orderBy(asc(bookingDisputes.createdAt), asc(bookingDisputes.id))
    .limit(100);
  return Promise.all(
    rows.map(async ({ clientFirstName, clientLastName, refundedAmount, refundDue, ...r }) => ({
      ...r,
      clientName: [clientFirstName, clientLastName].filter(Boolean).join(" ") || r.clientEmail,
      refundedAmount,
      refundable: toDecimal(refundable({ amount: r.amount, refundedAmount, refundDue })),
      attendance: (await attendance?.records?.(r.bookingId)) ?? [],
    })),
  );
}

const STATUS_OF: Record<DisputeDecision, DisputeStatus> = {
  full_refund: "refunded",
  partial_refund: "partly_refunded",
  release: "released",
};

export interface DisputeDecisionResult {
  disputeId: string;
  bookingId: string;
  status: DisputeStatus;
  refundAmount: string | null;
  /** False when the report had already been decided: nothing was done this time. */
  decidedNow: boolean;
}

/** Both decision mails, queued in the deciding transaction. */
async function queueDecidedMails(
  deps: BookingDeps,
  tx: Tx,
  disputeId: string,
  bookingId: string,
  outcome: Parameters<typeof disputeDecidedMail>[3],
) {
  const mail = await loadBookingMail(tx, deps.config.publicUrl, bookingId);
  if (!mail) return;
  for (const audience of ["client", "seer"] as const)
    await deps.outbox.send(
      `dispute-decided:${disputeId}:${audience}`,
      disputeDecidedMail(
        audience === "client" ? mail.clientEmail : mail.seerEmail,
        mail.data,
        audience,
        outcome,
        audience === "client" ? mail.clientLocale : mail.seerLocale,
      ),
      { tx },
    );
}

/**
 * bookings.decideDispute: an admin decides an open report. A refund takes the bookings' own refund path (the amount
 * promised on the booking, the refund job under the same key shape as a cancellation's, then the provider), so the
 * ledger records it as any refund and the Seer's share is what is left (split 80/20) once the booking settles; a
 * release lets it settle as it is. The decision (who, when, why), both mails and the audit row commit together. A
 * report already decided is answered as it stands, and nothing is done again.
 */
export async function decideDispute(
  deps: BookingDeps,
  admin: AdminActor,
  input: { disputeId: string; decision: DisputeDecision; refundAmount?: string; reason: string },
  requestLog: WarnLog | undefined = deps.log,
): Promise<DisputeDecisionResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ bookingId: bookingDisputes.bookingId })
      .from(bookingDisputes)
      .where(eq(bookingDisputes.id, input.disputeId))
      .limit(1);
    if (!found) throw new AppError("NOT_FOUND", DISPUTE_NOT_FOUND);
    const b = await lockBooking(tx, found.bookingId);
    if (!b) throw new AppError("NOT_FOUND", DISPUTE_NOT_FOUND);
    const [current] = await tx
      .select({ status: bookingDisputes.status, refundAmount: bookingDisputes.refundAmount })
      .from(bookingDisputes)
      .where(eq(bookingDisputes.id, input.disputeId))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", DISPUTE_NOT_FOUND);
    if (current.status !== "open")
      return {
        disputeId: input.disputeId,
        bookingId: b.id,
        status: current.status,
        refundAmount: current.refundAmount,
        decidedNow: false,
      };
    const left = refundable(b);
    const refund =
      input.decision === "full_refund" ? left : input.decision === "release" ? cents(0) : toCents(input.refundAmount ?? "0");
    if (input.decision === "full_refund" && refund === 0) throw new AppError("CONFLICT", NOTHING_TO_REFUND);
    if (input.decision === "partial_refund" && (refund <= 0 || refund > left))
      throw new AppError("BAD_REQUEST", left === 0 ? NOTHING_TO_REFUND : REFUND_TOO_LARGE);
    const now = deps.clock.now();
    const status = STATUS_OF[input.decision];
    const refundAmount = refund > 0 ? toDecimal(refund) : null;
    if (refund > 0) {
      const due = cents(Math.max(toCents(b.refundedAmount), toCents(b.refundDue)) + refund);
      await tx
        .update(bookings)
        .set({ refundDue: toDecimal(due) })
        .where(eq(bookings.id, b.id));
      await deps.jobs.send(REFUND_JOB, { bookingId: b.id }, { key: `${b.id}:${toDecimal(due)}`, tx });
    }
    await tx
      .update(bookingDisputes)
      .set({ status, refundAmount, decisionReason: input.reason, decidedBy: admin.id, decidedAt: now })
      .where(eq(bookingDisputes.id, input.disputeId));
    await queueDecidedMails(deps, tx, input.disputeId, b.id, {
      refund: refundAmount ?? "0.00",
      released: refund === 0,
      reason: input.reason,
    });
    await recordAdminAction(tx, admin, {
      targetKind: "dispute",
      targetId: input.disputeId,
      change: {
        ...input,
        bookingId: b.id,
        before: { status: "open", refundDue: b.refundDue },
        after: { status, refundAmount },
      },
    });
    return { disputeId: input.disputeId, bookingId: b.id, status, refundAmount, decidedNow: true };
  });
  if (result.decidedNow && result.refundAmount) {
    // The job stays as the safety net; this only makes the common case immediate.
    await executeRefund(deps, { bookingId: result.bookingId }).catch((err: unknown) =>
      requestLog?.warn({ err, bookingId: result.bookingId }, "refund deferred to its job"),
    );
  }
  return result;
}

/** The bookings of a Seer (all when none is given) whose report is open: their money does not settle meanwhile. */
export async function openlyDisputed(q: Queryable, seerId?: string): Promise<string[]> {
  const rows = await q
    .select({ bookingId: bookingDisputes.bookingId })
    .from(bookingDisputes)
    .innerJoin(bookings, eq(bookings.id, bookingDisputes.bookingId))
    .where(and(eq(bookingDisputes.status, "open"), seerId ? eq(bookings.seerId, seerId) : undefined));
  return rows.map((r) => r.bookingId);
}
