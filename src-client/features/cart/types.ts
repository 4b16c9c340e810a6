import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/routers";

export type CartLineData = inferRouterOutputs<AppRouter>["cart"]["list"][number];
