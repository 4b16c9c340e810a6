import { eq } from "drizzle-orm";
import { seers } from "../../../db/schema";
import { expandAvailability, type Availability, type Weekday } from "../../../src/domain/availability";
import { toCents, toDecimal } from "../../../src/domain/money";
import { AppError } from "../../../src/errors";
import { normalizeDays, type AvailabilityInput, type SeerProfileUpdate, type SeerTimezone } from "../../../src/schemas/dashboard";
import { SEER_NOT_FOUND } from "../../../src/schemas/seers";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import type { WarnLog } from "../../platform/database";
import { ownSeer, type OwnSeer } from "../seers";
import type { UploadService } from "../uploads";

export interface SeerDashboardDeps {
  db: Db;
  clock: Clock;
  uploads: UploadService;
  /** Bookings' own cancel (bookings/cancel.ts): a Seer's cancellation of bookings inside new time off. */
  bookings: {
    cancel: (user: CurrentUser, input: { bookingId: string; reason?: string }, requestLog?: WarnLog) => Promise<unknown>;
  };
}

export const PROFILE_PHOTO_MESSAGE = "Upload a JPEG or PNG photo for your profile.";
export const NOT_YOUR_PROFILE = "You can only change your own Seer profile.";

/**
 * seerDashboard.overview: the Seer's own profile, with their week in full. Their sessions and figures are
 * bookings.seerSessions (bookings/seer-sessions.ts), so that a booking's change refreshes them with the bookings.
 */
export async function overview({ db }: SeerDashboardDeps, user: CurrentUser) {
  const seer = await ownSeer(db, user);
  return { seer: { ...seer, availability: expandAvailability(seer.availability) } };
}

/** PUT /api/seers/{id}/timezone: a missing Seer is 404; someone else's Seer is 403 (docs/product.md#roles-and-access: "set own timezone"). */
export async function setTimezone(
  { db }: SeerDashboardDeps,
  user: CurrentUser,
  seerId: string,
  timezone: SeerTimezone,
): Promise<{ id: string; timezone: string }> {
  const [seer] = await db.select({ id: seers.id, userId: seers.userId }).from(seers).where(eq(seers.id, seerId)).limit(1);
  if (!seer) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
  if (seer.userId !== user.id) throw new AppError("FORBIDDEN", NOT_YOUR_PROFILE);
  const [row] = await db
    .update(seers)
    .set({ timezone })
    .where(eq(seers.id, seer.id))
    .returning({ id: seers.id, timezone: seers.timezone });
  if (!row) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
  return row;
}

/** The photo must stay what it is, be removed, or be the Seer's own profile-photo upload (judged JPEG/PNG when stored). */
export async function updateProfile(
  { db, uploads }: SeerDashboardDeps,
  user: CurrentUser,
  input: SeerProfileUpdate,
): Promise<OwnSeer> {
  const seer = await ownSeer(db, user);
  const photo = input.profileImageUrl === "" ? null : input.profileImageUrl;
  if (photo !== null && photo !== seer.profileImageUrl && !(await uploads.findOwned(db, user.id, photo, "profile-photo"))) {
    throw new AppError("BAD_REQUEST", PROFILE_PHOTO_MESSAGE);
  }
  const orNull = (value: string) => (value === "" ? null : toDecimal(toCents(value)));
  await db
    .update(seers)
    .set({
      price15Min: orNull(input.price15Min),
      price30Min: orNull(input.price30Min),
      price60Min: orNull(input.price60Min),
      languages: input.languages,
      specializations: input.specializations,
      biography: input.biography,
      tradition: input.tradition,
      country: input.country,
      yearsOfPractice: input.yearsOfPractice,
      profileImageUrl: photo,
    })
    .where(eq(seers.id, seer.id));
  return ownSeer(db, user);
}

export async function updateAvailability(
  { db }: SeerDashboardDeps,
  user: CurrentUser,
  input: AvailabilityInput,
): Promise<Record<Weekday, string[]>> {
  const seer = await ownSeer(db, user);
  const availability: Availability = normalizeDays(input.days);
  await db.update(seers).set({ availability }).where(eq(seers.id, seer.id));
  return expandAvailability(availability);
}
