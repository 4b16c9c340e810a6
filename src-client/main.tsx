import "./zod-config";
// Inter and Cormorant Garamond cut to our own characters and weights, over Fontsource's full files (npm run fonts).
import "./fonts/fonts.css";
// Mantine's base; each component's own sheet comes with the module that uses it (scripts/lib/mantine-styles.ts). The CSS
// variables are not a stylesheet: MantineProvider writes all of them (providers.tsx).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/global.css";
import "./global.css";
import type { DehydratedState } from "@tanstack/react-query";
import { startTransition } from "react";
// React DOM's client, evaluated when load() is first called (scripts/lib/lazy-react-dom.ts).
import { load as loadReactDom } from "virtual:react-dom-client";
import superjson from "superjson";
import { createApp } from "./root";
// After ./root, which brings the router: imported earlier, it would reorder the shell's modules (0.5 KB more gzipped).
import { createBrowserHistory } from "@tanstack/react-router";
import { SERVER_STATE_ID } from "../src/domain/site";
import { createTrpcClient } from "./trpc";
import { captureEarlyInput } from "./lib/early-input";
import { createI18n, loadMessages, setPageI18n } from "./lib/i18n";
import { DEFAULT_LOCALE, isLocale } from "../src/i18n/locales";
import { setFormatLocale } from "../src/i18n/format-locale";

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn (a tap, a frame). The
 * app starts in several short steps instead of one long task (issue #18: a phone's total blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  // The page's language, as the server wrote it into <html lang> (issue #45); French's messages are fetched meanwhile.
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const messages = loadMessages(locale);
  // Evaluating the modules above was one task; React DOM's client (held back from it: about half of that task in
  // traces at 4x slowdown), the browser history (the router's own default, made here so that it is a task of its own: it writes the
  // history entry's state) and the app (router, query cache) are the next three.
  await nextTask();
  const { createRoot, hydrateRoot } = loadReactDom();
  await nextTask();
  const history = createBrowserHistory();
  await nextTask();
  setFormatLocale(locale);
  const i18n = createI18n(locale, await messages);
  // Toasts and other texts said outside components read it (lib/notify.ts).
  setPageI18n(i18n);
  const { queryClient, router, element } = createApp(createTrpcClient(), { history }, i18n);
  const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!serverState || !root.firstChild) {
    createRoot(root).render(element);
    return;
  }
  // A public page the server drew (ssr.tsx): its data seeds the cache and, once the page's own code is here, React
  // takes over the server's HTML instead of drawing it again.
  await nextTask();
  // Each answer goes into the cache as it was fetched, without React Query's general hydration code in every first
  // load. A failed one (ssr.tsx) stays failed on mount, as the server drew it: its page offers Try again.
  for (const { queryKey, state } of superjson.parse<DehydratedState>(serverState).queries) {
    if (state.status === "error") {
      queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
      queryClient.getQueryCache().build(queryClient, { queryKey }, state);
    } else queryClient.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
  }
  // As TanStack's own hydration does: the router then draws the tree the server drew (no Suspense around the matches).
  router.ssr = { manifest: undefined };
  await nextTask();
  await router.load();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page: the page (already on screen) answers scrolling and taps while it comes to life.
  // What the person typed or chose while the code was on its way, noted before React takes the fields over
  // (lib/early-input.ts): the components that own them apply it once hydrated.
  captureEarlyInput(root);
  startTransition(() => {
    hydrateRoot(root, element, {
      // Where the browser's first render differed from the server's (React then draws that part again): said with
      // the components involved, which React's default report leaves out.
      onRecoverableError: (error, info) => console.error("Hydration:", error, info.componentStack),
    });
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
void start(root);
// The built app only: the development server has no worker to register (scripts/build-service-worker.ts).
// The service worker (issue #44): its registration's code is fetched 2 s after the page has loaded, never in a first
// load's way (lib/service-worker.ts).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const later = () =>
    setTimeout(() => void import("./lib/service-worker").then((worker) => worker.registerServiceWorker()).catch(() => undefined), 2000);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
}
