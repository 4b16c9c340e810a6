import { orderPaid } from "./routeMessages";

/**
 * The toast texts of docs/product.md#errors-and-messages, in one place, word for word: the one a route shows
 * before any page's own code (the order's return address) is written in ./routeMessages.ts; Add to Cart's, which the
 * public pages show, are in the public catalog (src/i18n/messages/en.ts, `market.*`). An entry's `ids` are its texts'
 * catalog ids: `notify` shows it in the page's language (issue #45).
 */
export const messages = {
  loginRequiredBooking: {
    title: "Login Required",
    message: "Please log in to book a consultation",
    ids: { title: "access.loginRequired", message: "access.loginRequiredBooking" },
  },
  loginRequiredCheckout: { title: "Login Required", message: "Please log in to checkout" },
  unauthorized: {
    title: "Unauthorized",
    message: "Please log in again",
    ids: { title: "toast.unauthorized", message: "toast.unauthorizedText" },
  },
  accessDenied: {
    title: "Access Denied",
    message: "You don't have permission to access this page",
    ids: { title: "access.denied", message: "access.deniedMessage" },
  },
  createPaymentFailed: { title: "Error", message: "Failed to create payment. Please try again." },
  paymentFailed: { title: "Payment Failed" },
  bookingPaid: { title: "Payment Successful", message: "Your consultation has been booked!" },
  orderPaid,
  cartUpdateFailed: { title: "Failed to update quantity" },
  cartRemoveFailed: { title: "Failed to remove item" },
  itemRemoved: { title: "Item Removed", message: "Product has been removed from your cart" },
  createOrderFailed: { title: "Error", message: "Failed to create order. Please try again." },
  timezoneFailed: {
    title: "Error",
    message: "Failed to update timezone.",
    ids: { title: "toast.error", message: "toasts.timezoneFailed" },
  },
  timezoneUpdated: { title: "Timezone updated", ids: { title: "toasts.timezoneUpdated" } },
  selectionRequired: {
    title: "Selection Required",
    message: "Please select both date and time",
    ids: { title: "booking.selectionRequired", message: "booking.selectionRequiredText" },
  },
  saveArticleFailed: { title: "Failed to save article", ids: { title: "articles.editor.saveFailed" } },
  deleteArticleFailed: { title: "Failed to delete article", ids: { title: "articles.delete.failed" } },
} as const;
