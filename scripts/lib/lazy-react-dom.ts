import type { Plugin } from "vite";

/** What main.tsx imports for React DOM's client: `load()` answers the module. */
export const LAZY_REACT_DOM_CLIENT = "virtual:react-dom-client";
const resolved = `\0${LAZY_REACT_DOM_CLIENT}`;

/**
 * React DOM's client, the largest module of the app's shell, evaluated when main.tsx first calls `load()`, in a task
 * of its own, instead of with the rest of the shell in one long task (issue #18: a phone's total blocking time). In
 * the build the module is CommonJS, whose `require` the bundler runs where it is called, so React DOM stays in the
 * shell's one file (split into a chunk of its own, the first load of `/` grew by 1.1 KB gzipped, over its budget).
 * `npm run dev` serves modules to the browser as they are, where CommonJS cannot run: there it is a plain re-export.
 */
export function lazyReactDomClient(): Plugin {
  let building = false;
  return {
    name: "lazy-react-dom-client",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id) {
      return id === LAZY_REACT_DOM_CLIENT ? resolved : null;
    },
    load(id) {
      if (id !== resolved) return null;
      return building
        ? 'exports.load = () => require("react-dom/client");'
        : 'import * as client from "react-dom/client";\nexport const load = () => client;';
    },
  };
}
