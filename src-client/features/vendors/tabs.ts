/** The vendor dashboard's tabs, as the address names them (?tab=); kept apart so the route does not load the page. */
export const VENDOR_TABS = ["products", "orders", "money"] as const;
export type VendorTab = (typeof VENDOR_TABS)[number];
export const isVendorTab = (value: string | null): value is VendorTab => VENDOR_TABS.some((t) => t === value);
