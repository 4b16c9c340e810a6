/**
 * The toast texts of docs/product.md#errors-and-messages that routes show from every page's entry code (the access
 * rules' notices, the order's return address), apart from ./messages.ts so that the entry carries these five and
 * not all the others (issue #18). Page code reads them through ./messages.ts, with the others.
 */
export const loginRequiredBooking = { title: "Login Required", message: "Please log in to book a consultation" } as const;
export const loginRequiredCheckout = { title: "Login Required", message: "Please log in to checkout" } as const;
export const loginRequiredApply = { title: "Login Required", message: "Please log in to apply as a Seer" } as const;
export const accessDenied = { title: "Access Denied", message: "You don't have permission to access this page" } as const;
export const orderPaid = { title: "Payment Successful", message: "Your order has been placed!" } as const;
