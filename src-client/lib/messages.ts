/**
 * The toasts that requests' callbacks show far from any component, in one place, word for word as
 * docs/product.md#errors-and-messages gives them. An entry's `ids` are its texts' catalog ids: `notify` shows it in
 * the page's language (issue #45). The other toasts of docs/product.md are said by their screens from the catalogs
 * (Add to Cart's from the public one, `market.*`; the cart's, the checkout's, the booking's and the access notices'
 * from the app's), so their English is there alone.
 */
export const messages = {
  unauthorized: {
    title: "Unauthorized",
    message: "Please log in again",
    ids: { title: "toast.unauthorized", message: "toast.unauthorizedText" },
  },
  timezoneFailed: {
    title: "Error",
    message: "Failed to update timezone.",
    ids: { title: "toast.error", message: "toasts.timezoneFailed" },
  },
  timezoneUpdated: { title: "Timezone updated", ids: { title: "toasts.timezoneUpdated" } },
  saveArticleFailed: { title: "Failed to save article", ids: { title: "articles.editor.saveFailed" } },
  deleteArticleFailed: { title: "Failed to delete article", ids: { title: "articles.delete.failed" } },
} as const;
