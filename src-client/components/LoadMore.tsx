import { Anchor, Button } from "@mantine/core";
import type { MouseEvent } from "react";
import { useI18n } from "../lib/i18n";

/**
 * `Load more` as a link to the list from the server's next cursor (issue #39): before the app's code has arrived, or
 * without JavaScript, the browser follows it and the server draws the next page. Once the app runs, a click adds the
 * next page below the ones shown instead, as it always has.
 */
export function LoadMore({ href, loading, onLoad }: { href: string; loading: boolean; onLoad: () => void }) {
  const { t } = useI18n();
  return (
    <Button
      variant="light"
      component="a"
      href={href}
      loading={loading}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        if (!loading) onLoad();
      }}
    >
      {t("list.loadMore")}
    </Button>
  );
}

/** On a list opened from a `Load more` link, the way back to its first page. */
export function FirstPageLink({ href }: { href: string }) {
  const { t } = useI18n();
  return (
    <Anchor href={href} size="sm">
      {t("list.firstPage")}
    </Anchor>
  );
}
