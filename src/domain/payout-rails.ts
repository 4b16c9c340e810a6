/**
 * Where a Seer is paid (issue #40, docs/product.md#payout-rails): the rail, currency and payout methods of each
 * country, the institutions (mobile money networks and the test-mode banks) a method names, and the minimum payout
 * of each currency. Pure data and rules, shared by the server (which decides) and the client (which offers).
 */
import type { Currency } from "./currencies";

export const PAYOUT_RAILS = ["stripe", "paystack", "flutterwave"] as const;
export type PayoutRailName = (typeof PAYOUT_RAILS)[number];
/** The rails that pay a local account (mobile money or a bank) rather than a Stripe connected account. */
export const LOCAL_RAILS = ["paystack", "flutterwave"] as const satisfies readonly PayoutRailName[];
export type LocalRailName = (typeof LOCAL_RAILS)[number];

export const PAYOUT_METHOD_KINDS = ["mobile_money", "bank"] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

/** A local payout's state, as the provider's transfer reports it. */
export const LOCAL_PAYOUT_STATUSES = ["pending", "success", "failed", "reversed"] as const;
export type LocalPayoutStatus = (typeof LOCAL_PAYOUT_STATUSES)[number];

export interface CountryPayouts {
  rail: PayoutRailName;
  /** The currency the Seer is paid in: USD for Stripe (the book currency), else the country's own. */
  currency: Currency;
  /** What the Seer may be paid to there, in the order offered. Empty for Stripe (its own onboarding asks). */
  kinds: readonly PayoutMethodKind[];
  /** ISO 3166 alpha-2, as the providers name countries. */
  code: string;
}

const paystack = (code: string, currency: Currency, kinds: readonly PayoutMethodKind[]): CountryPayouts => ({
  rail: "paystack",
  currency,
  kinds,
  code,
});
const flutterwave = (code: string, currency: Currency): CountryPayouts => ({
  rail: "flutterwave",
  currency,
  kinds: ["mobile_money", "bank"],
  code,
});

/** Countries as Seers write them on their profile (the application's free text), normalised by `countryKey`. */
const LOCAL: Readonly<Record<string, CountryPayouts>> = {
  ghana: paystack("GH", "GHS", ["mobile_money", "bank"]),
  nigeria: paystack("NG", "NGN", ["bank"]),
  kenya: paystack("KE", "KES", ["mobile_money", "bank"]),
  "south africa": paystack("ZA", "ZAR", ["bank"]),
  // UEMOA: the West African CFA franc.
  benin: flutterwave("BJ", "XOF"),
  "burkina faso": flutterwave("BF", "XOF"),
  "cote d'ivoire": flutterwave("CI", "XOF"),
  "ivory coast": flutterwave("CI", "XOF"),
  "guinea-bissau": flutterwave("GW", "XOF"),
  mali: flutterwave("ML", "XOF"),
  niger: flutterwave("NE", "XOF"),
  senegal: flutterwave("SN", "XOF"),
  togo: flutterwave("TG", "XOF"),
  // CEMAC: the Central African CFA franc.
  cameroon: flutterwave("CM", "XAF"),
  "central african republic": flutterwave("CF", "XAF"),
  chad: flutterwave("TD", "XAF"),
  congo: flutterwave("CG", "XAF"),
  "republic of the congo": flutterwave("CG", "XAF"),
  "equatorial guinea": flutterwave("GQ", "XAF"),
  gabon: flutterwave("GA", "XAF"),
  // As francophone people write them (issue #45); names the same in French ("Sénégal", "Bénin") need no entry.
  "afrique du sud": paystack("ZA", "ZAR", ["bank"]),
  "guinee-bissau": flutterwave("GW", "XOF"),
  cameroun: flutterwave("CM", "XAF"),
  "republique centrafricaine": flutterwave("CF", "XAF"),
  centrafrique: flutterwave("CF", "XAF"),
  tchad: flutterwave("TD", "XAF"),
  "republique du congo": flutterwave("CG", "XAF"),
  "congo-brazzaville": flutterwave("CG", "XAF"),
  "guinee equatoriale": flutterwave("GQ", "XAF"),
};

/** Where Stripe Connect Express pays out on its own (the diaspora): the US, the UK, the EEA, Canada, Switzerland and more. */
const STRIPE: Readonly<Record<string, string>> = {
  "united states": "US",
  usa: "US",
  "united kingdom": "GB",
  uk: "GB",
  canada: "CA",
  switzerland: "CH",
  ireland: "IE",
  france: "FR",
  germany: "DE",
  netherlands: "NL",
  belgium: "BE",
  spain: "ES",
  portugal: "PT",
  italy: "IT",
  sweden: "SE",
  norway: "NO",
  denmark: "DK",
  finland: "FI",
  austria: "AT",
  australia: "AU",
  "new zealand": "NZ",
  // In French.
  "etats-unis": "US",
  "royaume-uni": "GB",
  suisse: "CH",
  irlande: "IE",
  allemagne: "DE",
  "pays-bas": "NL",
  belgique: "BE",
  espagne: "ES",
  italie: "IT",
  suede: "SE",
  norvege: "NO",
  danemark: "DK",
  finlande: "FI",
  autriche: "AT",
  australie: "AU",
  "nouvelle-zelande": "NZ",
};

/** "Côte d'Ivoire", " cote d’ivoire " -> "cote d'ivoire". */
export function countryKey(country: string): string {
  return country
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[’`]/g, "'")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/**
 * How a Seer of this country is paid: Paystack in Ghana, Nigeria, Kenya and South Africa; Flutterwave in the CFA franc
 * countries and every other country Stripe does not pay out to (a bank account in US dollars); Stripe where it does.
 */
export function payoutsFor(country: string): CountryPayouts {
  const key = countryKey(country);
  const local = LOCAL[key];
  if (local) return local;
  const stripe = STRIPE[key];
  if (stripe) return { rail: "stripe", currency: "USD", kinds: [], code: stripe };
  return { rail: "flutterwave", currency: "USD", kinds: ["bank"], code: "" };
}

/**
 * The least a local payout sends, in the currency's minor units: below it the balance waits for the next session
 * (a transfer's fee would eat a small one). About ten US dollars.
 */
export const MINIMUM_PAYOUT: Readonly<Record<Currency, number>> = {
  USD: 10_00,
  GHS: 150_00,
  NGN: 15_000_00,
  KES: 1_300_00,
  ZAR: 180_00,
  XOF: 6_000,
  XAF: 6_000,
};

/** How long payouts wait before they go to details that replaced earlier ones (a stolen session must not redirect money). */
export const PAYOUT_DETAILS_HOLD_HOURS = 24;

/** `•••• 1234`: the last four digits of an account or phone number, all a page ever shows of it. */
export function maskedAccount(accountNumber: string): string {
  return `•••• ${accountNumber.replace(/\D/g, "").slice(-4)}`;
}

/**
 * The built-in test mode's documented numbers (docs/product.md#payout-rails): an account or mobile money number ending
 * in these digits behaves so; every other number resolves and is paid.
 */
export const TEST_PAYOUT_NUMBERS = {
  /** The name cannot be resolved: "Account not found". */
  unknown: "0404",
  /** The transfer fails: the money returns to the Seer's balance. */
  fails: "0000",
  /** The transfer goes through, then the network sends it back (reversed). */
  reversed: "9999",
} as const;

/**
 * How many times one payout's transfer is asked of a provider that cannot be reached before it is left pending for an
 * admin (`Retry`) and the provider's webhook: whether an attempt got through is unknown, so it is never failed.
 */
export const MAX_PAYOUT_ATTEMPTS = 10;
