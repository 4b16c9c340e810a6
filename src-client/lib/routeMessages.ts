/**
 * The toast text of docs/product.md#errors-and-messages that a route shows from every page's entry code (the order's
 * return address), apart from ./messages.ts so that the entry carries this one and not all the others (issue #18).
 * Page code reads it through ./messages.ts, with the others.
 */
export const orderPaid = { title: "Payment Successful", message: "Your order has been placed!" } as const;
