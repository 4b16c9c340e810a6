import type { MessageId } from "../../src/i18n/messages/en";
import { pageI18n } from "./i18n";
import { wantedFlag } from "./wanted";

export interface Toast {
  /** In English; `ids.title` gives it in the page's language. */
  title: string;
  message?: string;
  /** The texts' catalog ids (issue #45): shown in the page's language. A message without one is shown as given. */
  ids?: { title: MessageId; message?: MessageId };
}

/** Whether a toast was ever asked for on this page: the toast container is fetched then, not with the first load. */
const toasts = wantedFlag();

/**
 * Shows one toast (the provider keeps one visible at a time, for 5000 ms), in the page's language (`pageI18n`). Mantine's toast store is fetched with the
 * first toast, not with every first load (issue #18); toasts asked for meanwhile are shown in the order asked.
 */
export function notify(toast: Toast, variant: "default" | "destructive" | "success" = "default"): void {
  toasts.want();
  const { t } = pageI18n();
  const message = toast.ids?.message ? t(toast.ids.message) : toast.message;
  void import("@mantine/notifications").then(({ notifications }) =>
    notifications.show({
      title: toast.ids ? t(toast.ids.title) : toast.title,
      message: message ?? "",
      color: variant === "destructive" ? "red" : variant === "success" ? "forest" : undefined,
      withBorder: true,
      closeButtonProps: { "aria-label": t("toast.close") },
    }),
  );
}

/** True once a toast was asked for: the app then mounts the toast container (providers.tsx). */
export const useToastsWanted = (): boolean => toasts.useWanted();
