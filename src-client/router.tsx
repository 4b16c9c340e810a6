import { createRouter, parseSearchWith, stringifySearchWith } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import type { RouterContext } from "./router-context";
import { NotFound } from "./components/NotFound";
import { DEFAULT_LOCALE, localePath, splitLocalePath, type Locale } from "../src/i18n/locales";

/**
 * Search params as plain text, as a form sent without JavaScript writes them (`?q=123`), not the router's default JSON
 * (`?q=%22123%22`, and `?q=123` read as a number): a search typed before the app's code arrived, sent by the browser
 * as a GET form, reads the same as one the app navigates to (issue #39). Every page's readers take text
 * (src/schemas/search.ts); objects, which none uses, would still go as JSON.
 */
const parseSearch = parseSearchWith((value) => value);
const stringifySearch = stringifySearchWith(JSON.stringify);

export function createAppRouter(
  context: RouterContext,
  options?: { history?: Parameters<typeof createRouter>[0]["history"]; scrollRestoration?: boolean; locale?: Locale },
) {
  const locale = options?.locale ?? DEFAULT_LOCALE;
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: options?.scrollRestoration ?? true,
    defaultNotFoundComponent: NotFound,
    parseSearch,
    stringifySearch,
    ...(options?.history ? { history: options.history } : {}),
    // A page in French has its address under /fr (issue #45): the routes read it without the prefix, and every link
    // the app writes in French gets it.
    rewrite: {
      input: ({ url }) => {
        const split = splitLocalePath(url.pathname);
        if (!split.locale) return undefined;
        url.pathname = split.path;
        return url;
      },
      output: ({ url }) => {
        if (locale === DEFAULT_LOCALE) return undefined;
        url.pathname = localePath(locale, url.pathname);
        return url;
      },
    },
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
