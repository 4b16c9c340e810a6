import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { seers } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { SEER_ONLY_MESSAGE } from "../../../src/schemas/dashboard";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { publicSeerColumns, type OwnSeer } from "./columns";

/** A Seer's own profile: the public columns, with their verification status and their week. */
export const ownSeerColumns = { ...publicSeerColumns, verificationStatus: seers.verificationStatus, availability: seers.availability };

/** The signed-in user's own Seer profile; a user without one is not a Seer to the dashboard. */
export async function ownSeer(db: Db, user: CurrentUser): Promise<OwnSeer> {
  const [seer] = await db.select(ownSeerColumns).from(seers).where(eq(seers.userId, user.id)).limit(1);
  if (!seer) throw new AppError("FORBIDDEN", SEER_ONLY_MESSAGE);
  return seer;
}
