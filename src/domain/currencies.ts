import { intlLocale } from "../i18n/format-locale";
/**
 * The currencies people pay and are paid in (issues #40 and #41), and the one conversion between them and the
 * ledger's book currency, US dollar cents. An amount is an integer of its currency's minor unit (pesewas, kobo,
 * cents; XOF and XAF have none, so a franc is the unit itself), and the rate that turned it into book cents is stored
 * beside it: how many units of the currency one US dollar buys, exactly as `exchange_rates.rate` holds it
 * (numeric(18,6)). Everything here is integer arithmetic (BigInt where products outgrow 2^53), never a float.
 */
import { CURRENCIES, type Currency } from "./currency-codes";

export { CURRENCIES, type Currency };

/** Digits after the decimal point of each currency's amounts (ISO 4217's minor unit). */
export const MINOR_DIGITS: Readonly<Record<Currency, 0 | 2>> = {
  USD: 2,
  GHS: 2,
  NGN: 2,
  KES: 2,
  ZAR: 2,
  XOF: 0,
  XAF: 0,
};

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** A rate as stored: units of `currency` per US dollar, in millionths (14.42 -> 14_420_000n). */
export interface Rate {
  currency: Currency;
  micros: bigint;
}

const RATE = /^(\d{1,12})(?:\.(\d{1,6}))?$/;
const MICROS = 1_000_000n;

/** A stored rate (`"14.420000"`, `"605.5"`) read exactly; a rate of zero, a negative or a malformed one is refused. */
export function parseRate(currency: Currency, text: string): Rate {
  const match = RATE.exec(text.trim());
  if (!match) throw new RangeError(`Not an exchange rate: ${text}`);
  const [, whole = "0", fraction = ""] = match;
  const micros = BigInt(whole) * MICROS + BigInt(fraction.padEnd(6, "0"));
  if (micros <= 0n) throw new RangeError(`An exchange rate must be above zero: ${text}`);
  if (currency === "USD" && micros !== MICROS) throw new RangeError(`A US dollar is worth one US dollar, not ${text}`);
  return { currency, micros };
}

/** The rate as the database stores it, six decimals (`14420000n` -> `"14.420000"`). */
export function rateText(rate: Rate): string {
  const whole = rate.micros / MICROS;
  const fraction = (rate.micros % MICROS).toString().padStart(6, "0");
  return `${whole}.${fraction}`;
}

/** The rate of the book currency itself. */
export const USD_RATE: Rate = { currency: "USD", micros: MICROS };

const ten = (digits: number) => 10n ** BigInt(digits);

/** n / d rounded half away from zero, for d > 0. */
function divideRounded(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

function toSafe(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} out of range: ${value}`);
  return n;
}

function wholeNumber(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer: ${value}`);
  return BigInt(value);
}

/**
 * A price in US cents as an amount of the rate's currency, in its minor units, rounded half up: what a client paying
 * in that currency is charged for it (GH₵ at 14.42: 4500 cents -> 64890 pesewas; XOF at 605.5: 4500 -> 27248 francs).
 */
export function fromUsdCents(usdCents: number, rate: Rate): number {
  const cents = wholeNumber(usdCents, "US cents");
  // cents/100 dollars * micros/10^6 units per dollar * 10^digits minor units per unit.
  return toSafe(divideRounded(cents * rate.micros * ten(MINOR_DIGITS[rate.currency]), 100n * MICROS), "Amount");
}

/**
 * An amount of the rate's currency, in its minor units, as book value in US cents at that rate, rounded half up: the
 * ledger's value of a charge or a partial refund taken in that currency.
 */
export function toUsdCents(minor: number, rate: Rate): number {
  const amount = wholeNumber(minor, "Minor units");
  return toSafe(divideRounded(amount * 100n * MICROS, rate.micros * ten(MINOR_DIGITS[rate.currency])), "US cents");
}

/** Each currency's narrow symbol, as the product shows it ("GH₵64,890.00", "CFA 27,248"). */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  USD: "$",
  GHS: "GH₵",
  NGN: "₦",
  KES: "KSh",
  ZAR: "R",
  XOF: "CFA ",
  XAF: "FCFA ",
};

/** A whole number as en-US writes it, with thousands separators (89900 -> "89,900"), without Intl (money.ts SYMBOLS). */
export function withThousands(n: number): string {
  // In French (src/i18n/format-locale.ts), Intl's own grouping: "1 234".
  if (intlLocale() !== "en-US") return localFormat(intlLocale(), 0).format(Math.trunc(n));
  const digits = Math.abs(Math.trunc(n))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 && Math.trunc(n) !== 0 ? `-${digits}` : digits;
}

const localFormats = new Map<string, Intl.NumberFormat>();

/** A number (or, given a currency, an amount) as a language other than English writes it, the formatter made once. */
function localFormat(locale: string, digits: number, currency?: string): Intl.NumberFormat {
  const key = `${locale} ${digits} ${currency ?? ""}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(currency ? { style: "currency", currency, currencyDisplay: "narrowSymbol" } : {}),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    localFormats.set(key, format);
  }
  return format;
}

/** An amount in its currency's minor units as people read it: symbol, thousands separators, the currency's decimals. */
export function formatMinor(minor: number, currency: Currency): string {
  const digits = MINOR_DIGITS[currency];
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  if (intlLocale() !== "en-US") return localFormat(intlLocale(), digits, currency).format(minor / unit);
  const fraction = digits > 0 ? `.${(abs % unit).toString().padStart(digits, "0")}` : "";
  return `${minor < 0 ? "-" : ""}${CURRENCY_SYMBOLS[currency]}${withThousands(Math.floor(abs / unit))}${fraction}`;
}

/**
 * The rates the product starts from (units per US dollar), written by the demo seed and used wherever `exchange_rates`
 * holds no rate yet: the embedded default until a configured source refreshes them (EXCHANGE_RATES_URL).
 */
export const DEFAULT_RATES: Readonly<Record<Exclude<Currency, "USD">, string>> = {
  GHS: "14.420000",
  NGN: "1550.000000",
  KES: "129.000000",
  ZAR: "18.200000",
  XOF: "605.500000",
  XAF: "605.500000",
};
