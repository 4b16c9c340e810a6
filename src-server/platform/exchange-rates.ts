import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { exchangeRates } from "../../db/schema";
import { DEFAULT_RATES, parseRate, rateText, USD_RATE, type Currency, type Rate } from "../../src/domain/currencies";
import { AppError } from "../../src/errors";

/** Unreachable while DEFAULT_RATES covers every currency; said by whatever needed the rate (a payout, a charge). */
export const NO_RATE = "Money in this currency is paused: its exchange rate is not known yet.";

/**
 * The rate of the moment (units of `currency` per US dollar), as `exchange_rates` holds it, else the embedded default
 * (DEFAULT_RATES, which the seed writes) until the payouts module's refresh job has read the configured source. Read by
 * local payouts (issue #40) and by charges in a client's own currency (issue #41).
 */
export async function currentRate(db: Db, currency: Currency): Promise<Rate> {
  if (currency === "USD") return USD_RATE;
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrency, "USD"), eq(exchangeRates.toCurrency, currency)));
  const text = row?.rate ?? DEFAULT_RATES[currency];
  if (!text) throw new AppError("CONFLICT", NO_RATE);
  return parseRate(currency, text);
}

/** Every local currency's rate of the moment as currentRate reads it, in one query: what prices are shown at. */
export async function currentRates(db: Db): Promise<Record<Exclude<Currency, "USD">, string>> {
  const rows = await db
    .select({ currency: exchangeRates.toCurrency, rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(eq(exchangeRates.fromCurrency, "USD"));
  const stored = new Map(rows.map((r) => [r.currency, r.rate]));
  const rates = { ...DEFAULT_RATES };
  for (const currency of Object.keys(rates) as Exclude<Currency, "USD">[]) {
    rates[currency] = rateText(parseRate(currency, stored.get(currency) ?? DEFAULT_RATES[currency]));
  }
  return rates;
}
