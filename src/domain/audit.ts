/**
 * The admin actions the audit log records (issue #47, docs/product.md#admin): every admin mutation's procedure key,
 * with what the console's Audit log tab calls it. The server's test of the log fails when an admin mutation of the
 * router is missing here.
 */
export const ADMIN_ACTIONS = [
  "admin.reviewApplication",
  "bookings.adminCancel",
  "bookings.decideDispute",
  "contact.setStatus",
  "orders.ship",
  "orders.deliver",
  "orders.refund",
  "orders.decideReturn",
  "orders.receiveReturn",
  "payouts.retry",
  "vendors.reviewApplication",
  "vendors.approveProduct",
  "vendors.markDelivered",
] as const;

export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  "admin.reviewApplication": "Review a Seer application",
  "bookings.adminCancel": "Cancel a booking",
  "bookings.decideDispute": "Decide a reported problem",
  "contact.setStatus": "Mark a contact message",
  "orders.ship": "Ship an order",
  "orders.deliver": "Mark an order delivered",
  "orders.refund": "Refund an order",
  "orders.decideReturn": "Decide a return",
  "orders.receiveReturn": "Receive a return",
  "payouts.retry": "Retry a payout",
  "vendors.reviewApplication": "Review a vendor application",
  "vendors.approveProduct": "Approve a vendor's product",
  "vendors.markDelivered": "Mark a vendor's part delivered",
};

/** docs/product.md#constants-and-limits: the Audit log tab shows 50 rows a page; an export holds at most 10,000. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_LIMIT = 10_000;

/** Fields of a change that name the record itself: the log's Record column shows it already. */
const RECORD_KEYS = new Set(["id", "orderId", "bookingId", "payoutId"]);

const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : value === undefined ? "—" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/**
 * A change in one line, as the Audit log tab shows it: what went before → after, then the rest of the input
 * ("status: paid → shipped; carrier: DHL; trackingNumber: AB123").
 */
export function summarizeChange(change: Record<string, unknown>): string {
  const before = change.before !== null && typeof change.before === "object" ? Object.entries(change.before) : [];
  const after = change.after !== null && typeof change.after === "object" ? Object.entries(change.after) : [];
  const was = new Map(before);
  const moves = after.map(([key, value]) => `${key}: ${shown(was.get(key))} → ${shown(value)}`);
  const rest = Object.entries(change)
    .filter(([key]) => key !== "before" && key !== "after" && !RECORD_KEYS.has(key))
    .filter(([key]) => !after.some(([k]) => k === key))
    .map(([key, value]) => `${key}: ${shown(value)}`);
  return [...moves, ...rest].join("; ");
}
