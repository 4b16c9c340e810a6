import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/** The toasts' container; loaded by providers.tsx only once there is a toast to show (issue #18). */
export default function Toasts() {
  // docs/product.md#constants-and-limits: one toast visible at a time, shown for 5000 ms.
  return <Notifications limit={1} autoClose={5000} position="bottom-right" containerWidth={420} />;
}
