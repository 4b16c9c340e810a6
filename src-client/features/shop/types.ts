import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/routers";

type Outputs = inferRouterOutputs<AppRouter>;
export type Product = Outputs["catalog"]["products"][number];
export type ProductDetail = Outputs["catalog"]["product"];
export type Category = Outputs["catalog"]["categories"][number];
