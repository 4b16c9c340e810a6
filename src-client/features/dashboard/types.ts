import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/modules";

type DashboardOutputs = inferRouterOutputs<AppRouter>["seerDashboard"];
export type DashboardOverview = DashboardOutputs["overview"];
export type DashboardSeer = DashboardOverview["seer"];
export type DashboardSession = DashboardOverview["upcoming"][number];
export type Earnings = DashboardOutputs["earnings"];
