/** The Seer dashboard's tabs, as the address names them (?tab=); kept apart so the route does not load the page. */
export const DASHBOARD_TABS = ["upcoming", "past", "earnings", "profile", "availability"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const isDashboardTab = (value: string | null): value is DashboardTab => DASHBOARD_TABS.some((t) => t === value);
