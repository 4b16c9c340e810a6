import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import { ordersOf } from "../shop";

export type { OwnOrder } from "../shop";

/** A profile is a page, not an archive: the most recent of each are enough. */
export const PROFILE_LIST_LIMIT = 100;

/**
 * What the profile page shows of the signed-in user's own orders, scoped to their id: the read of the module that
 * owns it (a person's orders and returns from shop). Their sessions are bookings.clientSessions.
 */
export function createProfileService({ db, clock }: { db: Db; clock: Clock }) {
  const orders = (userId: string) => ordersOf({ db, clock }, userId, PROFILE_LIST_LIMIT);
  return { orders };
}
