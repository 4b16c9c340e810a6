import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import { clientSessions } from "../bookings";
import { ordersOf } from "../shop";

export type { OwnOrder } from "../shop";

/** A profile is a page, not an archive: the most recent of each are enough. */
export const PROFILE_LIST_LIMIT = 100;

/**
 * What the profile page shows of the signed-in user's own consultations and orders, each scoped to their id and each the
 * read of the module that owns it (a client's sessions from bookings, a person's orders and returns from shop).
 */
export function createProfileService({ db, clock }: { db: Db; clock: Clock }) {
  const consultations = (userId: string) => clientSessions({ db, clock }, userId, PROFILE_LIST_LIMIT);
  const orders = (userId: string) => ordersOf({ db, clock }, userId, PROFILE_LIST_LIMIT);
  return { consultations, orders };
}
