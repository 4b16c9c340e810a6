import { desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { meetingMessages, messageReports } from "../../../db/schema";
import { meetingRole } from "../../../src/domain/meetings";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import type { SessionUser } from "../../platform/trpc/context";
import { roomBooking } from "../bookings";
import { MESSAGE_NOT_FOUND } from "./messages";

/** Whether anyone reported a message of the booking's conversation: admins may then read it (issue #43). */
export async function hasReport(q: Queryable, bookingId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: messageReports.id })
    .from(messageReports)
    .where(eq(messageReports.bookingId, bookingId))
    .limit(1);
  return !!row;
}

/**
 * messages.report and the admins' list of reported conversations. A person reports a message of a conversation
 * they are in (the booking's client or Seer), once per message; anyone else, and a message that does not exist,
 * are told the same.
 */
export function createMessageReports({ db, clock }: { db: Db; clock: Clock }) {
  async function report(user: SessionUser, input: { messageId: string; reason: string }): Promise<{ reported: true }> {
    const [message] = await db
      .select({ bookingId: meetingMessages.bookingId })
      .from(meetingMessages)
      .where(eq(meetingMessages.id, input.messageId))
      .limit(1);
    const booking = message ? await roomBooking(db, message.bookingId) : undefined;
    if (!message || !booking || !meetingRole(booking, user.id)) throw new AppError("NOT_FOUND", MESSAGE_NOT_FOUND);
    await db
      .insert(messageReports)
      .values({
        messageId: input.messageId,
        bookingId: message.bookingId,
        reporterId: user.id,
        reason: input.reason,
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: [messageReports.messageId, messageReports.reporterId] });
    return { reported: true };
  }

  /** Admins: the reported conversations, the latest report first (at most 100), with their reports' count. */
  async function reported() {
    return db
      .select({
        bookingId: messageReports.bookingId,
        reports: sql<number>`count(*)::int`,
        lastReportedAt: sql<Date>`max(${messageReports.createdAt})`.mapWith(messageReports.createdAt),
        reasons: sql<string[]>`array_remove(array_agg(distinct nullif(${messageReports.reason}, '')), null)`,
      })
      .from(messageReports)
      .groupBy(messageReports.bookingId)
      .orderBy(desc(sql`max(${messageReports.createdAt})`))
      .limit(100);
  }

  return { report, reported };
}
