import { wantedFlag } from "./wanted";

/** A new version of the app is installed and waiting: the layout then shows `New version available: Reload`. */
export const updateWaiting = wantedFlag();

let registration: ServiceWorkerRegistration | undefined;

/**
 * Registers the service worker (src-client/sw.ts, built as dist/client/sw.js) once the page has loaded and the
 * browser is idle, so that the first load of a page never waits for it (issue #18). A newer version installs in the
 * background and waits for the next visit; meanwhile the page offers to reload into it.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = async () => {
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
  };
  const later = () => setTimeout(() => void register().catch(() => undefined), 2000);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
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
