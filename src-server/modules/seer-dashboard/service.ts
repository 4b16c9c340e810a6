import type { AvailabilityInput, EarningsPeriod, SeerProfileUpdate, SeerTimezone } from "../../../src/schemas/dashboard";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { earnings } from "./earnings";
import { overview } from "./overview";
import type { SeerDashboardDeps } from "./own-seer";
import { setTimezone, updateAvailability, updateProfile } from "./profile";

/**
 * The Seer's dashboard: the overview's cards and sessions (overview.ts), the Earnings tab (earnings.ts) and the Seer's
 * own profile, timezone and week (profile.ts), each a function of the same dependencies.
 */
export function createSeerDashboardService(deps: SeerDashboardDeps) {
  return {
    overview: (user: CurrentUser) => overview(deps, user),
    earnings: (user: CurrentUser, period: EarningsPeriod) => earnings(deps, user, period),
    setTimezone: (user: CurrentUser, seerId: string, timezone: SeerTimezone) => setTimezone(deps, user, seerId, timezone),
    updateProfile: (user: CurrentUser, input: SeerProfileUpdate) => updateProfile(deps, user, input),
    updateAvailability: (user: CurrentUser, input: AvailabilityInput) => updateAvailability(deps, user, input),
  };
}
