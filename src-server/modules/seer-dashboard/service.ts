import type { AvailabilityInput, SeerProfileUpdate, SeerTimezone } from "../../../src/schemas/dashboard";
import type { DateOverrideValue, ScheduleRulesInput } from "../../../src/schemas/schedule";
import type { WarnLog } from "../../platform/database";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { overview, setTimezone, updateAvailability, updateProfile, type SeerDashboardDeps } from "./profile";
import { addOverride, cancelTimeOffBookings, removeOverride, saveRules, schedule } from "./schedule";

/**
 * The Seer's dashboard: the Seer's own profile, timezone and week (profile.ts). The sessions, the cards and the
 * Earnings tab are reads of bookings, which owns them (bookings.seerSessions, bookings' seerEarnings). The Seer's
 * scheduling rules, overrides and time off are schedule.ts.
 */
export function createSeerDashboardService(deps: SeerDashboardDeps) {
  return {
    overview: (user: CurrentUser) => overview(deps, user),
    setTimezone: (user: CurrentUser, seerId: string, timezone: SeerTimezone) => setTimezone(deps, user, seerId, timezone),
    updateProfile: (user: CurrentUser, input: SeerProfileUpdate) => updateProfile(deps, user, input),
    updateAvailability: (user: CurrentUser, input: AvailabilityInput) => updateAvailability(deps, user, input),
    schedule: (user: CurrentUser) => schedule(deps, user),
    saveRules: (user: CurrentUser, input: ScheduleRulesInput) => saveRules(deps, user, input),
    addOverride: (user: CurrentUser, input: DateOverrideValue) => addOverride(deps, user, input),
    removeOverride: (user: CurrentUser, id: string) => removeOverride(deps, user, id),
    cancelTimeOffBookings: (user: CurrentUser, ids: string[], log?: WarnLog) => cancelTimeOffBookings(deps, user, ids, log),
  };
}
