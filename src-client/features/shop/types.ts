import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/modules";

type Outputs = inferRouterOutputs<AppRouter>;
export type Product = Outputs["shop"]["products"][number];
export type ProductDetail = Outputs["shop"]["product"];
export type Category = Outputs["shop"]["categories"][number];
