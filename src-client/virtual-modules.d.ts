// Modules made by the build's plugins (vite.config.ts).
declare module "virtual:react-dom-client" {
  import type * as ReactDOMClient from "react-dom/client";

  /** React DOM's client, evaluated on the first call (scripts/lib/lazy-react-dom.ts). */
  export function load(): typeof ReactDOMClient;
}
