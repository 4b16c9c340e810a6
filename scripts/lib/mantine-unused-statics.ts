import type { Plugin } from "vite";

/** Mantine's Button and ActionIcon modules, each of which hangs its Group and GroupSection components on itself. */
const GROUPED = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|ActionIcon)[\\/]\1\.mjs$/;
/** `Button.Group = ButtonGroup;` and `Button.GroupSection = ButtonGroupSection;`. */
const STATICS = /^(Button|ActionIcon)\.(Group|GroupSection) = \w+;$/gm;

/**
 * `Button.Group` and `ActionIcon.Group` (and their `GroupSection`) are static properties, so every page that shows a
 * button carried the four group components (1 KB gzipped of the first load, issue #18) though nothing here groups
 * buttons. In the client's build these assignments are left out and the group components shake away; eslint refuses
 * `Button.Group` and the like (import `ButtonGroup` from @mantine/core instead, which still works).
 */
export function mantineUnusedStatics(): Plugin {
  return {
    name: "mantine-unused-statics",
    transform(code, id) {
      if (!GROUPED.test(id)) return null;
      const stripped = code.replace(STATICS, "");
      if (stripped === code) this.error(`mantine-unused-statics: no Group statics in ${id}; Mantine's module changed`);
      return { code: stripped, map: null };
    },
  };
}
