import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../src-server/modules";

type Outputs = inferRouterOutputs<AppRouter>["articles"];

/** SPEC §3: an article part and an author part (first and last name). */
export type ArticleWithAuthor = Outputs["list"][number];
export type Article = Outputs["forEdit"];
