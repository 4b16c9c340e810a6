import { useSyncExternalStore } from "react";
import { formatDate, type DateStyle } from "../lib/format";

const unchanging = () => () => {};

/**
 * A moment as the day it is where the visitor is, for pages the server may draw: the server cannot know the
 * visitor's timezone, so the server's render and the browser's hydration both show the day in UTC, and the browser
 * then shows its own at once. Drawn in the browser alone, the visitor's day shows from the start.
 */
export function LocalDate({ moment, style }: { moment: Date | string; style?: DateStyle }) {
  const local = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  return <>{formatDate(moment, style, local ? undefined : "UTC")}</>;
}
