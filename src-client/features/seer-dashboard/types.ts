import type { RouterOutputs } from "../../trpc";

type DashboardOutputs = RouterOutputs["seerDashboard"];
export type DashboardOverview = DashboardOutputs["overview"];
export type DashboardSeer = DashboardOverview["seer"];
/** The cards and session lists, which bookings serves (so that a booking's change refreshes them with the bookings). */
export type SeerSessions = RouterOutputs["bookings"]["seerSessions"];
export type DashboardSession = SeerSessions["upcoming"][number];
export type Earnings = RouterOutputs["bookings"]["seerEarnings"];
