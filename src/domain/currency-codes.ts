/**
 * The currencies the product takes, alone in their module: the header's picker (in every page's first load) imports
 * only this, not the conversions of currencies.ts, which a bundler would otherwise carry whole into the shared chunk.
 */
export const CURRENCIES = ["USD", "GHS", "NGN", "KES", "ZAR", "XOF", "XAF"] as const;
export type Currency = (typeof CURRENCIES)[number];
