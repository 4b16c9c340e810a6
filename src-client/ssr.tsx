import { dehydrate, skipToken, type Query } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import superjson from "superjson";
import { createApp } from "./root";
import { createI18n, loadMessages } from "./lib/i18n";
import { inLocale } from "../src/i18n/format-locale";
import { DEFAULT_LOCALE, type Locale } from "../src/i18n/locales";
import { createTrpcClientOver, type AppLink } from "./trpc";

// The server's renderer of public pages (docs/architecture.md, "Server-drawn pages"), built by `vite build --ssr`
// into dist/ssr and loaded by src-server/modules/pages. It draws the very tree the browser hydrates (root.tsx).

export interface RenderedPage {
  /** The HTML inside #root. */
  html: string;
  /** The query cache's answers (successful or failed), superjson text, for the browser's cache (main.tsx). */
  state: string;
  /** The ids of the routes drawn, outermost first: the server writes their stylesheets in and lists their code. */
  routeIds: string[];
}

/** At most this many rounds of drawing and fetching: a page whose queries depend on others' answers needs two. */
const MAX_ROUNDS = 4;

/** What React writes for a part it could not draw on the server (here: its code is not loaded yet). */
const CLIENT_DRAWN = "<!--$!-->";

/**
 * The page's HTML. A synchronous render writes plain HTML, without the inline scripts a streaming render writes to
 * reveal parts drawn late (which the Content Security Policy would refuse); but it cannot wait for code. So a part
 * whose code is not loaded yet (once per process and part) is loaded by a full render first, then drawn again.
 */
async function draw(element: ReactElement, locale: Locale): Promise<string> {
  try {
    const html = inLocale(locale, () => renderToString(element));
    if (!html.includes(CLIENT_DRAWN)) return html;
  } catch {
    // Suspended outside a boundary, or failed: the full render below loads what is missing or throws the error.
  }
  const { prelude } = await prerenderToNodeStream(element);
  for await (const chunk of prelude) void chunk;
  return inLocale(locale, () => renderToString(element));
}

/**
 * A query the page waits for: one a route's loader started, or one a render created that the browser would fetch
 * (not disabled, not skipped).
 */
function waiting(query: Query): boolean {
  if (query.state.status !== "pending") return false;
  if (query.state.fetchStatus === "fetching") return true;
  if (query.options.queryFn === skipToken) return false;
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

/**
 * Draws the page at `url` (path and query) as a visitor who is not signed in sees it, with its data: each round
 * draws the page, then fetches what the drawing asked for through `link`, until a round asks for nothing new.
 */
export async function renderPage(url: string, link: AppLink, locale: Locale = DEFAULT_LOCALE): Promise<RenderedPage> {
  const { queryClient, router, element } = createApp(
    createTrpcClientOver(link),
    {
      history: createMemoryHistory({ initialEntries: [url] }),
      // The browser restores scroll positions itself; on the server the router would write an inline script for it.
      scrollRestoration: false,
    },
    createI18n(locale, await loadMessages(locale)),
  );
  // A query that failed stays failed when the next round draws it (React Query would otherwise draw it as loading
  // again, to retry on mount): the page then says so, with its way out, even without JavaScript.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  await router.load();
  let html = await draw(element, locale);
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const asked = queryClient.getQueryCache().findAll({ predicate: waiting });
    if (asked.length === 0) break;
    // A query already fetching answers with that same fetch.
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    html = await draw(element, locale);
  }
  return {
    html,
    // Failed answers too (without their details), so that the browser's first render draws the error the server drew.
    state: superjson.stringify(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.state.status === "success" || query.state.status === "error",
      }),
    ),
    routeIds: router.state.matches.map((match) => match.routeId),
  };
}
