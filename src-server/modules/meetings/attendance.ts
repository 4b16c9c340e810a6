import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { meetingAttendance } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import type { MeetingRole } from "../../../src/domain/meetings";

/** Who joined a room and when: written by the signaling socket, read by the room's page and by completion. */
export function createAttendance({ db, clock }: { db: Db; clock: Clock }) {
  async function joined(access: { bookingId: string; role: MeetingRole }, userId: string): Promise<string> {
    const [row] = await db
      .insert(meetingAttendance)
      .values({ bookingId: access.bookingId, userId, role: access.role, joinedAt: clock.now() })
      .returning({ id: meetingAttendance.id });
    if (!row) throw new Error("The attendance was not recorded");
    return row.id;
  }

  async function left(attendanceId: string): Promise<void> {
    await db
      .update(meetingAttendance)
      .set({ leftAt: clock.now() })
      .where(and(eq(meetingAttendance.id, attendanceId), isNull(meetingAttendance.leftAt)));
  }

  /** Who was in the room and when: one line per connection, oldest first. */
  async function attendance(bookingId: string) {
    return db
      .select({
        role: meetingAttendance.role,
        userId: meetingAttendance.userId,
        joinedAt: meetingAttendance.joinedAt,
        leftAt: meetingAttendance.leftAt,
      })
      .from(meetingAttendance)
      .where(eq(meetingAttendance.bookingId, bookingId))
      .orderBy(asc(meetingAttendance.joinedAt), asc(meetingAttendance.id));
  }

  /** For completion (bookings/settle.ts): whether the client and whether the Seer ever joined the room. */
  async function whoJoined(bookingId: string): Promise<{ client: boolean; seer: boolean }> {
    const [row] = await db
      .select({
        client: sql<boolean>`bool_or(${meetingAttendance.role} = 'client')`,
        seer: sql<boolean>`bool_or(${meetingAttendance.role} = 'seer')`,
      })
      .from(meetingAttendance)
      .where(eq(meetingAttendance.bookingId, bookingId));
    return { client: row?.client === true, seer: row?.seer === true };
  }

  return { joined, left, attendance, whoJoined };
}
