import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../../db/client";
import { bookings, seers, users } from "../../../db/schema";

const clientUsers = alias(users, "client_users");

/**
 * A booking as its meeting room shows it: who may enter (the client, the Seer's user), their names, its status and
 * times. The meetings module reads bookings through this, since bookings owns its reads.
 */
export async function roomBooking(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      seerUserId: seers.userId,
      seerName: seers.fullName,
      clientFirst: clientUsers.firstName,
      clientLast: clientUsers.lastName,
      status: bookings.status,
      sessionType: bookings.sessionType,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      clientTimezone: bookings.clientTimezone,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      notes: bookings.notes,
    })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
