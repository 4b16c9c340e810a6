import type { RouterOutputs } from "../../trpc";

type DashboardOutputs = RouterOutputs["seerDashboard"];
export type DashboardOverview = DashboardOutputs["overview"];
export type DashboardSeer = DashboardOverview["seer"];
export type DashboardSession = DashboardOverview["upcoming"][number];
export type Earnings = DashboardOutputs["earnings"];
