import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import { createArticleEditing } from "./editing";
import { createArticleQueries } from "./queries";
import { createArticleViews } from "./views";

export type { Article, ArticleWithAuthor } from "./columns";

/** The Wisdom Hub, one file per kind of operation: reads (queries.ts), page views (views.ts), writing (editing.ts). */
export function createArticleService(deps: { db: Db; clock: Clock }) {
  return { ...createArticleQueries(deps), ...createArticleViews(deps), ...createArticleEditing(deps) };
}
