import { VisuallyHidden } from "@mantine/core";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { matchPage, pageTitle } from "../../../src/domain/pages";
import { TRANSLATED_PAGE_NAMES } from "../../../src/i18n/page-names";
import { useI18n } from "../../lib/i18n";

const HEADING_WAIT_MS = 3000;

/**
 * After each navigation inside the app (not the first load): the page's title, the focus on its heading (so that a
 * keyboard or screen-reader user starts at the new page, not at the link they used), and the new page's title said
 * politely.
 */
export function RouteAnnouncer({ navigated = false }: { navigated?: boolean | undefined }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [message, setMessage] = useState("");
  // Mounted by the first navigation (AfterFirstNavigation): that one is announced too.
  const first = useRef(!navigated);
  const { t } = useI18n();

  useEffect(() => {
    const match = matchPage(pathname);
    // In the page's language (issue #45): the English catalog gives the names src/domain/pages.ts has.
    const id = match && TRANSLATED_PAGE_NAMES[match.pattern];
    if (!match) document.title = pageTitle(t("page.notFound"));
    else if (!match.page.name) document.title = t("site.title");
    else document.title = pageTitle(id ? t(id) : match.page.name);
    if (first.current) {
      first.current = false;
      return;
    }
    // The heading may wait for its route's code and data, and the old page's heading may still be on screen: look
    // for a heading other than the one there now until it comes, then focus it and say the title it settled on.
    const started = Date.now();
    const previous = document.querySelector<HTMLElement>("main h1");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const found = document.querySelector<HTMLElement>("main h1");
      const heading = found && (found !== previous || !previous.isConnected) ? found : null;
      if (!heading && Date.now() - started < HEADING_WAIT_MS) {
        timer = setTimeout(settle, 50);
        return;
      }
      // The same page with other data (one Seer to another) keeps its heading element: focus it after the wait.
      const target = heading ?? found;
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }
      setMessage(document.title);
    };
    timer = setTimeout(settle, 0);
    return () => clearTimeout(timer);
  }, [pathname, t]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </VisuallyHidden>
  );
}

export default function NavigatedAnnouncer() {
  return <RouteAnnouncer navigated />;
}
