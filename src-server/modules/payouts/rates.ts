import { z } from "zod";
import type { Db } from "../../../db/client";
import { exchangeRates } from "../../../db/schema";
import { CURRENCIES, parseRate, rateText, type Rate } from "../../../src/domain/currencies";
import type { Clock } from "../../platform/clock";

export const RATES_REFRESH_JOB = "payouts.refresh-rates";

/** What the source answers: `{ "rates": { "GHS": 14.42, ... } }` per US dollar (the shape of most rate APIs' latest). */
const sourceSchema = z.object({ base: z.string().optional(), rates: z.record(z.string(), z.union([z.number(), z.string()])) });

/**
 * Reads the configured source and stores each known currency's rate. A rate the source leaves out, or answers as
 * nonsense, keeps its stored value: a payout is never made at a rate that could not be read.
 */
export async function refreshRates(
  deps: { db: Db; clock: Clock; log?: { warn(obj: object, msg: string): void } },
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`The exchange rate source answered ${response.status}`);
  const body = sourceSchema.parse(await response.json());
  if (body.base && body.base.toUpperCase() !== "USD") throw new Error(`The exchange rate source is based on ${body.base}, not USD`);
  let stored = 0;
  for (const currency of CURRENCIES) {
    const value = body.rates[currency];
    if (currency === "USD" || value === undefined) continue;
    let rate: Rate;
    try {
      rate = parseRate(currency, typeof value === "number" ? value.toFixed(6) : value);
    } catch (err) {
      deps.log?.warn({ err, currency }, "exchange rate refused; the stored one stays");
      continue;
    }
    const text = rateText(rate);
    await deps.db
      .insert(exchangeRates)
      .values({ fromCurrency: "USD", toCurrency: currency, rate: text, lastUpdated: deps.clock.now() })
      .onConflictDoUpdate({
        target: [exchangeRates.fromCurrency, exchangeRates.toCurrency],
        set: { rate: text, lastUpdated: deps.clock.now() },
      });
    stored++;
  }
  return stored;
}
