import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/modules";

type Outputs = inferRouterOutputs<AppRouter>["seers"];
export type Seer = Outputs["byId"];
export type SeerReview = Outputs["reviews"][number];
export type SeerFilterOptions = Outputs["filterOptions"];
