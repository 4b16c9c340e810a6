import { updateWaiting } from "./update-waiting";

let registration: ServiceWorkerRegistration | undefined;

/**
 * Registers the service worker (src-client/sw.ts, built as dist/client/sw.js). main.tsx fetches this module and calls
 * it once the page has loaded and 2 s have passed, so that neither it nor the worker weighs on a first load (issue
 * #18). A newer version installs in the background and waits for the next visit; meanwhile the page offers to reload
 * into it.
 */
export async function registerServiceWorker(): Promise<void> {
  registration = await navigator.serviceWorker.register("/sw.js");
  const offer = () => {
    if (registration?.waiting && navigator.serviceWorker.controller) updateWaiting.want();
  };
  offer();
  registration.addEventListener("updatefound", () => {
    const installing = registration?.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offer();
    });
  });
}

/** `Reload`: the waiting version takes over, then the page reloads into it. */
export function takeUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  waiting.postMessage("skip-waiting");
}
