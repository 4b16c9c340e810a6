import { wantedFlag } from "./wanted";

export interface Toast {
  title: string;
  message?: string;
}

/** Whether a toast was ever asked for on this page: the toast container is fetched then, not with the first load. */
const toasts = wantedFlag();

/**
 * Shows one toast (the provider keeps one visible at a time, for 5000 ms). Mantine's toast store is fetched with the
 * first toast, not with every first load (issue #18); toasts asked for meanwhile are shown in the order asked.
 */
export function notify(toast: Toast, variant: "default" | "destructive" | "success" = "default"): void {
  toasts.want();
  void import("@mantine/notifications").then(({ notifications }) =>
    notifications.show({
      title: toast.title,
      message: toast.message ?? "",
      color: variant === "destructive" ? "red" : variant === "success" ? "forest" : undefined,
      withBorder: true,
      closeButtonProps: { "aria-label": "Close notification" },
    }),
  );
}

/** True once a toast was asked for: the app then mounts the toast container (providers.tsx). */
export const useToastsWanted = (): boolean => toasts.useWanted();
