import { orderPaid } from "./routeMessages";

/**
 * The toast texts of docs/product.md#errors-and-messages, in one place, word for word: the one a route shows
 * before any page's own code (the order's return address) is written in ./routeMessages.ts; Add to Cart's, which the
 * public pages show, are in the public catalog (src/i18n/messages/en.ts, `market.*`).
 */
export const messages = {
  loginRequiredBooking: { title: "Login Required", message: "Please log in to book a consultation" },
  loginRequiredCheckout: { title: "Login Required", message: "Please log in to checkout" },
  unauthorized: { title: "Unauthorized", message: "Please log in again" },
  accessDenied: { title: "Access Denied", message: "You don't have permission to access this page" },
  createPaymentFailed: { title: "Error", message: "Failed to create payment. Please try again." },
  paymentFailed: { title: "Payment Failed" },
  bookingPaid: { title: "Payment Successful", message: "Your consultation has been booked!" },
  orderPaid,
  cartUpdateFailed: { title: "Failed to update quantity" },
  cartRemoveFailed: { title: "Failed to remove item" },
  itemRemoved: { title: "Item Removed", message: "Product has been removed from your cart" },
  createOrderFailed: { title: "Error", message: "Failed to create order. Please try again." },
  reviewFailed: { title: "Error", message: "Failed to review application" },
  reviewed: { title: "Application Reviewed", message: "The application has been updated" },
  timezoneFailed: { title: "Error", message: "Failed to update timezone." },
  timezoneUpdated: { title: "Timezone updated" },
  selectionRequired: { title: "Selection Required", message: "Please select both date and time" },
  saveArticleFailed: { title: "Failed to save article" },
  deleteArticleFailed: { title: "Failed to delete article" },
} as const;
