import dayjs from "dayjs";

/** "March 4, 2026": the Wisdom Hub's date format. */
export const formatArticleDate = (date: Date): string => dayjs(date).format("MMMM D, YYYY");

export const formatViews = (count: number): string => `${count.toLocaleString("en-US")} ${count === 1 ? "view" : "views"}`;
