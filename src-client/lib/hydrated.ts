import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page is the server's drawing (on the server, and in the browser until React has taken it over),
 * then true. A control that needs the app's code to work is drawn disabled and busy until then, never as a control
 * that looks ready and ignores a tap (issue #39). A page the browser draws itself is taken over from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
