import type { RouterOutputs } from "../../trpc";

type Outputs = RouterOutputs["articles"];

/** docs/product.md#entities: an article part and an author part (first and last name). */
export type ArticleWithAuthor = Outputs["list"][number];
export type Article = Outputs["forEdit"];
