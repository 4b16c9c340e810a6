import { notifications } from "@mantine/notifications";

export interface Toast {
  title: string;
  message?: string;
}

/** Shows one toast (the provider keeps one visible at a time, for 5000 ms). */
export function notify(toast: Toast, variant: "default" | "destructive" | "success" = "default"): void {
  notifications.show({
    title: toast.title,
    message: toast.message ?? "",
    color: variant === "destructive" ? "red" : variant === "success" ? "forest" : undefined,
    withBorder: true,
    closeButtonProps: { "aria-label": "Close notification" },
  });
}
