import { useSyncExternalStore } from "react";

/**
 * A flag that turns true once on a page and stays so: code that only some visits need (the toast container,
 * Confirm it's you) is fetched when first wanted, not with every first load (issue #18), and stays mounted after.
 */
export function wantedFlag(): { want(): void; useWanted(): boolean } {
  let wanted = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    want() {
      if (wanted) return;
      wanted = true;
      for (const listener of listeners) listener();
    },
    useWanted: () =>
      useSyncExternalStore(
        subscribe,
        () => wanted,
        () => false,
      ),
  };
}

/** Confirm it's you (issue #47): wanted once the server first asks for a fresh confirmation (lib/confirm-identity.ts). */
export const confirmWanted = wantedFlag();
