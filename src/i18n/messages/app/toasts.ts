/**
 * Toasts of src-client/lib/messages.ts that signed-in screens show and no screen's area has taken: `notify` draws them
 * in the page's language by the ids their entries carry. The shared ones any page may show (`Unauthorized`, `Error`,
 * the close button) are the public catalog's (`toast.*`).
 */
const en = {
  "toasts.timezoneFailed": "Failed to update timezone.",
  "toasts.timezoneUpdated": "Timezone updated",
} as const;

const fr: Record<keyof typeof en, string> = {
  "toasts.timezoneFailed": "Échec de la mise à jour du fuseau horaire.",
  "toasts.timezoneUpdated": "Fuseau horaire mis à jour",
};

export const toasts = { en, fr };
