import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/modules";

export type CartLineData = inferRouterOutputs<AppRouter>["cart"]["list"][number];
