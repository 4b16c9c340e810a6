import type { MessageId } from "../../../src/i18n/messages/en";
import type { Translate } from "../../lib/i18n";
import { SEER_TIMEZONES } from "../../../src/schemas/dashboard";

export const timezoneLabel = (zone: string): string => SEER_TIMEZONES.find((z) => z.value === zone)?.label ?? zone;

/**
 * Toasts of the dashboard's working parts that docs/product.md#errors-and-messages does not list, as message ids of
 * the app catalog's `dashboard` area.
 */
export const dashboardMessages = {
  profileUpdated: { title: "dashboard.profile.updated", message: "dashboard.profile.updatedMessage" },
  profileFailed: { title: "dashboard.error", message: "dashboard.profile.failed" },
  availabilitySaved: { title: "dashboard.availability.saved", message: "dashboard.availability.savedMessage" },
  availabilityFailed: { title: "dashboard.error", message: "dashboard.availability.failed" },
} as const satisfies Record<string, { title: MessageId; message: MessageId }>;

/** A toast of `dashboardMessages` in the page's language. */
export const toastText = (t: Translate, toast: { title: MessageId; message: MessageId }) => ({
  title: t(toast.title),
  message: t(toast.message),
});
