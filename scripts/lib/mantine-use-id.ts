import type { Plugin } from "vite";

/** @mantine/hooks' useId module, the one its index and every Mantine component import. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` keeps React's id, which the server drew and hydration matches, instead of swapping in a random
 * one in a layout effect after the first render. That swap re-rendered every input of a drawn page in the same task
 * as hydration's commit, with all of the page's effects flushed along (issue #18: about half of one long task on
 * /seers). React 19's ids are unique within the app and hold no colons, so they serve as they are for the labels,
 * descriptions and ARIA links Mantine builds from them. The server's renderer keeps Mantine's own hook, whose first
 * render gives this same id; so does `npm run dev`, whose pre-bundled dependencies do not go through this plugin.
 */
export function mantineUseId(): Plugin {
  return {
    name: "mantine-use-id",
    enforce: "pre",
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      return [
        'import { useId as useReactId } from "react";',
        "export function useId(staticId) {",
        "  const reactId = useReactId();",
        '  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;',
        "}",
      ].join("\n");
    },
  };
}
