import { intlLocale } from "../i18n/format-locale";
import { formatMinor, fromUsdCents, parseRate, withThousands, type Currency } from "./currencies";

export { withThousands };

/**
 * Money is integer cents inside the code, a two-decimal string at the database edge (numeric(10,2)),
 * and never a floating point number in between.
 */
export type Cents = number & { readonly __cents: unique symbol };

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function toCents(value: string | number): Cents {
  const text = typeof value === "number" ? numberToDecimalText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount of money: ${String(value)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${String(value)}`);
  return (sign ? -cents : cents) as Cents;
}

/** Numbers from JSON (the client's `amount`) are accepted only when they have at most two decimals. */
function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${value}`);
  const text = String(value);
  if (/e/i.test(text)) throw new RangeError(`Not an amount of money: ${value}`);
  return text;
}

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Cents must be an integer: ${value}`);
  return value as Cents;
}

export function toDecimal(amount: Cents): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

export function addCents(...amounts: Cents[]): Cents {
  return cents(amounts.reduce<number>((sum, a) => sum + a, 0));
}

export function multiplyCents(amount: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be an integer: ${quantity}`);
  return cents(amount * quantity);
}

/** The share of an amount for a whole-number percentage, rounded half up to the cent. */
export function percentOf(amount: Cents, percent: number): Cents {
  return cents(Math.round((amount * percent) / 100));
}

/** Fixed display rate for Ghana cedis on the home page and shop listing (docs/product.md#product-and-users, §9). */
export const GHS_DISPLAY_RATE = "14.42";

const GHS_DISPLAY = parseRate("GHS", GHS_DISPLAY_RATE);

/**
 * GH₵ and the stored amount at GHS_DISPLAY_RATE, converted as a charge in cedis is (fromUsdCents: pesewas, rounded
 * half up), shown by formatMoney.
 */
export function formatGhs(amount: string | Cents): string {
  const c = typeof amount === "string" ? toCents(amount) : amount;
  return formatMoney(cents(fromUsdCents(c, GHS_DISPLAY)), "GHS");
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The symbols of the currencies the product shows, written without Intl: building a currency NumberFormat loads
 * locale data, the costliest single step of drawing a page of prices on a phone (about 30 ms; issue #18). The output
 * is Intl's own for en-US with narrow symbols (money.test.ts compares the two over many amounts).
 */
const SYMBOLS: Record<string, string> = { USD: "$", GHS: "GH₵" };

/** Cents as en-US digits: thousands separators and two decimals. */
function digitsOf(absCents: number): string {
  return `${withThousands(Math.floor(absCents / 100))}.${(absCents % 100).toString().padStart(2, "0")}`;
}

/**
 * The one money formatter of every screen: the currency's own narrow symbol ($, GH₵), thousands separators and two
 * decimals (docs/product.md). Amounts are integer cents or two-decimal strings, never floats in between.
 */
export function formatMoney(amount: string | Cents, currency = "USD"): string {
  const c = typeof amount === "string" ? toCents(amount) : amount;
  const symbol = SYMBOLS[currency];
  const locale = intlLocale();
  if (locale === "en-US" && symbol !== undefined && Number.isSafeInteger(c)) return `${c < 0 ? "-" : ""}${symbol}${digitsOf(Math.abs(c))}`;
  // In French (src/i18n/format-locale.ts), Intl's own: "1 234,50 $".
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
    formatters.set(key, formatter);
  }
  return formatter.format(c / 100);
}

/** Each local currency's rate of the moment (units per US dollar, as `exchange_rates` holds it): what prices show at. */
export type LocalRates = Readonly<Record<Exclude<Currency, "USD">, string>>;

/**
 * A US-dollar price in `currency`, converted exactly as a charge in that currency is (fromUsdCents at the same rate),
 * so that the amount a person reads is the amount they pay (issue #41).
 */
export function priceIn(amount: string | Cents, currency: Currency, rates: LocalRates): string {
  const c = typeof amount === "string" ? toCents(amount) : amount;
  if (currency === "USD") return formatMoney(c);
  return formatMinor(fromUsdCents(c, parseRate(currency, rates[currency])), currency);
}

/**
 * What a client paid, as mails and receipts say it (issue #41): the stored charge in its own currency with the US
 * dollar price beside it ("GH₵648.90 ($45.00)"), or the US dollar price alone when they paid in dollars. Read from
 * the stored charge, never recomputed at today's rate.
 */
export function formatPaid(usdAmount: string | Cents, charge: { currency: Currency; amount: number | null } | null): string {
  if (!charge || charge.currency === "USD" || charge.amount === null) return formatMoney(usdAmount);
  return `${formatMinor(charge.amount, charge.currency)} (${formatMoney(usdAmount)})`;
}
