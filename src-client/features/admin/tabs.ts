/** The admin console's tabs, as the address names them (?tab=); kept apart so the route does not load the page. */
export const ADMIN_TABS = [
  "analytics",
  "applications",
  "vendors",
  "bookings",
  "orders",
  "products",
  "payouts",
  "disputes",
  "inbox",
  "audit",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const isAdminTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((t) => t === value);
