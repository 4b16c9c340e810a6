import type { AvailabilityInput, SeerProfileUpdate, SeerTimezone } from "../../../src/schemas/dashboard";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { overview, setTimezone, updateAvailability, updateProfile, type SeerDashboardDeps } from "./profile";

/**
 * The Seer's dashboard: the Seer's own profile, timezone and week (profile.ts). The sessions, the cards and the
 * Earnings tab are reads of bookings, which owns them (bookings.seerSessions, bookings' seerEarnings).
 */
export function createSeerDashboardService(deps: SeerDashboardDeps) {
  return {
    overview: (user: CurrentUser) => overview(deps, user),
    setTimezone: (user: CurrentUser, seerId: string, timezone: SeerTimezone) => setTimezone(deps, user, seerId, timezone),
    updateProfile: (user: CurrentUser, input: SeerProfileUpdate) => updateProfile(deps, user, input),
    updateAvailability: (user: CurrentUser, input: AvailabilityInput) => updateAvailability(deps, user, input),
  };
}
