/**
 * The order's `Payment Successful` toast of docs/product.md#errors-and-messages in English. Issue #45: /order-success
 * and the checkout show it from the app's catalog (`shop.paid`, `shop.paidText`); this copy stays only for
 * ./messages.ts's list, until that list's converted entries are dropped together.
 */
export const orderPaid = { title: "Payment Successful", message: "Your order has been placed!" } as const;
