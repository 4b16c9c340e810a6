import { SEER_TIMEZONES } from "../../../src/schemas/dashboard";

export const timezoneLabel = (zone: string): string => SEER_TIMEZONES.find((z) => z.value === zone)?.label ?? zone;

/** Toasts of the dashboard's working parts that docs/product.md#errors-and-messages does not list. */
export const dashboardMessages = {
  profileUpdated: { title: "Profile updated", message: "Your changes are now shown on your public profile." },
  profileFailed: { title: "Error", message: "Failed to update profile." },
  availabilitySaved: { title: "Availability saved", message: "Clients now see only the times you offer." },
  availabilityFailed: { title: "Error", message: "Failed to save availability." },
} as const;
